"""What a player sees of the board in a real browser: the last turn, ghosts of taken pieces, the
capture a choice would make, Puluc's kernels and throw button, Oware's sowing seed by seed, the
phone layout, the analysis graph and the worked examples (fixtures from test_browser)."""
import random

import httpx
import pytest

from test_browser import api_game, browser, click_point, page, shot, wait_moves  # noqa: F401 (fixtures)

FAMILIES = ["awithlaknannai", "dara", "fanorona", "komikan", "konane", "oware", "puluc", "yote"]


def snap_of(server, g):
    return httpx.get(f"{server}/api/games/{g['id']}", timeout=60).json()


def play_api(server, g, snap, move):
    r = httpx.post(f"{server}/api/games/{g['id']}/move", json={"action": move["a"], "ply": snap["ply"], "token": g["token"]}, timeout=60)
    r.raise_for_status()
    return r.json()


def named(snap, n):
    return next(m for m in snap["legal"] if m["n"] == n)


def classes(page, pid):
    return page.locator(f'.board [data-id="{pid}"]').get_attribute("class").split()


def test_last_turn_marked_and_taken_pieces_ghosted_until_the_next_move(page, server):
    g = api_game(server, "fanorona")
    snap = play_api(server, g, snap_of(server, g), named(snap_of(server, g), "d3-e3W"))   # takes c3
    page.goto(f"{server}/play/{g['id']}#t={g['token']}")
    page.wait_for_selector(".b-hit.active")
    assert "last" in classes(page, "d3") and "last" in classes(page, "e3")
    assert "ghosted" in classes(page, "c3") and page.locator(".b-ghost").count() == 1
    # a reply that its points alone name (no approach/withdrawal choice to make)
    reply = next(m for m in snap["legal"] if [x["p"] for x in snap["legal"]].count(m["p"]) == 1)
    for pid in reply["p"]:
        click_point(page, pid)
    wait_moves(page, 2)
    page.wait_for_function("!document.querySelector('.board .ghosted[data-id=\"c3\"]')")   # gone with the next move
    assert "last" in classes(page, reply["p"][-1]) and "last" not in classes(page, "d3")


def test_hovering_approach_or_withdrawal_previews_what_it_takes(page, server):
    g = api_game(server, "fanorona")
    page.goto(f"{server}/play/{g['id']}#t={g['token']}")
    page.wait_for_selector(".b-hit.active")
    click_point(page, "d3")
    click_point(page, "e3")                        # the same step captures two ways: two choices
    approach = page.locator(".choices .choice", has_text="d3-e3A")
    withdrawal = page.locator(".choices .choice", has_text="d3-e3W")
    approach.hover()
    page.wait_for_selector('.board .previewed[data-id="f3"]')
    assert page.locator(".board .previewed").count() == 1 and "takes f3" in approach.inner_text()
    withdrawal.hover()
    page.wait_for_selector('.board .previewed[data-id="c3"]')
    assert page.locator('.board .previewed[data-id="f3"]').count() == 0
    shot(page, "fanorona-capture-preview")
    page.locator(".choices button", has_text="Cancel").click()
    click_point(page, "d2")                        # d2 has one move: hovering its end previews it
    page.locator('.board [data-id="e3"]').hover()
    page.wait_for_selector('.board .previewed[data-id="g5"]')
    assert sorted(page.locator(".board .previewed").evaluate_all("(es) => es.map((e) => e.dataset.id)")) == ["f4", "g5"]
    page.locator('.board [data-id="a1"]').hover()
    page.wait_for_function("!document.querySelector('.board .previewed')")
    click_point(page, "d3")
    click_point(page, "e3")
    page.locator(".choices .choice", has_text="d3-e3W").click()
    wait_moves(page, 1)
    page.wait_for_selector('.board .ghosted[data-id="c3"]')
    assert page.locator(".board .previewed").count() == 0


