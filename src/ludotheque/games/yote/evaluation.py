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

Threats scan each camel's four orthogonal jumps (and its route jumps with ``+routes``, with
``kernels.route_capture``) in one pass over at most 30 cells, safe steps in the same pass and
safe deploys in a second one; the orthogonal test is written out here rather than calling
``kernels.orth_capture`` (measured 10x slower through the call): a leaf is two passes over
the cells, with no allocation.

The value is ``score / (|score| + 6)``: one capture with its removal ahead (2 camels) is
worth 0.25, six camels 0.5. A finished game (which the search scores itself) gets +-1000
(above any position) for a win and 0 for a draw, so the value stays strictly inside (-1, 1).
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ...core.bits import popcount

from .kernels import (
    CARON, CHAIN, DIAG, END, HAND, MUSTDEP, NOCAP, NROUTES, ONB, ONGOING, ORTH, P_CHOKO, P_N,
    P_NOCAP, P_ROUTES, PENDING, PHASE, REMOVE, START, TO_MOVE, WINNER, in_hand, route_capture, total,
)

SQUASH = 6.0
WIN_SCORE = 1000.0  # a finished game: above any position's score
TRADE_W = 0.5       # the material lead grows by half as the 24 camels leave the game
SAFE_W = 0.25       # each safe action (step or deploy that cannot be jumped at once)
PRESS = 0.5         # the lead shrinks by up to half as the no-capture count nears its limit
STUCK_W = 0.5       # the side of the next main action has no safe action: he must expose a camel


@njit(cache=True, forceinline=True)
def _gain(s: np.ndarray, v: int, o: int) -> int:
    """Camels a capture of the piece ``v`` of player ``o`` takes: itself, plus the bonus
    removal unless it is a caravan (YR-4) or o has no other camel to remove (YO-C4, YR-5)."""
    if v >= 3:
        return 1
    if s[ONB + o] - s[CARON + o] - 1 > 0 or s[HAND + o] > 0:
        return 2
    return 1


@njit(cache=True)
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
    # targets[q]: cells of the other side that q's camels can jump now; best[q]: best gain
    t0 = np.int64(0)
    t1 = np.int64(0)
    best0 = 0
    best1 = 0
    safe0 = 0
    safe1 = 0
    routes = spec[P_ROUTES] != 0 and s[NROUTES] >= 2
    n = spec[P_N]
    for c in range(n):
        v = s[c]
        if v == 0:
            continue
        q = (v - 1) & 1
        o = 1 - q
        base = ORTH + 8 * c
        for d in range(4):                              # YO-C1, as kernels.orth_capture
            a = spec[base + 2 * d]
            if a < 0:
                continue
            va = s[a]
            if va == 0:
                # a step c -> a: safe unless a jumper then takes it, or a friend behind c
                ok = True
                for e in range(4):
                    f = spec[ORTH + 8 * a + 2 * e]
                    if f < 0 or s[f] == 0 or ((s[f] - 1) & 1) == q:
                        continue
                    g = spec[ORTH + 8 * a + 2 * ((e + 2) & 3)]
                    if g >= 0 and (s[g] == 0 or g == c):
                        ok = False
                        break
                if ok:
                    for e in range(4):
                        f = spec[base + 2 * e]
                        if f < 0 or f == a or s[f] == 0 or ((s[f] - 1) & 1) != q:
                            continue
                        g = spec[base + 2 * e + 1]
                        if g >= 0 and s[g] != 0 and ((s[g] - 1) & 1) != q:
                            ok = False
                            break
                if ok:
                    if q == 0:
                        safe0 += 1
                    else:
                        safe1 += 1
                continue
            if ((va - 1) & 1) == q:
                continue
            b = spec[base + 2 * d + 1]
            if b < 0 or s[b] != 0:
                continue
            g = _gain(s, va, o)
            if q == 0:
                t0 |= np.int64(1) << a
                best0 = max(best0, g)
            else:
                t1 |= np.int64(1) << a
                best1 = max(best1, g)
        if routes:                                      # YT-D1
            for k in range(4):
                r = route_capture(s, spec, c, k, q)
                if r >= 0:
                    a = spec[DIAG + 16 * c + 4 * k]
                    g = _gain(s, s[a], o)
                    if q == 0:
                        t0 |= np.int64(1) << a
                        best0 = max(best0, g)
                    else:
                        t1 |= np.int64(1) << a
                        best1 = max(best1, g)
    # safe deploys: empty cells where no enemy camel could jump a camel put there
    h0 = in_hand(s, 0) > 0
    h1 = in_hand(s, 1) > 0
    if h0 or h1:
        for x in range(n):
            if s[x] != 0:
                continue
            ok0 = h0
            ok1 = h1
            for e in range(4):
                f = spec[ORTH + 8 * x + 2 * e]
                if f < 0 or s[f] == 0:
                    continue
                g = spec[ORTH + 8 * x + 2 * ((e + 2) & 3)]
                if g < 0 or s[g] != 0:
                    continue
                if ((s[f] - 1) & 1) == 1:
                    ok0 = False
                else:
                    ok1 = False
            if ok0:
                safe0 += 1
            if ok1:
                safe1 += 1
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
