"""Omweso, the LUDOS simplified rules (rules/oware.md, part 3): Uganda's four-row mancala.

Rule choices (the spec's rulings): the booklet's "upper row" is the inner row; each player
first rearranges his 32 seeds one seed at a time (then `done`; at most 32 seed moves); a lap
of 16+ seeds drops seeds in every pit, its start included (`skip_origin=1` skips it as in
Oware); captured seeds start after the pit that captured, or in the same start pit as the
capture lap that captured again (figs 7A/7B); a reverse capture's first clockwise lap must
capture; after a clockwise capture the player chooses `cw` (only if that lap captures again)
or `ccw`, which puts the first seed into the pit the turn started from
(`reverse_resume=after-origin`: the next pit); a special win completes the turn's sowing.
Engine: a turn stops after lap 10,000; a play position met three times, or `max_plies`
sowing moves, ends the game: more seeds in one's 16 pits wins, equal is a draw.

Search evaluation (``Omweso.evaluate``, in ``evaluation_variants.py``), in seeds for
``player`` against the opponent:

- seeds on one's side: captures move seeds across, and the capped or repeated game is won on
  them (seeds in hand at a direction decision count for the mover);
- mobility: 0.5 per pit of 2+ seeds (a player without one loses, OM-F1);
- vulnerable pits, as threats: the biggest capture the first lap of one move (normal or
  reverse) makes, counted twice (the seeds change sides), weight 1 for the player to move and
  0.5 for the other;
- Akakyala (OM-F2): +6 to a player who has captured while his opponent never has, +40 more
  when he is to move and has a capture (a win this turn);

squashed as ``score / (|score| + 16)``.
"""
from __future__ import annotations

import re
from typing import Any

import numpy as np

from ...core import Game, IllegalActionError, NotationError, Outcome, State, Termination
from ...core.errors import quote
from ...core.history import record_key
from ...core.kernels import Kernels, no_chance
from ...core.registry import Option, RulesetInfo, register
from ...i18n import Message, msg, player
from . import omweso_kernels as K

FILES = "abcdefgh"
RESUME_MODES = ("origin", "after-origin")
KERNELS = Kernels(K.legal, K.apply, K.to_move, K.returns, no_chance)


def pit_xy(p: int, k: int) -> tuple[int, int]:
    """Board coordinates of own-pit k of player p (OM-A3)."""
    if p == 0:
        return (k, 0) if k < 8 else (15 - k, 1)
    return (7 - k, 3) if k < 8 else (k - 8, 2)


def pit_of(x: int, y: int) -> tuple[int, int]:
    """(player, own-pit index) of the pit at (x, y)."""
    if y == 0:
        return 0, x
    if y == 1:
        return 0, 15 - x
    if y == 2:
        return 1, x + 8
    return 1, 7 - x


def pit_name(p: int, k: int) -> str:
    x, y = pit_xy(p, k)
    return f"{FILES[x]}{y + 1}"


def parse_pit(text: str) -> tuple[int, int]:
    return pit_of(FILES.index(text[0]), int(text[1]) - 1)