def test_puluc_kernels_and_the_throw_button(page, server):
    g = api_game(server, "puluc")
    page.goto(f"{server}/play/{g['id']}#t={g['token']}")
    button = page.locator(".throw-button")
    button.wait_for()
    assert page.locator(".b-hit.active").count() == 0             # no move before the throw
    assert "to throw" in page.locator(".statusbar .turn").inner_text()
    assert page.locator(".moves").inner_text().strip().endswith("throw ?")
    button.click()
    page.wait_for_selector(".b-hit.active")
    snap = snap_of(server, g)
    marked = snap["moves"][-1]["a"]
    kernels = page.locator(".sticks")
    assert kernels.get_attribute("data-marked") == str(marked)
    assert page.locator(".sticks .kernel.marked").count() == marked and page.locator(".sticks .kernel").count() == 4
    assert f"move {snap['view']['last_throw']}" in kernels.get_attribute("title")
    shot(page, "puluc-thrown")


def test_puluc_stacks_show_their_prisoners(page, server):
    g = api_game(server, "puluc")
    snap = snap_of(server, g)
    for _ in range(300):               # capturing moves first, until a unit holds a prisoner
        if snap["result"]:
            pytest.fail("no capture in a whole game")
        if any(p.get("level", 0) > 0 for p in snap["view"]["pieces"]):
            break
        snap = play_api(server, g, snap, next((m for m in snap["legal"] if "x" in m["n"]), snap["legal"][0]))
    page.goto(f"{server}/play/{g['id']}#t={g['token']}")
    page.wait_for_selector(".board .dynamic circle")
    heights = {}
    for p in snap["view"]["pieces"]:
        if "level" in p:
            heights[p["at"]] = heights.get(p["at"], 0) + 1
    at = next(q for q, n in heights.items() if n > 1)
    under = page.locator(".board .under")
    assert under.count() >= heights[at] - 1
    # a prisoner shows beside its captor: their discs do not coincide
    boxes = [page.locator(".board .dynamic circle.b-piece0, .board .dynamic circle.b-piece1").nth(i).bounding_box()
             for i in range(page.locator(".board .dynamic circle.b-piece0, .board .dynamic circle.b-piece1").count())]
    assert len({(round(b["x"]), round(b["y"])) for b in boxes}) == len(boxes)
    assert page.locator(".board .b-height text", has_text=str(heights[at])).count() >= 1


def test_oware_sowing_is_animated_seed_by_seed_and_skippable(browser, server):
    ctx = browser.new_context(viewport={"width": 1280, "height": 860})   # motion allowed
    try:
        pg = ctx.new_page()
        pg.set_default_timeout(300_000)
        g = api_game(server, "oware")
        pg.goto(f"{server}/play/{g['id']}#t={g['token']}")
        pg.wait_for_selector(".b-hit.active")
        pg.evaluate("""() => { window.frames_seen = new Set();
          new MutationObserver(() => { const c = document.querySelector('.board .b-current');
            if (c) window.frames_seen.add(c.getAttribute('cx') + ',' + c.getAttribute('cy')); })
          .observe(document.querySelector('.board'), { childList: true, subtree: true }); }""")
        click_point(pg, "F")
        wait_moves(pg, 1)
        pg.wait_for_function("!document.querySelector('.board[data-animating]')")
        assert pg.evaluate("window.frames_seen.size") == 4        # a, b, c, d, one seed each
        assert pg.locator('.board [data-id="d"]').get_attribute("class").split().count("sown") == 1
        pg.evaluate("""() => { window.skipped = 0;     // the Skip button, pressed as soon as it shows
          new MutationObserver(() => { const b = document.querySelector('.choices .skip');
            if (b) { window.skipped = document.querySelectorAll('.board .b-current').length; b.click(); } })
          .observe(document.querySelector('.choices'), { childList: true }); }""")
        click_point(pg, "a")                                    # North sows 5
        wait_moves(pg, 2)
        pg.wait_for_function("!document.querySelector('.board[data-animating]')")
        assert pg.evaluate("window.skipped") == 1                # skipped on its first seed
        pg.wait_for_selector(".b-hit.active")
        counts = pg.locator(".board .b-pitcount text").all_text_contents()
        assert sum(int(c) for c in counts) == 48
    finally:
        ctx.close()


