"""An automated accessibility audit: axe-core (tests/web/vendor/axe.min.js) run in the page on
the lobby, a game and a replay, in English and in French: no serious or critical violation.
And the controls are what they say: the lobby's games are buttons in a list, yes/no options
are checkboxes."""
from __future__ import annotations

from pathlib import Path

import pytest

import _live

AXE = Path(__file__).with_name("vendor") / "axe.min.js"
RULESETS = ["fanorona", "oware", "puluc"]   # lines, pits and a track, each with its controls


@pytest.fixture(scope="module")
def page(server):
    with _live.chromium() as browser:
        ctx = browser.new_context(viewport={"width": 1280, "height": 800})
        pg = ctx.new_page()
        pg.set_default_timeout(_live.WAIT_MS)
        yield pg
        ctx.close()


def audit(page) -> list[str]:
    """axe's serious and critical violations of the page as it is now, one line each."""
    if not page.evaluate("typeof window.axe !== 'undefined'"):
        page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']} ({v['impact']}): {v['help']} — " + "; ".join(n["target"][0] for n in v["nodes"][:3])
            for v in result["violations"] if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_lobby_game_and_replay_have_no_serious_accessibility_violation(page, server, lang):
    found = {}
    for ruleset in RULESETS:
        _live.open_lobby(page, server, ruleset, lang)
        found[f"lobby {ruleset}"] = audit(page)
        actions = _live.positions(ruleset)["mid"]
        game = _live.import_game(server, ruleset, actions)
        _live.open_game(page, server, game, ruleset, len(actions), lang)
        found[f"game {ruleset}"] = audit(page)
        page.goto(f"{server}/replay/{game['id']}")
        page.wait_for_selector(".board")
        found[f"replay {ruleset}"] = audit(page)
    assert page.evaluate("document.documentElement.lang") == lang
    bad = {k: v for k, v in found.items() if v}
    assert not bad, "\n".join(f"{k}: {x}" for k, v in bad.items() for x in v)


def test_lobby_games_are_buttons_in_a_list_and_yes_no_options_checkboxes(page, server):
    _live.open_lobby(page, server, "yote", "en")
    cards = page.get_by_role("list").first.get_by_role("listitem")
    assert cards.count() == 8                                     # one per family
    assert cards.first.get_by_role("button").count() == 1
    assert page.get_by_role("button", name="Yoté").get_attribute("aria-pressed") == "true"
    # yes/no options are checkboxes, and ticking one writes option=1 into the ruleset id
    box = page.locator('[data-opt="forced_capture"]')
    assert box.get_attribute("type") == "checkbox" and not box.is_checked()
    assert page.get_by_role("checkbox", name="forced capture").count() == 1
    box.check()
    page.check("input[name=mode][value=local]")
    page.click("#start")
    page.wait_for_url("**/play/*")
    page.wait_for_selector(".statusbar")
    games = page.evaluate("JSON.parse(localStorage.getItem('ludo.games'))")
    assert games[0]["ruleset"] == "yote?forced_capture=1"
