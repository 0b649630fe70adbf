"""A heuristic value of a Komikan position for search (``Komikan.evaluate``).

Seen from the Puma player (player 0), in "alpacas" (``a = 4 / goal`` per alpaca: 0.67 in
Komikan, 0.5 with a goal of 8); the raw terms are ``features(s, spec)``:

- material: ``a`` per alpaca in the captured pile (the goal itself is a terminal win);
- the Puma's region: the points it reaches by any number of non-capturing moves (steps, grass
  jumps, linked moves, as ``puma_move_mask``), flooding also from the landing points of the
  captures it has now (a hem with a hole in it is no hem); ``+ 0.09`` a point, centred on the
  empty board of the start (``30 - herd``). This is the alpacas' plan: shrink the region until
  the Puma is trapped (KM-F2); every safe step of the herd that closes a point shows in it;
- the Puma's mobility (steps, jumps and capture moves where it stands), ``+ 0.12`` a move,
  uncapped (centred on 4); two moves left ``- 0.6``, one ``- 1.5``, none ``- 3``;
- captures at hand (distinct alpacas the Puma can take now): with the Puma to move it takes
  one, ``+ 0.85 a`` (``+ 0.15 a`` per further one); with the alpacas to move one threat can be
  parried (``+ 0.3 a``), two rarely (``+ 0.8 a``);
- exposed alpacas: those the Puma could capture from some other point of its region (an
  alpaca with an empty point behind it, facing the Puma's space): ``+ 0.06`` each;
- alpacas in the den (KM-F3): ``- 0.12`` each;
- advance: ``- 0.06`` per rank an alpaca stands below the far row (centred on the start).

Why these weights (`arena.run(rid, [strong, weak], N, seed=1, opening=4)`): with the old
evaluation (capped mobility, den alpacas, trap only at two moves) the alpacas had no plan and
a searching alpaca player drew almost every game (komikan medium vs easy 72%: 46 of 50 drawn
as alpacas). The region gives them one: they now trap the Puma, mostly with nothing captured.
The weights keep the searching side ahead on both sides of the board: an "honest" region (the
capture landings) and a light exposure term keep a searching herd from sacrificing alpacas for
an illusory hem, while the weak, one-ply herd, pulled forward by the advance and the region,
still walks into forks that a deeper Puma finds. Weighting exposure heavily (0.12) made the
one-ply herd a turtle (a closed block on the far ranks that no Puma breaks: the stronger Puma
drew 15 of 20); weighting it lightly without the capture landings (0.04) made the searching
herd lose alpacas (2000 nodes lost 11 of 20 as alpacas to the greedy Puma).

Measured (100 games a pair, seats alternating; per side: the stronger agent as Puma / as
alpacas, W-D-L):

| ruleset | pair | games | +/=/- | score | as Puma | as alpacas |
| --- | --- | --- | --- | --- | --- | --- |
| komikan | 2000n vs greedy | 100 | 72/27/1 | 85.5% | 29-21-0 | 43-6-1 |
| komikan/adugo | 2000n vs greedy | 100 | 70/28/2 | 84% | 26-24-0 | 44-4-2 |
| komikan/lemery | 2000n vs greedy | 100 | 75/24/1 | 87% | 30-20-0 | 45-4-1 |
| komikan/chivi-kora | 2000n vs greedy | 100 | 74/23/3 | 85.5% | 24-23-3 | 50-0-0 |
| komikan | 50000n vs 2000n | 100 | 63/37/0 | 81.5% | 18-32-0 | 45-5-0 |
| komikan/adugo | 50000n vs 2000n | 100 | 66/34/0 | 83% | 18-32-0 | 48-2-0 |
| komikan | 0.5 s vs 50000n | 20 | 8/9/3 | 62.5% | 0-7-3 | 8-2-0 |
| komikan/adugo | 0.5 s vs 50000n | 20 | 10/1/9 | 52.5% | 0-1-9 | 10-0-0 |

(old evaluation, komikan 2000n vs greedy: 72%, 46 of 50 drawn as alpacas.) What remains:
the Puma side converts only about a third of its games against a searching herd (a closed
herd shuffles on its far ranks until the no-capture draw), and at 0.5 s on a loaded machine
(60-110k nodes, one ply more than 50000n at best) the alpacas' plan wins whoever searches
deeper, so expert vs a 50,000-node hard is about even and decided by the seats. The levels
(``ai/levels.py``) therefore climb random, greedy, 2,000 nodes, 0.5 s.

The score is squashed by ``score / (|score| + 3)`` into (-1, 1), then clipped to
[-0.99, 0.99] so that no heuristic value reaches a proven result; the alpaca player gets the
opposite value. It is valid for every ruleset and extension: the Condor's point is free
ground for the Puma, grass-protected alpacas are never counted as capturable, linked grass
moves and captures are followed, Lemery's locked base cannot be jumped anyway, and the den
and far row are the same in every variant.
"""
from __future__ import annotations

