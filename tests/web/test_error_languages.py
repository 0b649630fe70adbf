"""Why a move is refused, said in the player's language: a mistyped move (NotationError) and an
illegal one (IllegalActionError) carry a message of the catalogue (``err.message``); the web
page and the terminal say it in French or English, with no phrase of the other language. The
English text stays ``str(err)``. A hostile move is quoted at most about 80 characters."""
from __future__ import annotations

import ast
import json
import re
import warnings
from io import StringIO
from pathlib import Path

import pytest
from rich.console import Console

from ludotheque.cli.play import play
from ludotheque.core import registry
from ludotheque.core.errors import IllegalActionError, LudoError, NotationError
from ludotheque.i18n import Message, catalogue, translate
from ludotheque.records import GameRecord
from ludotheque.web import create_app

import _live
from test_languages import leaks, marks  # noqa: F401  (marks: the fixture of the language phrases)

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

SRC = Path(__file__).resolve().parents[2] / "src" / "ludotheque"
PLACEHOLDER = re.compile(r"\{(\w+)\}")
MISTYPED = "qq9?"
RULESETS = _live.all_rulesets()


def state_after(ruleset, actions):
    s = registry.load(ruleset).initial_state()
    for a in actions:
        s = s.apply(a)
    return s


def illegal_move(state):
    """A move written in the game's notation that the rules refuse in ``state``: one that is
    legal somewhere along a random game of the same ruleset, but not here."""
    legal = {state.move_to_string(a) for a in state.legal_actions()}
    s = state_after(state.game.id, [])
    seen = set()
    for a in _live.positions(state.game.id)["end"]:
        if s.current_player in (0, 1):
            seen |= {s.move_to_string(b) for b in s.legal_actions()}
        s = s.apply(a)
    for text in sorted(seen - legal):
        try:
            state.parse_move(text)
        except IllegalActionError:
            return text
        except NotationError:
            continue
    raise AssertionError(f"no illegal move found for {state.game.id}")


def said(m, lang):
    """A message as the page says it (i18n.js ``tm``): its id's text, arguments said too."""
    return translate(lang, m["id"], {k: said(v, lang) if isinstance(v, dict) else v for k, v in m["args"].items()})


def messages_in(m: Message):
    yield m
    for _, v in m.args:
        if isinstance(v, Message):
            yield from messages_in(v)


def assert_in_catalogues(m: Message):
    """Every message of ``m`` (nested ones too) is in both catalogues, with its arguments named
    as the placeholders of both texts."""
    for part in messages_in(m):
        names = sorted(k for k, _ in part.args)
        for lang in ("en", "fr"):
            assert part.id in catalogue(lang), (lang, part.id)
            assert sorted(set(PLACEHOLDER.findall(catalogue(lang)[part.id]))) == names, (lang, part.id, names)


def assert_one_language(en, fr, marks):
    assert en != fr
    assert not leaks(fr, marks, "fr"), fr
    assert not leaks(en, marks, "en"), en


# -- the web page ------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def client(tmp_path_factory):
    with TestClient(create_app(tmp_path_factory.mktemp("errors") / "games.sqlite")) as c:
        yield c


def refusal(client, game, text, ply):
    """What the server answers a move typed on the page (websocket ``move_text``)."""
    with client.websocket_connect(f"/ws/{game['id']}?token={game['token']}") as ws:
        assert ws.receive_json()["type"] == "state"
        ws.send_text(json.dumps({"type": "move_text", "text": text, "ply": ply, "token": game["token"]}))
        reply = ws.receive_json()
    assert reply["type"] == "error", reply
    return reply


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_refused_move_is_explained_on_the_page_in_french_and_in_english(client, ruleset, marks):
    actions = _live.positions(ruleset)["mid"]
    state = state_after(ruleset, actions)
    rec = GameRecord(ruleset, actions, ["Ada", "Ben"])
    r = client.post("/api/import", json={"text": rec.to_json()})
    assert r.status_code == 200, r.text
    game = r.json()
    for text, kind in ((illegal_move(state), IllegalActionError), (MISTYPED, NotationError)):
        with pytest.raises(kind) as err:
            state.parse_move(text)
        reply = refusal(client, game, text, len(actions))
        assert reply["message"] == str(err.value)                 # English alongside, for the logs
        assert reply["msg"]["id"] == err.value.message.id != "srv.engine"
        en, fr = said(reply["msg"], "en"), said(reply["msg"], "fr")
        assert (en, fr) == (err.value.text("en"), err.value.text("fr"))
        assert_one_language(en, fr, marks)
    # a hostile move as long as the page lets through is quoted, not echoed
    hostile = "a1" + "x9z8" * 49
    reply = refusal(client, game, hostile, len(actions))
    for text in (reply["message"], said(reply["msg"], "fr")):
        assert not any(hostile[i:i + 85] in text for i in range(len(hostile) - 84)), text
    r = client.get(f"/api/games/{game['id']}", params={"token": game["token"]})
    assert r.status_code == 200 and r.json()["ply"] == len(actions)     # nothing changed


def test_a_click_that_is_no_move_is_explained_in_the_players_language(client):
    r = client.post("/api/games", json={"ruleset": "oware", "mode": "local"})
    game = r.json()
    with client.websocket_connect(f"/ws/{game['id']}?token={game['token']}") as ws:
        ws.receive_json()
        ws.send_text(json.dumps({"type": "explain", "points": ["a"], "token": game["token"]}))
        reply = ws.receive_json()
    assert reply["type"] == "explain"
    assert said(reply["msg"], "en") == "a is a North house; South plays A-F"
    assert said(reply["msg"], "fr") == "la parcelle a est à Nord\u00a0; Sud joue de A à F"


