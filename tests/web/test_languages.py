"""One catalogue of messages per language (ludotheque/i18n/en.json, fr.json) for everything a
player reads: the page, the terminal and what the engines say (statuses, prompts, outcome
reasons). A page or a board shown in French holds no English sentence of the catalogue, and the
reverse, for every ruleset: its lobby card, and its game at the start, in the middle of a turn
and at the end."""
from __future__ import annotations

import re
from pathlib import Path

import pytest

from ludotheque.core import registry
from ludotheque.i18n import Message, catalogue, msg, player
from ludotheque.web import sessions

import _live

SRC = Path(__file__).resolve().parents[2] / "src" / "ludotheque"
PLACEHOLDER = re.compile(r"\{(\w+)\}")


def phrases(texts: list[str], other: list[str]) -> set[str]:
    """The sentences of ``texts`` that mark their language: the fixed parts between
    placeholders of at least three words, that no text of the ``other`` language holds."""
    out = set()
    for text in texts:
        for part in PLACEHOLDER.split(text)[::2]:
            part = part.replace("\u00a0", " ").strip(" ,.;:()[]—-'«»")
            if len(re.findall(r"[A-Za-zÀ-ÿ]{2,}", part)) >= 3 and not any(part in o.replace("\u00a0", " ") for o in other):
                out.add(part)
    return out


def registry_texts(lang: str) -> list[str]:
    """The lobby's texts from the catalogue of rulesets in ``lang``."""
    out = []
    for r in sessions._build_catalogue():
        out.append(r["descriptions"][lang])
        out += [o["helps"][lang] for o in r["options"]] + [o["labels"][lang] for o in r["options"]]
    return out


@pytest.fixture(scope="module")
def marks() -> dict[str, set[str]]:
    en = list(catalogue("en").values()) + registry_texts("en")
    fr = list(catalogue("fr").values()) + registry_texts("fr")
    return {"en": phrases(en, fr), "fr": phrases(fr, en)}


def leaks(text: str, marks: dict[str, set[str]], lang: str) -> list[str]:
    other = "fr" if lang == "en" else "en"
    flat = text.replace("\u00a0", " ")
    return sorted(p for p in marks[other] if p in flat)


# -- the catalogues ------------------------------------------------------------------------------
def test_every_message_has_a_french_text_with_the_same_placeholders():
    en, fr = catalogue("en"), catalogue("fr")
    assert not set(en) - set(fr), set(en) - set(fr)
    # French only: the registry's descriptions and option help, whose English is the registry's
    assert all(k.startswith(("ruleset.", "option.")) for k in set(fr) - set(en))
    for key, text in en.items():
        assert sorted(PLACEHOLDER.findall(text)) == sorted(PLACEHOLDER.findall(fr[key])), key
    assert all(v.strip() for v in fr.values())
    assert not [v for v in fr.values() if re.search(r" [:;?!]", v)]     # French typography


def test_every_message_id_the_code_uses_is_in_the_catalogue():
    en = catalogue("en")
    py = "".join(p.read_text("utf-8") for p in SRC.rglob("*.py"))
    # every literal id (msg("end.wins"), END_TEXT's ids, "puluc.to_move_split"...); the few
    # built ones ("puluc.city_" + colour) end with "_"
    prefixes = "status|end|text|error|srv|cli|dara|fanorona|komikan|konane|oware|omweso|puluc|yote|awith"
    ids = {i for i in re.findall(rf'"((?:{prefixes})\.[\w.]+)"', py) if not i.endswith(("_", "."))}
    ids |= {f"cli.{k}" for k in re.findall(r'\btr\(lang, [\'"](\w+)[\'"]', py)}
    assert len(ids) > 150
    assert sorted(ids - set(en)) == []
    js = "".join(p.read_text("utf-8") for p in (SRC / "web" / "static").rglob("*.*"))
    used = set(re.findall(r'\bt\("([\w.]+)"', js)) | set(re.findall(r'data-i18n(?:-aria)?="([\w.]+)"', js))
    assert used and sorted(used - set(en)) == []


