"""A heuristic value of an Awithlaknannai position for search (``Awithlaknannai.evaluate``).

One function serves every ruleset of the family (base, Lemery, Serpents, ``+shaman``,
``classic`` and the AW-F options). Counted in snakes for ``player`` against the opponent, then
squashed into (-1, 1):

- material: the snakes each side has on the board (weight 1; the Shaman 1.25, since it pulls
  and pushes and is never forced to capture). Captures are what decides the game (AW-D1,
  AW-G2, and AW-F8 counts snakes);
- a pending huff removal (AW-F4) is as good as made: 1 snake for the remover;
- threats: if the side that acts next (the player to move) can capture now, 0.5 (the
  capture is often compulsory, AW-C3, and usually wins a snake); each snake of the waiting
  side that could capture counts 0.25 against the player to move;
- mobility: 0.02 per empty point next to a snake of each side (cheap: a popcount of each
  snake's neighbours among the empty points), which rewards the side with room to manoeuvre
  (AW-D2).

The terms below make the side ahead in snakes *make progress*. Without them a lead was only
worth its material: nothing rewarded closing in, trading or capturing before the draw rules,
so the search shuffled far from the enemy and a lead of several snakes ended drawn by AW-E1
or AW-E2 (on Serpents, 37 points, most games between consecutive levels were drawn that way,
and a 300-node search drew greedy with 8 snakes against 1, or 15 against 7). They add nothing at
equal material, so they change nothing in a balanced position:

- trading: ``2 * lead / total``, the lead in snakes over the snakes on the board (Lemery:
  over the snakes above the two each side must keep, AW-G2). An even trade raises it for the
  side ahead (5 v 3 to 4 v 2: 0.5 to 0.67), and capturing always beats trading. Fewer snakes
  also means fewer defenders for the side behind: with compulsory capture, the side ahead can
  offer a snake and retake (AW-C3), which wins in the end.
- approaching: ``0.1 * (n - d)`` for the side ahead, ``d`` the mean distance (in steps on the
  lines: the board's ``distances``, kept in the spec) from each of its snakes to the nearest
  enemy snake, ``n`` the board's size (8 or 12, about the farthest two points are). Up to about one snake's worth: it pulls
  the side ahead into contact, where captures, forced sacrifices and blockades (AW-D2) come
  within reach of the search. Only the side ahead's distances count, so the side behind
  gains by keeping away (it should); at most 18 x 18 distances, each a few operations.
- the no-capture clock (AW-E2, when it is on and not turned into a win by AW-F8): over the
  last 20 turns before the draw the whole score fades linearly to 0, the value of the draw
  the search gives such a game. A capture resets the clock, so the side ahead prefers lines
  that capture (or trade) before the rule strikes, and the side behind welcomes the draw.

Measured (``benchmarks/levels.py``, 100 games a pair, 4 random opening actions), medium
(300 nodes) over easy (greedy) and hard (5000 nodes) over medium, before -> after these three
terms: Serpents 60.5 -> 90.5% and 70.5 -> 89%; base 79.5 -> 92% and 77.5 -> 88%; Lemery
79.5 -> 89% and 85 -> 85.5%; classic 79 -> 88% and 76.5 -> 79.5%. Their cost is small (the
search's node rate drops by a few per cent). With 8 random opening actions (more varied
games) Serpents gave 53.75 -> 87.5% and 66.25 -> 85% over 40 games a pair.

The value is ``score / (|score| + 6)``: one snake ahead is worth about 0.14, six snakes 0.5.
A finished game (which the search scores itself) gets +-24 (0.8) for a win and 0 for a draw,
so the value always stays strictly inside (-1, 1).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ...core.bits import lowest_bit, popcount
from .kernels import (
    BITS, DIST, END, NCAND, NEXT, NMAX, NOCAP, ONGOING, P_LEMERY, P_MAJ, P_N, P_NOCAP, PHASE,
    REMOVE, TO_MOVE, WINNER, bitset, jumpers, sides,
)

SQUASH = 6.0
WIN_SCORE = 24.0
TRADE = 2.0          # times lead / snakes on the board
APPROACH = 0.1       # per step the side ahead's snakes are nearer the enemy than the board size
FADE = 20            # turns before the no-capture draw over which the score fades to 0


@njit(cache=True)
def evaluate(s: np.ndarray, spec: np.ndarray, player: int) -> float:
    sign = 1.0 if player == 0 else -1.0                  # scores are counted for player 0
    if s[END] != ONGOING:
        w = s[WINNER]
        score = 0.0 if w == 2 else WIN_SCORE if w == 0 else -WIN_SCORE
        score *= sign
        return score / (abs(score) + SQUASH)
    mover = s[TO_MOVE]
    n = spec[P_N]
    score = 0.0
    yellow, orange, empty = sides(s, spec, 0)
    shamans = bitset(s, BITS + 4)
    # the material and mobility terms point by point, in point order as ever (the same sums)
    todo = yellow | orange
    while todo:
        c = lowest_bit(todo)
        todo &= todo - 1
        sq = 1.0 if (yellow >> c) & 1 else -1.0
        score += sq * (1.25 if (shamans >> c) & 1 else 1.0)
        for _ in range(popcount(spec[NEXT + c] & empty)):
            score += sq * 0.02
    threat = (popcount(jumpers(spec, yellow, orange, empty)),
              popcount(jumpers(spec, orange, yellow, empty)))
    cnt = (popcount(yellow), popcount(orange))
    sm = 1.0 if mover == 0 else -1.0
    if s[PHASE] == REMOVE and s[NCAND] > 0:
        score += sm                                      # the removal owed to the mover
    if threat[mover] > 0:
        score += sm * 0.5
    score -= sm * 0.25 * threat[1 - mover]
    lead = cnt[0] - cnt[1]
    total = cnt[0] + cnt[1] - (4 if spec[P_LEMERY] else 0)
    if lead != 0 and total > 0:
        score += TRADE * lead / total
        a = 0 if lead > 0 else 1                         # the side ahead
        if cnt[1 - a] > 0:
            ahead, behind = (yellow, orange) if a == 0 else (orange, yellow)
            dsum = 0
            while ahead:
                i = lowest_bit(ahead)
                ahead &= ahead - 1
                best = 1 << 30
                rest = behind
                while rest:
                    best = min(best, spec[DIST + NMAX * i + lowest_bit(rest)])
                    rest &= rest - 1
                dsum += best
            score += (1.0 if a == 0 else -1.0) * APPROACH * (n - dsum / cnt[a])
    limit = spec[P_NOCAP]
    if limit > 0 and not spec[P_MAJ]:
        left = limit - s[NOCAP]
        if left < FADE:
            score *= max(left, 0) / FADE
    score *= sign
    return float(score / (abs(score) + SQUASH))