def test_oware_stores_on_the_board_and_counts_above_the_rings(page, server):
    g = api_game(server, "oware")
    page.goto(f"{server}/play/{g['id']}#t={g['token']}")
    page.wait_for_selector(".b-hit.active")
    assert page.locator(".board .b-store").count() == 2
    assert page.locator(".board .b-own0").count() == page.locator(".board .b-own1").count() == 6   # whose houses
    assert page.locator(".board .b-store-count text").all_text_contents() == ["0", "0"]
    # every count is drawn after (so above) every legal-move ring
    assert page.evaluate("""() => { const all = [...document.querySelectorAll('.board .dynamic *')];
      const lastRing = Math.max(...all.map((e, i) => e.classList.contains('b-can') ? i : -1));
      const firstCount = all.findIndex((e) => e.classList.contains('b-pitcount'));
      return lastRing >= 0 && firstCount > lastRing; }""")


def test_pieces_take_the_colours_their_rules_name(page, server):
    fills = {}
    for family in ("konane", "yote", "dara"):
        g = api_game(server, family)
        page.goto(f"{server}/play/{g['id']}#t={g['token']}")
        page.wait_for_selector(".board .dynamic")
        fills[family] = page.evaluate("""() => { const m = document.querySelector('main');
          return [getComputedStyle(m).getPropertyValue('--p0').trim(), getComputedStyle(m).getPropertyValue('--p1').trim()]; }""")
        chequered = page.locator(".board .b-cell.odd").count()
        assert (chequered > 0) == (family == "konane"), family    # Dara and Yoté are holes, not a chessboard
    assert fills["konane"] == ["#f08cb0", "#5da35f"]            # Hibiscus pink, Jasmine green
    assert fills["yote"] == ["#cdb2ec", "#5b2a86"]              # light and dark purple
    assert fills["dara"] == ["#d9a441", "#8d959c"]              # Lions and Elephants


def test_material_on_the_player_cards(page, server):
    g = api_game(server, "fanorona")
    play_api(server, g, snap_of(server, g), named(snap_of(server, g), "d3-e3W"))
    page.goto(f"{server}/play/{g['id']}#t={g['token']}")
    page.wait_for_selector(".b-hit.active")
    assert page.locator('.material[data-seat="0"]').inner_text().endswith("22")
    assert page.locator('.material[data-seat="1"]').inner_text().endswith("21")


def test_awithlaknannai_points_are_named(page, server):
    g = api_game(server, "awithlaknannai")
    page.goto(f"{server}/play/{g['id']}#t={g['token']}")
    page.wait_for_selector(".b-hit.active")
    labels = set(page.locator(".board .b-label").all_text_contents())
    assert {"b1", "m1", "t1", "m5", "m9", "t8"} <= labels, labels        # every point by its name


@pytest.mark.parametrize("family", FAMILIES)
def test_phone_points_are_a_fingertip_apart(browser, server, family):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, reduced_motion="reduce")
    try:
        pg = ctx.new_page()
        pg.set_default_timeout(300_000)
        g = api_game(server, family)
        pg.goto(f"{server}/play/{g['id']}#t={g['token']}")
        pg.wait_for_selector(".board .b-hit")
        gap = pg.evaluate("""() => { const c = [...document.querySelectorAll('.board .b-hit')].map((e) => {
            const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; });
          let d = Infinity; for (let i = 0; i < c.length; i++) for (let j = i + 1; j < c.length; j++)
            d = Math.min(d, Math.hypot(c[i][0] - c[j][0], c[i][1] - c[j][1])); return d; }""")
        assert gap >= 44, f"{family}: points {gap:.1f} px apart"
        assert pg.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
        shot(pg, f"phone-{family}")
    finally:
        ctx.close()


