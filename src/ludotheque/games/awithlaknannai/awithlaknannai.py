"""Awithlaknannai (Kolowis Awithlaknannai, "Fighting Serpents"): the LUDOS base game, the Lemery
variant, Serpents Combattants (37 points), the Shaman extension and the `classic` sheet
(rules/awithlaknannai.md: AW, AC).

Rule choices are the spec's rulings (its §8): captured snakes leave at once (AW-C4); chains may
turn and revisit points (AW-C6) and are optional after each jump (AW-C7, `stop`), except under
`forced_chain` (AW-F2) and in `classic` (maximal capture, AC-C3/AC-C4, no `stop`); capturing
is compulsory but free among captures (AW-C3); the engine draws are threefold repetition and
60 turns without a removal (AW-E1, AW-E2); a huffed snake is chosen by the opponent as the
first action of his turn (AW-F4); `no_backtrack` has no only-move exception (AW-F1); the
Lemery 2-snake loss stops a chain at once (AW-G2); the Shaman pulls only with its first step
or jump, pushes as a whole move, is never forced to capture nor huffed (AW-S3 .. S8).
Every part of a turn is its own action (§12).
"""
from __future__ import annotations

import re
from typing import Any, Sequence

import numpy as np

from ...core import Game, IllegalActionError, NotationError, Outcome, State, Termination
from ...core.geometry import LineBoard
from ...core.errors import quote
from ...core.history import record_key
from ...core.kernels import Kernels, no_chance
from ...core.registry import Option, RulesetInfo, register
from ...i18n import Message, msg, player
from . import kernels as K

KERNELS = Kernels(K.legal, K.apply, K.to_move, K.returns, no_chance)
SYMBOLS = {".": 0, "y": 1, "o": 2, "Y": 3, "O": 4}
PIECE_CHARS = ".yoYO"
_PT = r"([tmb]\d{1,2})"
_MOVE = re.compile(r"^" + _PT + r"?([-x])" + _PT + r"(?:([<>])" + _PT + r")?$")
_REMOVE = re.compile(r"^-" + _PT + "$")
_TOKEN = re.compile(_PT + r"?([-x])" + _PT + r"(?:([<>])" + _PT + r")?")


def board_lines(n: int) -> list[tuple[str, list[str]]]:
    """The lines of §2.2 for a board of size n (8: 25 points, 12: 37 points), by id."""
    lines = [("L1", [f"m{k}" for k in range(1, n + 2)]), ("L2", [f"t{k}" for k in range(1, n + 1)]),
             ("L3", [f"b{k}" for k in range(1, n + 1)])]
    for k in range(2, n + 1):
        lines.append((f"F{k}", [f"t{k - 1}", f"m{k}", f"b{k}"]))
        lines.append((f"R{k}", [f"b{k - 1}", f"m{k}", f"t{k}"]))
    lines += [("E1", ["m1", "t1"]), ("E2", ["m1", "b1"]), ("E3", [f"t{n}", f"m{n + 1}"]),
              ("E4", [f"b{n}", f"m{n + 1}"])]
    return lines


def coordinates(name: str) -> tuple[int, int]:
    """§2.1: x doubled, y = 1 / 0 / -1."""
    k = int(name[1:])
    return {"t": (2 * k - 1, 1), "m": (2 * k - 2, 0), "b": (2 * k - 1, -1)}[name[0]]


def make_board(n: int) -> LineBoard:
    named = board_lines(n)
    names = {coordinates(p): p for _, line in named for p in line}
    return LineBoard.from_lines([[coordinates(p) for p in line] for _, line in named], names)