# -- the terminal ------------------------------------------------------------------------------
@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_refused_move_is_explained_in_the_terminal_in_french_and_in_english(ruleset, tmp_path, marks):
    texts = {}
    for lang in ("fr", "en"):
        expected = []

        def read(prompt, state):
            if len(expected) == 2:
                return "quitter" if lang == "fr" else "quit"
            text = illegal_move(state) if not expected else MISTYPED
            with pytest.raises(LudoError) as err:
                state.parse_turn(text)
            expected.append(err.value)
            return text

        out = StringIO()
        play(ruleset, "human", console=Console(file=out, width=10_000), read=read, record_dir=tmp_path,
             lang=lang)
        texts[lang] = out.getvalue()
        assert [type(e) for e in expected] == [IllegalActionError, NotationError]
        for e in expected:
            assert e.message is not None and e.text(lang) in texts[lang]
        assert_one_language(*(e.text(x) for x in ("en", "fr")), marks=marks)
    assert not leaks(texts["fr"], marks, "fr") and not leaks(texts["en"], marks, "en")


# -- the catalogues ----------------------------------------------------------------------------
def ids_of(expr):
    """The literal message ids an id expression may give: "id", a if c else b, (a, b)[i]."""
    if isinstance(expr, ast.Constant) and isinstance(expr.value, str):
        return [expr.value]
    if isinstance(expr, ast.IfExp):
        return ids_of(expr.body) + ids_of(expr.orelse)
    if isinstance(expr, ast.Subscript) and isinstance(expr.value, (ast.Tuple, ast.Dict)):
        parts = expr.value.elts if isinstance(expr.value, ast.Tuple) else expr.value.values
        return [i for e in parts for i in ids_of(e)]
    if isinstance(expr, ast.Call) and getattr(expr.func, "attr", "") == "get":   # {..}.get(k, default)
        return ids_of(expr.func.value) + [i for e in expr.args[1:] for i in ids_of(e)]
    if isinstance(expr, ast.Dict):
        return [i for e in expr.values for i in ids_of(e)]
    return []            # an id built at run time: the catalogue test of used ids covers it


def test_every_message_the_code_builds_is_in_both_catalogues_with_its_arguments():
    """Each ``msg("id", name=...)`` of the source (the ids of a conditional or a tuple alike)
    names the placeholders of its text in English and in French."""
    en, fr = catalogue("en"), catalogue("fr")
    checked = 0
    for path in SRC.rglob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if not (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "msg" and node.args):
                continue
            if any(k.arg is None for k in node.keywords):
                continue                                  # msg(id, **args): checked where built
            names = sorted(k.arg for k in node.keywords)
            for mid in ids_of(node.args[0]):
                assert mid in en and mid in fr, (path.name, node.lineno, mid)
                for table in (en, fr):
                    assert sorted(set(PLACEHOLDER.findall(table[mid]))) == names, (path.name, node.lineno, mid)
                checked += 1
    assert checked > 300


def test_every_error_a_move_can_raise_is_a_catalogue_message():
    """In every parser, the errors of the moves a player can type carry a message (none is
    left in English only)."""
    for path in list((SRC / "games").rglob("*.py")) + [SRC / "core" / "game.py"]:
        tree = ast.parse(path.read_text("utf-8"))
        for fn in ast.walk(tree):
            if not (isinstance(fn, ast.FunctionDef) and fn.name in ("parse_action", "parse_turn", "parse_move",
                                                                    "_encode", "_point", "_cell", "point",
                                                                    "point_index", "cell_index", "apply")):
                continue
            for node in ast.walk(fn):
                if isinstance(node, ast.Raise) and isinstance(node.exc, ast.Call) and \
                        getattr(node.exc.func, "id", "") in ("NotationError", "IllegalActionError"):
                    arg = node.exc.args[0]
                    assert not isinstance(arg, (ast.JoinedStr, ast.Constant)), (path.name, node.lineno)


# -- hostile input -----------------------------------------------------------------------------
HOSTILE = [
    "Z" + "7" * 390,                      # no move at all
    "a" + "9" * 390,                      # a point with a huge rank
    "a1-a" + "9" * 380, "@a" + "9" * 390, "-a" + "9" * 390, "G@a" + "9" * 390,
    "a1x" + "b2x" * 120, "b2xb4" + "xb6" * 120, "m4-m5<m" + "3" * 380,
    ",".join(["a1-a2"] * 60), " ".join(["e2-e3A"] * 50), "(" + "3" * 390 + ")",
    "0-3/" + "2" * 390, "stop " * 70, "R@" + "c" * 390, "=c3d4" * 70,
]


@pytest.mark.parametrize("ruleset", RULESETS)
def test_a_long_hostile_move_is_quoted_at_most_80_characters(ruleset):
    for actions in _live.positions(ruleset).values():
        state = state_after(ruleset, actions)
        if state.current_player not in (0, 1):
            continue
        for hostile in HOSTILE:
            for read in (state.parse_move, state.parse_turn):
                with pytest.raises(LudoError) as err:
                    read(hostile)
                assert err.value.message is not None, (ruleset, hostile[:20], str(err.value))
                assert_in_catalogues(err.value.message)
                for text in (str(err.value), err.value.text("fr")):
                    assert not any(hostile[i:i + 85] in text for i in range(len(hostile) - 84)), (ruleset, text)
