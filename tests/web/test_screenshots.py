"""A screenshot of every ruleset's game page, mid-game (in a turn of several actions where the
rules have one), on a desktop (1280x800) and on a phone (390x844), in English and in French,
kept as test artifacts in test-artifacts/rulesets/ (gitignored) for a person to look through:
each is a real PNG of the viewport's size, with the board drawn in it."""
from __future__ import annotations

import struct

import _live

FOLDER = _live.ARTIFACTS / "rulesets"


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
    return struct.unpack(">II", data[16:24])


def test_every_ruleset_has_a_desktop_and_a_phone_screenshot(server):
    FOLDER.mkdir(parents=True, exist_ok=True)
    games = {}
    for ruleset in _live.all_rulesets():
        actions = _live.positions(ruleset)["mid"]
        games[ruleset] = (_live.import_game(server, ruleset, actions), len(actions))
    taken = []
    with _live.chromium() as browser:
        for screen, viewport in _live.SCREENS.items():
            ctx = _live.screen_context(browser, screen)
            page = ctx.new_page()
            for ruleset, (game, plies) in games.items():
                for lang in ("en", "fr"):
                    path = FOLDER / f"{ruleset.replace('/', '_')}-{screen}-{lang}.png"
                    _live.picture(page, server, game, ruleset, plies, lang, path)
                    taken.append((path, viewport))
            ctx.close()
    assert len(taken) == 4 * len(_live.all_rulesets())
    for path, viewport in taken:
        data = path.read_bytes()
        assert png_size(data) == (viewport["width"], viewport["height"]), path.name
        assert len(data) > 5_000, path.name      # a page with a board, not a blank image