class Awithlaknannai(Game):
    player_names = ("Yellow", "Orange")
    num_actions = K.NUM_ACTIONS
    kernels = KERNELS

    observer = (K.observe, 10 * K.NMAX + 5)

    def __init__(self, cid: str, serpents: bool, lemery: bool, shaman: bool, classic: bool,
                 no_backtrack: int, forced_chain: int, huffing: int, majority: int,
                 no_capture_draw: int) -> None:
        self.id = cid
        self.serpents, self.lemery, self.shaman, self.classic = serpents, lemery, shaman, classic
        self.n = 12 if serpents else 8
        self.name = ("Awithlaknannai (classic)" if classic else "Serpents Combattants" if serpents
                     else "Awithlaknannai")
        self.board = make_board(self.n)
        self.npts = self.board.num_points
        self.spec = K.make_spec(self.board.step, self.board.jump, self.board.dirs,
                                self.board.distances(), self.n, no_backtrack, forced_chain,
                                huffing, majority, int(lemery), no_capture_draw, int(shaman),
                                int(classic))

    # -- points -------------------------------------------------------------------------------
    def point_name(self, c: int) -> str:
        return self.board.names[c]

    def point_index(self, name: str) -> int:
        try:
            return self.board.index(name)
        except ValueError:
            raise NotationError(msg("awith.error.no_point", point=quote(name, 12), n=self.npts,
                                    t=f"t{self.n}", m=f"m{self.n + 1}", b=f"b{self.n}")) from None

    def row(self, letter: str) -> list[int]:
        count = self.n + 1 if letter == "m" else self.n
        return [self.point_index(f"{letter}{k}") for k in range(1, count + 1)]

    # -- positions ----------------------------------------------------------------------------
    def setup(self) -> dict[str, int]:
        """AW-A1, AW-G1, AW-H2, AW-H3, AW-S1, AC-A1: the start, point name -> piece."""
        n, centre = self.n, self.n // 2 + 1
        gap = 1 if self.lemery else 0
        pos: dict[str, int] = {}
        for k in range(1, n + 1):
            pos[f"b{k}"] = 1
            pos[f"t{k}"] = 2
        for k in range(1, centre - gap):
            pos[f"m{k}"] = 1
        for k in range(centre + 1 + gap, n + 2):
            pos[f"m{k}"] = 2
        if self.shaman:
            pos[f"m{centre - gap - 1}"] = 3
            pos[f"m{centre + gap + 1}"] = 4
        return pos

    def initial_data(self, seed: int | None = None) -> np.ndarray:
        s = K.new_state()
        for name, v in self.setup().items():
            s[self.point_index(name)] = v
            s[K.ONB + K.owner(v)] += 1
        K.start_checks(s, self.spec)
        return s

    def from_diagram(self, diagram: str, to_move: int = 0, previous: Sequence[str | None] = (None, None),
                     huff: Sequence[str] = (), no_capture_turns: int = 0) -> State:
        """A position from the spec's diagram form (§2.5: rows ``top``, ``mid``, ``bot``;
        ``y o Y O .``), plus what a diagram does not show: each player's previous turn if it
        was a step (``previous=("m3-m4", None)``, for `no_backtrack`), the pending huff
        candidates (``huff=("b5", "m3")``: the player to move starts by removing one of them)
        and the turns already played without a removal::

            top    .   .   .   .   .   .   .   o
            mid  .   .   .   y   .   .   .   .   .
            bot    .   .   .   .   .   .   .   .
        """
        rows: dict[str, list[str]] = {}
        for line in diagram.splitlines():
            t = line.strip()
            if not t or re.fullmatch(r"[\d\s]+", t):
                continue
            m = re.match(r"^(top|mid|bot)\s+(.*)$", t)
            if not m:
                raise NotationError(f"cannot read the diagram line {quote(line)} (rows start with top, mid, bot)")
            if m.group(1) in rows:
                raise NotationError(f"the diagram has two {m.group(1)} rows")
            rows[m.group(1)] = m.group(2).split()
        if set(rows) != {"top", "mid", "bot"}:
            raise NotationError("a diagram has three rows: top, mid, bot")
        s = K.new_state()
        for label, letter in (("top", "t"), ("mid", "m"), ("bot", "b")):
            cells = self.row(letter)
            if len(rows[label]) != len(cells):
                raise NotationError(f"the {label} row of the {self.npts}-point board has {len(cells)} points, "
                                    f"not {len(rows[label])}")
            for c, tok in zip(cells, rows[label]):
                if tok not in SYMBOLS:
                    raise NotationError(f"unknown piece {quote(tok)} (write y o Y O or .)")
                v = SYMBOLS[tok]
                if v >= 3 and not self.shaman:
                    raise NotationError("Shamans (Y, O) need the +shaman extension")
                s[c] = v
                if v:
                    s[K.ONB + K.owner(v)] += 1
        for p in range(2):
            if sum(1 for c in range(self.npts) if s[c] == 3 + p) > 1:
                raise NotationError(f"{self.player_names[p]} has more than one Shaman")
        if to_move not in (0, 1):
            raise NotationError("to_move is 0 (Yellow) or 1 (Orange)")
        s[K.TO_MOVE] = to_move
        for p, text in enumerate(previous):
            if text is None:
                continue
            m = re.fullmatch(_PT + "-" + _PT, text)
            if not m:
                raise NotationError(f"a previous move is a step such as m3-m4, not {quote(text)}")
            if self.spec[K.P_NOBACK]:
                s[K.LASTF + p] = self.point_index(m.group(1))
                s[K.LASTT + p] = self.point_index(m.group(2))
        if huff:
            if not self.spec[K.P_HUFF]:
                raise NotationError("huff candidates need the huffing option")
            for name in huff:
                c = self.point_index(name)
                if s[c] == 0 or K.owner(int(s[c])) == to_move or s[c] >= 3:
                    raise NotationError(f"a huff candidate is a snake of the player who moved: {name}")
                s[K.CAND + c] = 1
            s[K.NCAND] = len(set(huff))
            s[K.PHASE] = K.REMOVE
        s[K.NOCAP] = no_capture_turns
        K.start_checks(s, self.spec)
        return State._trusted(self, s)

    # -- notation ------------------------------------------------------------------------------
    def _parts(self, action: int) -> tuple[int, int, int]:
        kind = action // K.K8
        c, d = divmod(action - kind * K.K8, 8)
        return kind, c, d

    def action_to_string(self, state: State, action: int) -> str:
        name, spec = self.point_name, self.spec
        if action == K.A_STOP:
            return "stop"
        if action >= K.A_REMOVE:
            return "-" + name(action - K.A_REMOVE)
        kind, c, d = self._parts(action)
        a = int(spec[K.STEP + 8 * c + d])
        r = int(spec[K.JUMP + 8 * c + d])
        q = int(spec[K.BACK + 8 * c + d])
        if kind == 0:
            return f"{name(c)}-{name(a)}"
        if kind == 1:
            return f"{name(c)}-{name(a)}<{name(q)}"
        if kind == 2:
            return f"{name(c)}-{name(a)}>{name(r)}"
        if kind == 4:
            return f"{name(c)}x{name(r)}<{name(q)}"
        if state.data[K.PHASE] == K.CHAIN:
            return f"x{name(r)}"
        return f"{name(c)}x{name(r)}"

    def _encode(self, state: State, text: str) -> int:
        """The action ``text`` names (without checking legality); NotationError if it names none."""
        t = text.strip()
        if t == "stop":
            return K.A_STOP
        m = _REMOVE.match(t)
        if m:
            return K.A_REMOVE + self.point_index(m.group(1))
        m = _MOVE.match(t)
        if not m:
            raise NotationError(msg("awith.error.not_an_action", text=quote(text)))
        src, sep, dst, extra, other = m.groups()
        if src is None:
            if sep != "x":
                raise NotationError(msg("awith.error.step_names_snake", text=quote(text)))
            if state.data[K.PHASE] != K.CHAIN:
                raise IllegalActionError(msg("awith.error.no_chain", move=t))
            c = int(state.data[K.ACTOR])
        else:
            c = self.point_index(src)
        to = self.point_index(dst)
        table = K.STEP if sep == "-" else K.JUMP
        dirs = [d for d in range(8) if self.spec[table + 8 * c + d] == to]
        if not dirs:
            raise IllegalActionError(msg("awith.error.not_adjacent" if sep == "-" else "awith.error.not_jump_apart",
                                         move=t, a=self.point_name(c), b=dst))
        d = dirs[0]
        if extra is None:
            return (K.A_STEP if sep == "-" else K.A_JUMP) + 8 * c + d
        o = self.point_index(other)
        if extra == "<":
            if self.spec[K.BACK + 8 * c + d] != o:
                raise IllegalActionError(msg("awith.error.pull", move=t, point=other))
            return (K.A_PULL if sep == "-" else K.A_JPULL) + 8 * c + d
        if sep != "-" or self.spec[K.JUMP + 8 * c + d] != o:
            raise IllegalActionError(msg("awith.error.push", move=t))
        return K.A_PUSH + 8 * c + d

    def parse_action(self, state: State, text: str) -> int:
        action = self._encode(state, text)
        legal = state.legal_actions()
        if action not in legal:
            raise IllegalActionError(msg("awith.error.not_legal", move=text.strip(), why=self._why(state, action),
                                         legal=" ".join(self.action_to_string(state, a) for a in legal)))
        return action

    def _why(self, state: State, action: int) -> Message:
        s, p = state.data, state.current_player
        ph = int(s[K.PHASE])
        if ph == K.REMOVE:
            return msg("awith.why.remove_first")
        if action >= K.A_REMOVE and action != K.A_STOP:
            return msg("awith.why.no_removal")
        if ph == K.CHAIN:
            if action == K.A_STOP:
                return msg("awith.why.chain_goes_on" if self.classic else "awith.why.forced_chain")
            return msg("awith.why.only_actor", point=self.point_name(int(s[K.ACTOR])))
        if action == K.A_STOP:
            return msg("awith.why.nothing_to_stop")
        kind, c, d = self._parts(action)
        v = int(s[c])
        if v == 0 or K.owner(v) != p:
            return msg(("awith.why.no_yellow_snake", "awith.why.no_orange_snake")[p], point=self.point_name(c))
        if kind in (1, 2, 4) and not (self.shaman and v >= 3):
            return msg("awith.why.only_shaman")
        if kind == 3 and self.classic:
            return msg("awith.why.majority_capture")
        if kind <= 2:
            a = int(self.spec[K.STEP + 8 * c + d])
            if kind == 0 and s[a] != 0:
                return msg("awith.why.occupied", point=self.point_name(a))
            if any(act >= K.A_JUMP for act in state.legal_actions()):
                return msg("awith.why.must_capture")
            if self.spec[K.P_NOBACK] and s[K.LASTT + p] == c and s[K.LASTF + p] == a:
                return msg("awith.why.no_backtrack")
        return msg("awith.why.blocked")

    def parse_turn(self, state: State, text: str) -> list[int]:
        """The actions of a full turn in the §9 notation: ``b2xb4xt3xb2``, ``-b5,m4xm2``,
        ``m4xm6<m3xm8``; a chain written shorter than it could go was stopped."""
        t = text.strip()
        actions: list[int] = []
        st = state
        p = state.current_player
        parts = t.split(",")
        for i, part in enumerate(parts):
            part = part.strip()
            if _REMOVE.match(part) and i < len(parts) - 1 or (len(parts) == 1 and _REMOVE.match(part)):
                a = st.parse_move(part)
                actions.append(a)
                st = st.apply(a)
                continue
            tokens = list(_TOKEN.finditer(part))
            if not tokens or "".join(m.group(0) for m in tokens) != part or i != len(parts) - 1:
                raise NotationError(msg("awith.error.not_a_turn", text=quote(text)))
            for k, m in enumerate(tokens):
                tok = m.group(0)
                if k > 0 and (m.group(1) is not None or m.group(2) != "x" or m.group(4)):
                    raise NotationError(msg("awith.error.only_jumps_follow", text=quote(text)))
                a = st.parse_move(tok)
                actions.append(a)
                st = st.apply(a)
        if st.current_player == p and int(st.data[K.PHASE]) == K.CHAIN and K.A_STOP in st.legal_actions():
            actions.append(K.A_STOP)
        return actions

    def turn_texts(self, state: State) -> list[str]:
        """Every complete turn from ``state`` in the §9 turn text, sorted."""
        p = state.current_player
        out: list[str] = []

        def walk(st: State, text: str) -> None:
            if st.current_player != p:
                out.append(text)
                return
            for a in st.legal_actions():
                walk(st._apply_unchecked(a), self.continue_turn_text(st, a, text))

        walk(state, "")
        return sorted(x.rstrip(",") for x in out)

    def continue_turn_text(self, st: State, a: int, text: str) -> str:
        tok = self.action_to_string(st, a)
        if a == K.A_STOP:
            return text
        if a >= K.A_REMOVE:
            return tok + ","                        # a huff removal opens the turn
        return text + tok                           # a chain's next jump is `xt3`

    def turn_to_string(self, state: State, actions: Sequence[int]) -> str:
        return super().turn_to_string(state, actions).rstrip(",")

    # -- display and end of game ------------------------------------------------------------------
    def diagram(self, state: State) -> str:
        s = state.data
        out = []
        for label, letter in (("top", "t"), ("mid", "m"), ("bot", "b")):
            pad = "  " if letter == "m" else "    "
            out.append(label + pad + "   ".join(PIECE_CHARS[s[c]] for c in self.row(letter)))
        return "\n".join(out)

    def render(self, state: State, lang: str = "en") -> str:
        s = state.data
        outer = "".join(f"{k:<4}" for k in range(1, self.n + 1))
        mid = "".join(f"{k:<4}" for k in range(1, self.n + 2))
        lines = ["       " + outer.rstrip(), self.diagram(state), "     " + mid.rstrip()]
        lines.append(msg("awith.counts", y=int(s[K.ONB]), o=int(s[K.ONB + 1]), n=int(s[K.NOCAP]),
                         p0=player(self.player_names[0]), p1=player(self.player_names[1])).text(lang))
        out = state.outcome()
        lines.append(out.message.text(lang) if out else msg(
            "awith.to_move", player=player(self.player_names[state.current_player]),
            doing=self._doing(state)).text(lang))
        return "\n".join(lines)

    def _doing(self, state: State) -> Message:
        s = state.data
        ph = int(s[K.PHASE])
        if ph == K.CHAIN:
            return msg("awith.doing.chain", point=self.point_name(int(s[K.ACTOR])))
        return msg("awith.doing.remove" if ph == K.REMOVE else "awith.doing.move")

    def status(self, state: State) -> Message:
        out = state.outcome()
        if out:
            return out.message
        who = player(self.player_names[state.current_player])
        if int(state.data[K.PHASE]) == K.MOVE:
            return msg("status.to_move", player=who)
        return msg("awith.to_move", player=who, doing=self._doing(state))

    def outcome(self, state: State) -> Outcome | None:
        s = state.data
        reason = int(s[K.END])
        if reason == K.ONGOING:
            return None
        w = int(s[K.WINNER])
        winner = None if w == 2 else w
        result = msg("end.draw") if winner is None else msg("end.wins", player=player(self.player_names[winner]))
        if reason in (K.END_NO_CAPTURE, K.END_REPETITION) and self.spec[K.P_MAJ] and winner is not None:
            result = msg("awith.on_majority", result=result)
        termination, why = {
            K.END_ALL_TAKEN: (Termination.GOAL, msg("awith.end.all_taken")),
            K.END_TWO_LEFT: (Termination.GOAL, msg("awith.end.two_left")),
            K.END_NO_MOVE: (Termination.NO_MOVE, msg("awith.end.no_move")),
            K.END_NO_CAPTURE: (Termination.MOVE_LIMIT, msg("awith.end.no_capture", n=int(self.spec[K.P_NOCAP]))),
            K.END_REPETITION: (Termination.REPETITION, msg("end.repetition")),
        }[reason]
        return Outcome(termination, winner, msg("awith.end.snakes", why=why, result=result,
                                                y=int(s[K.ONB]), o=int(s[K.ONB + 1])))

    def key(self, state: State) -> bytes:
        """The position with the repetition record as a multiset (its order and spare room
        do not matter)."""
        s = np.array(state.data)
        s[K.SEEN] = s[K.SEEN + 1] = 0
        return record_key(s[:K.HIST], s[K.HIST:K.HIST + K.ENTRY * int(s[K.HLEN])], K.ENTRY)

    # -- front end ---------------------------------------------------------------------------
    def geometry(self) -> dict[str, Any]:
        points = [{"id": self.point_name(c), "x": float(self.board.xy[c][0]) / 2.0,
                   "y": float(self.board.xy[c][1])} for c in range(self.npts)]
        lines = [[self.point_name(a), self.point_name(b)] for a, b in self.board.edges()]
        return {"kind": "lines", "points": points, "lines": lines}

    def view(self, state: State) -> dict[str, Any]:
        s = state.data
        pieces = [{"at": self.point_name(c), "owner": K.owner(int(s[c])),
                   "kind": "shaman" if s[c] >= 3 else "snake", "count": 1}
                  for c in range(self.npts) if s[c]]
        view: dict[str, Any] = {"pieces": pieces, "scores": None, "status": self.status(state).text(),
                                "snakes": [int(s[K.ONB]), int(s[K.ONB + 1])]}
        if s[K.NCAND]:
            view["huff_candidates"] = [self.point_name(c) for c in range(self.npts) if s[K.CAND + c]]
        if s[K.ACTOR] >= 0:
            view["chain"] = self.point_name(int(s[K.ACTOR]))
        return view

    def action_points(self, state: State, action: int) -> list[str]:
        if action == K.A_STOP:
            return []
        if action >= K.A_REMOVE:
            return [self.point_name(action - K.A_REMOVE)]
        kind, c, d = self._parts(action)
        spec, name = self.spec, self.point_name
        a, r, q = (int(spec[K.STEP + 8 * c + d]), int(spec[K.JUMP + 8 * c + d]),
                   int(spec[K.BACK + 8 * c + d]))
        if kind == 0:
            return [name(c), name(a)]
        if kind == 1:
            return [name(q), name(c), name(a)]
        if kind == 2:
            return [name(c), name(a), name(r)]
        if kind == 4:
            return [name(q), name(c), name(a), name(r)]
        return [name(c), name(a), name(r)]


