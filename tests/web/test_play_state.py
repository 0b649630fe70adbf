"""The game page as one state machine, in a real browser: what the board shows follows the latest
position from the server, the turns still to animate and the move sent; a click counts only on
the latest position once every turn before it has been shown. The races are forced: the
server's positions are held back in the page (an injected WebSocket) until a sowing animates,
then delivered at once. And looking back at an earlier move during a game, then returning."""
import random
import re

import httpx
import pytest

import _live
from ludotheque.core import registry
from test_browser import api_game, browser, click_point, page, wait_moves  # noqa: F401 (fixtures)

pytest.importorskip("playwright.sync_api")

# The page's socket, wrapped: `window.hold = {from, until, then}` keeps every position from ply
# `from` on until one of ply `until` comes, then delivers them all at once and calls `then` (in the
# same task: the first turn's animation has just begun). With `onClick`, they are delivered at the
# next mousedown instead. `window.sent` counts the moves the page sends; `window.animated` lists
# the turns (plies) the board animated, in order.
HOLD = """(() => {
  const Real = window.WebSocket;
  window.held = []; window.sent = 0; window.animated = []; window.released = false;
  const release = () => {
    const h = window.hold, msgs = window.held.splice(0);
    window.hold = null;
    for (const [fn, ev] of msgs) fn(ev);
    window.released = true;
    if (h.then) h.then(JSON.parse(msgs[msgs.length - 1][1].data));
  };
  window.WebSocket = class extends Real {
    set onmessage(fn) {
      super.onmessage = (ev) => {
        const h = window.hold, msg = JSON.parse(ev.data);
        if (!h || msg.type !== "state" || msg.ply < h.from) { fn(ev); return; }
        window.held.push([fn, ev]);
        if (msg.ply >= h.until && !h.onClick) release();
      };
    }
    send(data) { if (JSON.parse(data).type.startsWith("move")) window.sent += 1; super.send(data); }
  };
  document.addEventListener("mousedown", () => {
    const h = window.hold;
    if (h && h.onClick && window.held.length && JSON.parse(window.held[window.held.length - 1][1].data).ply >= h.until) release();
  }, true);
  // every value the attribute held, even one set and removed in the same task
  const seen = (v) => { if (v !== null && window.animated[window.animated.length - 1] !== Number(v)) window.animated.push(Number(v)); };
  new MutationObserver((records) => {
    for (const r of records) seen(r.oldValue);
    seen(document.querySelector(".board")?.getAttribute("data-animating") ?? null);
  }).observe(document, { subtree: true, attributes: true, attributeOldValue: true, attributeFilter: ["data-animating"] });
})();"""

IDLE = "!document.querySelector('.board[data-animating]')"


@pytest.fixture
def motion_page(browser):   # noqa: F811 (the fixture of test_browser)
    """A page where sowings are animated (no reduced motion), with the socket wrapped."""
    ctx = browser.new_context(viewport={"width": 1280, "height": 860})
    ctx.add_init_script(HOLD)
    pg = ctx.new_page()
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_default_timeout(_live.WAIT_MS)
    yield pg
    ctx.close()
    assert not errors, errors


# -- what the page animates (sowing.js): one lap laid in the geometry's order that ends where
# the engine's position does --------------------------------------------------------------------
def counts(view):
    out = {}
    for p in view.get("pieces") or []:
        out[p["at"]] = out.get(p["at"], 0) + p["count"]
    return out


def animated(game, s, a):
    ring = [p["id"] for p in game.geometry()["points"]]
    points = game.action_points(s, a)
    if not points:
        return False
    now, end = counts(game.view(s)), counts(game.view(s.apply(a)))
    origin, left = points[0], now.get(points[0], 0)
    if not left:
        return False
    now[origin], i = 0, ring.index(origin)
    while left:
        i = (i + 1) % len(ring)
        if ring[i] != origin:
            now[ring[i]] = now.get(ring[i], 0) + 1
            left -= 1
    return all(end.get(q, 0) in (0, now.get(q, 0)) for q in ring)


