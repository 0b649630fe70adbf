"""A live server and a browser for the page tests of every ruleset (languages, accessibility,
screenshots): a uvicorn server on a free localhost port, Debian's chromium through Playwright,
and games at the start, in the middle of a turn and at the end, imported as records."""
from __future__ import annotations

import contextlib
import json
import random
import socket
import threading
import time
from pathlib import Path
from typing import Callable, Iterator

import httpx

from ludotheque import rulesets
from ludotheque.core import registry
from ludotheque.records import GameRecord
from ludotheque.web import create_app

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts"
WAIT_MS = 300_000   # waits are for events; this bounds a hung server only


@contextlib.contextmanager
def live_server(db: Path, now: Callable[[], float] = time.time) -> Iterator[str]:
    """``now``: the server's clock (a test moves its own instead of sleeping)."""
    import uvicorn

    app = create_app(db, now=now)
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    srv = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="warning"))
    thread = threading.Thread(target=srv.run, daemon=True)
    thread.start()
    deadline = time.time() + 60
    while not srv.started:
        assert time.time() < deadline, "server did not start"
        time.sleep(0.05)
    try:
        yield f"http://127.0.0.1:{port}"
    finally:
        srv.should_exit = True
        thread.join(10)


@contextlib.contextmanager
def chromium() -> Iterator[object]:
    from playwright.sync_api import sync_playwright

    if not Path(CHROMIUM).exists():
        raise AssertionError(f"{CHROMIUM} is missing (apt-get install chromium)")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=ARGS)
        try:
            yield browser
        finally:
            browser.close()


def positions(ruleset: str) -> dict[str, list[int]]:
    """The actions to three positions of a random game: ``start`` (none), ``mid`` (in the middle
    of a turn of several actions, a capture chain or a removal, where the rules have one; else
    mid-game with a player to move) and ``end`` (a finished game). Seeded: the same every run."""
    game = registry.load(ruleset)
    for seed in range(40):
        rng = random.Random(seed)
        s, actions, mid = game.initial_state(), [], None
        while not s.is_terminal and len(actions) < 4000:
            if s.is_chance_node:
                outcomes, probs = zip(*s.chance_outcomes())
                a = rng.choices(outcomes, probs)[0]
            else:
                a = rng.choice(s.legal_actions())
            after = s.apply(a)
            if mid is None and not s.is_chance_node and after.current_player == s.current_player:
                mid = len(actions) + 1
            actions.append(a)
            s = after
        if s.is_terminal:
            break
    assert s.is_terminal, f"no random game of {ruleset} ended"
    if mid is None:     # no turn of several actions: a position half-way, a player to move
        mid = len(actions) // 2
        st = game.initial_state()
        for a in actions[:mid]:
            st = st.apply(a)
        while st.current_player not in (0, 1):
            st = st.apply(actions[mid])
            mid += 1
    return {"start": [], "mid": actions[:mid], "end": actions}


def import_game(server: str, ruleset: str, actions: list[int]) -> dict[str, str]:
    """A game of two players on this screen at the position after ``actions``: its id and
    the seat token (both seats)."""
    rec = GameRecord(ruleset, actions, ["Ada", "Ben"])
    r = httpx.post(f"{server}/api/import", json={"text": rec.to_json()}, timeout=300)
    r.raise_for_status()
    return r.json()


def open_game(page: object, server: str, game: dict[str, str], ruleset: str, plies: int, lang: str) -> None:
    """Shows the game page in ``lang``, holding both seats, once the position is drawn."""
    entry = {"id": game["id"], "token": game["token"], "ruleset": ruleset, "created": 0}
    page.goto(server + "/games")     # same origin: seed the browser's storage first
    page.evaluate("([e, l]) => { localStorage.setItem('ludo.games', JSON.stringify([e])); "
                  "localStorage.setItem('ludo.lang', l); }", [entry, lang])
    page.goto(f"{server}/play/{game['id']}")
    page.wait_for_function(
        "(n) => { const m = document.querySelector('.moves'); const s = document.querySelector('.statusbar');"
        " return m && Number(m.dataset.plies || 0) === n && s && s.textContent.trim().length > 0; }", arg=plies)


def open_lobby(page: object, server: str, ruleset: str, lang: str) -> None:
    """The lobby in ``lang`` with ``ruleset`` chosen (its card, setup and rules text)."""
    page.goto(server + "/")
    page.evaluate("(l) => localStorage.setItem('ludo.lang', l)", lang)
    page.goto(server + "/")
    family = ruleset.split("/")[0]
    page.click(f'.card[data-family="{family}"]')
    variant = page.locator(f'input[name=variant][value="{ruleset}"]')
    if variant.count():
        variant.check()
    page.wait_for_function("(id) => document.querySelector('#rules h1, #rules h2') !== null", arg=ruleset)


def all_rulesets() -> list[str]:
    return [ri.name for ri in rulesets()]


def catalogue_json(server: str, lang: str) -> dict[str, str]:
    return json.loads(httpx.get(f"{server}/api/messages", params={"lang": lang}, timeout=60).text)["messages"]