def test_analysis_graph_marks_mistakes_and_opens_positions(page, server):
    g = api_game(server, "konane")
    snap = snap_of(server, g)
    rng = random.Random(3)
    while not snap["result"]:
        snap = play_api(server, g, snap, rng.choice(snap["legal"]))
    page.goto(f"{server}/play/{g['id']}")
    page.locator(".analyse-link").click()                   # from the end-of-game banner
    page.wait_for_selector(".evalgraph")
    n = len(snap["moves"])
    assert page.locator(".evalgraph .an-dot").count() == n + 1
    marked = page.locator(".evalgraph .an-dot.mistake, .evalgraph .an-dot.blunder")
    assert marked.count() >= 1
    assert page.locator(".moves .mark-mistake, .moves .mark-blunder").count() == marked.count()
    dot = marked.first
    k = int(dot.get_attribute("data-ply"))
    dot.click()
    page.wait_for_function(f"document.querySelector('.message')?.textContent.startsWith('Move {k} of')")
    assert page.locator(".moves li").nth(k - 1).get_attribute("class") == "current"
    assert "current" in page.locator(f'.evalgraph .an-dot[data-ply="{k}"]').get_attribute("class")
    shot(page, "analysis")


def test_worked_example_says_right_or_wrong(page, server):
    page.goto(server + "/")
    page.click('.card[data-family="oware"]')
    ex = page.locator('.example[data-example="OW-X1"]')
    ex.wait_for()
    ex.locator('[data-id="A"]').click()                      # legal, but the example sows C
    page.wait_for_function("document.querySelector('.example[data-example=\"OW-X1\"] .verdict')?.classList.contains('wrong')")
    assert "C" in ex.locator(".verdict").inner_text()
    ex.locator('[data-id="C"]').click()
    page.wait_for_function("document.querySelector('.example[data-example=\"OW-X1\"] .verdict')?.classList.contains('right')")
    assert ex.locator(".b-store-count.s0 text").text_content() == "20"    # South harvested 8 (OW-X1)
    assert ex.locator(".b-store-count.s1 text").text_content() == "13"
    ex.locator("button", has_text="Back").click()
    ex.locator("button.step").click()                       # or step through it
    page.wait_for_function("document.querySelector('.example[data-example=\"OW-X1\"] .verdict')?.textContent.includes('Move 1 of 1')")
    shot(page, "example-oware")
    page.click('.card[data-family="fanorona"]')
    fa = page.locator('.example[data-example="FA-1"]')
    fa.wait_for()
    fa.locator('[data-id="d3"]').click()
    fa.locator('[data-id="e3"]').click()
    page.wait_for_function("document.querySelector('.example[data-example=\"FA-1\"] .verdict')?.classList.contains('right')")


def test_a_late_answer_for_an_earlier_game_does_not_draw_its_examples(page, server):
    # Fanorona's examples are held back until Oware's are on the page: the late answer
    # must not add Fanorona's examples beside Oware's (two clicks in a row on a slow server).
    held = []
    page.route("**/api/examples?id=fanorona*", lambda route: held.append(route))
    page.goto(server + "/")
    with page.expect_request("**/api/examples?id=fanorona*"):
        page.click('.card[data-family="fanorona"]')
    page.click('.card[data-family="oware"]')
    page.locator('.example[data-example="OW-X1"]').wait_for()
    with page.expect_response("**/api/examples?id=fanorona*"):
        held[0].continue_()
    page.evaluate("() => new Promise((done) => setTimeout(done, 100))")   # its handler runs
    assert page.locator('.example[data-example^="FA-"]').count() == 0
    assert page.locator('.example[data-example="OW-X1"]').count() == 1


def test_komikan_grass_tokens_are_drawn_with_a_legend(page, server):
    g = api_game(server, "komikan+grass")
    snap = snap_of(server, g)
    snap = play_api(server, g, snap, named(snap, "G@a3"))
    page.goto(f"{server}/play/{g['id']}#t={g['token']}")
    page.wait_for_selector(".b-hit.active")
    assert page.locator(".board .b-grass").count() == 1
    assert "cannot be captured" in page.locator(".grass-legend").inner_text()
    assert page.locator(".grass-legend svg .b-grass").count() == 1      # the same tuft as on the board