def _factory(serpents: bool, lemery: bool | None, classic: bool = False):
    def make(exts: frozenset[str], values: dict[str, Any], cid: str) -> Game:
        lem = values.get("lemery", 0) == 1 if lemery is None else lemery
        return Awithlaknannai(cid, serpents, lem, "shaman" in exts, classic,
                              values.get("no_backtrack", 0), values.get("forced_chain", 0),
                              values.get("huffing", 0), values.get("majority_on_deadlock", 0),
                              values["no_capture_draw"])
    return make


def _flag(name: str, text: str) -> Option:
    return Option(name, 0, text, minimum=0, maximum=1)


_NO_BACKTRACK = _flag("no_backtrack", "a snake may not step straight back to where it came from (AW-F1)")
_FORCED_CHAIN = _flag("forced_chain", "a capturing snake must go on jumping while it can (AW-F2)")
_HUFFING = _flag("huffing", "captures are optional, but a snake that could capture may be huffed (AW-F3, AW-F4)")
_MAJORITY = _flag("majority_on_deadlock", "an engine draw goes to the player with more snakes (AW-F8)")
_LEMERY = _flag("lemery", "Lemery variant: three empty centre points, 2 snakes left loses (AW-G)")
_NO_CAPTURE = Option("no_capture_draw", 60, "draw after this many turns without a removal (0 = never, AW-E2)",
                     minimum=0)

