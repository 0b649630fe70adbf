"""Small defects of the page (issue 23, item 8) and the analysis view (item 7): undo enabled only
when the server would take a move back, winner phrases and counts that agree in number, the
replay titled with the game's name, labelled scores, coordinates fully visible on a phone,
captures faded in worked examples, the better move as an arrow and the graph's scale."""
import json

import httpx
import pytest

import ludotheque
import _live
from test_browser import api_game, browser, page, shot, wait_moves  # noqa: F401 (fixtures)

LABELLED = ["awithlaknannai", "dara", "fanorona", "komikan", "konane", "oware", "oware/omweso", "puluc", "yote"]


def undo_button(page):
    return page.get_by_role("button", name="Undo", exact=True)


def open_seat(page, server, g):
    page.goto(f"{server}/play/{g['id']}#t={g['token']}")
    page.wait_for_selector(".board .b-hit")


def set_lang(page, lang):
    page.click(f"[data-lang={lang}]")
    page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)


# -- undo ----------------------------------------------------------------------------------------
def test_undo_is_enabled_exactly_when_the_server_takes_a_move_back(page, server):
    g = api_game(server, "oware", mode="ai", level="random")
    open_seat(page, server, g)
    assert undo_button(page).is_disabled()                  # nothing of the player's to take back
    page.locator('.board [data-id="C"]').click()
    wait_moves(page, 2)                                     # the move and the computer's reply
    page.wait_for_function("() => [...document.querySelectorAll('.controls button')].some((b) => b.textContent === 'Undo' && !b.disabled)")
    undo_button(page).click()                               # the server takes it back
    page.wait_for_function("Number(document.querySelector('.moves')?.dataset.plies) === 0")
    assert undo_button(page).is_disabled()
    assert page.locator(".message.error").count() == 0


def test_undo_is_disabled_once_the_game_is_over(page, server):
    g = api_game(server, "oware?max_plies=2", mode="ai", level="random")
    open_seat(page, server, g)
    page.locator('.board [data-id="C"]').click()
    page.wait_for_selector(".banner")                       # two plies: the game is over
    assert undo_button(page).is_disabled()


def test_undo_is_disabled_on_puluc_opening_throw_until_the_player_has_moved(page, server):
    g = api_game(server, "puluc", mode="ai", level="random")
    open_seat(page, server, g)
    snap = httpx.get(f"{server}/api/games/{g['id']}", params={"token": g["token"]}, timeout=60).json()
    assert [m["player"] for m in snap["moves"]] == [ludotheque.CHANCE]     # the opening throw only
    assert undo_button(page).is_disabled()
    r = httpx.post(f"{server}/api/games/{g['id']}/move", timeout=60,
                   json={"action": snap["legal"][0]["a"], "ply": snap["ply"], "token": g["token"]})
    r.raise_for_status()
    wait_moves(page, 2)
    page.wait_for_function("() => [...document.querySelectorAll('.controls button')].some((b) => b.textContent === 'Undo' && !b.disabled)")


# -- words that agree ----------------------------------------------------------------------------
def test_a_side_named_in_the_plural_wins_in_the_plural(page, server):
    g = api_game(server, "dara")                            # Lions and Elephants, on one screen
    open_seat(page, server, g)
    page.once("dialog", lambda d: d.accept())
    page.get_by_role("button", name="Resign").click()       # the Lions, to move, resign
    banner = page.locator(".banner")
    banner.wait_for()
    assert banner.locator("strong").inner_text() == "Elephants win (0-1)"
    set_lang(page, "fr")
    page.wait_for_function("document.querySelector('.banner strong')?.textContent.startsWith('Victoire')")
    assert "Lions abandonnent" in banner.inner_text()


# -- the replay and the analysis -----------------------------------------------------------------
@pytest.fixture(scope="module")
def telo(server):
    """A finished game of Telo, and an analysis of it that marks a mistake and a blunder, each
    with another move as the better one (what the engine's review says, made up here so that
    the page is tested on its own)."""
    actions = _live.positions("fanorona/telo")["end"]
    game = _live.import_game(server, "fanorona/telo", actions)
    state = ludotheque.load("fanorona/telo").initial_state()
    values, reviews = [0.0], []
    for ply, a in enumerate(actions):
        other = [b for b in state.legal_actions() if b != a and len(state.game.action_points(state, b)) > 1]
        mark = "?" if not reviews and other else "??" if len(reviews) == 1 and other else ""
        best = other[0] if mark else a
        reviews.append({"ply": ply, "player": state.current_player, "move": state.move_to_string(a),
                        "before": 0.5, "after": 0.1 if mark else 0.5, "best": state.move_to_string(best),
                        "best_points": state.game.action_points(state, best), "mark": mark})
        state = state.apply(a)
        values.append(round(0.9 * (1 if ply % 2 else -1) * (ply + 1) / len(actions), 3))
    assert [r["mark"] for r in reviews if r["mark"]] == ["?", "??"]
    return {**game, "analysis": {"id": game["id"], "values": values, "reviews": reviews}, "plies": len(actions)}


