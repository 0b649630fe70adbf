"""`ludotheque soak`: random play that checks the protocol's invariants at every ply.

At every state: the player to move is 0, 1, CHANCE or TERMINAL; legal actions are empty
exactly at the end; returns are zero until the end and agree with the outcome; chance
probabilities are positive and sum to 1; the key is stable and the state hashable; playing
an action leaves the state it was played from unchanged; the notation of the chosen action
parses back to it; the game's conserved quantity (`Game.conserved`) does not change. At
the end of every game: its record round-trips through JSON and text, and the final state
through `serialize` / `Game.deserialize`.

``--kernels`` checks the kernel-level invariants (`core/soak_kernels.py`) at every ply, in
compiled random play about a hundred times faster, and replays every 100th of its games
(``--every``) through all the checks above: the way to soak 10^7 plies a ruleset.
"""
from __future__ import annotations

import argparse
import json
import math
import random
import time
from dataclasses import asdict, dataclass, field
from typing import Any, Callable

from rich.console import Console

from ..core import registry
from ..core.errors import LudoError
from ..core.game import CHANCE, TERMINAL, Game, State
from ..records import GameRecord
from .errors import UsageError

MAX_GAME_ACTIONS = 50_000   # a game this long is cut (and counted) so that a soak always ends
MAX_FAILURES = 10


@dataclass
class SoakReport:
    ruleset: str
    seed: int
    plies: int = 0
    games: int = 0            # games played to their end
    cut_games: int = 0        # games cut at MAX_GAME_ACTIONS
    seconds: float = 0.0
    plies_per_second: float = 0.0
    protocol_plies: int = 0   # --kernels: plies of the sampled games replayed through the protocol
    protocol_games: int = 0
    failures: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)


def soak(ruleset_id: str, plies: int, seed: int = 1) -> SoakReport:
    """Plays random games of ``ruleset_id`` for ``plies`` actions in all, checking the
    invariants above; the report lists the first failures (with the seed, game and ply, and
    the serialized state, to reproduce them)."""
    if plies < 1:
        raise ValueError("a soak plays at least one ply")
    game = registry.load(ruleset_id)
    report = SoakReport(game.id, seed)
    rng = random.Random(seed)
    t0 = time.perf_counter()
    while report.plies < plies and len(report.failures) < MAX_FAILURES:
        played, ended, problem = _protocol_game(game, lambda s: s.random_action(rng),
                                                plies - report.plies)
        report.plies += played
        _count(report, ended, played, problem, report.games + report.cut_games + 1)
    report.seconds = round(time.perf_counter() - t0, 3)
    report.plies_per_second = round(report.plies / max(report.seconds, 1e-9), 1)
    return report


def kernel_soak(ruleset_id: str, plies: int, seed: int = 1, every: int = 100) -> SoakReport:
    """`soak_kernels.soak_loop` on ``ruleset_id``: the invariants the kernels alone can show,
    in compiled random play from the start position; then every ``every``-th of its games
    (0: none) replayed through the protocol-level checks of `soak`."""
    from ..core.jit import bind
    from ..core import soak_kernels
    if plies < 1:
        raise ValueError("a soak plays at least one ply")
    game = registry.load(ruleset_id)
    report = SoakReport(game.id, seed)
    loop = bind("ludotheque.core.soak_kernels", **game.kernels._asdict()).soak_loop
    start = game.initial_state().data.copy()
    loop(start, game.spec, 1, seed, game.num_actions, MAX_GAME_ACTIONS, 0)   # compile or load
    t0 = time.perf_counter()
    stats, log, starts = loop(start, game.spec, plies, seed, game.num_actions, MAX_GAME_ACTIONS,
                              every)
    report.plies, report.games, report.cut_games = int(stats[0]), int(stats[1]), int(stats[2])
    if stats[3] != soak_kernels.OK:
        report.failures.append(f"game {int(stats[5]) + 1} (seed {seed}), ply {int(stats[4])}: "
                               f"{soak_kernels.FAILURES[int(stats[3])]}")
    for k in range(len(starts) - 1):
        if len(report.failures) >= MAX_FAILURES:
            break
        actions = iter(log[starts[k]:starts[k + 1]].tolist())
        played, ended, problem = _protocol_game(game, lambda s: next(actions, None), plies)
        report.protocol_plies += played
        report.protocol_games += 1
        if problem is not None:
            report.failures.append(f"game {k * every + 1} (seed {seed}) through the protocol, "
                                   f"ply {played}: {problem}")
    report.seconds = round(time.perf_counter() - t0, 3)
    report.plies_per_second = round(report.plies / max(report.seconds, 1e-9), 1)
    return report


