"""A heuristic value of a Dara / Dala position for search (``Dara.evaluate``).

One function serves every ruleset of the family (Dara, Dala, ``+heroes``, ``+hut``, both
``capture`` options). Counted in pieces for player 0 (the Lions), then squashed into (-1, 1)
and given the sign of ``player``:

- material (weight 1): the pieces each side has captured (10 wins, DA-E1);
- a removal owed (``PEND_W`` = 1): the player to move has formed a line and must now take a
  piece (DA-D7): it is as good as made;
- threats, the "mill one step away": the cells where a side forms a line of exactly 3 by one
  legal step (DA-C2, DA-D2) *and* would have something to take there (DA-D4 protection,
  DA-D5 row/column reach, DL-D1 anything in Dala). The side that acts next (the player to
  move; his opponent while a removal is owed) with such a cell captures at once:
  ``NOW_W`` = 0.8, + ``NOW_MORE_W`` = 0.1 per further cell. The waiting side's cells can be
  parried (step into the cell, or capture first and take one of the line's pieces): one cell
  ``WAIT1_W`` = 0.25, two or more (a fork: only one can be parried) ``WAIT2_W`` = 0.6. While a
  removal is owed, both sides' cells count as waiting ones: the removal will break the line
  in the making that matters most;
- Dara's placement phase (no capture while placing, DA-B3): the same count of cells where a
  step would form a line, whatever could be taken, scaled by ``PLACE_F`` = 0.5: these are
  the lines that will capture from the first move of the movement phase (the Lions move
  first), and placing a piece in the enemy's cell is the way to parry them;
- Dala's placement phase (placements capture, DL-B3): the empty cells where a placement would
  make a run of exactly 3 (while the enemy has a piece on the board), counted as threats
  scaled by ``DALA_PLACE_F`` = 0.25 (see below for why so small);
- mobility (``MOB_W`` = 0.05 a legal step, hero jumps included): 24 pieces on Dara's 30
  cells leave 6 empty at the start of the movement phase, and a side that cannot move loses
  (DA-E2, even on the first turn): each step under 3 costs a further ``LOW_W`` = 0.4
  (not in Dala's placement phase, where a placement is always possible);
- exposure (Dara only, ``EXPOSED_W`` = 0.05 a piece): pieces outside one's own lines, which
  the enemy may take (DA-D4); in Dala everything can be taken (DL-D1).

Threats and mobility come from one pass over the legal steps of each side with the kernels'
``steps``, ``move_ok`` (the no-four rule), ``line_dirs`` (the run of exactly 3 a step makes)
and ``takeable``/``in_reach`` (what a line may take), so the rules stay in one place; a leaf
costs a few shifts on the state's bit sets a step and no allocation beyond two small work
arrays.

Not looked at: Dala's line of 4 broken into a line of 3 (DL-C1(b)), hut placements (for
mobility and for lines, DS-A2/DS-A5) and hero jumps that form lines: the value stays valid
there, only less informed.

Why these weights (``arena.run(rid, [strong, weak], 40, seed=1, opening=4)``, the same
evaluation on both sides unless said): with material alone, placement was blind (Dara's
placements capture nothing, so every placement scored the same) and a side saw a line only
when the search reached the removal. Against the material-only evaluation at 300 nodes a
side, this one scores 40-0 on ``dara`` (32 of 40 by trapping the opponent, DA-E2) and 40-0 on
``dara/dala`` (40-0 too with the weight kept, 0.25). In Dala's placement phase the
full-weight term made the one-ply ``greedy`` player nearly as good as a 300-node search: it
blocks every open two and builds forks on its own, while 300 nodes reach barely two plies
among 30 placements (300 nodes vs greedy 65-67.5%; at weight 0.4, 72.5%). Without the term
the levels are far apart (95%, 5,000 vs 300 nodes 92.5%) but the search is much weaker (12.5%
at 5,000 nodes a side against the full weight); counting only the side to act's threats, or
halving the waiting side's, moved the gap from one pair to the other (97.5% / 65%, 67.5% /
87.5%). 0.25 keeps both pairs apart (95% and 100% on 40 games). In Dara, ``PLACE_F`` 0 instead
of 0.5 scored 46% (+5 =27 -8) at 5,000 nodes a side, the same ladder within noise.

Measured (``benchmarks/levels.py``, 100 games a pair, seats alternating, 4 random opening
actions; material only before, same budgets):

| ruleset | pair | games | +/=/- | score | before |
| --- | --- | --- | --- | --- | --- |
| dara | 300n vs greedy | 100 | 70/30/0 | 85% | 94.5% |
| dara | 5000n vs 300n | 100 | 56/44/0 | 78% | 86.5% |
| dara | 0.5 s vs 5000n | 100 | 54/46/0 | 77% | 90.5% |
| dara/dala | 300n vs greedy | 100 | 85/0/15 | 85% | 89% |
| dara/dala | 5000n vs 300n | 100 | 82/0/18 | 82% | 100% |
| dara/dala | 0.5 s vs 5000n | 100 | 80/0/20 | 80% (*) | 100% |

Dala rows with 6 random opening actions, each seat-swapped pair its own (the arena since
52b937f); with 4, Dala's forced centre placements gave few distinct games: 96% and 100% for
the first two pairs, and (*) the expert row is still of that kind.

(0.5 s on a machine loaded 2x: load average 4 on 2 cores.) Dara's draws are mostly threefold repetitions at 0-0 a few moves into the movement phase: both
sides now place so that the other has no line to form, and the six empty cells of the
locked board leave each side a piece to shuffle. The weaker side is glad to repeat, and the
stronger one, whose value is about even there, seems to have nothing better (a guess from the
final positions, not checked). The ladder is narrower than with a blind placement, where the
deeper search won the tactics that followed.

The value is ``score / (|score| + 4)``: two pieces ahead is worth 1/3. A finished game (which
the search scores itself) gets +-1000 for a win and 0 for a draw.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ...core.bits import lowest_bit, popcount
from .kernels import (
    END, HAND, HERO, LOST, ONGOING, PEND, S_DALA, S_N, TO_MOVE, W, WINNER, boards, fours,
    in_reach, jump_target, line_dirs, move_ok, placements, steps, takeable,
)

SQUASH = 4.0
WIN_SCORE = 1000.0
PEND_W = 1.0        # a removal owed to the player to move
NOW_W = 0.8         # the side to act next can form a capturing line
NOW_MORE_W = 0.1    # each further cell where it can
WAIT1_W = 0.25      # the other side can form one (the side to act can parry it)
WAIT2_W = 0.6       # the other side can form lines on two cells or more
PLACE_F = 0.5       # Dara's placement phase: prepared lines, scaled
DALA_PLACE_F = 0.25 # Dala's placement phase: placements that capture, scaled
MOB_W = 0.05        # per legal step
LOW_W = 0.4         # per missing step under 3 (trapped loses)
EXPOSED_W = 0.05    # per piece the opponent could take (Dara only)


@njit(cache=True, forceinline=True)
def _reach_any(spec: np.ndarray, targets: np.int64, row: int, col: int) -> bool:
    while targets:
        c = lowest_bit(targets)
        targets &= targets - 1
        if in_reach(spec, c, row, col):
            return True
    return False


@njit(cache=True, forceinline=True)
def _now(n: int) -> float:
    return 0.0 if n == 0 else NOW_W + NOW_MORE_W * (n - 1)


@njit(cache=True, forceinline=True)
def _wait(n: int) -> float:
    return 0.0 if n == 0 else WAIT1_W if n == 1 else WAIT2_W


@njit(cache=True)
def _side(s: np.ndarray, spec: np.ndarray, q: int, movement: bool, out: np.ndarray) -> None:
    """out = [legal steps, threat cells bit set, takeable enemy pieces]."""
    n = spec[S_N]
    targets = takeable(s, spec, q)
    occ, mine_, movers, hero = boards(s, q)
    f = fours(spec, mine_)
    full = (np.int64(1) << n) - 1
    empty = full & ~occ
    mob = 0
    threat = np.int64(0)
    for d in range(4):
        dest = steps(spec, movers, empty, d)
        back = 1 if d == 0 else W if d == 1 else -1 if d == 2 else -W
        while dest:
            t = lowest_bit(dest)
            dest &= dest - 1
            c = t - back
            if not move_ok(spec, f, mine_, c, t):
                continue
            mob += 1
            if (threat >> t) & 1:
                continue
            m = line_dirs(s, spec, t, q, c)
            if m != 0:
                if not movement or _reach_any(spec, targets, t // W if m & 1 else -1,
                                          t % W if m & 2 else -1):
                    threat |= np.int64(1) << t
    if hero:
        c = lowest_bit(hero)
        for d in range(4):
            t = jump_target(s, spec, c, d)
            if t >= 0 and move_ok(spec, f, mine_, c, t):
                mob += 1
    out[0] = mob
    out[1] = threat
    out[2] = popcount(targets)


@njit(cache=True)
def _dala_placements(s: np.ndarray, spec: np.ndarray, q: int) -> np.int64:
    """Cells where q's placement forms a line (DL-B3) while the opponent has a piece to lose."""
    if takeable(s, spec, q) == 0:
        return np.int64(0)
    occ, mine_, movers, hero = boards(s, q)
    free = placements(s, spec, occ, np.int64(0))
    threat = np.int64(0)
    while free:
        t = lowest_bit(free)
        free &= free - 1
        if line_dirs(s, spec, t, q, -1) != 0:
            threat |= np.int64(1) << t
    return threat


