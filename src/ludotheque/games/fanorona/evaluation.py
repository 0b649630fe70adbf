"""A heuristic value of a Fanorona position for search (``Fanorona.evaluate``).

One function serves every ruleset of the family (Tsivy, Dimy, Telo, Vela, ``+female``,
``+tamarins``). Counted in lemurs for green, then divided by the lemurs on the board:

- material: each side's lemurs on the board (the Female included), weight 1; with
  ``+tamarins`` each lemur of the pool that a tamarin in hand can bring back (FM-B2) counts
  half (``W_POOL``: it is not on the board yet and needs a free point). The score is divided
  by the lemurs of both sides, as the old material-only value ``(a - b) / (a + b)`` was: a lead
  weighs more as the board empties, so even trades favour the side ahead and a lead gets
  converted;
- mobility, as capture options (``W_CAPS = 0.1`` per capturing step, for each side): the steps
  of a lemur onto an empty point that are an approach or a withdrawal (FA-C1, FA-C2; a step
  that is both counts twice: it has two lines to choose from), counted with the kernels'
  ``step_kinds``, for both sides whoever is to move. A side with many capture options keeps the
  initiative: the capture is compulsory for both (FA-C7), so options are both threats
  and freedom to choose which capture to make; a side with none must make a paika.
- Vela phase 1 (FV-A2): orange's material is counted as it will be when phase 2 starts,
  ``orange's lemurs - (17 - green_captures)`` (5 in a game from the start). Every green turn
  of phase 1 takes exactly one lemur (FV-B1, B2) and orange takes none (FV-B4), so the current
  count only says how far phase 1 has gone: counting it, green's "lead" grew by one a turn
  whatever either side did. Counted at the phase-2 start, material stays constant through
  phase 1 and joins the phase-2 value without a jump, and what decides the leaves is the
  capture options: orange's options (in the Fanorona sense, line captures) are his threats
  for the moment phase 2 starts with his turn (the first phase-2 turn of orange often takes
  5 to 15 lemurs), green's are his safety against FV-B3 (no capture in phase 1 loses).

Measured (``arena.run(rid, [strong, weak], 100, seed=1, opening=4)``, the level pairs
medium = ``alphabeta:300n`` / easy = ``greedy`` and hard = ``alphabeta:5000n`` / medium): the
old material-only value scored fanorona 100% / 96%, dimy 99% / 85%, vela 92.5% / 67%; with
this one fanorona 99.5% / 93%, dimy 98.5% / 84%, vela 86.5% / 79% (hard-medium 79.5% with
seed=2). ``benchmarks/levels.py`` after the arena gave each pair of games its own opening:
fanorona 100% / 90.5%, dimy 98.5% / 80%, vela 86.5% / 79%, and expert (0.5 s) over hard
85.5% on fanorona, 80.5% on vela. In Vela the stronger side won all its games as green with
either value; as orange (phase 1's side) it went from +11 =12 -27 to +20 =18 -12: the
capture-options term is what made the difference (the phase-1 projection alone: 64% on 40
games). Vela's medium over easy fell from 92.5%: greedy, as green, now keeps its capture
options in phase 1 and sees orange's.

Tried and left out (the same arena): a "next capture" term, the longest line the side to move
can take now (0.8 a lemur), helps the weak searchers more than the strong (greedy then sees a
capture beyond its single action): fanorona hard-medium 89.5%, dimy 73%, and in Vela phase 2
medium-easy 79%; steps onto empty points (plain mobility, 0.02 a step) lost dimy hard-medium to
69% on 40 games, and counted negatively (compactness) gained dimy (89.5%) but drew 30 of 100
Tsivy games (85%); a stronger endgame mobility (0.1 a step, growing below 16 lemurs) drew more
Tsivy games too (88.5%); in Vela phase 1, orange's longest Fanorona line as the phase-2 threat
(0.8 a lemur, growing with the captures made), and also his best greedy chain (played with the
kernels' ``apply``), scored 72.5-76.5%, and an extra weight on green's or orange's capture
options in phase 1 75.5% / 79%. The draws left between the hard and medium levels are endgames
of 2 to 8 lemurs (repetition, or 100 turns without capture) that 5,000 nodes cannot force
(20,000 nodes against 300 did no better in Vela: 77% with an earlier version of this value).

The value is clipped to [-0.99, 0.99] so that no heuristic value reaches a proven result;
``player`` 1 gets the opposite value. A leaf inside a chain (FA-D1) is scored like any other:
the capture options of the chain's lemur are among its side's options.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ...core.bits import popcount
from .kernels import COUNT, GCAPS, P_VELA, POOL, TAM, VELA_PHASE2, sides, step_kinds

W_CAPS = 0.1        # per capturing step (approach or withdrawal), each side
W_POOL = 0.5        # +tamarins: per pool lemur a tamarin in hand can bring back


@njit(cache=True, forceinline=True, _nrt=False)
def capture_options(own: int, enemy: int, empty: int, par: np.ndarray) -> int:
    """The capturing steps of the pieces of `own` onto an empty point, approaches and
    withdrawals counted apart (FA-C1, FA-C2, with the kernels' bit sets), whoever is to move;
    Female jumps (FF-B2) are not counted."""
    count = 0
    for d in range(8):
        _, approach, withdrawal = step_kinds(own, enemy, empty, par, d)
        count += popcount(approach) + popcount(withdrawal)
    return count


@njit(cache=True, _nrt=False)
def evaluate(s: np.ndarray, spec, player: int) -> float:
    """The value of ``s`` for ``player`` in [-0.99, 0.99] (module docstring)."""
    par = spec[0]
    a = s[COUNT] + W_POOL * min(s[TAM], s[POOL])
    b = s[COUNT + 1] + W_POOL * min(s[TAM + 1], s[POOL + 1])
    if par[P_VELA] != 0 and s[GCAPS] < VELA_PHASE2:
        b = max(b - (VELA_PHASE2 - s[GCAPS]), 1.0)      # orange when phase 2 starts (FV-A2)
    green, orange, _, empty = sides(s, par, 0)
    score = a - b + W_CAPS * (capture_options(green, orange, empty, par)
                              - capture_options(orange, green, empty, par))
    v = score / max(a + b, 1.0)
    v = min(max(v, -0.99), 0.99)
    return v if player == 0 else -v
