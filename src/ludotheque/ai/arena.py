"""Round-robin matches between agents, Elo estimates with confidence intervals.

Every pair of agents plays ``games`` games, seats alternating (game k of a pair: the first
agent sits first when k is even). Game seeds are fixed (``seed + k // 2``): the same seed makes
the same throws and seeds the agents the same way, so a run is reproducible up to time-limited
search. With ``opening=N`` the first N actions of a game are drawn at random from its seed,
so both games of a seat-swapped pair start from the same position, and each pair from its own
(as long as the game has enough openings of N actions): deterministic searchers then play
different games instead of one game a hundred times. ``start`` moves (in the game's notation)
are played before the random ones, e.g. ``("done", "done")`` to skip Omweso's rearrangement.
Games run in a local process pool or as Ray tasks (`pool`); each is returned as a `GameRecord`.
"""
from __future__ import annotations

import math
import random
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Collection, Iterator

from ..core import registry
from ..core.errors import quote
from ..core.game import CHANCE, Game, State
from ..records import GameRecord
from .agents import make_agent
from .pool import run_calls

Z95 = 1.959963984540054


@dataclass(frozen=True)
class Pairing:
    first: str          # agent spec in seat 0
    second: str         # agent spec in seat 1
    seed: int


def play_game(ruleset: str, pairing: Pairing, seconds_per_move: float = 1.0,
              max_actions: int = 3000, opening: int = 0, start: tuple[str, ...] = (),
              first_seed: int | None = None,
              ) -> tuple[Pairing, GameRecord, tuple[float, float]]:
    """One game: the ``start`` moves, then ``opening`` actions at random (not those of the
    seeds from ``first_seed`` on, see `opening_of`); returns the record and both players'
    returns (0, 0 for a game cut at ``max_actions``)."""
    game = registry.load(ruleset)
    agents = [make_agent(pairing.first, pairing.seed, seconds_per_move),
              make_agent(pairing.second, pairing.seed + 7919, seconds_per_move)]
    state, actions, rng = opening_of(game, pairing.seed, opening, start, first_seed)
    times = [0.0] * len(actions)
    while not state.is_terminal and len(actions) < max_actions:
        p = state.current_player
        t0 = time.perf_counter()
        if p == CHANCE:
            a = _draw_throw(state, rng)
        else:
            a = agents[p].choose(state)
        times.append(round(time.perf_counter() - t0, 4))
        state = state.apply(a)
        actions.append(a)
    record = GameRecord(game.id, actions, [pairing.first, pairing.second], event="ludotheque arena",
                        seconds=times, tags={"Seed": str(pairing.seed), "Opening": str(opening),
                                                   **({"Start": " ".join(start)} if start else {})})
    return pairing, record, state.returns()


def _draw_throw(state: State, rng: random.Random) -> int:
    outcomes, probs = zip(*state.chance_outcomes())
    return int(rng.choices(outcomes, probs)[0])


class OpeningError(ValueError):
    """Every opening of the asked length ends the game: the opening is too long for it."""


def _random_opening(state: State, opening: int, rng: random.Random) -> tuple[State, list[int]]:
    """``opening`` random actions (throws as they fall) from ``state``: the state after them
    and the actions. An opening that ends the game is drawn again: chance, not the players,
    would have decided it (Omweso's random rearrangements sometimes do)."""
    for _ in range(1000):
        s, actions = state, list[int]()
        while len(actions) < opening and not s.is_terminal:
            a = _draw_throw(s, rng) if s.is_chance_node else rng.choice(s.legal_actions())
            s = s.apply(a)
            actions.append(a)
        if not s.is_terminal or opening == 0:
            return s, actions
    raise OpeningError(f"every opening of {opening} random actions ends the game: "
                       "give a shorter --opening")


