"""Two people at one table, in two and three browser contexts (Playwright, Debian's chromium)
against a live server whose clock the test moves: names asked once and shown to the opponent
and spectators, rename, an open table joined from the lobby, presence and watchers, takeback,
rematch (between friends and against the computer), abort, and a claim once the opponent has
been away long enough."""
import httpx
import pytest
from playwright.sync_api import expect

import _live
from _live import WAIT_MS, chromium

pytest.importorskip("playwright.sync_api")


class Clock:
    def __init__(self) -> None:
        self.t = 1_800_000_000.0

    def __call__(self) -> float:
        return self.t


@pytest.fixture(scope="module")
def clock():
    return Clock()


@pytest.fixture(scope="module")
def server(tmp_path_factory, clock):
    with _live.live_server(tmp_path_factory.mktemp("tables") / "games.sqlite", now=clock) as url:
        yield url


@pytest.fixture(scope="module")
def browser():
    with chromium() as b:
        yield b


@pytest.fixture
def people(browser):
    """new() opens a page in a browser context of its own (a person's browser)."""
    contexts, errors = [], []

    def new(width=1200):
        ctx = browser.new_context(viewport={"width": width, "height": 900}, reduced_motion="reduce")
        contexts.append(ctx)
        page = ctx.new_page()
        page.set_default_timeout(WAIT_MS)
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.on("dialog", lambda d: d.accept())          # "Resign this game?"
        return page

    yield new
    for ctx in contexts:
        ctx.close()
    assert not errors, errors


expect.set_options(timeout=WAIT_MS)


def answer_name(page, name):
    """The name dialog, the first time this browser needs a name."""
    dialog = page.locator("dialog.name-dialog")
    expect(dialog).to_be_visible()
    dialog.locator("input").fill(name)
    dialog.locator("#name-ok").click()
    expect(dialog).to_have_count(0)


def identity(server, page, name):
    """A player identity issued by the server and kept in this browser, as the page keeps it."""
    p = httpx.post(f"{server}/api/players", json={"name": name}).json()
    page.goto(server + "/games")
    page.evaluate("(p) => localStorage.setItem('ludo.me', JSON.stringify(p))", p)
    return p


def seat_in(server, page, game_id, token):
    page.goto(server + "/games")
    page.evaluate("([id, token]) => localStorage.setItem('ludo.games', JSON.stringify([{id, token}]))", [game_id, token])
    page.goto(f"{server}/play/{game_id}")
    page.wait_for_selector(".board svg .dynamic")


def friends(server, ama_page, kofi_page, ruleset="oware", **kw):
    """Ama and Kofi, each in their browser, at a game by invitation: its id."""
    ama, kofi = identity(server, ama_page, "Ama"), identity(server, kofi_page, "Kofi")
    g = httpx.post(f"{server}/api/games", json={"ruleset": ruleset, "mode": "invite", "key": ama["key"], **kw},
                   timeout=120).json()
    guest = httpx.post(f"{server}/api/games/{g['id']}/claim", json={"code": g["invite_code"], "key": kofi["key"]}).json()
    seat_in(server, ama_page, g["id"], g["token"])
    seat_in(server, kofi_page, g["id"], guest["token"])
    return g["id"]


def plies(page):
    return int(page.locator(".moves").get_attribute("data-plies") or 0)


def wait_plies(page, n):
    page.wait_for_function(f"Number(document.querySelector('.moves')?.dataset.plies || 0) === {n}")


def play_first(page):
    n = plies(page)
    page.locator(".b-hit.active").first.click()
    wait_plies(page, n + 1)


def panel(page):
    return page.locator(".table-panel")