def single_pit_moves(game, s):
    """The moves a click on one pit plays at once: {pit: notation}."""
    by_pit = {}
    for a in s.legal_actions():
        p = game.action_points(s, a)
        if p:
            by_pit.setdefault(p[0], []).append((p, s.move_to_string(a)))
    return {pit: ms[0][1] for pit, ms in by_pit.items() if len(ms) == 1 and len(ms[0][0]) == 1}


def animated_then_relay(ruleset):
    """A random line of play after which South sows one lap (animated) with a click, North
    answers with a sowing the page cannot animate (a relay), and South then has two moves a
    click plays."""
    game = registry.load(ruleset)
    for seed in range(200):
        rng = random.Random(seed)
        s, line = game.initial_state(), []
        while not s.is_terminal and len(line) < 300:
            if s.current_player == 0 and len(line) > 4:
                clickable = single_pit_moves(game, s)
                for a in s.legal_actions():
                    t = s.apply(a)
                    if t.current_player != 1 or not animated(game, s, a) or s.move_to_string(a) not in clickable.values():
                        continue
                    for b in t.legal_actions():
                        u = t.apply(b)
                        if u.current_player == 0 and not u.is_terminal and not animated(game, t, b) \
                                and len(single_pit_moves(game, u)) >= 2:
                            return game, line, a, b
            a = rng.choice(s.legal_actions())
            line.append(a)
            s = s.apply(a)
    raise AssertionError(f"no line of {ruleset} with an animated sowing and a relay answer")


# -- what the page shows ---------------------------------------------------------------------
def drawn_counts(page):
    """The seeds in each pit as the board draws them (from each pit's description)."""
    titles = page.locator(".board .b-hit").evaluate_all("(els) => els.map(e => [e.dataset.id, e.textContent])")
    return {pid: int(m.group(1)) if (m := re.search(r": (\d+)", text)) else 0 for pid, text in titles}


def snap_of(server, game_id):
    return httpx.get(f"{server}/api/games/{game_id}", timeout=60).json()


def assert_board_shows(page, view):
    drawn, real = drawn_counts(page), counts(view)
    assert {p: drawn.get(p, 0) for p in real} == real, "the board shows an old frame"


def hold(page, start, then_click=None, on_click=False):
    """Holds the positions from ply `start` until the next one comes (see HOLD); `then_click`:
    the pit clicked as soon as they are delivered (the first turn animating)."""
    page.evaluate("([from, pit, onClick]) => { window.hold = { from, until: from + 1, onClick, then: pit ? () =>"
                  " document.querySelector(`.board [data-id=\"${pit}\"]`).dispatchEvent(new MouseEvent('click', { bubbles: true })) : null }; }",
                  [start, then_click, on_click])


# -- a position arriving during an animation ---------------------------------------------------
@pytest.mark.parametrize("ruleset", ["oware/nam-nam", "oware/omweso"])
def test_a_relay_answer_during_an_animation_never_leaves_an_old_frame(motion_page, server, ruleset):
    page = motion_page
    game, line, mine, reply = animated_then_relay(ruleset)
    s = game.initial_state()
    for a in line:
        s = s.apply(a)
    after = s.apply(mine).apply(reply)
    during, then = list(single_pit_moves(game, after).items())[:2]   # a click during the animation, then one after
    g = _live.import_game(server, ruleset, line)
    _live.open_game(page, server, g, ruleset, len(line), "en")
    n = len(line)
    # the answer is held back until our sowing has started to animate, then comes at once
    hold(page, n + 1, then_click=during[0])
    page.wait_for_selector(".b-hit.active")
    click_point(page, game.action_points(s, mine)[0])
    page.wait_for_function("window.held.length === 1")            # our move is played, its position held
    r = httpx.post(f"{server}/api/games/{g['id']}/move", json={"action": reply, "ply": n + 1, "token": g["token"]}, timeout=60)
    r.raise_for_status()
    page.wait_for_function(f"window.released && {IDLE}")
    # the board shows the real position, not a frame of the animation the answer cut short
    snap = snap_of(server, g["id"])
    assert_board_shows(page, snap["view"])
    # the click during the animation only ended it; the next plays in the real position
    assert page.evaluate("window.sent") == 1 and len(snap["moves"]) == n + 2
    assert page.evaluate("window.animated") == [n + 1]               # our sowing was the one animated
    page.wait_for_selector(".b-hit.active")
    click_point(page, then[0])
    wait_moves(page, n + 3)
    assert snap_of(server, g["id"])["moves"][n + 2]["n"] == then[1]


