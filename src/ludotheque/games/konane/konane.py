"""Kōnane, the Hawaiian jumping game (rules/konane.md: KO, KH, KN), sizes 4..14.

Rule choices (the spec's rulings): Hibiscus on the odd cells (KO-R1); Hibiscus removes a
corner or centre flower, Jasmine an adjacent one, both as turns (KO-R2); a chain goes on in
one direction and may stop after any jump (KO-R3); no capture = loss (KO-R4). `+hummingbird`:
Hummingbirds on the upper centre row (KH-R1), one bonus step or jump in 8 directions after a
flower's capture (KH-R2), the step instead of a capture when only the Hummingbird can capture
(KH-R3; `hummingbird_step=single`: only when it has the one legal first jump), 6 pieces or
fewer loses (KH-R4, `hummingbird_loss_at`), third repetition is a draw (KH-R5). `+knots`: one
knot each, available after three of one's pieces were captured (KN-R1), blocking everything
(KN-R2).

A turn is several actions (KO-E1): the first jump, then "jump again" or `stop` while the
chain can go on, then the bonus move or `pass` when one is offered (KH-E1).
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
from . import kernels as K

KERNELS = Kernels(K.legal, K.apply, K.to_move, K.returns, no_chance, fast_step=K.fast_step)
SIZES = (4, 6, 8, 10, 12, 14)
SYMBOLS = {".": K.EMPTY, "H": K.FLOWER0, "J": K.FLOWER1, "h": K.BIRD0, "j": K.BIRD1, "#": K.KNOT}
CHARS = {v: k for k, v in SYMBOLS.items()}
_CELL = r"([a-z])(\d{1,2})"
_MOVE = re.compile(rf"^{_CELL}([x-]){_CELL}$")


class Konane(Game):
    name = "Kōnane"
    player_names = ("Hibiscus", "Jasmine")

    def __init__(self, cid: str, size: int, hummingbird: bool, knots: bool, loss_at: int,
                 step_single: bool) -> None:
        self.id = cid
        self.size = size
        self.hummingbird = hummingbird
        self.knots = knots
        self.kernels = KERNELS
        self.spec = K.make_spec(size, hummingbird, knots, loss_at, step_single)
        n2 = size * size
        self.n2 = n2
        self.observer = (K.observe, 6 * n2 + 11)
        self.num_actions = 8 * n2 + 2
        self.STOP, self.PASS = 5 * n2, 6 * n2 + 1

    # -- cells ------------------------------------------------------------------------
    def cell_name(self, c: int) -> str:
        return f"{chr(97 + c % self.size)}{c // self.size + 1}"

    def _cell(self, file: str, rank: str, text: str) -> int:
        x, y = ord(file) - 97, int(rank) - 1
        if not (0 <= x < self.size and 0 <= y < self.size):
            raise NotationError(msg("konane.error.no_cell", text=quote(text), cell=file + rank, size=self.size))
        return y * self.size + x

    # -- positions ----------------------------------------------------------------------
    def initial_data(self, seed: int | None = None) -> np.ndarray:
        n = self.size
        cells = np.array([K.FLOWER0 if (c % n + c // n) % 2 else K.FLOWER1 for c in range(self.n2)],
                         np.int32)                                    # KO-A2, KO-R1
        if self.hummingbird:                                          # KH-A1
            cells[(n // 2) * n + n // 2 - 1] = K.BIRD0
            cells[(n // 2) * n + n // 2] = K.BIRD1
        return self._data(cells, 0, 0, (0, 0), (int(self.knots),) * 2)

    def _data(self, cells: np.ndarray, to_move: int, removals: int, captured: tuple[int, int],
              hand: tuple[int, int]) -> np.ndarray:
        return K.new_state(self.spec, cells, to_move, removals, captured, hand)

    def from_diagram(self, diagram: str, to_move: int = 0, captured: tuple[int, int] = (0, 0),
                     knots: tuple[int, int] | None = None, removals: int | None = None) -> State:
        """A turn-start position from the spec's diagram form (1.4), top rank first::

            4  . J . .
            3  J . J .
            2  . . . .
            1  J H J H
               a b c d

        ``captured`` = pieces of each player taken so far (KN-B1); ``knots`` = knots in hand
        (default: both, with +knots); ``removals`` = opening removals done (default: 0 on a
        full board, 1 with one hole, else 2)."""
        rows = []
        for line in diagram.splitlines():
            tokens = line.split()
            while tokens and tokens[0].isdigit():
                tokens = tokens[1:]
            if tokens and all(t in SYMBOLS for t in tokens):
                rows.append(tokens)
        n = self.size
        if len(rows) != n or any(len(r) != n for r in rows):
            raise NotationError(f"a {self.id} diagram has {n} ranks of {n} cells")
        cells = np.zeros(self.n2, np.int32)
        for i, row in enumerate(rows):
            for x, t in enumerate(row):
                cells[(n - 1 - i) * n + x] = SYMBOLS[t]
        text = "".join("".join(r) for r in rows)
        if not self.hummingbird and ("h" in text or "j" in text):
            raise NotationError("Hummingbirds (h, j) need +hummingbird")
        if text.count("h") > 1 or text.count("j") > 1:
            raise NotationError("each player has one Hummingbird")
        if not self.knots and "#" in text:
            raise NotationError("knots (#) need +knots")
        if knots is None:
            knots = (int(self.knots),) * 2
        if removals is None:
            holes = text.count(".") + text.count("#")
            removals = min(holes, 2)
        if to_move not in (0, 1) or removals not in (0, 1, 2):
            raise NotationError("to_move is 0 or 1, removals 0..2")
        return State._trusted(self, self._data(cells, to_move, removals, captured, knots))

    # -- notation -------------------------------------------------------------------------
    def action_to_string(self, state: State, action: int) -> str:
        n2, cell = self.n2, self.cell_name
        s = state.data
        if action < n2:
            return f"-{cell(action)}"
        if action < 5 * n2:
            c, d = divmod(action - n2, 4)
            return f"{cell(c)}x{cell(c + 2 * (int(K.DX[d]) + self.size * int(K.DY[d])))}"
        if action == self.STOP:
            return "stop"
        if action == self.PASS:
            return "pass"
        if action < 7 * n2 + 2:
            b = int(s[K.BIRD + int(s[K.TO_MOVE])])
            t = action - (5 * n2 + 1 if action <= 6 * n2 else 6 * n2 + 2)
            far = max(abs(t % self.size - b % self.size), abs(t // self.size - b // self.size)) == 2
            return f"{cell(b)}{'x' if far else '-'}{cell(t)}"
        return f"@{cell(action - (7 * n2 + 2))}"

    def parse_action(self, state: State, text: str) -> int:
        """One action: `-h1`, `f5xd5`, `stop`, `f4-e5`/`f4xh6` (bonus), `pass`, `d5-c5`, `@c3`."""
        t = text.strip().lower()
        s = state.data
        p, n2, n = int(s[K.TO_MOVE]), self.n2, self.size
        if t == "stop":
            action = self.STOP
        elif t == "pass":
            action = self.PASS
        elif m := re.fullmatch(rf"([-@]){_CELL}", t):
            c = self._cell(m.group(2), m.group(3), text)
            action = c if m.group(1) == "-" else 7 * n2 + 2 + c
        elif m := _MOVE.fullmatch(t):
            a, b = self._cell(m.group(1), m.group(2), text), self._cell(m.group(4), m.group(5), text)
            dx, dy = b % n - a % n, b // n - a // n
            if s[K.BONUS]:
                if a != s[K.BIRD + p]:
                    raise IllegalActionError(msg("konane.error.bonus_by_bird", move=t,
                                                 cell=self.cell_name(int(s[K.BIRD + p]))))
                action = 5 * n2 + 1 + b
            elif m.group(3) == "-":
                if a != s[K.BIRD + p]:
                    raise IllegalActionError(msg("konane.error.only_bird_steps", move=t))
                action = 6 * n2 + 2 + b
            else:
                d = {(2, 0): 0, (-2, 0): 1, (0, 2): 2, (0, -2): 3}.get((dx, dy))
                if d is None:
                    raise IllegalActionError(msg("konane.error.jump_shape", move=t))
                action = n2 + 4 * a + d
        elif re.fullmatch(rf"{_CELL}(x{_CELL})+", t) or " " in t:
            raise NotationError(msg("konane.error.whole_turn", text=quote(text)))
        else:
            raise NotationError(msg("konane.error.not_an_action", text=quote(text)))
        if action not in state.legal_actions():
            raise IllegalActionError(msg("error.move_why", move=t, why=self._why(state, action)))
        return action

    def _why(self, state: State, action: int) -> Message:
        s, n2 = state.data, self.n2
        p = int(s[K.TO_MOVE])
        if s[K.REMOVALS] < 2:
            return msg("konane.why.opening")
        if s[K.CHAIN] >= 0:
            return msg("konane.why.in_chain", cell=self.cell_name(int(s[K.CHAIN])))
        if s[K.BONUS]:
            return msg("konane.why.bonus")
        if action < n2:
            return msg("konane.why.opening_over")
        if action < 5 * n2:
            c, d = divmod(action - n2, 4)
            if (s[K.BOARD + c] & 3) != p + 1:
                return msg("konane.why.no_piece", cell=self.cell_name(c))
            return msg("konane.why.jump")
        if action in (self.STOP, self.PASS) or action <= 6 * n2:
            return msg("konane.why.nothing_to_stop")
        if action < 7 * n2 + 2:
            return msg("konane.why.bird_step")
        if not self.knots:
            return msg("konane.why.no_knots")
        if not s[K.HAND + p]:
            return msg("konane.why.knot_placed")
        if s[K.CAPT + p] < 3:
            return msg("konane.why.knot_later")
        return msg("konane.why.knot_empty")

    # -- complete turns (the spec's perft and move lists count these) ------------------------
    def turns(self, state: State) -> list[tuple[str, list[int], State]]:
        """Every complete turn from a turn start: (text, actions, state after)."""
        if state.is_terminal:
            return []
        result: list[tuple[str, list[int], State]] = []
        turn = int(state.data[K.TURNS])

        def walk(st: State, text: str, actions: list[int]) -> None:
            for a in st.legal_actions():
                nxt = st._apply_unchecked(a)
                part = self.continue_turn_text(st, a, text)
                if nxt.is_terminal or int(nxt.data[K.TURNS]) != turn:
                    result.append((part, actions + [a], nxt))
                else:
                    walk(nxt, part, actions + [a])

        walk(state, "", [])
        return result

    def continue_turn_text(self, st: State, a: int, text: str) -> str:
        if a in (self.STOP, self.PASS):
            return text
        word = self.action_to_string(st, a)
        if st.data[K.CHAIN] >= 0:
            return text + word[word.index("x"):]
        return f"{text} {word}" if text else word

    def parse_turn(self, state: State, text: str) -> list[int]:
        """The actions of a complete turn written as in the spec (`a2xc2xe2`, `b5xd5 f4-e5`),
        with the closing `stop` / `pass` implied."""
        words = text.split()
        if not words or len(words) > 2:
            raise NotationError(msg("konane.error.not_a_turn", text=quote(text)))
        cells = re.findall(r"[a-z]\d{1,2}", words[0].lower())
        if re.fullmatch(rf"{_CELL}(x{_CELL})+", words[0].lower()):   # a chain: one jump per landing
            parts = [f"{a}x{b}" for a, b in zip(cells, cells[1:])]
        else:
            parts = [words[0]]
        turn = int(state.data[K.TURNS])
        actions = []
        for i, part in enumerate(parts + words[1:]):
            if i == len(parts) and state.data[K.CHAIN] >= 0:      # the bonus follows a stopped chain
                actions.append(self.STOP)
                state = state.apply(self.STOP)
            a = self.parse_action(state, part)
            actions.append(a)
            state = state.apply(a)
        while not state.is_terminal and int(state.data[K.TURNS]) == turn:
            a = self.STOP if state.data[K.CHAIN] >= 0 else self.PASS
            if a not in state.legal_actions():
                raise IllegalActionError(msg("error.turn_incomplete", text=quote(text)))
            actions.append(a)
            state = state.apply(a)
        return actions

    # -- display and end of game ---------------------------------------------------------------
    def render(self, state: State, lang: str = "en") -> str:
        s, n = state.data, self.size
        lines = []
        for y in range(n - 1, -1, -1):
            row = " ".join(CHARS[int(s[K.BOARD + y * n + x])] for x in range(n))
            lines.append(f"{y + 1:2d}  {row}")
        lines.append("    " + " ".join(chr(97 + x) for x in range(n)))
        if self.knots or self.hummingbird:
            info = msg("konane.captured", p0=player(self.player_names[0]), c0=int(s[K.CAPT]),
                       p1=player(self.player_names[1]), c1=int(s[K.CAPT + 1]))
            if self.knots:
                info = msg("text.then", a=info, b=msg("konane.knots", p0=player(self.player_names[0]),
                           k0=int(s[K.HAND]), p1=player(self.player_names[1]), k1=int(s[K.HAND + 1])))
            lines.append(info.text(lang))
        lines.append(self.status(state).text(lang))
        return "\n".join(lines)

    def status(self, state: State) -> Message:
        out = state.outcome()
        if out:
            return out.message
        s = state.data
        who = player(self.player_names[int(s[K.TO_MOVE])])
        if s[K.CHAIN] >= 0:
            return msg("konane.jump_again", player=who, point=self.cell_name(int(s[K.CHAIN])))
        if s[K.BONUS]:
            return msg("konane.bonus", player=who)
        return msg("status.to_move", player=who)

    def outcome(self, state: State) -> Outcome | None:
        s = state.data
        end = int(s[K.END])
        if end == K.ONGOING:
            return None
        if end == K.END_REPETITION:
            return Outcome(Termination.REPETITION, None, msg("konane.end.repetition"))
        w = int(s[K.WINNER])
        win, lose = player(self.player_names[w]), player(self.player_names[1 - w])
        if end == K.END_PIECES:
            return Outcome(Termination.GOAL, w, msg("konane.end.pieces", loser=lose, winner=win,
                                                     n=int(s[K.PIECES + 1 - w])))
        return Outcome(Termination.NO_MOVE, w, msg("konane.end.no_capture", loser=lose, winner=win))

    def key(self, state: State) -> bytes:
        """Everything but the turn counter; the repetition record as a multiset."""
        s = np.array(state.data)
        s[K.TURNS] = s[K.SEEN] = s[K.SEEN + 1] = 0
        h = int(self.spec[K.S_HIST])
        return record_key(s[:h], s[h:h + int(s[K.HLEN])], 1)

    # -- front end --------------------------------------------------------------------------
    def geometry(self) -> dict[str, Any]:
        n = self.size
        points = [{"id": self.cell_name(c), "x": float(c % n), "y": float(c // n)} for c in range(self.n2)]
        return {"kind": "grid", "points": points, "lines": [], "size": n,
                "odd_cells": [self.cell_name(c) for c in range(self.n2) if (c % n + c // n) % 2]}

    def view(self, state: State) -> dict[str, Any]:
        s = state.data
        kinds = {K.FLOWER0: "flower", K.FLOWER1: "flower", K.BIRD0: "hummingbird",
                 K.BIRD1: "hummingbird", K.KNOT: "knot"}
        pieces = []
        for c in range(self.n2):
            v = int(s[K.BOARD + c])
            if v:
                owner = (v & 3) - 1 if v & 3 else None   # a placed knot belongs to nobody (KN-A1)
                pieces.append({"at": self.cell_name(c), "owner": owner, "kind": kinds[v], "count": 1})
        status = self.status(state).text()
        scores = [int(s[K.CAPT + 1]), int(s[K.CAPT])]
        return {"pieces": pieces, "scores": scores, "status": status}

    def action_points(self, state: State, action: int) -> list[str]:
        s, n2, n = state.data, self.n2, self.size
        p = int(s[K.TO_MOVE])
        if action < n2:
            return [self.cell_name(action)]
        if action < 5 * n2:
            c, d = divmod(action - n2, 4)
            step = int(K.DX[d]) + n * int(K.DY[d])
            return [self.cell_name(c), self.cell_name(c + step), self.cell_name(c + 2 * step)]
        if action in (self.STOP, self.PASS):
            c = int(s[K.CHAIN]) if action == self.STOP else int(s[K.BIRD + p])
            return [self.cell_name(c)] if c >= 0 else []
        if action < 7 * n2 + 2:
            b = int(s[K.BIRD + p])
            t = action - (5 * n2 + 1 if action <= 6 * n2 else 6 * n2 + 2)
            if max(abs(t % n - b % n), abs(t // n - b // n)) == 2:
                return [self.cell_name(b), self.cell_name((b + t) // 2), self.cell_name(t)]
            return [self.cell_name(b), self.cell_name(t)]
        return [self.cell_name(action - (7 * n2 + 2))]

    # -- exact values ---------------------------------------------------------------------------
    def solve(self, state: State | None = None) -> dict[str, Any]:
        from .solver import solve
        return solve(self, state if state is not None else self.initial_state())


def _make(exts: frozenset[str], values: dict[str, Any], cid: str) -> Game:
    hb = "hummingbird" in exts
    return Konane(cid, values["size"], hb, "knots" in exts, values["hummingbird_loss_at"],
                  values["hummingbird_step"] == "single")


register(RulesetInfo(
    name="konane",
    title="Kōnane",
    description="Hawaii's jumping game: capture by jumping, the last player able to capture wins",
    factory=_make,
    extensions=("hummingbird", "knots"),
    options=(
        Option("size", 8, "board size (even, 4 to 14)", choices=tuple(str(n) for n in SIZES),
               minimum=4, maximum=14),
        Option("hummingbird_loss_at", 6, "+hummingbird: a player with this many pieces or fewer loses",
               minimum=0, maximum=98, requires="hummingbird"),
        Option("hummingbird_step", "all", "+hummingbird: the step instead of a capture when every "
               "capture is the Hummingbird's (all) or when its jump is the only one (single)",
               choices=("all", "single"), requires="hummingbird"),
    ),
    rules_package=__package__,
))

from . import evaluation  # noqa: E402  (search knowledge, kept apart from the rules)
Konane.evaluate = evaluation.evaluate
