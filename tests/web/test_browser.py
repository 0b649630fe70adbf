"""End to end in a real browser: Playwright (sync) + Debian's chromium against a uvicorn server
started here on a free localhost port. Screenshots go to test-artifacts/."""
import random

import httpx
import pytest

import ludotheque
from _live import ARTIFACTS, WAIT_MS, chromium

pytest.importorskip("playwright.sync_api")


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


@pytest.fixture
def page(browser):
    # reduced motion: a pit game's sowing is not animated seed by seed (test_board_browser tests it)
    ctx = browser.new_context(viewport={"width": 1280, "height": 860}, reduced_motion="reduce")
    pg = ctx.new_page()
    errors = []
    pg.on("pageerror", lambda e: errors.append(str(e)))
    pg.set_default_timeout(WAIT_MS)
    yield pg
    ctx.close()
    assert not errors, errors


def shot(page, name):
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / f"{name}.png"), full_page=True)


def api_game(server, ruleset, mode="local", **kw):
    r = httpx.post(f"{server}/api/games", json={"ruleset": ruleset, "mode": mode, **kw}, timeout=120)
    r.raise_for_status()
    return r.json()


def move_count(page):
    """Actions played so far, as the page shows them (the list groups them into turns)."""
    return int(page.locator(".moves").get_attribute("data-plies") or 0)


def wait_moves(page, n):
    page.wait_for_function(f"Number(document.querySelector('.moves')?.dataset.plies || 0) >= {n}")


def shown_moves(page):
    return [m.strip() for m in page.locator(".moves .mv, .moves .throw").all_inner_texts()]


def click_point(page, pid):
    page.locator(f'.board [data-id="{pid}"]').click()


# -- the lobby ---------------------------------------------------------------------------------
def test_lobby_lists_every_game_and_switches_the_rules_language(page, server):
    page.goto(server + "/")
    page.wait_for_selector("#start")
    titles = page.locator(".card h3").all_inner_texts()
    for ri in ludotheque.rulesets():
        if ri.name == ri.family:
            assert ri.title in titles
    page.wait_for_selector("#rules h2")
    assert "Harvest" in page.locator("#rules").inner_text()
    page.click("[data-lang=fr]")
    page.wait_for_function("document.querySelector('#rules')?.innerText.includes('Récolte')")
    page.reload()
    page.wait_for_function("document.querySelector('#rules')?.innerText.includes('Récolte')")  # remembered
    page.click("[data-lang=en]")
    page.click('.card[data-family="fanorona"]')
    page.wait_for_selector("input[data-ext=female]")
    assert page.locator("input[name=variant]").count() == 4
    # an option of an extension is editable only while the extension is ticked
    assert page.locator('[data-opt="female_first"]').is_disabled()
    page.check("input[data-ext=female]")
    assert page.locator('[data-opt="female_first"]').is_enabled()
    page.uncheck("input[data-ext=female]")
    assert page.locator('[data-opt="female_first"]').is_disabled()
    shot(page, "lobby")


# -- a whole game by clicks --------------------------------------------------------------------
def test_full_oware_game_against_the_random_player_by_clicks(page, server):
    page.goto(server + "/")
    page.wait_for_selector("#start")
    page.select_option("#level", "random")
    page.click("#start")
    page.wait_for_url("**/play/*")
    rng = random.Random(7)
    for _ in range(400):
        page.wait_for_function("document.querySelector('.banner') || document.querySelectorAll('.b-hit.active').length > 0")
        if page.locator(".banner").count():
            break
        n = move_count(page)
        hits = page.locator(".b-hit.active")
        hits.nth(rng.randrange(hits.count())).click()
        wait_moves(page, n + 1)
    banner = page.locator(".banner").inner_text()
    game_id = page.url.rsplit("/", 1)[1]
    snap = httpx.get(f"{server}/api/games/{game_id}").json()
    assert snap["result"] and snap["result"]["reason"] in banner
    assert move_count(page) == len(snap["moves"]) > 10
    assert page.locator(".player .score").count() == 2
    shot(page, "oware-vs-random")
    # the finished game replays with the arrow keys
    page.click("text=Replay")
    page.wait_for_selector(".replaybar")
    page.wait_for_function("document.querySelector('.message')?.textContent.startsWith('Move ')")   # the record has come
    page.keyboard.press("Home")
    page.wait_for_function("document.querySelector('.message')?.textContent.includes('Start position')")
    page.keyboard.press("ArrowRight")
    page.wait_for_function("document.querySelector('.message')?.textContent.startsWith('Move 1 of')")
    shot(page, "replay")


