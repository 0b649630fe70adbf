"""Clocks on the game page (clock.js), against a live server whose clock the test moves: the
clocks, "your turn" in the tab title, the optional sound, the flag."""
from pathlib import Path

import httpx
import pytest

from _live import WAIT_MS, chromium, live_server

pytest.importorskip("playwright.sync_api")

START = 1_700_000_000.0
TITLE = "Oware Abapa — Ludothèque"

# a stand-in for WebAudio that counts the tones the page plays
COUNT_TONES = """
window.__tones = 0;
window.AudioContext = class {
  constructor() { this.currentTime = 0; this.destination = {}; }
  createOscillator() { return { frequency: {}, connect: (g) => g, start: () => { window.__tones += 1; }, stop() {} }; }
  createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} }, connect: (d) => d }; }
};
"""


AXE = Path(__file__).with_name("vendor") / "axe.min.js"


def serious_violations(page):
    """axe-core's serious and critical findings on the page as it is (see test_accessibility)."""
    page.add_script_tag(path=str(AXE))
    result = page.evaluate("axe.run(document, {resultTypes: ['violations']})")
    return [f"{v['id']}: {v['help']}" for v in result["violations"] if v["impact"] in ("serious", "critical")]


class FakeClock:
    def __init__(self) -> None:
        self.t = START

    def __call__(self) -> float:
        return self.t


@pytest.fixture(scope="module")
def clock():
    return FakeClock()


@pytest.fixture(scope="module")
def server(tmp_path_factory, clock):
    with live_server(tmp_path_factory.mktemp("clocks") / "games.sqlite", now=clock) as url:
        yield url


@pytest.fixture
def page():
    with chromium() as browser:
        ctx = browser.new_context(viewport={"width": 1280, "height": 860}, reduced_motion="reduce")
        ctx.add_init_script(COUNT_TONES)
        pg = ctx.new_page()
        errors = []
        pg.on("pageerror", lambda e: errors.append(str(e)))
        pg.set_default_timeout(WAIT_MS)
        yield pg
        ctx.close()
        assert not errors, errors


def face(page, seat):
    return page.locator(f'.clock[data-seat="{seat}"] .time')


def guest_plays(server, game_id, token):
    st = httpx.get(f"{server}/api/games/{game_id}", params={"token": token}, timeout=60).json()
    r = httpx.post(f"{server}/api/games/{game_id}/move", timeout=60,
                   json={"token": token, "ply": st["ply"], "action": st["legal"][0]["a"]})
    r.raise_for_status()
    return r.json()


def host_plays(page, server, game_id):
    st = httpx.get(f"{server}/api/games/{game_id}", timeout=60).json()
    plies = st["ply"]
    pit = st["legal"][0]["p"][0]
    # the page takes clicks once the pit is lit as playable (a moment after the turn comes)
    page.wait_for_selector(f'.board .b-hit.active[data-id="{pit}"]')
    page.locator(f'.board [data-id="{pit}"]').click()
    page.wait_for_function(f"Number(document.querySelector('.moves')?.dataset.plies) > {plies}")


def test_the_page_shows_the_clocks_your_turn_in_the_title_a_sound_and_the_flag(page, server, clock):
    # the host starts a 5+3 game by invitation in the lobby; a friend comes
    page.goto(server + "/")
    page.select_option("#clock", "5+3")
    page.check("input[name=mode][value=invite]")
    page.click("#start")
    page.fill("dialog.name-dialog input", "Ama")          # a game with a friend asks a name once
    page.click("dialog.name-dialog #name-ok")
    page.wait_for_url("**/play/*")
    game_id = page.url.rsplit("/", 1)[1]
    code = page.locator(".invite input").input_value().split("#i=")[1]
    ben = httpx.post(f"{server}/api/players", json={"name": "Ben"}, timeout=60).json()   # a rated game: a named player
    r = httpx.post(f"{server}/api/games/{game_id}/claim", json={"code": code, "name": "Ben", "key": ben["key"]}, timeout=60)
    guest = r.json()["token"]
    page.wait_for_function("!document.querySelector('.invite')")
    # South's clock runs on the page between the server's messages; North's waits
    page.wait_for_function("(t) => document.title === t", arg=f"(your turn) {TITLE}")
    assert face(page, 1).inner_text() == "5:00"
    page.wait_for_function("document.querySelector('.clock[data-seat=\"0\"] .time')?.textContent !== '5:00'")
    assert page.locator('.clock[data-seat="0"]').get_attribute("class") == "clock running"
    assert serious_violations(page) == []
    # each message sets the clocks to the server's figures: South played after 12 s (+3)
    clock.t += 12
    host_plays(page, server, game_id)
    page.wait_for_function("(t) => document.title === t", arg=TITLE)
    assert face(page, 0).inner_text() == "4:51"
    assert page.locator('.clock[data-seat="1"]').get_attribute("class") == "clock running"
    clock.t += 20
    guest_plays(server, game_id, guest)
    page.wait_for_function("(t) => document.title === t", arg=f"(your turn) {TITLE}")
    assert face(page, 1).inner_text() == "4:43"
    assert page.evaluate("window.__tones") == 0             # the sound is off by default
    # the sound, once chosen, is kept in this browser and plays when the turn comes
    assert not page.locator("#turn-sound").is_checked()
    page.locator("#turn-sound").check()
    assert page.evaluate("localStorage.getItem('ludo.sound')") == "1"
    tones = page.evaluate("window.__tones")
    host_plays(page, server, game_id)
    guest_plays(server, game_id, guest)
    page.wait_for_function("(n) => window.__tones === n + 1", arg=tones)
    # "my games" marks the game where it is this browser's turn, and lists it first
    other = httpx.post(f"{server}/api/games", json={"ruleset": "oware", "mode": "local"}, timeout=60).json()
    page.evaluate("(g) => { const l = JSON.parse(localStorage.getItem('ludo.games')); l.unshift(g); "
                  "localStorage.setItem('ludo.games', JSON.stringify(l)); }", {"id": other["id"], "token": other["token"]})
    page.goto(server + "/games")
    page.wait_for_selector("tr.your-turn")
    assert page.locator("tbody tr").count() == 2
    assert page.locator("tbody tr").first.get_attribute("class") == "your-turn"
    assert "Your turn" in page.locator("tbody tr").first.inner_text()
    page.goto(f"{server}/play/{game_id}")
    page.wait_for_function("(t) => document.title === t", arg=f"(your turn) {TITLE}")
    assert page.locator("#turn-sound").is_checked()             # kept in this browser
    # South's flag falls: the game ends on the page, with no move from South
    clock.t += 1000
    r = httpx.post(f"{server}/api/games/{game_id}/move", json={"token": guest, "ply": 4, "action": 0}, timeout=60)
    assert r.status_code == 400
    page.wait_for_function("document.querySelector('.banner') && document.querySelector('.banner')?.textContent.includes('South ran out of time')")
    page.wait_for_function("(t) => document.title === t", arg=TITLE)
    assert face(page, 0).inner_text() == "0:00.0"
