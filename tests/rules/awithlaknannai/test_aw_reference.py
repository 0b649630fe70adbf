"""The engine's legal actions against a plain reading of the rules along random games: steps
(AW-B3), jumps along a line (AW-C1, AW-C2), compulsory capture (AW-C3), chains by the same
snake and `stop` (AW-C5, AW-C7), and in `classic` only the jumps of a maximal sequence
(AC-C3, AC-C4). The reference below works on the cells and the board's lines, one snake and one
direction at a time; the engine works on whole bit sets, so the two share nothing but the board."""
import random

import pytest

from ludotheque.core import load
from ludotheque.games.awithlaknannai import kernels as K

GAMES = 60


def snakes(cells, p):
    return [c for c, v in enumerate(cells) if v and (v - 1) % 2 == p]


def jumps_from(game, cells, c, p):
    """(direction, captured point, landing point) of every jump of p's snake on c."""
    out = []
    for d in range(8):
        a, r = game.board.step[c, d], game.board.jump[c, d]
        if r >= 0 and cells[a] and (cells[a] - 1) % 2 != p and not cells[r]:
            out.append((d, a, r))
    return out


def longest(game, cells, c, p):
    """The most snakes the snake on c can capture in one chain (captured snakes leave at once)."""
    best = 0
    for _d, a, r in jumps_from(game, cells, c, p):
        after = list(cells)
        after[r], after[c], after[a] = after[c], 0, 0
        best = max(best, 1 + longest(game, after, r, p))
    return best


def reference_legal(game, state):
    cells = [int(v) for v in state.data[:game.npts]]
    p = state.current_player
    chain = int(state.data[K.PHASE]) == K.CHAIN
    movers = [int(state.data[K.ACTOR])] if chain else snakes(cells, p)
    jumps = {}
    for c in movers:
        for d, a, r in jumps_from(game, cells, c, p):
            after = list(cells)
            after[r], after[c], after[a] = after[c], 0, 0
            jumps[K.A_JUMP + 8 * c + d] = 1 + longest(game, after, r, p)
    if game.classic and jumps:                                  # AC-C3, AC-C4
        most = max(jumps.values())
        return {a for a, k in jumps.items() if k == most}
    if chain:                                                   # AW-C5, AW-C7
        return set(jumps) | {K.A_STOP}
    if jumps:                                                   # AW-C3
        return set(jumps)
    return {K.A_STEP + 8 * c + d for c in movers for d in range(8)   # AW-B3
            if game.board.step[c, d] >= 0 and not cells[game.board.step[c, d]]}


@pytest.mark.parametrize("rid", ["awithlaknannai", "awithlaknannai/lemery",
                                 "awithlaknannai/serpents", "awithlaknannai/classic"])
def test_legal_actions_agree_with_a_plain_reading_of_the_rules(rid):
    game = load(rid)
    rng = random.Random(rid)
    positions = 0
    for _ in range(GAMES):
        state = game.initial_state()
        while not state.is_terminal:
            legal = state.legal_actions()
            assert set(legal) == reference_legal(game, state), game.diagram(state)
            positions += 1
            state = state.apply(rng.choice(legal))
    assert positions > 20 * GAMES