def test_the_computers_answer_during_our_animation_is_shown_after_it(motion_page, server):
    page = motion_page
    g = api_game(server, "oware", mode="ai", level="random")
    page.goto(f"{server}/play/{g['id']}#t={g['token']}")
    page.wait_for_selector(".b-hit.active")
    # our position and the computer's answer come together, as our sowing starts to animate;
    # a click at once (on a pit that is ours to play after the answer) only ends our animation
    page.evaluate("""() => { window.hold = { from: 1, until: 2, then: (msg) => {
        window.clicked = msg.legal[0].p[0];
        document.querySelector(`.board [data-id="${window.clicked}"]`).dispatchEvent(new MouseEvent('click', { bubbles: true })); } }; }""")
    click_point(page, "F")
    page.wait_for_function(f"window.released && {IDLE}")
    snap = snap_of(server, g["id"])
    assert page.evaluate("window.sent") == 1 and len(snap["moves"]) == 2
    assert_board_shows(page, snap["view"])
    assert "your turn" in page.locator(".statusbar .turn").inner_text()
    assert page.locator("button", has_text="Hint").is_enabled() and page.locator("#typed").is_enabled()
    assert page.evaluate("window.animated") == [1, 2]             # ours (cut short), then the answer
    # the next click plays in the real position
    legal = [m for m in snap["legal"] if m["p"][0] != page.evaluate("window.clicked")][0]
    page.wait_for_selector(".b-hit.active")
    click_point(page, legal["p"][0])
    wait_moves(page, 3)
    assert snap_of(server, g["id"])["moves"][2]["n"] == legal["n"]


def test_ten_clicks_20_ms_apart_play_one_move_and_show_the_answer(motion_page, server, monkeypatch):
    from ludotheque.web import sessions
    # South sows A (into B, C, D, E); the computer answers f, whose seeds land in A again
    monkeypatch.setattr(sessions.Session, "ai_choose", lambda self, state: next(
        (a for a in state.legal_actions() if state.move_to_string(a) == "f"), state.legal_actions()[0]))
    page = motion_page
    g = api_game(server, "oware", mode="ai", level="random")
    page.goto(f"{server}/play/{g['id']}#t={g['token']}")
    page.wait_for_selector(".b-hit.active")
    box = page.locator('.board [data-id="A"]').bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    # the first click plays; our position and the computer's answer arrive just as the second
    # click comes (held, then delivered at its mousedown); nine clicks in all follow, 20 ms apart
    hold(page, 1, on_click=True)
    page.mouse.click(x, y)
    page.wait_for_function("window.held.length === 2")
    page.mouse.click(x, y, click_count=9, delay=10)
    page.wait_for_function(f"window.released && {IDLE} && document.querySelector('.b-hit.active') !== null")
    assert page.evaluate("window.sent") == 1                        # one move
    assert page.evaluate("window.animated") == [1, 2]             # the answer was drawn, not skipped unseen
    snap = snap_of(server, g["id"])
    assert len(snap["moves"]) == 2
    assert_board_shows(page, snap["view"])
    assert "your turn" in page.locator(".statusbar .turn").inner_text()


def test_controls_are_enabled_after_an_animated_sowing(motion_page, server):
    page = motion_page
    g = api_game(server, "oware", mode="ai", level="random")
    page.goto(f"{server}/play/{g['id']}#t={g['token']}")
    page.wait_for_selector(".b-hit.active")
    undo = page.locator("button", has_text="Undo")
    assert undo.is_disabled()                                         # nothing to take back yet
    click_point(page, "F")
    page.wait_for_function(f"Number(document.querySelector('.moves')?.dataset.plies) === 2 && {IDLE}")
    assert "your turn" in page.locator(".statusbar .turn").inner_text()
    assert page.locator("button", has_text="Hint").is_enabled() and undo.is_enabled()
    assert page.evaluate("window.animated") == [1, 2]             # both sowings were animated
    legal = snap_of(server, g["id"])["legal"][0]
    page.fill("#typed", legal["n"])                                  # the typed box takes a move
    page.keyboard.press("Enter")
    wait_moves(page, 3)
    assert snap_of(server, g["id"])["moves"][2]["n"] == legal["n"]