# -- names, open tables, presence, watchers ---------------------------------------------------------
def test_an_open_table_is_joined_from_the_lobby_and_names_presence_and_watchers_are_shown(people, server):
    a, b, c = people(), people(), people(width=800)
    a.goto(server + "/")
    a.check("input[name=mode][value=open]")
    a.click("#start")
    answer_name(a, "Ama")                                     # asked once: the first time it is needed
    a.wait_for_url("**/play/*")
    game_id = a.url.rsplit("/", 1)[1]
    expect(panel(a)).to_contain_text("waiting for an opponent")
    b.goto(server + "/")
    row = b.locator(f".open-tables tr[data-id='{game_id}']")
    expect(row).to_contain_text("Ama (1500)")
    expect(row).to_contain_text("Rated game")
    row.locator("button.join").click()
    answer_name(b, "Kofi")
    b.wait_for_url(f"**/play/{game_id}")
    for page in (a, b):
        expect(page.locator(".players")).to_contain_text("Ama")
        expect(page.locator(".players")).to_contain_text("Kofi")
        expect(panel(page).locator("li[data-seat='1']")).to_contain_text("Kofi (1500) · online")
    expect(b.locator(".players")).to_contain_text("North · you")
    c.goto(server + "/")                                      # a spectator, from the live games
    c.locator(f".live-games tr[data-id='{game_id}'] a").click()
    c.wait_for_url(f"**/play/{game_id}")
    expect(c.locator(".players")).to_contain_text("Ama")
    expect(c.locator(".players")).to_contain_text("Kofi")
    assert "You" not in c.locator(".players").inner_text() and "you" not in c.locator(".players").inner_text()
    expect(panel(a)).to_contain_text("watching: 1")
    # a rename from the game page reaches the opponent and the spectator
    panel(b).locator("button.rename").click()
    answer_name(b, "Kwame")
    for page in (a, b, c):
        expect(page.locator(".players")).to_contain_text("Kwame")
    # the guest leaves: away on the other screens; back: online
    b.goto(server + "/")
    expect(panel(a).locator("li[data-seat='1']")).to_contain_text("away")
    expect(panel(a)).to_contain_text("Kwame is away")
    expect(panel(c).locator("li[data-seat='1']")).to_contain_text("away")
    b.go_back()
    expect(panel(a).locator("li[data-seat='1']")).to_contain_text("online")
    c.close()
    expect(panel(a)).not_to_contain_text("watching")
    # the lobby shows the player's name, and the table is no longer open
    b.goto(server + "/")
    expect(b.locator("#tables .me")).to_contain_text("You play as Kwame")
    expect(b.locator(f".open-tables tr[data-id='{game_id}']")).to_have_count(0)


def test_a_guest_opening_an_invitation_is_asked_a_name_and_a_refused_name_is_explained(people, server):
    a, b = people(), people()
    identity(server, a, "Ama")
    a.goto(server + "/")
    a.check("input[name=mode][value=invite]")
    a.click("#start")                                         # Ama has a name: no dialog
    a.wait_for_url("**/play/*")
    link = a.locator(".invite input").input_value()
    b.goto(link)
    dialog = b.locator("dialog.name-dialog")
    dialog.locator("input").fill("ama")                       # the host's name
    dialog.locator("#name-ok").click()
    expect(dialog.locator(".error")).to_have_text("that name is taken")
    dialog.locator("input").fill("computer")
    dialog.locator("#name-ok").click()
    expect(dialog.locator(".error")).to_have_text("that name is taken")
    dialog.locator("input").fill("Kofi")
    dialog.locator("#name-ok").click()
    expect(b.locator(".players")).to_contain_text("North · you")
    expect(a.locator(".players")).to_contain_text("Kofi")
    expect(a.locator(".invite")).to_have_count(0)


# -- takeback and rematch -----------------------------------------------------------------------
def test_takeback_then_rematch_between_friends(people, server):
    a, b = people(), people()
    game_id = friends(server, a, b)
    play_first(a)
    wait_plies(b, 1)
    panel(a).get_by_role("button", name="Ask to take back").click()
    expect(panel(a)).to_contain_text("Takeback asked")
    expect(panel(b)).to_contain_text("Ama asks to take back their last move.")
    panel(b).get_by_role("button", name="Accept takeback").click()
    wait_plies(a, 0)
    wait_plies(b, 0)
    play_first(a)
    panel(a).get_by_role("button", name="Ask to take back").click()
    panel(b).get_by_role("button", name="Decline").click()
    expect(a.locator(".message")).to_have_text("takeback declined")
    assert plies(a) == 1
    a.get_by_role("button", name="Resign").click()
    expect(b.locator(".banner")).to_contain_text("North wins")
    panel(a).get_by_role("button", name="Rematch").click()
    expect(panel(a)).to_contain_text("Rematch offered")
    expect(panel(b)).to_contain_text("Ama offers a rematch.")
    panel(b).get_by_role("button", name="Accept rematch").click()
    for page in (a, b):                                       # both screens move to the new game
        page.wait_for_function("(old) => location.pathname.startsWith('/play/') && !location.pathname.endsWith(old)",
                               arg=game_id)
    assert a.url == b.url
    expect(b.locator(".players")).to_contain_text("South · you")     # sides swapped
    expect(a.locator(".players")).to_contain_text("North · you")
    expect(b.locator(".b-hit.active").first).to_be_visible()          # Kofi opens the rematch
    assert a.locator(".b-hit.active").count() == 0