def opening_of(game: Game, seed: int, opening: int, start: tuple[str, ...] = (),
               first_seed: int | None = None) -> tuple[State, list[int], random.Random]:
    """The position where the game of ``seed`` leaves its opening (``start`` moves, then
    ``opening`` random actions), the actions that lead there, and the random stream that goes
    on drawing its throws. With ``first_seed``, the games of the seeds ``first_seed`` to
    ``seed`` get different openings as long as there are enough (a repeat is drawn again, up to
    20 times): with few legal actions, 4 random actions make as few as 20 distinct openings for
    50 seeds, and deterministic searchers then replay the same game."""
    first = seed if first_seed is None else min(first_seed, seed)
    draws = _OPENING_DRAWS.setdefault((game.id, first, opening, tuple(start)), [])
    while len(draws) <= seed - first:                  # each seed's draws, in order, once
        used = {actions for actions, _ in draws}
        state, _, rng = _start(game, first + len(draws), start)
        for n in range(1, 21):
            actions = tuple(_random_opening(state, opening, rng)[1])
            if actions not in used:
                break
        draws.append((actions, n))
    state, prefix, rng = _start(game, seed, start)
    for _ in range(draws[seed - first][1]):
        after, actions_list = _random_opening(state, opening, rng)
    return after, prefix + actions_list, rng


_OPENING_DRAWS: dict[tuple[str, int, int, tuple[str, ...]], list[tuple[tuple[int, ...], int]]] = {}


def _start(game: Game, seed: int, start: tuple[str, ...]) -> tuple[State, list[int], random.Random]:
    state = game.initial_state(seed)
    prefix = []
    for move in start:
        prefix.append(state.parse_move(move))
        state = state.apply(prefix[-1])
    return state, prefix, random.Random(seed)


