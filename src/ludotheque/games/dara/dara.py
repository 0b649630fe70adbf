"""Dara (6x5) and Dala (6x6), with the Proud Lion / Elephant Matriarch (`+heroes`) and the
Shaman's hut (`+hut`) (rules/dara.md: DA, DL, DH, DS).

Rule choices (the spec's rulings): 6 columns x 5 rows of cells; no run of 4 in Dara in either
phase; placement lines capture nothing in Dara; a line of exactly 3 through the moved piece
earns exactly one compulsory removal, from the line's row/column and never from an enemy line
(`capture=line`) or any unprotected piece (`capture=anywhere`); a player who cannot act loses;
third repetition and `no_capture_draw` movement turns without capture are draws. Dala: the
first four placements on the centre, runs of 4+ allowed, placements capture, breaking a run of
4+ into a 3 captures, anything may be taken. Heroes jump one piece and are taken last; the hut
counts in runs, never moves, is never taken, and may capture when placed (`hut_capture`).

A turn with a capture is two actions of the same player: the move (or placement), then the
removal (DA-F1); its turn text joins them, `c3-c4-e5` (`turn_to_string` / `parse_turn`).
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

KERNELS = Kernels(K.legal, K.apply, K.to_move, K.returns, no_chance)
SYMBOLS = {".": K.EMPTY, "L": K.LION, "E": K.ELEPHANT, "P": K.PROUD_LION, "M": K.MATRIARCH,
           "l": K.HUT0, "e": K.HUT1}
CHARS = {v: k for k, v in SYMBOLS.items()}
KINDS = {K.LION: "piece", K.ELEPHANT: "piece", K.PROUD_LION: "hero", K.MATRIARCH: "hero",
         K.HUT0: "hut", K.HUT1: "hut"}
_TOKEN = re.compile(r"^(?:([HS]?)@([a-z])(\d+)|([a-z])(\d+)-([a-z])(\d+)|-([a-z])(\d+))$")
#: turn text (rules/dara.md section 9): a placement or a move, then its removals, no spaces
_TURN = re.compile(r"^([HS]?@[a-z]\d+|[a-z]\d+-[a-z]\d+)?((?:-[a-z]\d+)*)$")


class Dara(Game):
    player_names = ("Lions", "Elephants")

    def __init__(self, cid: str, dala: bool, heroes: bool, hut: bool, capture: str,
                 hut_capture: int, no_capture_draw: int) -> None:
        self.id = cid
        self.name = "Dala" if dala else "Dara"
        self.dala, self.heroes, self.hut = dala, heroes, hut
        self.kernels = KERNELS
        self.spec = K.make_spec(dala, capture == "anywhere", heroes, hut, bool(hut_capture),
                                no_capture_draw)
        self.width, self.height = 6, (6 if dala else 5)
        self.n = self.width * self.height
        self.observer = (K.observe, 6 * self.n + 13)
        self.num_actions = 12 * self.n

    # -- cells ------------------------------------------------------------------------------
    def cell_name(self, c: int) -> str:
        return f"{chr(97 + c % self.width)}{c // self.width + 1}"

    def _cell(self, file: str, rank: str, text: str) -> int:
        x, y = ord(file) - 97, int(rank) - 1
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise NotationError(msg("dara.error.no_cell", text=quote(text), cell=quote(file + rank, 12),
                                    width=self.width, height=self.height, game=self.name,
                                    last=self.cell_name(self.n - 1)))
        return y * self.width + x

    # -- positions --------------------------------------------------------------------------
    def initial_data(self, seed: int | None = None) -> np.ndarray:
        h = int(self.heroes)
        return K.new_state(self.spec, np.zeros(self.n, np.int32), (12 - h, 12 - h), (h, h),
                           (int(self.hut),) * 2, (0, 0), 0)

    def from_diagram(self, diagram: str, to_move: int = 0, lost: tuple[int, int] = (0, 0),
                     heroes_in_hand: tuple[int, int] | None = None,
                     huts_in_hand: tuple[int, int] | None = None) -> State:
        """A turn-start position from the spec's diagram form, top rank first::

            5  L L . . E M
            4  . . E . . .
            3  . L P . . .
            2  . . L . . E
            1  . . . . E E
               a b c d e f

        ``lost`` = pieces each side has lost; the hands hold the rest of the 12. With
        `+heroes` a hero not on the board is in hand while its owner has pieces in hand
        (``heroes_in_hand`` overrides); with `+hut` a hut not on the board is in hand
        (``huts_in_hand`` overrides)."""
        rows = []
        for line in diagram.splitlines():
            tokens = line.split()
            if tokens and tokens[0].isdigit():
                tokens = tokens[1:]
            if tokens and all(t in SYMBOLS for t in tokens):
                rows.append(tokens)
        if len(rows) != self.height or any(len(r) != self.width for r in rows):
            raise NotationError(f"a {self.name} diagram has {self.height} ranks of {self.width} cells")
        cells = np.zeros(self.n, np.int32)
        for i, row in enumerate(rows):
            for x, t in enumerate(row):
                cells[(self.height - 1 - i) * self.width + x] = SYMBOLS[t]
        if not self.heroes and np.isin(cells, (K.PROUD_LION, K.MATRIARCH)).any():
            raise NotationError("heroes (P, M) need +heroes")
        if not self.hut and np.isin(cells, (K.HUT0, K.HUT1)).any():
            raise NotationError("huts (l, e) need +hut")
        hands, heroes, huts = [], [], []
        for p in (0, 1):
            on_board = int(np.isin(cells, (K.LION + p, K.PROUD_LION + p)).sum())
            if (cells == K.PROUD_LION + p).sum() > 1 or (cells == K.HUT0 + p).sum() > 1:
                raise NotationError(f"the {self.player_names[p]} have one hero and one hut")
            if not 0 <= lost[p] <= 10:
                raise NotationError("a side loses 0 to 10 pieces")
            in_hand = 12 - on_board - lost[p]
            if in_hand < 0:
                raise NotationError(f"the {self.player_names[p]} have only 12 pieces")
            hero = 0
            if self.heroes:
                hero = (heroes_in_hand[p] if heroes_in_hand is not None
                        else int(in_hand > 0 and not (cells == K.PROUD_LION + p).any()))
            if hero > in_hand:
                raise NotationError("a hero in hand is one of the pieces in hand")
            hands.append(in_hand - hero)
            heroes.append(hero)
            hut = 0
            if self.hut:
                hut = huts_in_hand[p] if huts_in_hand is not None else int(not (cells == K.HUT0 + p).any())
            huts.append(hut)
        if to_move not in (0, 1):
            raise NotationError("to_move is 0 (Lions) or 1 (Elephants)")
        data = K.new_state(self.spec, cells, tuple(hands), tuple(heroes), tuple(huts), tuple(lost),
                           to_move)
        return State._trusted(self, data)

    # -- notation ---------------------------------------------------------------------------
    def action_to_string(self, state: State, action: int) -> str:
        n = self.n
        kind, rest = divmod(action, n)
        if kind < 4:
            return ("@", "H@", "S@", "-")[kind] + self.cell_name(rest)
        c, d = divmod(action - (4 * n if action < 8 * n else 8 * n), 4)
        return f"{self.cell_name(c)}-{self.cell_name(self._target(c, d, action >= 8 * n))}"

    def _target(self, c: int, d: int, jump: bool) -> int:
        k = 2 if jump else 1
        return c + k * (int(K.DX[d]) + self.width * int(K.DY[d]))

    def parse_action(self, state: State, text: str) -> int:
        t = text.strip() if isinstance(text, str) else text
        m = _TOKEN.match(t) if isinstance(t, str) else None
        if not m:
            turn = re.match(r"^([HS]?@[a-z]\d+|[a-z]\d+-[a-z]\d+)(-[a-z]\d+)$", t) if isinstance(t, str) else None
            if turn:
                raise NotationError(msg("dara.error.whole_turn", text=quote(text), first=turn.group(1)[:24],
                                        then=turn.group(2)[:24]))
            raise NotationError(msg("dara.error.not_an_action", text=quote(text), game=self.name))
        n = self.n
        legal = state.legal_actions()
        s = state.data
        p = state.current_player
        if m.group(2):                                         # a placement
            c = self._cell(m.group(2), m.group(3), text)
            prefix = m.group(1)
            action = ("", "H", "S").index(prefix) * n + c
            if action in legal:
                return action
            if prefix == "H" and not self.heroes or prefix == "S" and not self.hut:
                raise IllegalActionError(msg("dara.error.no_hero" if prefix == "H" else "dara.error.no_hut",
                                                 move=t, game=self.id))
            raise IllegalActionError(msg("error.not_legal_why", move=t, why=self._why_not_placement(state, prefix, c)))
        if m.group(8):                                         # a removal
            c = self._cell(m.group(8), m.group(9), text)
            if 3 * n + c in legal:
                return 3 * n + c
            if not s[K.PEND]:
                raise IllegalActionError(msg("dara.error.no_removal_due", move=t))
            raise IllegalActionError(msg("dara.error.not_capturable", move=t, cell=self.cell_name(c),
                                             moves=self._names(state, legal)))
        a = self._cell(m.group(4), m.group(5), text)
        b = self._cell(m.group(6), m.group(7), text)
        dx, dy = b % self.width - a % self.width, b // self.width - a // self.width
        dist = abs(dx) + abs(dy)
        if dx and dy or dist not in (1, 2):
            raise IllegalActionError(msg("dara.error.step_shape", move=t))
        d = {(1, 0): 0, (0, 1): 1, (-1, 0): 2, (0, -1): 3}[(dx // dist, dy // dist)]
        action = (4 * n if dist == 1 else 8 * n) + 4 * a + d
        if action in legal:
            return action
        raise IllegalActionError(msg("error.not_legal_why", move=t, why=self._why_not_move(state, a, b, dist)))

    def parse_turn(self, state: State, text: str) -> list[int]:
        """The actions of a turn text (rules/dara.md section 9): `@c3`, `c3-c4`, `c3-c4-e5`,
        `@d1-f5`, `S@c3-d3`, or a removal `-e5` that finishes a turn under way."""
        m = _TURN.match(text.strip())
        if not m or not m.group(0):
            raise NotationError(msg("dara.error.not_a_turn", text=quote(text), game=self.name))
        tokens = ([m.group(1)] if m.group(1) else []) + re.findall(r"-[a-z]\d+", m.group(2))
        mover = state.current_player
        actions: list[int] = []
        for i, token in enumerate(tokens):
            if i and (state.current_player != mover or not state.data[K.PEND]):
                raise IllegalActionError(msg("dara.error.no_removal_after", text=quote(text), move="".join(tokens[:i])))
            actions.append(self.parse_action(state, token))
            state = state.apply(actions[-1])
        return actions

    def continue_turn_text(self, state: State, action: int, text: str) -> str:
        return text + self.action_to_string(state, action)     # `c3-c4` then `-e5`

    def _names(self, state: State, actions: list[int]) -> str | Message:
        return ", ".join(self.action_to_string(state, x) for x in actions) or msg("text.none")

    def _why_not_placement(self, state: State, prefix: str, c: int) -> Message:
        s, p = state.data, state.current_player
        if s[K.PEND]:
            return msg("dara.why.remove_first")
        if prefix == "S":
            if s[K.HUT + p] == 0:
                return msg("dara.why.hut_placed")
            if s[K.HAND + p] + s[K.HERO + p]:
                return msg("dara.why.hut_when")
            if s[K.LOST + p] < 3:
                return msg("dara.why.hut_after_3")
        elif s[K.HAND + p] + s[K.HERO + p] == 0:
            return msg("dara.why.all_placed")
        elif prefix == "H" and s[K.HERO + p] == 0:
            return msg("dara.why.hero_placed")
        elif prefix == "" and s[K.HAND + p] == 0:
            return msg("dara.why.only_hero")
        if s[c] != K.EMPTY:
            return msg("dara.why.occupied", cell=self.cell_name(c))
        if self.dala and prefix != "S":
            return msg("dara.why.centre_first")
        return msg("dara.why.line_of_4")

    def _why_not_move(self, state: State, a: int, b: int, dist: int) -> Message:
        s, p = state.data, state.current_player
        if s[K.PEND]:
            return msg("dara.why.remove_first")
        if s[K.HAND + p] + s[K.HERO + p]:
            return msg("dara.why.placing")
        v = int(s[a])
        if v == K.EMPTY or (v & 1) != 1 - p:
            return msg(("dara.why.no_lion", "dara.why.no_elephant")[p], cell=self.cell_name(a))
        if v >= K.HUT0:
            return msg("dara.why.hut_still")
        if s[b] != K.EMPTY:
            return msg("dara.why.occupied", cell=self.cell_name(b))
        if dist == 2:
            mid = int(s[(a + b) // 2])
            if v < K.PROUD_LION:
                return msg("dara.why.only_hero_jumps")
            if mid == K.EMPTY:
                return msg("dara.why.jump_empty")
            if mid >= K.HUT0:
                return msg("dara.why.jump_hut")
        return msg("dara.why.line_of_4")

    # -- display and end of game ----------------------------------------------------------------
    def render(self, state: State, lang: str = "en") -> str:
        s = state.data
        lines = []
        for y in range(self.height - 1, -1, -1):
            row = " ".join(CHARS[int(s[y * self.width + x])] for x in range(self.width))
            lines.append(f"{y + 1}  {row}")
        lines.append("   " + " ".join(chr(97 + x) for x in range(self.width)))
        for p in (0, 1):
            extras = ""
            if self.heroes and s[K.HERO + p]:
                extras += msg("dara.hero_included").text(lang)
            if self.hut:
                extras += msg("dara.hut_in_hand" if s[K.HUT + p] else "dara.hut_placed").text(lang)
            lines.append(msg("dara.player_line", player=player(self.player_names[p]),
                             hand=int(s[K.HAND + p] + s[K.HERO + p]), extras=extras,
                             lost=int(s[K.LOST + p])).text(lang))
        lines.append(self.status(state).text(lang))
        return "\n".join(lines)

    def status(self, state: State) -> Message:
        out = state.outcome()
        if out:
            return out.message
        s = state.data
        who = player(self.player_names[int(s[K.TO_MOVE])])
        if s[K.PEND]:
            return msg("status.to_remove", player=who)
        placing = s[K.HAND + s[K.TO_MOVE]] + s[K.HERO + s[K.TO_MOVE]]
        return msg("status.to_place" if placing else "status.to_move", player=who)

    def outcome(self, state: State) -> Outcome | None:
        s = state.data
        reason = int(s[K.END])
        if reason == K.ONGOING:
            return None
        w = int(s[K.WINNER])
        if reason == K.END_REPETITION:
            return Outcome(Termination.REPETITION, None, msg("end.draw_repetition"))
        if reason not in (K.END_CAPTURES, K.END_TRAPPED, K.END_NO_PLACEMENT):
            return Outcome(Termination.DRAW_RULE, None,
                           msg("dara.end.no_capture", n=int(self.spec[K.S_NO_CAPTURE])))
        winner, loser = player(self.player_names[w]), player(self.player_names[1 - w])
        if reason == K.END_CAPTURES:
            return Outcome(Termination.GOAL, w, msg("dara.end.captures", winner=winner))
        key = "dara.end.trapped" if reason == K.END_TRAPPED else "dara.end.no_placement"
        return Outcome(Termination.NO_MOVE, w, msg(key, winner=winner, loser=loser))

    def key(self, state: State) -> bytes:
        """Everything but the turn counter; the repetition record as a multiset."""
        s = np.array(state.data[:K.HIST + K.ENTRY * int(state.data[K.HLEN])])
        s[K.TURNS] = s[K.SEEN] = s[K.SEEN + 1] = 0
        return record_key(s[:K.HIST], s[K.HIST:], K.ENTRY)

    # -- front end ------------------------------------------------------------------------------
    def geometry(self) -> dict[str, Any]:
        points = [{"id": self.cell_name(c), "x": float(c % self.width), "y": float(c // self.width)}
                  for c in range(self.n)]
        return {"kind": "grid", "points": points, "lines": [], "size": self.width,
                "width": self.width, "height": self.height}

    def view(self, state: State) -> dict[str, Any]:
        s = state.data
        pieces = [{"at": self.cell_name(c), "owner": (int(s[c]) - 1) & 1, "kind": KINDS[int(s[c])],
                   "count": 1} for c in range(self.n) if s[c]]
        return {"pieces": pieces, "scores": [int(s[K.LOST + 1]), int(s[K.LOST])],
                "status": self.status(state).text()}

    def action_points(self, state: State, action: int) -> list[str]:
        n = self.n
        if action < 4 * n:
            return [self.cell_name(action % n)]
        jump = action >= 8 * n
        c, d = divmod(action - (8 * n if jump else 4 * n), 4)
        t = self._target(c, d, jump)
        pts = [c, (c + t) // 2, t] if jump else [c, t]
        return [self.cell_name(x) for x in pts]


def _make(dala: bool):
    def factory(exts: frozenset[str], values: dict[str, Any], cid: str) -> Game:
        return Dara(cid, dala, "heroes" in exts, "hut" in exts, values.get("capture", "line"),
                    values["hut_capture"], values["no_capture_draw"])
    return factory


_COMMON = (
    Option("hut_capture", 1, "with +hut: a hut placement that completes a line of 3 captures (1) or not (0)",
           choices=("0", "1"), requires="hut"),
    Option("no_capture_draw", 100, "draw after this many movement turns without a capture (0 = never)",
           minimum=0),
)

register(RulesetInfo(
    name="dara",
    title="Dara",
    description="Nigeria's alignment game: place 12 pieces each, then move to make lines of 3 and capture",
    factory=_make(False),
    extensions=("heroes", "hut"),
    options=(Option("capture", "line", "which enemy pieces a line of 3 may take",
                    choices=("line", "anywhere")),) + _COMMON,
    rules_package="ludotheque.games.dara",
))

register(RulesetInfo(
    name="dara/dala",
    title="Dala",
    description="Sudan's Dara on 6x6: centre first, lines of 4 allowed, captures while placing",
    factory=_make(True),
    extensions=("heroes", "hut"),
    options=_COMMON,
    rules_package="ludotheque.games.dara",
))

from . import evaluation  # noqa: E402  (search knowledge, kept apart from the rules)
Dara.evaluate = evaluation.evaluate