def open_analysis(page, server, telo):
    page.route(f"**/api/games/{telo['id']}/analysis",
               lambda route: route.fulfill(status=200, content_type="application/json", body=json.dumps(telo["analysis"])))
    page.goto(f"{server}/replay/{telo['id']}?analyse=1")
    page.wait_for_selector(".evalgraph")


def test_the_replay_is_titled_with_the_game_name_in_the_player_language(page, server, telo):
    titles = next(r["titles"] for r in httpx.get(f"{server}/api/rulesets", timeout=300).json()["rulesets"]
                  if r["id"] == "fanorona/telo")
    page.goto(f"{server}/replay/{telo['id']}")
    page.wait_for_function("(t) => document.querySelector('h1')?.textContent.includes(t)", arg=titles["en"])
    assert "fanorona/telo" not in page.locator("h1").inner_text()
    set_lang(page, "fr")
    page.wait_for_function("(t) => document.querySelector('h1')?.textContent.includes(t)", arg=titles["fr"])
    assert "fanorona/telo" not in page.locator("h1").inner_text()
    assert titles["fr"] in page.title()


def test_the_analysis_counts_agree_in_number_in_both_languages(page, server, telo):
    open_analysis(page, server, telo)
    assert page.locator(".analysis .summary").inner_text() == "1 mistake, 1 blunder"
    set_lang(page, "fr")
    page.wait_for_function("document.querySelector('.analysis .summary')?.textContent === '1 erreur, 1 gaffe'")


def test_the_evaluation_graph_has_a_scale_named_after_the_players(page, server, telo):
    open_analysis(page, server, telo)
    graph = page.locator(".evalgraph")
    ticks = graph.locator(".an-tick").all_text_contents()
    assert {"+1", "0", "−1", "Move"} <= set(ticks)
    numbers = [int(x) for x in graph.locator(".an-move").all_text_contents()]
    assert numbers[0] == 0 and numbers == sorted(numbers) and numbers[-1] > telo["plies"] // 2
    assert graph.locator(".an-side").all_text_contents() == ["Green better", "Orange better"]
    assert graph.evaluate("""(svg) => { const b = svg.getBoundingClientRect();
      return [...svg.querySelectorAll('.an-tick, .an-side')].every((t) => { const r = t.getBoundingClientRect();
        return r.left >= b.left && r.right <= b.right && r.top >= b.top && r.bottom <= b.bottom; }); }""")
    # each name stands at the end of the scale that favours its player
    top = [graph.locator(".an-side").nth(i).bounding_box()["y"] for i in (0, 1)]
    plus, minus = (graph.locator(".an-tick", has_text=x).first.bounding_box()["y"] for x in ("+1", "−1"))
    assert abs(top[0] - plus) < abs(top[0] - minus) and abs(top[1] - minus) < abs(top[1] - plus)
    set_lang(page, "fr")
    page.wait_for_function("document.querySelector('.evalgraph .an-side')?.textContent === 'Avantage Vert'")
    assert "Coup" in page.locator(".evalgraph .an-tick").all_text_contents()
    shot(page, "analysis-scale-fr")


def test_the_better_move_is_drawn_as_an_arrow_on_the_reviewed_move(page, server, telo):
    open_analysis(page, server, telo)
    blunder = next(r for r in telo["analysis"]["reviews"] if r["mark"] == "??")
    page.locator(f'.evalgraph .an-dot[data-ply="{blunder["ply"] + 1}"]').click()
    arrow = page.locator(".board .b-arrow")
    arrow.wait_for()
    assert arrow.get_attribute("data-points") == " ".join(blunder["best_points"])
    assert f"better: {blunder['best']}" in page.locator(".message").inner_text()
    # from the first point of the better move to its last
    centre = lambda pid: [float(page.locator(f'.board .b-hit[data-id="{pid}"]').get_attribute(c)) for c in ("cx", "cy")]  # noqa: E731
    line = [[float(v) for v in p.split(",")] for p in arrow.locator("polyline").get_attribute("points").split()]
    tip = [float(v) for v in arrow.locator("polygon").get_attribute("points").split()[0].split(",")]
    first, last = centre(blunder["best_points"][0]), centre(blunder["best_points"][-1])
    assert max(abs(line[0][i] - first[i]) for i in (0, 1)) < 1 and max(abs(tip[i] - last[i]) for i in (0, 1)) < 1
    shot(page, "analysis-arrow")
    played = next(r for r in telo["analysis"]["reviews"] if not r["mark"])
    page.locator(f'.evalgraph .an-dot[data-ply="{played["ply"] + 1}"]').click()   # the engine's own move
    page.wait_for_function("(k) => document.querySelector('.message')?.textContent.startsWith(`Move ${k} of`)", arg=played["ply"] + 1)
    assert page.locator(".board .b-arrow").count() == 0