def schedule(agents: list[str], games: int, seed: int = 1) -> list[Pairing]:
    """Round robin: each pair plays ``games`` games, seats alternating."""
    out = []
    for i in range(len(agents)):
        for j in range(i + 1, len(agents)):
            for k in range(games):
                a, b = (agents[i], agents[j]) if k % 2 == 0 else (agents[j], agents[i])
                out.append(Pairing(a, b, seed + 1000 * (i * len(agents) + j) + k // 2))
    return out


def block_start(seed: int, run_seed: int) -> int:
    """The first seed of the games between the same two agents as the game of ``seed``."""
    return run_seed + 1000 * ((seed - run_seed) // 1000)


def score_interval(wins: int, draws: int, losses: int) -> tuple[float, float, float]:
    """The mean score per game (draws half) with a 95% confidence interval: Wilson's interval
    (the per-game variance counts draws; Wilson's form keeps the interval inside [0, 1] and
    not empty at 0% or 100%)."""
    n = wins + draws + losses
    if n == 0:
        return 0.0, 0.0, 1.0
    score = (wins + 0.5 * draws) / n
    var = (wins * (1 - score) ** 2 + draws * (0.5 - score) ** 2 + losses * score ** 2) / n
    z2 = Z95 * Z95
    centre = (score + z2 / (2 * n)) / (1 + z2 / n)
    half = Z95 * math.sqrt(var / n + z2 / (4 * n * n)) / (1 + z2 / n)
    return score, centre - half, centre + half


def elo(wins: int, draws: int, losses: int) -> tuple[float, float, float]:
    """Elo difference implied by a score, with a 95% confidence interval: `score_interval`
    mapped through the logistic curve."""
    if wins + draws + losses == 0:
        return 0.0, -math.inf, math.inf
    score, low, high = score_interval(wins, draws, losses)
    return _elo(score), _elo(low), _elo(high)


def _elo(score: float) -> float:
    if score <= 1e-9:
        return -math.inf
    if score >= 1 - 1e-9:
        return math.inf
    return -400.0 * math.log10(1.0 / score - 1.0)


@dataclass
class Tally:
    wins: int = 0
    draws: int = 0
    losses: int = 0

    def add(self, r: float) -> None:
        if r > 0:
            self.wins += 1
        elif r < 0:
            self.losses += 1
        else:
            self.draws += 1

    @property
    def games(self) -> int:
        return self.wins + self.draws + self.losses

    def row(self) -> dict[str, Any]:
        d, lo, hi = elo(self.wins, self.draws, self.losses)
        score = (self.wins + 0.5 * self.draws) / self.games if self.games else 0.0
        return {"games": self.games, "wins": self.wins, "draws": self.draws,
                "losses": self.losses, "score": round(score, 4), "elo": _round(d),
                "elo_low": _round(lo), "elo_high": _round(hi)}


def _round(x: float) -> float | None:
    return None if math.isinf(x) else round(x, 1)   # JSON has no infinity


@dataclass
class ArenaResult:
    ruleset: str
    agents: list[str]
    pairs: dict[tuple[str, str], Tally] = field(default_factory=dict)
    totals: dict[str, Tally] = field(default_factory=dict)

    def add(self, pairing: Pairing, returns: tuple[float, float]) -> None:
        for seat, (me, other) in enumerate(((pairing.first, pairing.second),
                                            (pairing.second, pairing.first))):
            self.totals.setdefault(me, Tally()).add(returns[seat])
            if self.agents.index(me) < self.agents.index(other):
                self.pairs.setdefault((me, other), Tally()).add(returns[seat])

    def to_dict(self) -> dict[str, Any]:
        """Per agent: results against the field; per pair: results of the first agent
        against the second, with the Elo difference."""
        return {
            "ruleset": self.ruleset,
            "agents": {a: self.totals.get(a, Tally()).row() for a in self.agents},
            "pairs": [{"agent": a, "opponent": b, **t.row()} for (a, b), t in self.pairs.items()],
        }


def check(ruleset: str, agents: list[str], games: int = 1, workers: int = 1,
          seconds_per_move: float = 1.0, max_actions: int = 3000, opening: int = 0,
          start: tuple[str, ...] = ()) -> Game:
    """The game of an arena; ValueError (RulesetError for the id) if an argument is bad, so
    that nothing starts (and no folder is made) before every argument is checked."""
    game = registry.load(ruleset)
    if len(set(agents)) != len(agents) or len(agents) < 2:
        raise ValueError("an arena needs at least two different agents")
    for a in agents:
        make_agent(a)
    if games < 1 or workers < 1 or max_actions < 1:
        raise ValueError("the games, workers and max actions are at least 1")
    if not (0 < seconds_per_move < math.inf):
        raise ValueError("the seconds per move are a positive number")
    if not 0 <= opening < max_actions:
        raise ValueError("the opening is a number of actions, 0 or more and less than the max actions")
    state = game.initial_state()
    for move in start:
        try:
            state = state.apply(state.parse_move(move))
        except ValueError as e:           # NotationError, IllegalActionError
            raise ValueError(f"start move {quote(move)}: {e}") from None
    return game


def run(ruleset: str, agents: list[str], games: int, workers: int = 1,
        seconds_per_move: float = 1.0, seed: int = 1, max_actions: int = 3000,
        on_game: Callable[[Pairing, GameRecord, tuple[float, float]], None] | None = None,
        opening: int = 0, skip: Collection[Pairing] = (), start: tuple[str, ...] = (),
        ray_address: str | None = None) -> ArenaResult:
    """Plays the round robin (in ``workers`` processes when more than 1, or as Ray tasks with
    ``ray_address``: see `pool`), leaving out the games of ``skip`` (already played: a stopped
    run resumes)."""
    game = check(ruleset, agents, games, workers, seconds_per_move, max_actions, opening, start)
    result = ArenaResult(game.id, list(agents))
    played = set(skip)
    pairings = [p for p in schedule(agents, games, seed) if p not in played]
    for pairing, record, returns in _games(game.id, pairings, workers, seconds_per_move,
                                           max_actions, opening, tuple(start), seed, ray_address):
        result.add(pairing, returns)
        if on_game:
            on_game(pairing, record, returns)
    return result


def _games(ruleset: str, pairings: list[Pairing], workers: int, seconds: float,
           max_actions: int, opening: int, start: tuple[str, ...], run_seed: int,
           ray_address: str | None = None,
           ) -> Iterator[tuple[Pairing, GameRecord, tuple[float, float]]]:
    calls = [(ruleset, p, seconds, max_actions, opening, start, block_start(p.seed, run_seed))
             for p in pairings]
    return run_calls(play_game, calls, workers, ray_address)