def test_puluc_example_throws_then_lets_the_player_move(page, server):
    page.goto(server + "/")
    page.click('.card[data-family="puluc"]')
    ex = page.locator('.example[data-example="PU-X1"]')
    ex.wait_for()
    assert ex.locator(".sticks").get_attribute("data-marked") == "2"      # the example's throw, shown
    ex.locator('[data-id="0"]').click()
    ex.locator('[data-id="2"]').click()                      # legal with a 2, but not the example's
    page.wait_for_function("document.querySelector('.example[data-example=\"PU-X1\"] .verdict')?.classList.contains('wrong')")
    ex.locator('[data-id="3"]').click()
    ex.locator('[data-id="5"]').click()
    page.wait_for_function("document.querySelector('.example[data-example=\"PU-X1\"] .verdict')?.classList.contains('right')")
    assert ex.locator(".board .under").count() == 1           # the blue prisoner under the yellow warrior


def test_nam_nam_shows_who_owns_each_house_after_the_first_round(page, server):
    import ludotheque
    from ludotheque.records import GameRecord

    game, rng = ludotheque.load("oware/nam-nam"), random.Random(1)
    s, actions = game.initial_state(), []
    while [p["owner"] for p in game.view(s)["pieces"]][:6] == [0] * 6:   # until South has lost a house
        assert not s.is_terminal
        a = rng.choice(s.legal_actions())
        actions.append(a)
        s = s.apply(a)
    owners = {p["at"]: p["owner"] for p in game.view(s)["pieces"]}
    text = GameRecord(ruleset="oware/nam-nam", actions=actions, players=["S", "N"]).to_json()
    r = httpx.post(f"{server}/api/import", json={"text": text}, timeout=120).json()
    page.goto(f"{server}{r['url']}#t={r['token']}")
    page.wait_for_selector(".b-hit.active")
    for seat in (0, 1):
        assert page.locator(f".board .b-own{seat}").count() == list(owners.values()).count(seat)
    lost = next(q for q in "ABCDEF" if owners[q] == 1)         # a house of South's row that North won
    ring = page.locator(".board .b-own1").evaluate_all(
        "(rs, q) => rs.some((r) => { const hit = document.querySelector(`.board [data-id='${q}']`);"
        " return r.getAttribute('cx') === hit.getAttribute('cx') && r.getAttribute('cy') === hit.getAttribute('cy'); })", lost)
    assert ring
    assert page.locator(".owner-legend").count() == 1


def test_examples_on_a_phone_fit_the_screen_and_a_fingertip(browser, server):
    ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, reduced_motion="reduce")
    try:
        pg = ctx.new_page()
        pg.set_default_timeout(300_000)
        pg.goto(server + "/")
        pg.click('.card[data-family="fanorona"]')
        ex = pg.locator('.example[data-example="FA-1"]')
        ex.wait_for()
        gap = ex.evaluate("""(el) => { const c = [...el.querySelectorAll('.b-hit')].map((e) => {
            const r = e.getBoundingClientRect(); return [r.x + r.width / 2, r.y + r.height / 2]; });
          let d = Infinity; for (let i = 0; i < c.length; i++) for (let j = i + 1; j < c.length; j++)
            d = Math.min(d, Math.hypot(c[i][0] - c[j][0], c[i][1] - c[j][1])); return d; }""")
        assert gap >= 44
        assert pg.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")
        ex.locator('[data-id="d3"]').tap()
        ex.locator('[data-id="e3"]').tap()
        pg.wait_for_function("document.querySelector('.example[data-example=\"FA-1\"] .verdict')?.classList.contains('right')")
        shot(pg, "phone-example-fanorona")
    finally:
        ctx.close()
