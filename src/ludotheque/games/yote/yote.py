"""Yoté and Choko, with the Royal Caravan (`+caravan`) and Trade Routes (`+routes`)
(rules/yote.md: YO, CH, YR, YT).

Rule choices are the spec's rulings: the bonus removal is compulsory, from the board first and
else from the hand (YO-C4); equal camels when the mover cannot act is a draw (YO-D2); the
booklet's "obvious" deadlock is the low-material rule YO-E2; a chain's removals come after the
chain (YO-F3); a Choko deploy made under obligation never takes the token (CH-B3); a turn with
routes runs route, travel, main action, route, bonus move (YT-B1). Every part of a turn is
its own action (YO-E1, YT-G1).
"""
from __future__ import annotations

import re
from typing import Any, Sequence

import numpy as np

from ...core import Game, IllegalActionError, NotationError, Outcome, State, Termination
from ...core.errors import quote
from ...core.history import record_key
from ...core.kernels import Kernels, no_chance
from ...core.registry import Option, RulesetInfo, register
from ...i18n import Message, msg, player
from . import kernels as K

KERNELS = Kernels(K.legal, K.apply, K.to_move, K.returns, no_chance)
SYMBOLS = {".": 0, "L": 1, "D": 2, "l": 3, "d": 4}
PIECE_CHARS = ".LDld"
_CELL = r"([a-f][1-6])"
_PATTERNS = (
    ("deploy", re.compile(r"^@" + _CELL + "$")),
    ("cdeploy", re.compile(r"^R@" + _CELL + "$")),
    ("move", re.compile(r"^" + _CELL + "-" + _CELL + "$")),
    ("jump", re.compile(r"^" + _CELL + "x" + _CELL + "$")),
    ("travel", re.compile(r"^" + _CELL + "~" + _CELL + "$")),
    ("remove", re.compile(r"^-" + _CELL + "$")),
    ("hand", re.compile(r"^-@$")),
    ("stop", re.compile(r"^stop$")),
    ("route", re.compile(r"^=" + _CELL + _CELL + "$")),
)
#: one space-separated part of a turn text: an action, its chain landings, its removals
_TURN_PART = re.compile(r"^(R?@[a-f][1-6]|[a-f][1-6][-x~][a-f][1-6]|=[a-f][1-6][a-f][1-6]|stop)?"
                        r"((?:x[a-f][1-6])*)((?:-(?:[a-f][1-6]|@))*)$")


