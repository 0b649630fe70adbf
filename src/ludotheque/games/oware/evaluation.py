"""A heuristic value of an Oware position for search (``Oware.evaluate``).

Counted in seeds for ``player`` (``me``) against the opponent, then squashed into [-1, 1]:

- stores: the seeds already harvested decide the game (weight 1);
- seeds on one's side: they become one's own at a repetition or an automatic harvest, and
  they are moves in hand (weight 0.25);
- vulnerable houses: an opponent's house holding 1 or 2 seeds that the last seed of one of my
  houses reaches becomes a harvest of 2 or 3 (+1 each), and the same for my houses against
  me (-1 each);
- tempo: the player to move gets a small bonus (he strikes first).

The value is ``score / (|score| + 12)``: ahead by 12 seeds is worth 0.5, and 25 seeds (a win)
is decided by the search's terminal values, not here.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from .kernels import END, ONGOING, STORE, TO_MOVE


@njit(cache=True, forceinline=True)
def _targets(s: np.ndarray, player: int) -> int:
    """Houses of the opponent holding 1-2 seeds that a sowing of ``player`` ends on."""
    lo = 6 * (1 - player)
    reached = 0
    for r in range(6):
        origin = 6 * player + r
        n = s[origin]
        if n == 0:
            continue
        last = (origin + n + (n - 1) // 11) % 12    # each lap skips the origin
        if lo <= last < lo + 6 and (s[last] == 1 or s[last] == 2):
            reached |= 1 << (last - lo)
    count = 0
    while reached:
        count += reached & 1
        reached >>= 1
    return count


@njit(cache=True)
def evaluate(s: np.ndarray, spec: np.ndarray, player: int) -> float:
    me, op = player, 1 - player
    if s[END] != ONGOING:
        d = s[STORE + me] - s[STORE + op]
        return 1.0 if d > 0 else -1.0 if d < 0 else 0.0
    mine = 0
    theirs = 0
    for r in range(6):
        mine += s[6 * me + r]
        theirs += s[6 * op + r]
    score = float(s[STORE + me] - s[STORE + op])
    score += 0.25 * (mine - theirs)
    score += _targets(s, me) - _targets(s, op)
    score += 0.5 if s[TO_MOVE] == me else -0.5
    return score / (abs(score) + 12.0)