def test_every_player_name_has_a_french_name():
    for ruleset in _live.all_rulesets():
        for name in registry.load(ruleset).player_names:
            assert f"player.{name}" in catalogue("fr"), name


def test_a_message_says_its_arguments_in_the_same_language():
    m = msg("end.why_result", why=msg("fanorona.end.no_pieces", loser=player("Green")),
            result=msg("end.wins", player=player("Orange")))
    assert m.text("en") == "Green has no lemur left: Orange wins"
    assert m.text("fr") == "Vert n'a plus de lémurien — victoire\u00a0: Orange"
    assert m.to_json() == {"id": "end.why_result", "args": {
        "why": {"id": "fanorona.end.no_pieces", "args": {"loser": {"id": "player.Green", "args": {}}}},
        "result": {"id": "end.wins", "args": {"player": {"id": "player.Orange", "args": {}}}}}}
    assert Message("no.such.id").text("fr") == "no.such.id"


def test_the_lobby_offers_every_ruleset_in_french():
    for r in sessions._build_catalogue():
        assert r["descriptions"]["fr"] != r["description"], r["id"]
        for o in r["options"]:
            assert o["helps"]["fr"] != o["help"], (r["id"], o["name"])
        for e in r["extensions"]:
            assert f"extension.{e}" in catalogue("fr")


# -- the terminal --------------------------------------------------------------------------------
@pytest.mark.parametrize("ruleset", _live.all_rulesets())
def test_terminal_board_and_status_speak_one_language(ruleset, marks):
    game = registry.load(ruleset)
    for actions in _live.positions(ruleset).values():
        state = game.initial_state()
        for a in actions:
            state = state.apply(a)
        for lang in ("en", "fr"):
            text = state.to_text(lang)
            assert not leaks(text, marks, lang), (lang, text)
        if state.is_terminal:
            assert state.outcome().message.text("fr") in state.to_text("fr")


# -- the page ------------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def page(server):
    with _live.chromium() as browser:
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        pg = ctx.new_page()
        pg.set_default_timeout(_live.WAIT_MS)
        errors: list[str] = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        yield pg
        ctx.close()
        assert not errors, errors


def page_text(page) -> str:
    return page.evaluate("document.body.innerText")


def test_every_ruleset_page_speaks_one_language(page, server, marks):
    """The lobby card and setup, then the game at the start, mid-turn and at the end, in French
    and (after a click on EN, without reloading) in English."""
    seen = []
    for ruleset in _live.all_rulesets():
        for lang in ("fr", "en"):
            _live.open_lobby(page, server, ruleset, lang)
            assert not leaks(page_text(page), marks, lang), (ruleset, "lobby", lang)
        for where, actions in _live.positions(ruleset).items():
            game = _live.import_game(server, ruleset, actions)
            _live.open_game(page, server, game, ruleset, len(actions), "fr")
            fr = page_text(page)
            assert not leaks(fr, marks, "fr"), (ruleset, where, "fr")
            page.click("[data-lang=en]")
            page.wait_for_function("document.documentElement.lang === 'en'")
            en = page_text(page)
            assert not leaks(en, marks, "en"), (ruleset, where, "en")
            status = page.locator(".statusbar").inner_text()
            seen.append((ruleset, where, status))
    # the statuses are the engines' messages, said in the page's language
    assert len(seen) == 3 * len(_live.all_rulesets())
    assert any("continue the capture" in s for _, w, s in seen if w == "mid")
    assert all("Game over" in s for _, w, s in seen if w == "end")


def test_every_kind_of_piece_has_a_name_in_both_languages():
    from ludotheque import rulesets

    for ruleset in [f"{ri.name}+{e}" for ri in rulesets() for e in ri.extensions] + _live.all_rulesets():
        game = registry.load(ruleset)
        for actions in _live.positions(ruleset).values():
            state = game.initial_state()
            for a in actions:
                state = state.apply(a)
            for piece in game.view(state)["pieces"]:
                for lang in ("en", "fr"):
                    assert {f"kind.{piece['kind']}", f"kinds.{piece['kind']}"} <= set(catalogue(lang)), piece