def test_undo_is_disabled_on_pulucs_opening_throw(page, server):  # noqa: F811 (the fixture of test_browser)
    g = api_game(server, "puluc", mode="ai", level="random")
    page.goto(f"{server}/play/{g['id']}#t={g['token']}")
    page.wait_for_selector(".throw-button")
    assert page.locator(".moves .throw").count() == 1              # the server threw for the first turn
    undo = page.locator("button", has_text="Undo")
    assert undo.is_disabled()                                        # the server has no turn of ours to undo
    page.click(".throw-button")
    page.wait_for_selector(".b-hit.active")
    move = snap_of(server, g["id"])["legal"][0]
    page.fill("#typed", move["n"])
    page.keyboard.press("Enter")
    page.wait_for_function("document.querySelectorAll('.moves .mv').length >= 1")
    assert undo.is_enabled()                                         # our turn can be taken back


# -- looking back at an earlier move -------------------------------------------------------------
def test_looking_back_at_an_earlier_move_and_returning(page, server):  # noqa: F811
    g = api_game(server, "oware")                  # both seats on this screen
    for ply, text in enumerate(["F", "a", "E"]):
        httpx.post(f"{server}/api/games/{g['id']}/move", json={"text": text, "ply": ply, "token": g["token"]},
                   timeout=60).raise_for_status()
    page.goto(f"{server}/play/{g['id']}#t={g['token']}")
    page.wait_for_selector(".b-hit.active")
    frames = httpx.get(f"{server}/api/games/{g['id']}/replay", timeout=60).json()["frames"]
    page.click('.moves button[data-ply="1"]')     # South's F
    page.wait_for_selector('.board[data-lookback="1"]')
    assert_board_shows(page, frames[1]["view"])
    bar = page.locator(".lookback")
    assert bar.is_visible() and "move 1 (F)" in bar.inner_text()
    assert page.locator('.moves button[data-ply="1"]').get_attribute("aria-current") == "true"
    # no move from an earlier position: nothing to click, the typed box and the board refuse
    assert page.locator(".b-hit.active").count() == 0 and page.locator("#typed").is_disabled()
    click_point(page, "B")
    page.wait_for_function("document.querySelector('.message.error')?.textContent.includes('earlier position')")
    # a move arriving meanwhile keeps the look back; the return shows the newest position
    httpx.post(f"{server}/api/games/{g['id']}/move", json={"text": "b", "ply": 3, "token": g["token"]},
               timeout=60).raise_for_status()
    wait_moves(page, 4)
    assert page.locator('.board[data-lookback="1"]').count() == 1
    assert_board_shows(page, frames[1]["view"])
    page.keyboard.press("Escape")
    page.wait_for_selector(".board:not([data-lookback])")
    assert not bar.is_visible()
    assert_board_shows(page, snap_of(server, g["id"])["view"])
    page.wait_for_selector(".b-hit.active")
    # another earlier move, then the button back; and the End key
    page.click('.moves button[data-ply="2"]')
    page.wait_for_selector('.board[data-lookback="2"]')
    page.get_by_role("button", name="Back to the game").click()
    page.wait_for_selector(".board:not([data-lookback])")
    page.click('.moves button[data-ply="3"]')
    page.wait_for_selector('.board[data-lookback="3"]')
    assert_board_shows(page, frames[3]["view"])
    page.keyboard.press("End")
    page.wait_for_selector(".board:not([data-lookback])")
    page.wait_for_selector(".b-hit.active")
    click_point(page, "D")                        # and the game goes on
    wait_moves(page, 5)