class Yote(Game):
    player_names = ("Light", "Dark")
    num_actions = K.NUM_ACTIONS

    observer = (K.observe, 4 * K.NMAX + K.SMAX + 14)

    def __init__(self, cid: str, choko: bool, caravan: bool, routes: bool, forced: int, chain: int,
                 friendly: int, no_capture_draw: int) -> None:
        self.id = cid
        self.name = "Choko" if choko else "Yoté"
        self.choko, self.caravan, self.routes = choko, caravan, routes
        self.width, self.height = (5, 5) if choko else (6, 5)
        self.n = self.width * self.height
        self.kernels = KERNELS
        self.spec = K.make_spec(self.width, self.height, forced, chain, friendly, no_capture_draw,
                                int(choko), int(caravan), int(routes))
        self.nslots = int(self.spec[K.P_NSLOTS])

    # -- cells and routes ---------------------------------------------------------------------
    def cell_name(self, c: int) -> str:
        return f"{'abcdef'[c % self.width]}{c // self.width + 1}"

    def cell_index(self, name: str) -> int:
        x, y = ord(name[0]) - ord("a"), int(name[1:]) - 1
        if not (0 <= x < self.width and 0 <= y < self.height):
            raise NotationError(msg("yote.error.no_cell", cell=quote(name, 12), width=self.width, height=self.height))
        return y * self.width + x

    def slot_cells(self, slot: int) -> tuple[int, int]:
        return int(self.spec[K.SLOTS + 2 * slot]), int(self.spec[K.SLOTS + 2 * slot + 1])

    def slot_of(self, a: int, b: int) -> int:
        for slot in range(self.nslots):
            if set(self.slot_cells(slot)) == {a, b}:
                return slot
        raise NotationError(msg("yote.error.not_diagonal", a=self.cell_name(a), b=self.cell_name(b)))

    def route_name(self, slot: int) -> str:
        a, b = self.slot_cells(slot)
        return self.cell_name(a) + self.cell_name(b)

    # -- positions ----------------------------------------------------------------------------
    def initial_data(self, seed: int | None = None) -> np.ndarray:
        s = K.new_state(self.spec)
        hand = 11 if self.caravan else 12
        s[K.HAND], s[K.HAND + 1] = hand, hand
        s[K.CHAND], s[K.CHAND + 1] = int(self.caravan), int(self.caravan)
        s[K.TOK], s[K.TOK + 1] = (2, 2) if self.routes else (0, 0)
        K.start_checks(s, self.spec)
        return s

    def from_diagram(self, diagram: str, to_move: int = 0, hands: Sequence[int] = (0, 0),
                     caravans: Sequence[int] = (0, 0), tokens: Sequence[int] | None = None,
                     holder: int | None = 0, must_deploy: bool = False,
                     no_capture_turns: int = 0) -> State:
        """A position from the spec's diagram form (top rank first; `L D l d .`; with routes,
        `/` and `\\` in the gaps between ranks), plus what the diagram does not show: camels
        and caravans in hand, route tokens left, Choko's token holder (None = out of the game)
        and obligation, and the turns already played without capture::

            5  . . . . D .
                    /
            4  . . L . . .
               a b c d e f
        """
        rows: dict[int, tuple[int, str]] = {}
        gaps: dict[int, str] = {}
        last_rank = None
        for line in diagram.splitlines():
            m = re.match(r"^\s*(\d+)\s+([.LDld](?: [.LDld])*)\s*$", line)
            if m:
                rank = int(m.group(1))
                rows[rank] = (m.start(2), m.group(2))
                last_rank = rank
            elif last_rank is not None and line.strip() and set(line.strip()) <= set("/\\ "):
                gaps[last_rank - 1] = line          # the gap between last_rank - 1 and last_rank
            elif line.strip() and not re.match(r"^\s*[a-f](?:\s+[a-f])*\s*$", line):
                raise NotationError(f"cannot read the diagram line {quote(line)}")
        if sorted(rows) != list(range(1, self.height + 1)):
            raise NotationError(f"a {self.name} diagram has ranks 1-{self.height}")
        if to_move not in (0, 1):
            raise NotationError("the player to move is 0 or 1")
        s = K.new_state(self.spec)
        col0 = {r: rows[r][0] for r in rows}
        for rank, (_, text) in rows.items():
            cells = text.split()
            if len(cells) != self.width:
                raise NotationError(f"rank {rank} must have {self.width} cells")
            for x, ch in enumerate(cells):
                v = SYMBOLS[ch]
                if v >= 3 and not self.caravan:
                    raise NotationError("Royal Caravans need the +caravan extension")
                c = (rank - 1) * self.width + x
                s[c] = v
                if v:
                    s[K.ONB + K.owner(v)] += 1
                    if v >= 3:
                        s[K.CARON + K.owner(v)] += 1
        for lower, line in gaps.items():
            if not self.routes:
                raise NotationError("routes need the +routes extension")
            for col, ch in enumerate(line):
                if ch in "/\\":
                    x = (col - col0[lower] - 1) // 2
                    if (col - col0[lower]) % 2 != 1 or not 0 <= x < self.width - 1:
                        raise NotationError(f"route mark at column {col} is not between two files")
                    y = lower - 1
                    a, b = ((x, y), (x + 1, y + 1)) if ch == "/" else ((x, y + 1), (x + 1, y))
                    # one mark per block: a diagram cannot draw two crossing routes
                    s[K.ROUTES + self.slot_of(a[1] * self.width + a[0], b[1] * self.width + b[0])] = 1
                    s[K.NROUTES] += 1
        for p in range(2):
            s[K.HAND + p] = hands[p]
            s[K.CHAND + p] = caravans[p]
            if s[K.CARON + p] > 1 or s[K.CARON + p] + caravans[p] > int(self.caravan):
                raise NotationError("each player has at most one Royal Caravan")
            if s[K.ONB + p] + hands[p] + caravans[p] > 12 or hands[p] < 0:
                raise NotationError(f"{self.player_names[p]} has more than 12 camels")
        if tokens is None:
            tokens = (2, 2) if self.routes else (0, 0)
        if not self.routes and any(tokens):
            raise NotationError("route tokens need the +routes extension")
        s[K.TOK], s[K.TOK + 1] = tokens
        s[K.TO_MOVE] = to_move
        s[K.NOCAP] = no_capture_turns
        if self.choko:
            s[K.HOLDER] = K.NONE_HOLDER if holder is None else holder
            s[K.MUSTDEP] = int(must_deploy)
            if hands[0] + caravans[0] + hands[1] + caravans[1] == 0:
                s[K.HOLDER], s[K.MUSTDEP] = K.NONE_HOLDER, 0      # CH-B5
        K.start_checks(s, self.spec)
        return State._trusted(self, s)

    # -- notation ------------------------------------------------------------------------------
    def action_to_string(self, state: State, action: int) -> str:
        a, name = action, self.cell_name
        if a >= K.A_ROUTE:
            return "=" + self.route_name(a - K.A_ROUTE)
        if a == K.A_STOP:
            return "stop"
        if a == K.A_HAND:
            return "-@"
        if a >= K.A_REMOVE:
            return "-" + name(a - K.A_REMOVE)
        if a < K.A_CDEPLOY:
            return "@" + name(a)
        if a < K.A_MOVE:
            return "R@" + name(a - K.A_CDEPLOY)
        base, sep = ((K.A_TRAVEL, "~") if a >= K.A_TRAVEL else (K.A_JUMP, "x") if a >= K.A_JUMP
                     else (K.A_MOVE, "-"))
        f, t = divmod(a - base, 30)
        return name(f) + sep + name(t)

    def parse_action(self, state: State, text: str) -> int:
        t = text.strip()
        for kind, pattern in _PATTERNS:
            m = pattern.match(t)
            if m:
                break
        else:
            raise NotationError(msg("yote.error.not_an_action", text=quote(text), game=self.name))
        cells = [self.cell_index(g) for g in m.groups()]
        if kind == "deploy":
            action = K.A_DEPLOY + cells[0]
        elif kind == "cdeploy":
            if not self.caravan:
                raise NotationError(msg("yote.error.caravan_only"))
            action = K.A_CDEPLOY + cells[0]
        elif kind in ("move", "jump", "travel"):
            if kind == "travel" and not self.routes:
                raise NotationError(msg("yote.error.travel_only"))
            base = {"move": K.A_MOVE, "jump": K.A_JUMP, "travel": K.A_TRAVEL}[kind]
            action = base + 30 * cells[0] + cells[1]
        elif kind == "remove":
            action = K.A_REMOVE + cells[0]
        elif kind == "hand":
            action = K.A_HAND
        elif kind == "stop":
            action = K.A_STOP
        else:
            if not self.routes:
                raise NotationError(msg("yote.error.route_only"))
            action = K.A_ROUTE + self.slot_of(cells[0], cells[1])
        legal = state.legal_actions()
        if action not in legal:
            raise IllegalActionError(msg("yote.error.not_legal", move=t, phase=self._phase_message(state),
                                         legal=" ".join(self.action_to_string(state, a) for a in legal)))
        return action

    def _phase_message(self, state: State) -> Message:
        s = state.data
        m = msg({K.START: "yote.phase.start", K.CHAIN: "yote.phase.chain", K.REMOVE: "yote.phase.remove",
                 K.ROUTE4: "yote.phase.route", K.BONUS_PH: "yote.phase.bonus"}[int(s[K.PHASE])])
        if self.choko and s[K.MUSTDEP] and s[K.PHASE] == K.START:
            m = msg("text.then", a=m, b=msg("yote.must_deploy"))
        return m

    def turn_texts(self, state: State) -> list[str]:
        """Every complete turn from ``state`` in the spec's turn text (section 9)."""
        p = state.current_player
        out: list[str] = []

        def walk(st: State, text: str) -> None:
            if st.current_player != p:
                out.append(text)
                return
            for a in st.legal_actions():
                walk(st._apply_unchecked(a), self.continue_turn_text(st, a, text))

        walk(state, "")
        return out

    def continue_turn_text(self, st: State, a: int, text: str) -> str:
        """``text`` (a turn's text so far) followed by action ``a`` made in ``st``."""
        tok = self.action_to_string(st, a)
        ph = int(st.data[K.PHASE])
        if tok == "stop":
            return text
        if ph == K.CHAIN:
            return text + tok[2:]                   # the chain's next landing: `xd5`
        if ph == K.REMOVE:
            return text + tok
        return (text + " " + tok) if text else tok

    def parse_turn(self, state: State, text: str) -> list[int]:
        """The actions of a turn text (section 9): `c3-c4`, `@c3`, `b3xb5-c3`, `b2xd2xd4-f1-@`,
        with routes `=c3d4 b2~d4 d4xf4-a2`; or the rest of a turn under way (`xd5`, `-e5`,
        `stop`). A `stop` the text leaves out (a chain that could go on, a route or bonus move
        not taken) is added."""
        segments = text.split()
        if not segments:
            raise NotationError(msg("error.empty_turn"))
        tokens: list[str] = []
        for i, seg in enumerate(segments):
            m = _TURN_PART.match(seg)
            if not m or (i and not m.group(1)):
                raise NotationError(msg("yote.error.not_a_turn", text=quote(text), game=self.name,
                                        routes=", =c3d4 b2~d4 d4xf4-a2" if self.routes else ""))
            if m.group(1):
                tokens.append(m.group(1))
            tokens += re.findall(r"x[a-f][1-6]", m.group(2)) + re.findall(r"-(?:[a-f][1-6]|@)", m.group(3))
        mover = state.current_player
        actions: list[int] = []

        def play(a: int) -> None:
            nonlocal state
            actions.append(a)
            state = state.apply(a)

        for tok in tokens:
            if state.current_player != mover:
                raise IllegalActionError(msg("error.turn_over_before", text=quote(text), move=tok))
            chain = state.data[K.PHASE] == K.CHAIN
            if tok.startswith("x"):
                if not chain:
                    raise IllegalActionError(msg("yote.error.no_chain", text=quote(text), move=tok))
                tok = self.cell_name(int(state.data[K.ACTOR])) + tok
            elif chain and tok != "stop":
                play(self.parse_action(state, "stop"))         # the chain ended there
                if state.current_player != mover:
                    raise IllegalActionError(msg("error.turn_over_before", text=quote(text), move=tok))
            play(self.parse_action(state, tok))
        while state.current_player == mover and K.A_STOP in state.legal_actions():
            play(K.A_STOP)
        return actions

    # -- display and end of game ------------------------------------------------------------------
    def render(self, state: State, lang: str = "en") -> str:
        s = state.data
        files = "   " + " ".join("abcdef"[: self.width])
        lines = [files]
        for y in range(self.height - 1, -1, -1):
            row = " ".join(PIECE_CHARS[s[y * self.width + x]] for x in range(self.width))
            lines.append(f"{y + 1}  {row}")
            if self.routes and y > 0:
                gap = [" "] * (2 * self.width + 3)
                for x in range(self.width - 1):
                    b = (y - 1) * (self.width - 1) + x
                    if s[K.ROUTES + 2 * b]:
                        gap[4 + 2 * x] = "/"
                    elif s[K.ROUTES + 2 * b + 1]:
                        gap[4 + 2 * x] = "\\"
                lines.append("".join(gap).rstrip())
        lines.append(files)
        for p in range(2):
            extra = msg("yote.caravan_hand", n=int(s[K.CHAND + p])).text(lang) if self.caravan else ""
            tok = msg("yote.route_tokens", n=int(s[K.TOK + p])).text(lang) if self.routes else ""
            lines.append(msg("yote.player_line", player=player(self.player_names[p]), mark="LD"[p],
                             hand=int(s[K.HAND + p]), extra=extra, board=int(s[K.ONB + p]),
                             tokens=tok).text(lang))
        if self.choko:
            h = int(s[K.HOLDER])
            holder = msg("yote.holder_out") if h == K.NONE_HOLDER else player(self.player_names[h])
            lines.append(msg("yote.holder_must_deploy" if s[K.MUSTDEP] else "yote.holder",
                             holder=holder).text(lang))
        out = state.outcome()
        lines.append(out.message.text(lang) if out else msg(
            "yote.to_move", player=player(self.player_names[state.current_player]),
            phase=self._phase_message(state)).text(lang))
        return "\n".join(lines)

    def status(self, state: State) -> Message:
        out = state.outcome()
        if out:
            return out.message
        who = player(self.player_names[state.current_player])
        s = state.data
        if s[K.PHASE] == K.START and not (self.choko and s[K.MUSTDEP]):
            return msg("status.to_move", player=who)     # the plain case needs no help
        return msg("yote.to_move", player=who, phase=self._phase_message(state))

    def outcome(self, state: State) -> Outcome | None:
        s = state.data
        reason = int(s[K.END])
        if reason == K.ONGOING:
            return None
        w = int(s[K.WINNER])
        winner = None if w == 2 else w
        result = msg("end.draw") if winner is None else msg("end.wins", player=player(self.player_names[winner]))
        t0 = int(s[K.ONB] + s[K.HAND] + s[K.CHAND])
        t1 = int(s[K.ONB + 1] + s[K.HAND + 1] + s[K.CHAND + 1])
        termination, why = {
            K.END_ALL_TAKEN: (Termination.GOAL, "yote.end.all_taken"),
            K.END_NO_ACTION: (Termination.NO_MOVE, "yote.end.no_action"),
            K.END_REPETITION: (Termination.REPETITION, "yote.end.repetition"),
            K.END_LOW_50: (Termination.DRAW_RULE, "yote.end.low_50"),
            K.END_NO_CAPTURE: (Termination.MOVE_LIMIT, "yote.end.no_capture"),
        }[reason]
        return Outcome(termination, winner, msg("yote.end.camels", why=msg(why), result=result, t0=t0, t1=t1))

    def key(self, state: State) -> bytes:
        """The position without the repetition record's storage order (its multiset counts)."""
        s = np.array(state.data)
        s[K.SEEN] = s[K.SEEN + 1] = 0
        return record_key(s[:K.HIST], s[K.HIST:K.HIST + K.ENTRY * int(s[K.HLEN])], K.ENTRY)

    # -- front end ---------------------------------------------------------------------------
    def geometry(self) -> dict[str, Any]:
        points = [{"id": self.cell_name(c), "x": float(c % self.width), "y": float(c // self.width)}
                  for c in range(self.n)]
        lines = []
        for y in range(self.height):
            for x in range(self.width):
                c = y * self.width + x
                if x + 1 < self.width:
                    lines.append([self.cell_name(c), self.cell_name(c + 1)])
                if y + 1 < self.height:
                    lines.append([self.cell_name(c), self.cell_name(c + self.width)])
        return {"kind": "grid", "points": points, "lines": lines, "width": self.width,
                "height": self.height}

    def view(self, state: State) -> dict[str, Any]:
        s = state.data
        pieces = [{"at": self.cell_name(c), "owner": K.owner(int(s[c])),
                   "kind": "caravan" if s[c] >= 3 else "camel", "count": 1}
                  for c in range(self.n) if s[c]]
        view: dict[str, Any] = {"pieces": pieces, "scores": None, "status": self.status(state).text(),
                                "hands": [int(s[K.HAND]), int(s[K.HAND + 1])]}
        if self.caravan:
            view["caravans_in_hand"] = [int(s[K.CHAND]), int(s[K.CHAND + 1])]
        if self.routes:
            view["routes"] = [[self.cell_name(a) for a in self.slot_cells(sl)]
                              for sl in range(self.nslots) if s[K.ROUTES + sl]]
            view["tokens"] = [int(s[K.TOK]), int(s[K.TOK + 1])]
        if self.choko:
            view["holder"] = None if s[K.HOLDER] == K.NONE_HOLDER else int(s[K.HOLDER])
        return view

    def action_points(self, state: State, action: int) -> list[str]:
        a = action
        if a >= K.A_ROUTE:
            return [self.cell_name(c) for c in self.slot_cells(a - K.A_ROUTE)]
        if a in (K.A_STOP, K.A_HAND):
            return []
        if a >= K.A_REMOVE:
            return [self.cell_name(a - K.A_REMOVE)]
        if a < K.A_MOVE:
            return [self.cell_name(a % 30)]
        base = K.A_TRAVEL if a >= K.A_TRAVEL else K.A_JUMP if a >= K.A_JUMP else K.A_MOVE
        f, t = divmod(a - base, 30)
        if base == K.A_JUMP:
            return [self.cell_name(f), self.cell_name((f + t) // 2), self.cell_name(t)]
        return [self.cell_name(f), self.cell_name(t)]


def _factory(choko: bool):
    def make(exts: frozenset[str], values: dict[str, Any], cid: str) -> Game:
        return Yote(cid, choko, "caravan" in exts, "routes" in exts, values["forced_capture"],
                    values["chain"], values["friendly_jump"], values["no_capture_draw"])
    return make


def _options(choko: bool) -> tuple[Option, ...]:
    return (
        Option("forced_capture", 0, "a capture must be made when one exists (YO-F1)", minimum=0, maximum=1),
        Option("chain", 0, "the capturing camel may capture again (YO-F2)" if not choko
               else "chain captures are not part of Choko (CH-A3)",
               choices=("0",) if choko else (), minimum=0, maximum=0 if choko else 1),
        Option("friendly_jump", 0, "camels may jump over their own camels (YO-F5)", minimum=0, maximum=1),
        Option("no_capture_draw", 100, "draw after this many turns without capture (0 = never)", minimum=0),
    )


register(RulesetInfo(
    name="yote",
    title="Yoté",
    description="West African camels: deploy, step or jump; every capture removes a second camel",
    factory=_factory(False),
    extensions=("caravan", "routes"),
    options=_options(False),
    rules_package="ludotheque.games.yote",
))
register(RulesetInfo(
    name="yote/choko",
    title="Choko",
    description="Gambian Yoté on 5x5 where the Merchant token's holder sets the deployment pace",
    factory=_factory(True),
    extensions=("caravan", "routes"),
    options=_options(True),
    rules_package="ludotheque.games.yote",
))

from . import evaluation  # noqa: E402  (search knowledge, kept apart from the rules)
Yote.evaluate = evaluation.evaluate