@njit(cache=True)
def evaluate(s: np.ndarray, spec: np.ndarray, player: int) -> float:
    sign = 1.0 if player == 0 else -1.0                 # scores are counted for player 0
    if s[END] != ONGOING:
        w = s[WINNER]
        score = 0.0 if w < 0 else WIN_SCORE if w == 0 else -WIN_SCORE
        score *= sign
        return score / (abs(score) + SQUASH)
    score = float(s[LOST + 1] - s[LOST])
    p = s[TO_MOVE]
    if s[PEND]:
        score += PEND_W if p == 0 else -PEND_W
    nx = 1 - p if s[PEND] else p                        # the side that acts next
    dala = spec[S_DALA] != 0
    in_hand0 = s[HAND] + s[HERO] > 0
    in_hand1 = s[HAND + 1] + s[HERO + 1] > 0
    movement = not in_hand0 and not in_hand1
    a = np.zeros(3, np.int64)
    b = np.zeros(3, np.int64)
    _side(s, spec, 0, movement, a)
    _side(s, spec, 1, movement, b)
    if dala and not movement:
        t0 = _dala_placements(s, spec, 0) if in_hand0 else np.int64(0)
        t1 = _dala_placements(s, spec, 1) if in_hand1 else np.int64(0)
        scale = DALA_PLACE_F
    else:
        t0 = np.int64(a[1])
        t1 = np.int64(b[1])
        scale = 1.0 if movement else PLACE_F
    n0 = popcount(t0)
    n1 = popcount(t1)
    if s[PEND]:
        # the removal may break a line in the making: both sides' threats count as parried
        th = _wait(n0) - _wait(n1)
    elif nx == 0:
        th = _now(n0) - _wait(n1)
    else:
        th = _wait(n0) - _now(n1)
    score += scale * th
    m0 = a[0]
    m1 = b[0]
    mob = MOB_W * (m0 - m1)
    if not dala or movement:
        if m0 < 3:
            mob -= LOW_W * (3 - m0)
        if m1 < 3:
            mob += LOW_W * (3 - m1)
    score += mob
    if not dala:
        score -= EXPOSED_W * (b[2] - a[2])             # b[2]: Lions' pieces the Elephants may take
    score *= sign
    return score / (abs(score) + SQUASH)