register(RulesetInfo(
    name="awithlaknannai",
    title="Awithlaknannai",
    description="Zuni Fighting Serpents: Alquerque jumps on a long board of triangles, 12 snakes each",
    factory=_factory(False, None),
    extensions=("shaman",),
    options=(_NO_BACKTRACK, _FORCED_CHAIN, _HUFFING, _MAJORITY, _LEMERY, _NO_CAPTURE),
    rules_package=__package__,
))
register(RulesetInfo(
    name="awithlaknannai/lemery",
    title="Awithlaknannai (Lemery)",
    description="Awithlaknannai with three empty centre points; a side down to 2 snakes loses",
    factory=_factory(False, True),
    extensions=("shaman",),
    options=(_NO_BACKTRACK, _FORCED_CHAIN, _HUFFING, _MAJORITY, _NO_CAPTURE),
    rules_package=__package__,
))
register(RulesetInfo(
    name="awithlaknannai/serpents",
    title="Serpents Combattants",
    description="Awithlaknannai on the long 37-point board, 18 snakes each",
    factory=_factory(True, None),
    extensions=("shaman",),
    options=(_NO_BACKTRACK, _FORCED_CHAIN, _HUFFING, _MAJORITY, _LEMERY, _NO_CAPTURE),
    rules_package=__package__,
))
register(RulesetInfo(
    name="awithlaknannai/classic",
    title="Awithlaknannai (classic sheet)",
    description="Awithlaknannai where the capture taking the most snakes is compulsory",
    factory=_factory(False, False, classic=True),
    options=(_HUFFING, _NO_CAPTURE),
    rules_package=__package__,
))

from . import evaluation  # noqa: E402  (search knowledge, kept apart from the rules)
Awithlaknannai.evaluate = evaluation.evaluate
