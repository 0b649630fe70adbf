"""A heuristic value of a Yoté / Choko position for search (``Yote.evaluate``).

One function serves every ruleset of the family (Yoté, Choko, ``+caravan``, ``+routes`` and
the options): it reads only the board, the hands, the phase of the turn and the count of turns
without capture. Counted in
camels for ``player`` against the opponent, then squashed into (-1, 1):

- material: the camels each side still has, on the board and in hand, the Royal Caravan
  included (weight 1). Both sides start with 12, so this is also the difference of the
  captures and removals made; it is what decides the game (YO-D1, and YO-D2 counts camels);
- removals owed: during the removal phase (YO-C4) the capturer's bonus removals are as good
  as made (weight 1 each, for the player to move);
- threats, for the side that makes the next main action (the player to move at the start of
  a turn or in a chain; his opponent once the turn is past its main action): his best
  capture now, worth 2 camels (the jumped camel and the bonus removal) or 1 (a caravan, or no
  removable camel left, YR-4/YR-5), counts for half of it; it does not count for a Choko
  player who must deploy (CH-B1). Each further enemy camel he attacks counts 0.25 (the
  opponent will have to parry it after the capture); each of his camels that the waiting
  side attacks counts 0.25 against him (he may step away from one threat, rarely from all);
- a small tempo bonus (0.1) to the side that makes the next main action;
- safe actions (weight 0.25 each, uncapped): each step of a camel onto an empty cell where no
  enemy camel can jump it at once (the cell it leaves counts as empty) and which does not open
  a jump on a friend behind it, plus, for a side with camels in hand, each empty cell where a
  deployed camel could not be jumped. Camels in a solid block are safe, so two careful
  searchers used to fill the board and shuffle until the 100-turn limit (YO-E3) without a
  single capture; counting safe actions gives the deeper search a goal: squeeze the
  opponent until every action he has exposes a camel. Route captures and friendly jumps are
  not looked at here (the value stays valid, only less informed, with ``+routes``);
- no safe action (0.5): the side of the next main action that has no safe action must expose
  a camel (zugzwang);
- trades when ahead: the material lead is raised by half of it times the share of the 24
  camels already gone, ``0.5 * lead * (24 - camels left) / 24``, so that even trades favour
  the side ahead and a lead gets converted (measured neutral at 40 games, kept for the
  endgames it is meant for);
- pressure of the no-capture limit (YO-E3): the lead (with its trade bonus) shrinks linearly to
  half as the count of turns without capture nears the limit, so the side ahead gains by
  capturing (the count restarts) and the side behind by waiting. Without it, a side a few
  camels ahead often shuffled until the draw; with it, 40 Choko games of 5,000 vs 300 nodes
  went from 80% to 95% and yote from 92.5% to 99%.

Measured (arena, 100 games, seats alternating, 4 random opening actions; before these terms
5,000 vs 300 nodes scored 59.5% on yote and 69% on Choko, nearly all draws at the no-capture
limit with 12-12 camels): 5,000 vs 300 nodes 96.5% (+93 =7 -0) on yote, 91.5% (+83 =17 -0) on
Choko; 300 nodes vs greedy 91.5% (+83 =17 -0) on yote, 81.5% (+64 =35 -1) on Choko; 0.5 s vs
5,000 nodes (20 games) 92.5% (+17 =3 -0) on yote, 85% (+14 =6 -0) on Choko. No game
now ends 12-12: the draws left are the no-capture limit (a few YO-E2) in endgames such as
4-2 or 6-4, where the side ahead cannot hunt down the last camels within 100 turns (Choko's
greedy defends those well against 300 nodes). Weight 0.1 per safe action gave 76%, 0.2 87.5%,
0.35 97.5% on 40 yote games, but 0.35 fell to 84% on Choko where 0.2 gave 91%; a bonus for
camels kept in hand made both sides hoard them and drew all 40 games at 12-12.

Every term is read off bit sets of the cells (bit c: cell c; `kernels.board_sets`), a few
shifts a direction for the whole board (the per-cell walk they replace was ten times slower);
only route captures (``+routes``) still walk the camels, with ``kernels.route_capture``. A
leaf is two short passes over the cells (the bit sets, the caravans), with no allocation.

The value is ``score / (|score| + 6)``: one capture with its removal ahead (2 camels) is
worth 0.25, six camels 0.5. A finished game (which the search scores itself) gets +-1000
(above any position) for a win and 0 for a draw, so the value stays strictly inside (-1, 1).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ...core.bits import lowest_bit, popcount

from .kernels import (
    CARON, CHAIN, DIAG, END, HAS1, HAS2, HAND, MUSTDEP, NOCAP, NROUTES, ONB, ONGOING, P_CHOKO,
    P_N, P_NOCAP, P_ROUTES, PENDING, PHASE, REMOVE, START, STEP, TO_MOVE, WINNER, board_sets,
    in_hand, route_capture, steps_and_jumps, toward, total,
)

SQUASH = 6.0
WIN_SCORE = 1000.0  # a finished game: above any position's score
TRADE_W = 0.5       # the material lead grows by half as the 24 camels leave the game
SAFE_W = 0.25       # each safe action (step or deploy that cannot be jumped at once)
PRESS = 0.5         # the lead shrinks by up to half as the no-capture count nears its limit
STUCK_W = 0.5       # the side of the next main action has no safe action: he must expose a camel


@njit(cache=True, forceinline=True, _nrt=False)
def _targets(s: np.ndarray, spec: np.ndarray, own: int, enemy: int, empty: int, caravans: int,
             o: int) -> tuple[int, int]:
    """The enemy (o's) cells that the camels ``own`` can jump now (YO-C1, YT-D1), and the
    best gain of such a capture: the jumped camel, plus the bonus removal unless it is a
    caravan (YR-4) or o has no other camel to remove (YO-C4, YR-5)."""
    targets = np.int64(0)
    for d in range(4):
        delta = spec[STEP + d]
        targets |= toward(steps_and_jumps(spec, d, empty, own, enemy)[1], -delta)
    if spec[P_ROUTES] != 0 and s[NROUTES] >= 2:
        cells = own
        while cells:
            c = lowest_bit(cells)
            cells &= cells - 1
            for k in range(4):
                if route_capture(s, spec, c, k, 1 - o) >= 0:
                    targets |= np.int64(1) << spec[DIAG + 16 * c + 4 * k]
    if targets == 0:
        return targets, 0
    if targets & ~caravans and (s[ONB + o] - s[CARON + o] - 1 > 0 or s[HAND + o] > 0):
        return targets, 2
    return targets, 1


@njit(cache=True, forceinline=True, _nrt=False)
def _exposed(spec: np.ndarray, empty: int, enemy: int) -> int:
    """The cells where a camel could be jumped at once: an enemy camel on one side, an empty
    cell on the other."""
    m = np.int64(0)
    for e in range(4):
        delta = spec[STEP + e]
        m |= (spec[HAS1 + e] & spec[HAS1 + ((e + 2) & 3)] & toward(enemy, delta)
              & toward(empty, -delta))
    return m


@njit(cache=True, forceinline=True, _nrt=False)
def _safe_steps(spec: np.ndarray, own: int, enemy: int, empty: int, exposed: int) -> int:
    """The steps of the camels ``own`` onto a cell where they cannot be jumped at once
    (``exposed``, or by an enemy beyond it in the direction of the step: the cell left is
    empty then) and that open no jump on a friend next to the cell left."""
    behind = np.int64(0)                                # a friend, then an enemy beyond it
    for e in range(4):
        delta = spec[STEP + e]
        behind |= spec[HAS2 + e] & toward(own, delta) & toward(enemy, 2 * delta)
    safe = 0
    for d in range(4):
        delta = spec[STEP + d]
        step = steps_and_jumps(spec, d, empty, own, enemy)[0]
        unsafe = toward(exposed, delta) | (spec[HAS2 + d] & toward(enemy, 2 * delta)) | behind
        safe += popcount(step & ~unsafe)
    return safe


@njit(cache=True, _nrt=False)
def evaluate(s: np.ndarray, spec: np.ndarray, player: int) -> float:
    sign = 1.0 if player == 0 else -1.0                 # scores are counted for player 0
    if s[END] != ONGOING:
        w = s[WINNER]
        score = 0.0 if w == 2 else WIN_SCORE if w == 0 else -WIN_SCORE
        score *= sign
        return score / (abs(score) + SQUASH)
    m0 = total(s, 0)
    m1 = total(s, 1)
    lead = float(m0 - m1) * (1.0 + TRADE_W * (24 - m0 - m1) / 24.0)
    if spec[P_NOCAP] > 0:
        lead *= 1.0 - PRESS * min(s[NOCAP], spec[P_NOCAP]) / spec[P_NOCAP]
    score = lead
    p = s[TO_MOVE]
    ph = s[PHASE]
    if ph == REMOVE:                                    # YO-C4: owed removals
        score += s[PENDING] if p == 0 else -s[PENDING]
    # the side of the next main action: the mover, unless his main action is already made
    mv = p if ph == START or ph == CHAIN else 1 - p
    n = spec[P_N]
    empty, light, dark = board_sets(s, n, 0)
    caravans = np.int64(0)
    for c in range(n):
        caravans |= np.int64(s[c] >= 3) << c
    # targets[q]: cells of the other side that q's camels can jump now; best[q]: best gain
    t0, best0 = _targets(s, spec, light, dark, empty, caravans, 1)
    t1, best1 = _targets(s, spec, dark, light, empty, caravans, 0)
    # exposed[q]: empty cells where a camel of q could be jumped at once
    exposed0 = _exposed(spec, empty, dark)
    exposed1 = _exposed(spec, empty, light)
    safe0 = _safe_steps(spec, light, dark, empty, exposed0)
    safe1 = _safe_steps(spec, dark, light, empty, exposed1)
    if in_hand(s, 0) > 0:                               # safe deploys
        safe0 += popcount(empty & ~exposed0)
    if in_hand(s, 1) > 0:
        safe1 += popcount(empty & ~exposed1)
    n0 = popcount(t0)
    n1 = popcount(t1)
    blocked = spec[P_CHOKO] != 0 and mv == p and ph == START and s[MUSTDEP] != 0 and in_hand(s, p) > 0
    if mv == 0:
        threat = (0.0 if blocked else 0.5 * best0 + 0.25 * max(0, n0 - 1)) - 0.25 * n1 + 0.1
    else:
        threat = -((0.0 if blocked else 0.5 * best1 + 0.25 * max(0, n1 - 1)) - 0.25 * n0 + 0.1)
    mob = SAFE_W * (safe0 - safe1)
    if mv == 0 and safe0 == 0:
        mob -= STUCK_W
    elif mv == 1 and safe1 == 0:
        mob += STUCK_W
    score = sign * (score + threat + mob)
    return score / (abs(score) + SQUASH)