def test_a_rematch_against_the_computer_starts_at_once_in_the_other_seat(people, server):
    a = people()
    g = httpx.post(f"{server}/api/games", json={"ruleset": "oware", "mode": "ai", "level": "random"}, timeout=120).json()
    seat_in(server, a, g["id"], g["token"])
    a.get_by_role("button", name="Resign").click()
    panel(a).get_by_role("button", name="Rematch").click()
    a.wait_for_function("(old) => !location.pathname.endsWith(old)", arg=g["id"])
    expect(a.locator(".players")).to_contain_text("North · you")
    wait_plies(a, 1)                                          # the computer opened
    expect(a.locator(".b-hit.active").first).to_be_visible()


# -- abort and claim ----------------------------------------------------------------------------
def test_abort_before_the_second_move(people, server):
    a, b = people(), people()
    friends(server, a, b)
    play_first(a)
    panel(b).get_by_role("button", name="Abort").click()
    for page in (a, b):
        expect(page.locator(".banner")).to_contain_text("Game aborted")
        expect(page.locator(".banner")).to_contain_text("North aborted the game: no result")
    expect(panel(a).get_by_role("button", name="Abort")).to_have_count(0)


def test_the_win_is_claimed_after_the_opponent_has_been_away_long_enough(people, server, clock):
    a, b = people(), people()
    friends(server, a, b)
    expect(panel(a).locator("li[data-seat='1']")).to_contain_text("online")
    expect(panel(a).get_by_role("button", name="Claim the win")).to_have_count(0)
    b.close()                                                 # Kofi leaves
    expect(panel(a).locator("li[data-seat='1']")).to_contain_text("away")
    panel(a).get_by_role("button", name="Claim the win").click()
    expect(a.locator(".message")).to_contain_text("you can claim in 60 s")
    assert not a.locator(".banner").count()
    clock.t += 60                                             # the server's clock, not a sleep
    panel(a).get_by_role("button", name="Claim the win").click()
    expect(a.locator(".banner")).to_contain_text("South wins")
    expect(a.locator(".banner")).to_contain_text("South claimed the win: the opponent left")
    expect(panel(a).get_by_role("button", name="Rematch")).to_be_visible()


def test_my_account_shows_a_recovery_link_that_moves_the_identity_to_another_device(people, server):
    a, b = people(), people()
    ama = identity(server, a, "Ama")
    a.goto(server + "/me")
    link = a.locator("input.recovery").input_value()
    assert link.endswith("/me#k=" + ama["key"])
    b.goto(link)
    expect(b.locator(".account .me")).to_contain_text("You play as Ama")
    assert "#k=" not in b.url                                  # the key leaves the address bar
    assert b.evaluate("JSON.parse(localStorage.getItem('ludo.me')).id") == ama["id"]
    b.locator(".account button.rename").click()
    answer_name(b, "Ama K.")
    a.reload()
    expect(a.locator(".account .me")).to_contain_text("You play as Ama K.")


def test_the_table_views_have_no_serious_accessibility_violation(people, server):
    from test_accessibility import audit

    a, b = people(), people()
    found = {}
    b.goto(server + "/")
    b.check("input[name=mode][value=open]")
    b.click("#start")
    expect(b.locator("dialog.name-dialog")).to_be_visible()
    found["name dialog"] = audit(b)
    answer_name(b, "Kofi")
    b.wait_for_url("**/play/*")
    friends(server, a, b)
    play_first(a)
    panel(a).get_by_role("button", name="Ask to take back").click()
    expect(panel(b).locator(".banner")).to_be_visible()
    found["game, a takeback asked"] = audit(b)
    b.goto(server + "/")
    expect(panel(a)).to_contain_text("is away")
    found["game, the opponent away"] = audit(a)
    expect(b.locator(".open-tables")).to_be_visible()        # Kofi's own table, still open
    found["lobby tables"] = audit(b)
    b.goto(server + "/me")
    expect(b.locator("input.recovery")).to_be_visible()
    found["my account"] = audit(b)
    bad = {k: v for k, v in found.items() if v}
    assert not bad, "\n".join(f"{k}: {x}" for k, v in bad.items() for x in v)