import numpy as np
from numba import njit

from ...core.bits import lowest_bit, popcount

from .kernels import (
    EMPTY, N, PILE, PUMA, S_ALPACAS, S_GOAL, S_Y, TO_MOVE, capture_ok, jump, other_grass,
    puma_move_mask, step,
)

W_REGION = 0.09         # per point of the Puma's region
W_MOB = 0.12            # per Puma move (steps, jumps, captures), uncapped
W_EXPOSED = 0.06        # per alpaca the Puma could capture from elsewhere in its region
W_DEN = 0.12            # per alpaca in the den
W_ADV = 0.06            # per rank an alpaca has come down from the far row


@njit(cache=True)
def _capture_scan(s, spec, o):
    """(landing points, captured alpacas) as bit sets, for the captures a Puma standing on o
    would have (from o or from the grass point linked to it: the kernels' ``capture_ok``)."""
    land = np.int64(0)
    taken = np.int64(0)
    og = other_grass(s, spec, o)
    for k in range(2):
        x = o if k == 0 else og
        if x < 0:
            break
        for d in range(8):
            if capture_ok(s, spec, o, x, d, -1):
                land |= np.int64(1) << jump(spec, x, d)
                taken |= np.int64(1) << step(spec, x, d)
    return land, taken


@njit(cache=True)
def capturable(s, spec, reg):
    """Bit set of the alpacas a Puma standing on some point of ``reg`` could capture."""
    out = np.int64(0)
    r = reg
    while r:
        o = lowest_bit(r)
        r &= r - 1
        out |= _capture_scan(s, spec, o)[1]
    return out


@njit(cache=True)
def puma_region(s, spec, P):
    """The Puma's region: bit set of the points the Puma on P reaches by any number of
    non-capturing moves (steps, grass jumps, linked moves: ``puma_move_mask``), starting from
    P and from the landing points of its captures from P; P included."""
    reg = (np.int64(1) << P) | _capture_scan(s, spec, P)[0]
    todo = reg
    while todo:
        q = lowest_bit(todo)
        todo &= todo - 1
        new = puma_move_mask(s, spec, q, -1) & ~reg
        reg |= new
        todo |= new
    return reg


@njit(cache=True)
def features(s, spec):
    """The raw terms: (Puma moves, region size without the Puma's point, alpacas capturable
    now, alpacas capturable from elsewhere in the region, alpacas in the den, ranks the alpacas
    have come down)."""
    P = s[PUMA]
    now = capturable(s, spec, np.int64(1) << P)
    caps = 0                                    # capture moves (several may take one alpaca)
    og = other_grass(s, spec, P)
    for k in range(2):
        x = P if k == 0 else og
        if x < 0:
            break
        for d in range(8):
            caps += 1 if capture_ok(s, spec, P, x, d, -1) else 0
    mob = popcount(puma_move_mask(s, spec, P, -1)) + caps
    reg = puma_region(s, spec, P)
    region = popcount(reg) - 1
    exposed = popcount(capturable(s, spec, reg) & ~now)
    den = 0
    for q in range(7):
        den += 1 if s[q if q < 6 else 8] != EMPTY else 0
    adv = 0
    for q in range(N):
        if s[q] != EMPTY:
            adv += 4 - spec[S_Y + q]
    return mob, region, popcount(now), exposed, den, adv


@njit(cache=True)
def evaluate(s: np.ndarray, spec: np.ndarray, player: int) -> float:
    mob, region, threats, exposed, den, adv = features(s, spec)
    a = 4.0 / spec[S_GOAL]                      # one alpaca, in the score's units
    score = a * s[PILE]
    score += W_REGION * (region - (30 - spec[S_ALPACAS]))
    score += W_MOB * (mob - 4)
    if mob <= 1:
        score -= 3.0 if mob == 0 else 1.5
    elif mob == 2:
        score -= 0.6
    if threats > 0:
        if s[TO_MOVE] == 0:                     # the Puma takes one
            score += 0.85 * a + 0.15 * a * (threats - 1)
        elif threats == 1:                      # the alpacas may parry one threat
            score += 0.3 * a
        else:
            score += 0.8 * a
    score += W_EXPOSED * exposed
    score -= W_DEN * den
    score -= W_ADV * (adv - 1.5 * (spec[S_ALPACAS] - 5))
    v = score / (abs(score) + 3.0)
    v = min(max(v, -0.99), 0.99)
    return v if player == 0 else -v