# -- the player cards ----------------------------------------------------------------------------
@pytest.mark.parametrize("ruleset, en, fr", [("oware", "Seeds captured", "Graines prises"),
                                              ("oware/omweso", "Seeds held", "Graines détenues"),
                                              ("dara", "Pieces captured", "Pièces prises")])
def test_the_scores_on_the_player_cards_say_what_they_count(page, server, ruleset, en, fr):
    g = api_game(server, ruleset)
    open_seat(page, server, g)
    labels = page.locator(".player .score .score-label")
    assert labels.count() == 2 and all(x.is_visible() for x in labels.all())
    assert labels.all_inner_texts() == [en, en]
    set_lang(page, "fr")
    page.wait_for_function("(t) => document.querySelector('.player .score-label')?.textContent === t", arg=fr)


# -- the board on a phone ------------------------------------------------------------------------
LABEL_PROBLEMS = """() => {
  const svg = document.querySelector('.board svg'), b = svg.getBoundingClientRect();
  const shapes = [...svg.querySelectorAll('.b-pit, .b-cell, .b-piece0, .b-piece1')].map((e) => [e.tagName, e.getBoundingClientRect()]);
  const covers = ([tag, c], r) => {   // a cell, or a pit or a piece (a circle or an ellipse), over a label's box
    if (tag === 'rect') return r.left < c.right - 1 && r.right > c.left + 1 && r.top < c.bottom - 1 && r.bottom > c.top + 1;
    if (tag === 'ellipse') return r.left < c.right && r.right > c.left && r.top < c.bottom && r.bottom > c.top;
    const cx = c.left + c.width / 2, cy = c.top + c.height / 2;
    return Math.hypot(Math.max(r.left - cx, 0, cx - r.right), Math.max(r.top - cy, 0, cy - r.bottom)) < c.width / 2 - 1;
  };
  return [...svg.querySelectorAll('.b-label')].flatMap((t) => {
    const r = t.getBoundingClientRect();
    const out = r.left < b.left || r.right > b.right || r.top < b.top || r.bottom > b.bottom;
    // a point's own name (Awithlaknannai's zigzag) stands beside it; a row's or a pit's is clear of all
    const covered = !t.classList.contains('b-name') && shapes.some((shape) => covers(shape, r));
    return out || covered ? [`${t.textContent}${out ? ' outside the board' : ''}${covered ? ' covered' : ''}`] : [];
  });
}"""


@pytest.mark.parametrize("ruleset", LABELLED)
def test_on_a_phone_every_coordinate_is_fully_visible(browser, server, ruleset):
    ctx = browser.new_context(viewport={"width": 375, "height": 667}, is_mobile=True, has_touch=True, reduced_motion="reduce")
    try:
        pg = ctx.new_page()
        pg.set_default_timeout(_live.WAIT_MS)
        g = api_game(server, ruleset)
        open_seat(pg, server, g)
        assert pg.locator(".board .b-label").count() > 0
        assert pg.evaluate(LABEL_PROBLEMS) == []
    finally:
        ctx.close()


# -- worked examples -----------------------------------------------------------------------------
def ghosted(example):
    return sorted(h.get_attribute("data-id") for h in example.locator(".b-hit.ghosted").all())


def test_worked_examples_show_the_captured_pieces_faded(page, server):
    page.goto(server + "/")
    page.click('.card[data-family="fanorona"]')
    fa = page.locator('.example[data-example="FA-1"]')
    fa.wait_for()
    assert fa.locator(".b-ghost").count() == 0
    fa.locator("button.step").click()                       # d3-e3A takes f3 and g3 by approach
    page.wait_for_function("document.querySelectorAll('.example[data-example=\"FA-1\"] .b-ghost').length === 2")
    assert ghosted(fa) == ["f3", "g3"]
    fa.get_by_role("button", name="Back").click()
    page.wait_for_function("document.querySelectorAll('.example[data-example=\"FA-1\"] .b-ghost').length === 0")
    page.click('.card[data-family="konane"]')
    ko = page.locator('.example[data-example="KO-2"]')
    ko.wait_for()
    for _ in range(3):                                      # a chain: every jump's capture stays faded
        ko.locator("button.step").click()
    page.wait_for_function("document.querySelectorAll('.example[data-example=\"KO-2\"] .b-ghost').length === 3")
    assert ghosted(ko) == ["b2", "d2", "f2"]