class Omweso(Game):
    name = "Omweso"
    num_actions = K.NUM_ACTIONS
    player_names = ("South", "North")

    observer = (K.observe, 40)

    def __init__(self, cid: str, skip_origin: int, reverse_resume: str, max_plies: int) -> None:
        self.id = cid
        self.kernels = KERNELS
        self.spec = np.array([skip_origin, RESUME_MODES.index(reverse_resume), max_plies], np.int64)

    # -- positions ----------------------------------------------------------------
    def initial_data(self, seed: int | None = None) -> np.ndarray:
        pits = np.zeros(32, np.int32)
        pits[8:16] = pits[24:32] = 4                    # OM-B1: 4 in every inner pit
        return K.new_state(pits, 0, K.SETUP_SOUTH, (0, 0))

    def play_start(self) -> State:
        """The default position after both players keep it (`done`, `done`): the first
        sowing move (OM-B4); perft and speed are measured from here."""
        return self.initial_state().apply(K.DONE).apply(K.DONE)

    def playout_start(self) -> State:
        """Benchmarks skip the rearrangement: they start at `play_start()`."""
        return self.play_start()

    def position_data(self, pits: Any, to_move: int, captures: tuple[int, int] = (0, 0)) -> np.ndarray:
        s = K.new_state(np.asarray(pits, np.int32), to_move, K.PLAY, captures)
        K.settle(s, self.spec)
        return s

    def from_diagram(self, diagram: str, to_move: int = 0, captures: tuple[int, int] = (0, 0)) -> State:
        """A play-phase state from the spec's diagram (rank 4 on top, files a-h); `captures`
        are the capturing turns South and North made earlier (0, 1 or 2 = two or more)::

                  a  b  c  d  e  f  g  h
              4   5  5  5  5  5  5  5  5
              3   2  2  2  2  2  2  2  0
              2   1  0  0  0  0  0  0  2
              1   1  1  1  1  0  3  0  0
        """
        ranks: dict[int, list[int]] = {}
        for line in diagram.splitlines():
            m = re.match(r"\s*([1-4])\s+((?:\d+\s+){7}\d+)(?:\s.*)?$", line)
            if m:
                ranks[int(m.group(1))] = [int(v) for v in m.group(2).split()]
        if sorted(ranks) != [1, 2, 3, 4]:
            raise NotationError("an Omweso diagram needs ranks 4, 3, 2 and 1 of 8 pits each")
        pits = np.zeros(32, np.int32)
        for rank, row in ranks.items():
            for x, v in enumerate(row):
                p, k = pit_of(x, rank - 1)
                pits[16 * p + k] = v
        if pits.sum() != 64:
            raise NotationError("an Omweso position holds 64 seeds")
        if to_move not in (0, 1) or any(c not in (0, 1, 2) for c in captures):
            raise NotationError("to_move is 0 or 1; capture counts are 0, 1 or 2")
        return State._trusted(self, self.position_data(pits, to_move, (int(captures[0]), int(captures[1]))))

    # -- notation -----------------------------------------------------------------
    def action_to_string(self, state: State, action: int) -> str:
        p = state.current_player
        if action < K.DONE:
            return f"{pit_name(p, action >> 4)}-{pit_name(p, action & 15)}"
        if action == K.DONE:
            return "done"
        if action < K.REVERSE:
            return pit_name(p, action - K.SOW)
        if action < K.CLOCKWISE:
            return pit_name(p, action - K.REVERSE) + "r"
        return "cw" if action == K.CLOCKWISE else "ccw"

    def parse_action(self, state: State, text: str) -> int:
        t = text.strip()
        p = state.current_player
        phase = int(state.data[K.PHASE])
        setup = phase in (K.SETUP_SOUTH, K.SETUP_NORTH)
        m = re.fullmatch(r"([a-h][1-4])-([a-h][1-4])|([a-h][1-4])(r?)|done|cw|ccw", t)
        if not m:
            raise NotationError(msg("omweso.error.not_a_move", text=quote(text)))
        pits = [parse_pit(g) for g in (m.group(1), m.group(2), m.group(3)) if g]
        for owner, _ in pits:
            if owner != p:
                raise IllegalActionError(msg("omweso.error.other_pit", move=t, owner=player(self.player_names[1 - p]),
                                             player=player(self.player_names[p]),
                                             ranks="1-2" if p == 0 else "3-4"))
        if t in ("cw", "ccw"):
            if phase != K.DECISION:
                raise IllegalActionError(msg("omweso.error.no_direction"))
            return K.CLOCKWISE if t == "cw" else K.COUNTER_CLOCKWISE
        if phase == K.DECISION:
            raise IllegalActionError(msg("omweso.error.choose_direction"))
        if t == "done" or m.group(1):
            if not setup:
                raise IllegalActionError(msg("omweso.error.setup_over"))
            if t == "done":
                return K.DONE
            (_, i), (_, j) = pits
            if i == j:
                raise IllegalActionError(msg("omweso.error.same_pit"))
            if state.data[16 * p + i] == 0:
                raise IllegalActionError(msg("omweso.error.empty_pit", pit=m.group(1)))
            return 16 * i + j
        if setup:
            raise IllegalActionError(msg("omweso.error.setup_first"))
        k = pits[0][1]
        name = m.group(3)
        if state.data[16 * p + k] < 2:
            raise IllegalActionError(msg("omweso.error.too_few", pit=name))
        if not m.group(4):
            return K.SOW + k
        if k not in K.LEFT_PITS:
            left = " ".join(pit_name(p, j) for j in K.LEFT_PITS)
            raise IllegalActionError(msg("omweso.error.reverse_left", pits=left))
        action = K.REVERSE + k
        if action not in state.legal_actions():
            raise IllegalActionError(msg("omweso.error.reverse_no_capture", pit=name))
        return action

    # -- display and end of game ----------------------------------------------------
    def render(self, state: State, lang: str = "en") -> str:
        """The spec's diagram, with the two rows of each side labelled and a rule between
        the sides."""
        s = state.data

        def rank(y: int) -> str:
            return f"  {y + 1} " + "".join(f"{s[16 * p + k]:3d}" for p, k in (pit_of(x, y) for x in range(8)))

        def row(p: int, key: str) -> str:
            return "   " + msg(key, player=player(self.player_names[p])).text(lang)

        header = "      " + "  ".join(FILES)
        lines = [
            header,
            rank(3) + row(1, "omweso.outer"),
            rank(2) + row(1, "omweso.inner"),
            "    " + "-" * 25,
            rank(1) + row(0, "omweso.inner"),
            rank(0) + row(0, "omweso.outer"),
            header,
            self.status(state).text(lang),
        ]
        return "\n".join(lines)

    def status(self, state: State) -> Message:
        out = state.outcome()
        if out:
            return out.message
        s = state.data
        who = player(self.player_names[state.current_player])
        phase = int(s[K.PHASE])
        if phase in (K.SETUP_SOUTH, K.SETUP_NORTH):
            return msg("omweso.rearranges", player=who, n=int(s[K.REARRANGED + phase]))
        if phase == K.DECISION:
            return msg("omweso.direction", player=who, n=int(s[K.HAND]))
        return msg("status.to_move", player=who)

    def outcome(self, state: State) -> Outcome | None:
        s = state.data
        reason = int(s[K.END])
        if reason == K.ONGOING:
            return None
        w = int(s[K.WINNER])
        winner = None if w < 0 else w
        result = msg("end.draw") if winner is None else msg("end.wins", player=player(self.player_names[winner]))
        if reason == K.END_NO_MOVE:
            return Outcome(Termination.NO_MOVE, winner, msg(
                "end.why_result", why=msg("omweso.end.no_move", loser=player(self.player_names[1 - w])), result=result))
        if reason == K.END_AKAKYALA:
            return Outcome(Termination.GOAL, winner, msg("omweso.end.akakyala", result=result))
        if reason == K.END_EMITWEBIRI:
            return Outcome(Termination.GOAL, winner, msg("omweso.end.emitwebiri", result=result))
        south = int(s[0:16].sum())
        termination, why = {
            K.END_REPETITION: (Termination.REPETITION, "omweso.end.repetition"),
            K.END_MOVE_CAP: (Termination.MOVE_LIMIT, "omweso.end.move_cap"),
        }[reason]
        return Outcome(termination, winner, msg("omweso.end.on_seeds", why=msg(why), result=result,
                                                south=south, north=64 - south))

    def geometry(self) -> dict[str, Any]:
        points = [{"id": f"{FILES[x]}{y + 1}", "x": float(x), "y": float(y)}
                  for y in range(4) for x in range(8)]
        return {"kind": "pits", "points": points, "lines": []}

    def view(self, state: State) -> dict[str, Any]:
        s = state.data
        pieces = [{"at": pit_name(p, k), "owner": p, "kind": "seed", "count": int(s[16 * p + k])}
                  for p in (0, 1) for k in range(16)]
        return {"pieces": pieces, "scores": [int(s[0:16].sum()), int(s[16:32].sum())],
                "status": self.status(state).text()}

    def action_points(self, state: State, action: int) -> list[str]:
        p = state.current_player
        if action < K.DONE:
            return [pit_name(p, action >> 4), pit_name(p, action & 15)]
        if K.SOW <= action < K.CLOCKWISE:
            return [pit_name(p, (action - K.SOW) % 16)]
        if action == K.CLOCKWISE:
            return [pit_name(p, int(state.data[K.CW_START]))]
        if action == K.COUNTER_CLOCKWISE:
            return [pit_name(p, int(state.data[K.TURN_START]))]
        return []

    def conserved(self, state: State) -> int:
        """The seeds: in the pits, and in hand while a direction is being chosen."""
        return int(state.data[0:32].sum()) + int(state.data[K.HAND])

    def key(self, state: State) -> bytes:
        """Position, phase data, move count only when it matters, and the repetition record
        as a multiset."""
        s = np.array(state.data[: K.HIST + K.ENTRY * int(state.data[K.HLEN])])
        if self.spec[K.MAX_PLIES] == 0:
            s[K.PLY] = 0
        s[K.SEEN] = s[K.SEEN + 1] = 0
        return record_key(s[:K.HIST], s[K.HIST:], K.ENTRY)


def _make(exts: frozenset[str], values: dict[str, Any], cid: str) -> Game:
    return Omweso(cid, values["skip_origin"], values["reverse_resume"], values["max_plies"])


register(RulesetInfo(
    name="oware/omweso",
    title="Omweso",
    description="Uganda's four-row mancala: relay sowing in your 16 pits, captures, reverse captures",
    factory=_make,
    options=(
        Option("skip_origin", 0, "a lap of 16+ seeds skips the pit it started from (1) or not (0)",
               choices=("0", "1"), minimum=0, maximum=1),
        Option("reverse_resume", "origin",
               "after a reverse capture, counter-clockwise sowing starts in the turn's pit or the next",
               choices=RESUME_MODES),
        Option("max_plies", 0, "sowing-move cap, more seeds in one's pits wins (0 = none)", minimum=0),
    ),
    rules_package="ludotheque.games.oware",
))

from . import evaluation_variants  # noqa: E402  (search knowledge, kept apart from the rules)
Omweso.evaluate = evaluation_variants.omweso_evaluate
