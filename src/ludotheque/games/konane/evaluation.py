"""A heuristic value of a Kōnane position for search (``Konane.evaluate``), every size and
extension.

Kōnane is lost by the player who cannot capture (KO-D1), so the value is about mobility,
counted in moves for each side on the board as it stands:

- jumps: every first jump (piece, direction) the side could make, the test of
  ``kernels.first_jumps`` (weight 1);
- jumpers: the side's pieces with at least one jump (weight 0.5 each): two jumps of one
  piece are worth less than jumps of two pieces, since playing one usually spends the other;
- knots (+knots): a knot in hand is a turn nothing can take away, the one that saves a player
  without a capture (KN-B2): 2 when available, 1 while its three captures are still to come;
- pieces (+hummingbird): within 4 pieces of the loss of KH-D1 (``hummingbird_loss_at``),
  each piece nearer it costs 1.5;
- the Hummingbird's bonus moves and steps (KH-C2, C4) are not counted: they capture little
  and a step never saves a player without a capture (KH-C5);
- tempo: the side to move gets half a move (it plays first and may take away one of the
  other side's jumps).

The score is the side to move's count minus the other's plus the tempo, negated when
``player`` is not to move: so ``evaluate(s, spec, 0) == -evaluate(s, spec, 1)``. Weighing
the two sides alike is deliberate: in 8x8 matches at fixed depth, counting the opponent's
jumps 1.5 or 2 times (the textbook "mine - k * theirs") or one's own 1.5 or 2 times lost
60-80% of 40 games to the even count, and the jumpers term won 53-60% against jumps alone.
The value is ``score / (|score| + 6)``: six moves ahead is worth 0.5. A finished game (only
reached when the search is given one) is worth +-0.999, a draw 0; wins proper are the
search's terminal values.

The jumps and jumpers are counted on the state's bit sets (``kernels.landings``): a few
operations and population counts for four rows and a side.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ...core.bits import popcount
from .kernels import (
    CAPT, END, HAND, ONGOING, PIECES, S_HB, S_KNOTS, S_LOSS_AT, S_ROWS, S_WORDS, TO_MOVE, WINNER,
    ahead, behind, word,
)

JUMPER = 0.5        # per piece that can jump
KNOT_READY = 2.0    # knot in hand and available (KN-B1)
KNOT_LATER = 1.0    # knot in hand, fewer than three own pieces captured yet
DANGER = 4          # +hummingbird: pieces within this margin of the loss count
PIECE = 1.5         # ... each
TEMPO = 0.5
SCALE = 6.0


@njit(cache=True, _nrt=False)
def _counts(s: np.ndarray, spec: np.ndarray, p: int) -> tuple[int, int]:
    """The first jumps of p and p's pieces that can jump: four rows at a time, the pieces
    with an enemy next to them and an empty cell beyond, in each direction."""
    words, r = spec[S_WORDS], spec[S_ROWS]
    own, enemy, empty = r + 2 * words * p, r + 2 * words * (1 - p), r + 4 * words
    jumps = jumpers = 0
    for i in range(words):
        m, o, e = word(s, own, i, words), word(s, enemy, i, words), word(s, empty, i, words)
        east = m & (o >> 1) & (e >> 2)
        west = m & (o << 1) & (e << 2)
        north = m & ahead(s, enemy, i, words, 1) & ahead(s, empty, i, words, 2)
        south = m & behind(s, enemy, i, words, 1) & behind(s, empty, i, words, 2)
        jumps += popcount(east) + popcount(west) + popcount(north) + popcount(south)
        jumpers += popcount(east | west | north | south)
    return jumps, jumpers


@njit(cache=True, _nrt=False)
def _side(s: np.ndarray, spec: np.ndarray, p: int, jumps: int, jumpers: int) -> float:
    """Everything counted for side p, in moves."""
    v = jumps + JUMPER * jumpers
    if spec[S_KNOTS] and s[HAND + p]:
        v += KNOT_READY if s[CAPT + p] >= 3 else KNOT_LATER
    if spec[S_HB]:
        margin = s[PIECES + p] - spec[S_LOSS_AT]
        if margin < DANGER:
            v -= PIECE * (DANGER - margin)
    return v


@njit(cache=True, _nrt=False)
def evaluate(s: np.ndarray, spec: np.ndarray, player: int) -> float:
    me = player
    if s[END] != ONGOING:
        w = s[WINNER]
        return 0.0 if w < 0 else (0.999 if w == me else -0.999)
    t = s[TO_MOVE]                                 # the side to move's point of view
    jumps, jumpers = _counts(s, spec, t)
    their_jumps, their_jumpers = _counts(s, spec, 1 - t)
    score = _side(s, spec, t, jumps, jumpers) - _side(s, spec, 1 - t, their_jumps, their_jumpers) + TEMPO
    if t != me:
        score = -score
    return score / (abs(score) + SCALE)
