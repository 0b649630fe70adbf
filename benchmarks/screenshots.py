"""The README's pictures (docs/img/): games the computer's levels played against each other,
opened in the browser app at a chosen move, on a desktop window and on a phone.

    python benchmarks/screenshots.py [--out docs/img]        (or: make screenshots)

It starts a live server with a fresh database and drives Debian's chromium through the browser
tests' helpers (tests/web/_live.py: the same "open this game at that position and take a
picture" as tests/web/test_screenshots.py), then keeps each PNG small with a 256-colour palette
(Pillow). The games are seeded: a run draws the same positions (the page itself may have
changed since the last run: that is what the pictures are for).
"""
from __future__ import annotations

import argparse
import random
import sys
import tempfile
from dataclasses import dataclass
from pathlib import Path
from typing import Callable

from PIL import Image

from ludotheque.ai.agents import make_agent
from ludotheque.core import registry

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests" / "web"))
import _live  # noqa: E402  (the browser tests' helpers)


def throw_the_sticks(page: object) -> None:
    """Puluc's player throws (the page shows the server's throw) and may move."""
    page.click(".throw-button")
    page.wait_for_selector(".b-hit.active")


@dataclass(frozen=True)
class Shot:
    file: str
    ruleset: str
    screen: str                 # a key of _live.SCREENS
    lang: str
    players: tuple[str, str]    # the names on the players' cards
    plies: int                  # at least this many actions played...
    mid_turn: bool = False      # ...and then stop inside a turn (a capture chain)
    then: Callable[[object], None] | None = None     # clicks on the page before the picture


SHOTS = [
    Shot("oware.png", "oware", "desktop", "en", ("Kofi", "Ama"), 26),
    Shot("fanorona.png", "fanorona", "desktop", "en", ("Hery", "Vola"), 14, mid_turn=True),
    Shot("puluc.png", "puluc", "desktop", "en", ("Itzel", "Balam"), 30, then=throw_the_sticks),
    Shot("komikan-phone.png", "komikan", "phone", "fr", ("Ayelen", "Lautaro"), 20),
]
LOBBY = "lobby.png"     # the lobby with Oware chosen, desktop, English


def played(shot: Shot, seed: int = 1) -> list[int]:
    """The actions of a game between the `hard` (first player) and `medium` levels up to the
    shot's position; throws (Puluc's sticks) drawn by their probabilities."""
    state = registry.load(shot.ruleset).initial_state()
    agents = [make_agent("hard", seed), make_agent("medium", seed)]
    rng = random.Random(seed)
    actions: list[int] = []
    mover = None    # who chose the last action (None after a throw)
    while not state.is_terminal:
        to_move = state.current_player
        if len(actions) >= shot.plies and to_move in (0, 1) and (not shot.mid_turn or to_move == mover):
            return actions
        if state.is_chance_node:
            outcomes, probs = zip(*state.chance_outcomes())
            action, mover = rng.choices(outcomes, probs)[0], None
        else:
            action, mover = agents[to_move].choose(state), to_move
        actions.append(action)
        state = state.apply(action)
    raise SystemExit(f"the game of {shot.ruleset} ended before the position the picture asks for")


def small_png(path: Path) -> None:
    """The PNG rewritten with a palette of 256 colours: a page of flat colours loses nothing
    one can see and the file shrinks three to five times."""
    with Image.open(path) as img:
        img = img.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)
        img.save(path, optimize=True)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=ROOT / "docs" / "img")
    args = ap.parse_args()
    args.out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp, _live.live_server(Path(tmp) / "games.sqlite") as server, \
            _live.chromium() as browser:
        for shot in SHOTS:
            actions = played(shot)
            game = _live.import_game(server, shot.ruleset, actions, shot.players)
            ctx = _live.screen_context(browser, shot.screen)
            _live.picture(ctx.new_page(), server, game, shot.ruleset, len(actions), shot.lang, args.out / shot.file,
                          shot.then)
            ctx.close()
        ctx = _live.screen_context(browser, "desktop")
        page = ctx.new_page()
        _live.open_lobby(page, server, "oware", "en")
        page.evaluate("window.scrollTo(0, 0)")    # choosing a game scrolled down to its setup
        page.screenshot(path=str(args.out / LOBBY))
        ctx.close()
    for name in [s.file for s in SHOTS] + [LOBBY]:
        small_png(args.out / name)
        print(f"{args.out / name}  {(args.out / name).stat().st_size // 1024} KB")


if __name__ == "__main__":
    main()