def _protocol_game(game: Game, choose: Callable[[State], int | None],
                   limit: int) -> tuple[int, bool, str | None]:
    """One game from the start, its actions from ``choose`` (None: stop there), at most
    ``limit`` and MAX_GAME_ACTIONS of them, checked at every ply: (actions played, whether
    the game ended, the first problem found or None)."""
    state, actions = game.initial_state(), list[int]()
    conserved = game.conserved(state)
    while len(actions) < min(limit, MAX_GAME_ACTIONS):
        problem = _check_state(game, state, conserved)
        if problem is None and state.is_terminal:
            problem = _check_finished(game, state, actions)
        if problem is not None:
            return len(actions), False, f"{problem}; state {_serialized(state)}"
        if state.is_terminal:
            return len(actions), True, None
        action = choose(state)
        if action is None:
            break
        before = state.key()
        try:
            after = state.apply(action)
        except LudoError as e:
            return len(actions), False, f"action {action} refused: {e}"
        if state.key() != before:
            return len(actions), False, f"applying {action} changed the state it was played from"
        state = after
        actions.append(action)
    return len(actions), False, None


def _count(report: SoakReport, ended: bool, played: int, problem: str | None, game: int) -> None:
    if problem is not None:
        report.failures.append(f"game {game}, ply {played}: {problem}")
    elif ended:
        report.games += 1
    elif played >= MAX_GAME_ACTIONS:
        report.cut_games += 1


def _check_state(game: Game, state: State, conserved: int | None) -> str | None:
    """What is wrong with ``state``, or None."""
    player, legal, returns = state.current_player, state.legal_actions(), state.returns()
    if player not in (0, 1, CHANCE, TERMINAL):
        return f"player to move {player}"
    if (player == TERMINAL) != (not legal):
        return "legal actions empty before the end" if not legal else "legal actions after the end"
    if player != TERMINAL and returns != (0.0, 0.0):
        return f"returns {returns} before the end"
    if player == CHANCE:
        probs = [p for _, p in state.chance_outcomes()]
        if len(probs) != len(legal) or min(probs) <= 0 or not math.isclose(sum(probs), 1.0):
            return f"chance probabilities {probs}"
    if player not in (CHANCE, TERMINAL):
        action = legal[len(legal) // 2]
        text = state.move_to_string(action)
        if state.parse_move(text) != action:
            return f"move {text!r} does not parse back to action {action}"
    key = state.key()
    if not isinstance(key, bytes) or state.key() != key or hash(state) != hash(state):
        return "unstable key"
    if conserved is not None and game.conserved(state) != conserved:
        return f"conserved quantity {game.conserved(state)}, not {conserved}"
    return None


def _check_finished(game: Game, state: State, actions: list[int]) -> str | None:
    outcome, returns = state.outcome(), state.returns()
    if outcome is None:
        return "no outcome at the end"
    w = outcome.winner
    if (w is None and returns[0] != returns[1]) or (w is not None and not returns[w] > returns[1 - w]):
        return f"returns {returns} disagree with the outcome {outcome.result()}"
    record = GameRecord(game.id, actions, ["a", "b"], tags={"Soak": "1"})
    try:
        for copy in (GameRecord.from_json(record.to_json()), GameRecord.from_text(record.to_text())):
            if (copy.actions, copy.players, copy.tags) != (record.actions, record.players, record.tags):
                return "the record changes on a round trip"
        copy_state = game.deserialize(state.serialize())
    except LudoError as e:
        return f"round trip failed: {e}"
    if copy_state.key() != state.key():
        return "the serialized state reads back different"
    return None


def _serialized(state: State) -> str:
    try:
        return state.serialize()
    except LudoError as e:
        return f"(not serializable: {e})"


def add_parser(sub: Any) -> None:
    s = sub.add_parser("soak", help="random play checking the rules' invariants at every ply")
    s.add_argument("rulesets", nargs="+", metavar="RULESET", help="ruleset ids, or all")
    s.add_argument("--plies", type=int, default=100_000, help="actions per ruleset (default 100,000)")
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--kernels", action="store_true",
                   help="the kernel-level invariants in compiled play (100x faster), and every "
                        "100th game through the protocol's checks")
    s.add_argument("--every", type=int, default=100,
                   help="with --kernels: replay every N-th game through the protocol (0: none)")
    s.set_defaults(func=cmd_soak)


def cmd_soak(args: argparse.Namespace, console: Console) -> int:
    """One line of JSON per ruleset; exit 1 if an invariant failed."""
    if args.plies < 1:
        raise UsageError(f"--plies is at least 1, not {args.plies}")
    if args.every < 0:
        raise UsageError(f"--every is at least 0, not {args.every}")
    ids = [ri.name for ri in registry.rulesets()] if args.rulesets == ["all"] else args.rulesets
    for rid in ids:
        registry.load(rid)                  # a bad id fails before anything runs
    failed = False
    for rid in ids:
        report = (kernel_soak(rid, args.plies, args.seed, args.every) if args.kernels
                  else soak(rid, args.plies, args.seed))
        failed = failed or bool(report.failures)
        print(json.dumps(report.to_dict()), flush=True)
    return 1 if failed else 0