def test_a_double_click_against_the_computer_plays_one_move(page, server):
    g = api_game(server, "oware", mode="ai", level="random")
    page.goto(f"{server}/play/{g['id']}#t={g['token']}")
    page.wait_for_selector(".b-hit.active")
    page.locator(".b-hit.active").first.dblclick()
    wait_moves(page, 2)                                   # ours, then the computer's answer
    page.wait_for_selector(".b-hit.active")
    assert move_count(page) == 2
    assert len(httpx.get(f"{server}/api/games/{g['id']}").json()["moves"]) == 2
    assert not page.locator(".message.error").count()      # the second click was never sent


def test_an_unknown_game_stops_reconnecting_and_says_why(page, server):
    sockets = []
    page.on("websocket", lambda ws: sockets.append(ws))
    page.goto(f"{server}/play/no-such-game")
    page.wait_for_function("document.querySelector('.message')?.textContent.includes('check the link')")
    if not sockets[0].is_closed():          # the server's close may land just after the message
        sockets[0].wait_for_event("close")
    assert len(sockets) == 1                 # stopped: no reconnection scheduled


# -- two browsers, one game ----------------------------------------------------------------------
def name_dialog(page, name):
    page.fill("dialog.name-dialog input", name)
    page.click("dialog.name-dialog #name-ok")


def test_invite_link_game_between_two_browser_contexts(browser, server):
    a_ctx = browser.new_context(viewport={"width": 1100, "height": 800})
    b_ctx = browser.new_context(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    try:
        a, b = a_ctx.new_page(), b_ctx.new_page()
        a.goto(server + "/")
        a.click('.card[data-family="konane"]')
        a.check("input[name=mode][value=invite]")
        a.click("#start")
        name_dialog(a, "Ama")                                    # asked once, the first time
        a.wait_for_url("**/play/*")
        link = a.locator(".invite input").input_value()
        assert "#i=" in link
        a.goto(link)                                             # the host opens their own link
        a.wait_for_selector(".b-hit.active")
        assert "Hibiscus · you" in a.locator(".players").inner_text()
        b.goto(link)
        name_dialog(b, "Kofi")
        b.wait_for_selector(".board svg .dynamic")
        b.wait_for_function("document.querySelector('.players')?.innerText.includes('Jasmine · you')")
        a.wait_for_function("!document.querySelector('.invite')")       # the friend has joined
        c_ctx = browser.new_context()
        try:                                                     # a third browser only watches
            c = c_ctx.new_page()
            c.goto(link)
            c.wait_for_selector(".board svg .dynamic")
            c.wait_for_function("document.querySelector('.message')?.textContent.includes('used already')")
            assert "· you" not in c.locator(".players").inner_text()
            assert c.locator(".b-hit.active").count() == 0
        finally:
            c_ctx.close()
        # Kōnane opens with removals: Hibiscus (a) removes, Jasmine (b) removes, then jumps
        a.wait_for_selector(".b-hit.active")
        assert b.locator(".b-hit.active").count() == 0          # not Jasmine's turn
        a.locator(".b-hit.active").first.click()
        wait_moves(b, 1)
        b.wait_for_selector(".b-hit.active")
        b.locator(".b-hit.active").first.tap()
        wait_moves(a, 2)
        a.wait_for_selector(".b-hit.active")
        game_id = a.url.rsplit("/", 1)[1]
        jump = httpx.get(f"{server}/api/games/{game_id}").json()["legal"][0]
        assert len(jump["p"]) == 3                               # from, over, to
        click_point(a, jump["p"][0])
        a.wait_for_selector(".b-target")
        click_point(a, jump["p"][-1])                             # the jumped point may be skipped
        wait_moves(b, 3)
        assert shown_moves(b)[2] == jump["n"]
        shot(a, "invite-host")
        assert b.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")  # phone layout
        shot(b, "invite-guest-phone")
    finally:
        a_ctx.close()
        b_ctx.close()


# -- keyboard and text mode ------------------------------------------------------------------------
def test_keyboard_only_play_and_typed_moves(page, server):
    g = api_game(server, "oware", mode="ai", level="random")
    page.goto(f"{server}/play/{g['id']}#t={g['token']}")
    page.wait_for_selector(".b-hit.active")
    for _ in range(40):                                  # Tab until the board has the focus
        page.keyboard.press("Tab")
        if page.evaluate("document.activeElement && document.activeElement.tagName === 'svg'"):
            break
    else:
        pytest.fail("the board never took the keyboard focus")
    page.keyboard.press("ArrowRight")                    # the cursor appears on a movable pit
    page.keyboard.press("ArrowRight")
    page.wait_for_selector(".b-cursor")
    page.keyboard.press("Enter")
    wait_moves(page, 2)                                   # our move and the computer's answer
    first = shown_moves(page)[0]
    assert first in list("ABCDEF") and first != "A"
    page.wait_for_function("document.querySelector('#announce')?.textContent.includes('plays')")
    # text mode: a move typed in notation, and an illegal one explained
    page.wait_for_selector(".b-hit.active")
    legal = page.locator(".b-hit.active").evaluate_all("(els) => els.map(e => e.dataset.id)")
    page.fill("#typed", "a")                             # North's house: not South's move
    page.keyboard.press("Enter")
    page.wait_for_selector(".message.error")
    assert page.locator(".message").inner_text()
    page.fill("#typed", legal[0])
    page.keyboard.press("Enter")
    wait_moves(page, 4)
    shot(page, "keyboard-oware")


# -- a multi-action turn ---------------------------------------------------------------------
def find_chain(game, seed=1, tries=3000):
    """A short opening after which the side to move captures, may go on capturing, or stop."""
    rng = random.Random(seed)
    for _ in range(tries):
        s, line = game.initial_state(), []
        for _ in range(rng.randrange(0, 6)):
            if s.is_terminal:
                break
            a = rng.choice(s.legal_actions())
            line.append(s.move_to_string(a))
            s = s.apply(a)
        if s.is_terminal:
            continue
        for a in s.legal_actions():
            t = s.apply(a)
            if t.current_player != s.current_player:
                continue
            names = [t.move_to_string(b) for b in t.legal_actions()]
            if "stop" in names and len(names) > 1:
                cont = next(b for b in t.legal_actions() if t.move_to_string(b) != "stop")
                return line, a, cont, s
    raise AssertionError("no chain found")


def test_fanorona_chain_capture_with_the_stop_choice(page, server):
    game = ludotheque.load("fanorona")
    line, first, second, s = find_chain(game)
    g = api_game(server, "fanorona")
    for ply, text in enumerate(line):
        httpx.post(f"{server}/api/games/{g['id']}/move", json={"text": text, "ply": ply, "token": g["token"]},
                   timeout=60).raise_for_status()
    page.goto(f"{server}/play/{g['id']}#t={g['token']}")
    page.wait_for_selector(".b-hit.active")
    n = len(line)

    def play_by_clicks(state, action):
        notation = state.move_to_string(action)
        for pid in game.action_points(state, action):
            click_point(page, pid)
        if page.locator(".choices .choice").count() and move_count(page) == n:
            page.locator(f'.choices .choice[data-action="{action}"]').click()
        return notation

    played = [play_by_clicks(s, first)]
    wait_moves(page, n + 1)
    stop = page.locator(".choices .choice", has_text="stop")
    stop.wait_for()
    shot(page, "fanorona-chain")
    t = s.apply(first)
    n += 1
    played.append(play_by_clicks(t, second))
    wait_moves(page, n + 1)
    u = t.apply(second)
    if u.current_player == t.current_player and not u.is_terminal:
        page.locator(".choices .choice", has_text="stop").click()
        played.append("stop")
        wait_moves(page, n + 2)
    assert shown_moves(page)[len(line):] == played
    assert played[0] in page.locator(".moves li").last.inner_text()        # one turn, one line
    snap = httpx.get(f"{server}/api/games/{g['id']}").json()
    assert snap["to_move"] == 1 - s.current_player or snap["result"]
    shot(page, "fanorona-after-chain")


def test_puluc_throws_are_shown(page, server):
    g = api_game(server, "puluc")
    page.goto(f"{server}/play/{g['id']}#t={g['token']}")
    page.click(".throw-button")                      # the sticks are thrown before the move
    page.wait_for_selector(".b-hit.active")
    assert "throw" in page.locator(".moves").inner_text()
    assert "last throw" in page.locator(".statusbar").inner_text()
    move = httpx.get(f"{server}/api/games/{g['id']}").json()["legal"][0]
    for pid in move["p"]:
        click_point(page, pid)
    wait_moves(page, 3)
    assert shown_moves(page)[1] == move["n"] and shown_moves(page)[2].startswith("throw")
    shot(page, "puluc")


def test_hint_undo_and_resign_against_the_computer(page, server, monkeypatch):
    from ludotheque.web import sessions
    monkeypatch.setitem(sessions.LEVELS, sessions.HINT_LEVEL, "mcts:50p")   # a quick hint, same path
    g = api_game(server, "oware", mode="ai", level="random")
    page.goto(f"{server}/play/{g['id']}#t={g['token']}")
    page.wait_for_selector(".b-hit.active")
    page.click("text=Hint")
    page.wait_for_selector(".b-hint")
    hinted = page.locator(".choices .primary").inner_text()
    assert hinted.startswith("Play hint")
    page.click(".choices .primary")
    wait_moves(page, 2)
    assert shown_moves(page)[0] == hinted.split()[-1]
    page.wait_for_selector(".b-hit.active")
    page.click("text=Undo")
    page.wait_for_function("Number(document.querySelector('.moves')?.dataset.plies) === 0")
    page.on("dialog", lambda d: d.accept())
    page.click("text=Resign")
    page.wait_for_selector(".banner")
    assert "South resigned" in page.locator(".banner").inner_text()
    assert page.locator("text=Undo").is_disabled()
    shot(page, "resigned")


def test_my_games_lists_saved_games_and_imports_a_record(page, server):
    g = api_game(server, "oware")
    page.goto(f"{server}/play/{g['id']}#t={g['token']}")     # the browser now holds this seat
    page.wait_for_selector(".b-hit.active")
    page.click("text=My games")
    page.wait_for_selector("table.list")
    assert g["id"] in page.locator("table.list").inner_html()
    record = '[Ruleset "oware"]\n[South "Ama"]\n[North "Kofi"]\n\n1. C a 2. D b *\n'
    page.fill("#import-text", record)
    page.click("form button[type=submit]")
    page.wait_for_url("**/replay/*")
    page.wait_for_function("document.querySelector('.message')?.textContent.startsWith('Move 4 of 4')")
    page.keyboard.press("ArrowLeft")
    page.wait_for_function("document.querySelector('.message')?.textContent.startsWith('Move 3 of 4')")
    page.goto(server + "/games")
    page.wait_for_selector("table.list")
    assert "Ama – Kofi" in page.locator("table.list").inner_text()
    page.fill("#import-text", "[Ruleset \"oware\"]\n\n1. C C *")
    page.click("form button[type=submit]")
    page.wait_for_selector("form p.error:not(:empty)")
    assert "move 2" in page.locator("form p.error").inner_text()
    shot(page, "my-games")


# -- English and French ------------------------------------------------------------------------------
def test_switching_to_french_translates_the_labels_and_back(page, server):
    page.goto(server + "/")
    page.wait_for_selector("#start")
    assert page.locator("#start").inner_text() == "Start the game"
    assert page.evaluate("document.documentElement.lang") == "en"
    assert "easy" in page.locator("#level option").all_inner_texts()
    page.select_option("#level", "hard")
    page.check("input[name=mode][value=local]")
    page.click("[data-lang=fr]")
    page.wait_for_function("document.querySelector('#start')?.textContent === 'Commencer la partie'")
    assert page.evaluate("document.documentElement.lang") == "fr"
    levels = page.locator("#level option").all_inner_texts()
    assert {"facile", "moyen", "difficile", "expert"} <= set(levels), levels
    assert page.locator("#level").input_value() == "hard"                    # choices are kept
    assert page.locator("input[name=mode][value=local]").is_checked()
    assert page.locator("header nav").inner_text().split() == ["Jeux", "Mes", "parties", "Mon", "compte"]
    assert "Sud (commence)" in page.locator("#seat").inner_text()
    assert page.locator("h1").inner_text() == "Choisissez un jeu"
    page.wait_for_function("document.querySelector('#rules')?.innerText.includes('Récolte')")
    shot(page, "lobby-fr")
    # a game page in French: controls, status line, players
    page.click("#start")
    page.wait_for_url("**/play/*")
    page.wait_for_selector(".b-hit.active")
    assert page.locator("text=Retourner le plateau").count() == 1
    page.wait_for_function("document.querySelector('.statusbar')?.textContent.includes('Au trait\u00a0: Sud')")
    assert page.locator("#typed").get_attribute("placeholder") == "p. ex. un coup en notation"
    assert "Aucun coup" in page.locator(".moves").inner_text()
    page.locator(".b-hit.active").first.click()
    wait_moves(page, 1)
    page.wait_for_function("document.querySelector('.statusbar')?.textContent.includes('Au trait\u00a0: Nord')")
    shot(page, "game-fr")
    # and back to English, without reloading
    page.click("[data-lang=en]")
    page.wait_for_function("document.querySelector('.statusbar')?.textContent.includes('North to move')")
    assert page.locator("text=Flip board").count() == 1
    assert page.evaluate("document.documentElement.lang") == "en"
    assert page.locator("header nav").inner_text().split() == ["Games", "My", "games", "My", "account"]


def test_default_language_follows_the_browser_until_the_user_chooses(browser, server):
    ctx = browser.new_context(locale="fr-FR")
    try:
        pg = ctx.new_page()
        pg.goto(server + "/")
        pg.wait_for_selector("#start")
        assert pg.locator("#start").inner_text() == "Commencer la partie"
        assert pg.evaluate("document.documentElement.lang") == "fr"
        assert pg.evaluate("localStorage.getItem('ludo.lang')") is None        # not a choice yet
        assert pg.locator("[data-lang=fr]").get_attribute("aria-pressed") == "true"
        pg.wait_for_function("document.querySelector('#rules')?.innerText.includes('Récolte')")
        pg.click('.card[data-family="puluc"]')                  # the French names of the rules texts
        pg.wait_for_selector("input[name=variant]")
        assert "Puluc — fiche Ludens Planet" in pg.locator("#setup").inner_text()
        pg.click("[data-lang=en]")
        pg.reload()
        pg.wait_for_selector("#start")
        assert pg.locator("#start").inner_text() == "Start the game"        # the choice wins
    finally:
        ctx.close()


def test_the_page_speaks_with_the_servers_catalogues(page, server):
    """The page's words are the server's catalogues (ludotheque/i18n; their keys and
    placeholders are checked in test_languages.py), loaded before the first page is drawn."""
    from ludotheque.i18n import catalogue

    page.goto(server + "/")
    page.wait_for_selector("#start")
    cat = page.evaluate("import('/static/js/i18n.js').then((m) => m.CATALOGUES)")
    assert cat == {"en": catalogue("en"), "fr": catalogue("fr")}
