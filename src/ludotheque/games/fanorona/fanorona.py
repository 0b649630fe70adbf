"""Fanorona: Fanoron-Tsivy (9x5), Vela, Fanoron-Telo (3x3), Fanoron-Dimy (5x5), with the
LUDOS mini-extensions +female and +tamarins (rules/fanorona.md).

Rule choices (the spec's rulings): the chain's direction rule compares with the step just
made (FA-R2); continuing a chain is optional, with an explicit `stop` action (FA-R3); a step
that is both approach and withdrawal captures only the chosen line (FA-R5); the booklet's
"nobody can win" draw is threefold repetition of turn-start positions plus
`no_capture_draw` (default 100) complete turns without capture (FA-R6). Vela's orange may
make any step in phase 1 (FV-R2). The Female stops a line unless she is its first piece
(FF-R2), and with her there is no compulsory capture (FF-R3). Tamarins are placed next to
any own piece (FM-R1).

A turn is a sequence of actions (FA-F1). Action texts: a step `e2-e3A` / `e3-e2W` / `d2-d3`
(continuations are written from their own origin), `stop`, `pass`, `@d2`. A whole turn is
written `e2-e3A-f4W @d2` (`turn_to_string` / `parse_turn`); SuperDuperGames' `a3a4+`,
`a4a3-`, `a3a4` and comma-separated chains are accepted on input.
"""
from __future__ import annotations

import re
import time
from typing import Any, Sequence

import numpy as np

from ...core import Game, IllegalActionError, NotationError, Outcome, State, Termination
from ...core.geometry import LineBoard, alquerque_board
from ...core.errors import quote
from ...core.history import record_key
from ...core.kernels import MAX_ACTIONS_BUFFER, TERMINAL, Kernels, grow, no_chance
from ...core.registry import Option, RulesetInfo, register
from ...i18n import Message, msg, player
from . import evaluation
from . import kernels as K

KERNELS = Kernels(K.legal, K.apply, K.to_move, K.returns, no_chance)

BOARDS = {
    "tsivy": (9, 5, """
        5  O O O O O O O O O
        4  O O O O O O O O O
        3  O G O G . O G O G
        2  G G G G G G G G G
        1  G G G G G G G G G"""),           # FA-A2, FA-R1
    "dimy": (5, 5, """
        5  O O O O O
        4  O O O O O
        3  G O . G O
        2  G G G G G
        1  G G G G G"""),                   # FD-A2, FD-R1
    "telo": (3, 3, """
        3  O O O
        2  O . G
        1  G G G"""),                       # FT-A2, FT-R1
}
SYMBOLS = ".GOgo"          # cell code -> diagram symbol (rules/fanorona.md 1.5)
KIND_LETTER = ("", "A", "W")
END_TEXT = {   # message ids of the catalogue (ludotheque.i18n)
    K.END_NO_PIECES: (Termination.GOAL, "fanorona.end.no_pieces"),
    K.END_FEMALE_ALONE: (Termination.GOAL, "fanorona.end.female_alone"),
    K.END_NO_MOVE: (Termination.NO_MOVE, "fanorona.end.no_move"),
    K.END_REPETITION: (Termination.REPETITION, "end.repetition"),
    K.END_NO_CAPTURE: (Termination.DRAW_RULE, "fanorona.end.no_capture"),
}
_STEP = re.compile(r"([a-z]\d+)-([a-z]\d+)([AW]?)")
_SDG = re.compile(r"([a-z]\d+)([a-z]\d+)([+-]?)\.?")
_CONT = re.compile(r"-?([a-z]\d+)([AW])")
_PLACE = re.compile(r"@([a-z]\d+)")


class Fanorona(Game):
    player_names = ("Green", "Orange")

    def __init__(self, cid: str, board: str, *, vela: bool = False, female: bool = False,
                 tamarins: bool = False, no_capture_draw: int = 100,
                 first_move_single_capture: int = 0, female_first: str = "line",
                 optional_capture: str = "capture", vela_orange: str = "any") -> None:
        self.id = cid
        self.board_kind = board
        width, height, self._start = BOARDS[board]
        self.board: LineBoard = alquerque_board(width, height)
        self.width, self.height = width, height
        self.vela, self.female, self.tamarins = vela, female, tamarins
        self.name = {"tsivy": "Fanorona", "dimy": "Fanoron-Dimy", "telo": "Fanoron-Telo"}[board]
        if vela:
            self.name = "Fanorona Vela"
        n = self.board.num_points
        self.n = n
        self.num_actions = K.num_actions(n)
        self.kernels = KERNELS
        self.evaluate = evaluation.evaluate
        par = np.zeros(K.PAR_LEN, np.int64)
        par[K.P_N] = n
        par[K.P_FEMALE] = female
        par[K.P_TAMARINS] = tamarins
        par[K.P_VELA] = vela
        par[K.P_NOCAP] = no_capture_draw
        par[K.P_FIRST_SINGLE] = first_move_single_capture
        par[K.P_ALONE] = female_first == "alone"
        par[K.P_DECLINE] = optional_capture == "decline"
        par[K.P_VELA_PAIKA] = vela_orange == "paika_only"
        par[K.P_ENTRY] = (n + 9) // 10
        K.bit_tables(par, self.board.step)
        self.spec = (par, self.board.step, self.board.jump, self.board.dirs)
        self.observer = (K.observe, 6 * n + 9)
        self.stop_action = n * 48
        self.pass_action = n * 48 + 1

    # -- positions ----------------------------------------------------------------------
    def _data(self, cells: list[int], to_move: int, green_captures: int,
              tamarins: tuple[int, int], pools: tuple[int, int]) -> np.ndarray:
        s = K.new_state(self.n, int(self.spec[0][K.P_ENTRY]))
        s[K.BOARD:K.BOARD + self.n] = cells
        s[K.TO_MOVE] = to_move
        s[K.GCAPS] = green_captures
        s[K.TAM:K.TAM + 2] = tamarins
        s[K.POOL:K.POOL + 2] = pools
        need = K.settle(s, self.spec)
        return grow(s, need) if need else s

    def _cells(self, diagram: str) -> list[int]:
        rows: dict[int, str] = {}
        for line in diagram.splitlines():
            m = re.match(r"\s*(\d+)\s+([.GOgo](?:\s*[.GOgo])*)\s*$", line)
            if m:
                rows[int(m.group(1))] = re.sub(r"\s", "", m.group(2))
        if sorted(rows) != list(range(1, self.height + 1)):
            raise NotationError(f"a {self.width}x{self.height} diagram needs ranks 1 to {self.height}, "
                                "top rank first, one of . G O g o per point")
        cells = [0] * self.n
        for rank, text in rows.items():
            if len(text) != self.width:
                raise NotationError(f"rank {rank} has {len(text)} points, not {self.width}")
            for x, ch in enumerate(text):
                cells[self.board.index(f"{chr(97 + x)}{rank}")] = SYMBOLS.index(ch)
        if not self.female and any(c >= 3 for c in cells):
            raise NotationError("g / o (Female Lemur) need the +female extension")
        return cells

    def initial_data(self, seed: int | None = None) -> np.ndarray:
        cells = self._cells(self._start)
        if self.female:                     # FF-A1, FF-R1: the left corner of each player
            cells[0] = 3
            cells[self.n - 1] = 4
        tam = (2, 2) if self.tamarins else (0, 0)   # FM-A1
        return self._data(cells, 0, 0, tam, (0, 0))

    def from_diagram(self, text: str, to_move: int = 0, *, green_captures: int = 0,
                     tamarins: tuple[int, int] | None = None,
                     pools: tuple[int, int] = (0, 0)) -> State:
        """A position from the spec's diagram form (rules/fanorona.md 1.5)::

            3  . O .
            2  O . G
            1  . . G
               a b c

        ``green_captures`` is Vela's counter; ``tamarins`` (default 2 each with +tamarins)
        and ``pools`` the tamarins in hand and the captured lemurs of each player."""
        if to_move not in (0, 1):
            raise NotationError("to_move is 0 (green) or 1 (orange)")
        if tamarins is None:
            tamarins = (2, 2) if self.tamarins else (0, 0)
        return State._trusted(self, self._data(self._cells(text), to_move, green_captures, tamarins, pools))

    # -- notation -----------------------------------------------------------------------
    def _point(self, name: str) -> int:
        try:
            return self.board.index(name)
        except ValueError:
            raise NotationError(msg("fanorona.error.no_point", point=quote(name, 12), first=self.board.names[0],
                                    last=self.board.names[-1])) from None

    def action_to_string(self, state: State, action: int) -> str:
        a = int(action)
        if a == self.stop_action:
            return "stop"
        if a == self.pass_action:
            return "pass"
        if a > self.pass_action:
            return "@" + self.board.names[a - self.pass_action - 1]
        P, d, j, kind = K.decode(a)
        Q = (self.board.jump if j else self.board.step)[P, d]
        return f"{self.board.names[P]}-{self.board.names[Q]}{KIND_LETTER[kind]}"

    def parse_action(self, state: State, text: str) -> int:
        """One action: `e2-e3A`, `e3-e2W`, `d2-d3`, `stop`, `pass`, `@d2`; in a chain also
        `f4W` (from the chain's lemur); SuperDuperGames `a3a4+`, `a4a3-`, `a3a4`."""
        t = text.strip()
        legal = state.legal_actions()
        s = state.data
        if t in ("stop", "pass"):
            a = self.stop_action if t == "stop" else self.pass_action
            if a not in legal:
                raise IllegalActionError(msg("fanorona.error.not_now", move=t, situation=self._situation_message(state)))
            return a
        m = _PLACE.fullmatch(t)
        if m:
            p = self._point(m.group(1))
            a = self.pass_action + 1 + p
            if a not in legal:
                raise IllegalActionError(msg("fanorona.error.no_placement", point=m.group(1),
                                                situation=self._situation_message(state)))
            return a
        m = _STEP.fullmatch(t)
        if m:
            frm, to, kind = m.group(1), m.group(2), m.group(3)
        elif (m := _SDG.fullmatch(t)):
            frm, to, kind = m.group(1), m.group(2), {"+": "A", "-": "W", "": ""}[m.group(3)]
        elif (m := _CONT.fullmatch(t)) and s[K.SUB] == K.CHAIN:
            frm, to, kind = self.board.names[s[K.CPOS]], m.group(1), m.group(2)
        else:
            raise NotationError(msg("fanorona.error.not_an_action", text=quote(text)))
        P, Q = self._point(frm), self._point(to)
        matches = [a for a in legal if a < self.stop_action and self._ends(a) == (P, Q)]
        exact = [a for a in matches if KIND_LETTER[a % 3] == kind]
        if exact:
            return exact[0]
        if not kind and len(matches) == 1:      # the kind may be left out when only one fits
            return matches[0]
        raise IllegalActionError(self._why_illegal(state, P, Q, kind, matches))

    def _ends(self, a: int) -> tuple[int, int]:
        P, d, j, _ = K.decode(a)
        return P, int((self.board.jump if j else self.board.step)[P, d])

    def _situation_message(self, state: State) -> Message:
        s = state.data
        if s[K.SUB] == K.CHAIN:
            return msg("fanorona.continue_capture", point=self.board.names[s[K.CPOS]])
        if s[K.SUB] == K.DECIDE:
            return msg("fanorona.place_tamarin")
        return msg("fanorona.make_move")

    def _why_illegal(self, state: State, P: int, Q: int, kind: str, matches: list[int]) -> Message:
        s = state.data
        b = self.board.names
        p = state.current_player
        move = f"{b[P]}-{b[Q]}{kind}"
        if s[K.SUB] != K.START:
            if s[K.SUB] == K.CHAIN and P != s[K.CPOS]:
                return msg("fanorona.error.only_chain_lemur", move=move, point=b[s[K.CPOS]])
            if s[K.SUB] == K.DECIDE:
                return msg("fanorona.error.moves_over", move=move, situation=self._situation_message(state))
        if not (K.is_own(s[K.BOARD + P], p)):
            return msg(("fanorona.error.no_green_piece", "fanorona.error.no_orange_piece")[p], move=move, point=b[P])
        if s[K.BOARD + Q] != K.EMPTY:
            return msg("fanorona.error.occupied", move=move, point=b[Q])
        female = s[K.BOARD + P] >= 3
        if Q not in self.board.step[P] and not (female and Q in self.board.jump[P]):
            return msg("fanorona.error.not_next", move=move, to=b[Q], origin=b[P])
        if Q not in self.board.step[P]:
            return msg("fanorona.error.female_jump", move=move)
        if matches and not kind:
            return msg("fanorona.error.both", move=move)
        if matches:
            what = {"A": "fanorona.error.not_approach", "W": "fanorona.error.not_withdrawal"}.get(
                kind, "fanorona.error.not_paika")
            names = [self.action_to_string(state, a) for a in matches]
            moves: str | Message = names[0] if len(names) == 1 else msg("text.or", a=names[0], b=names[1])
            return msg("fanorona.error.play_instead", why=msg(what, move=move), moves=moves)
        if s[K.SUB] == K.CHAIN:
            return msg("fanorona.error.bad_continuation", move=move)
        legal = state.legal_actions()
        if kind == "" and any(a % 3 for a in legal):
            return msg("fanorona.error.must_capture", move=move,
                       moves=", ".join(self.action_to_string(state, a) for a in legal))
        if kind:
            return msg("fanorona.error.not_approach" if kind == "A" else "fanorona.error.not_withdrawal", move=move)
        return msg("fanorona.error.not_legal", move=move)

    def parse_turn(self, state: State, text: str) -> list[int]:
        """The actions of a whole turn: `e2-e3A-f4W`, `e2-e3A-f4W @d2`, `d2-d3`,
        SuperDuperGames `a3a4+,a4a5-.`; a chain that stops early gets its `stop`, a turn
        without placement its `pass`. NotationError / IllegalActionError, state unchanged."""
        parts = text.split()
        if not parts:
            raise NotationError(msg("error.empty_turn"))
        moves, rest = parts[0], parts[1:]
        if moves.startswith("@") or moves == "pass":     # only the tamarin decision is left
            moves, rest = "", parts
        if len(rest) > 1:
            raise NotationError(msg("fanorona.error.one_placement", text=quote(text)))
        if "," in moves or _SDG.fullmatch(moves):
            tokens = moves.rstrip(".").split(",")
        else:
            segs = moves.split("-") if moves else []
            tokens = segs[:1] if len(segs) == 1 else []  # `stop`, or a chain's `f4W`
            for frm, seg in zip(segs, segs[1:]):
                tokens.append(f"{frm.rstrip('AW')}-{seg}")
        actions: list[int] = []
        mover = state.current_player
        for i, tok in enumerate(tokens):
            if i and (state.current_player != mover or state.data[K.SUB] != K.CHAIN):
                raise IllegalActionError(msg("error.turn_over_before", text=quote(text), move=quote(tok, 20)))
            actions.append(self.parse_action(state, tok))
            state = state.apply(actions[-1])
        if state.current_player == mover and state.data[K.SUB] == K.CHAIN:
            actions.append(self.stop_action)
            state = state.apply(self.stop_action)
        if rest:
            if state.current_player != mover:
                raise IllegalActionError(msg("fanorona.error.no_decision", move=quote(rest[0], 20)))
            actions.append(self.parse_action(state, rest[0]))
        elif state.current_player == mover and state.data[K.SUB] == K.DECIDE:
            actions.append(self.pass_action)
        return actions

    def continue_turn_text(self, state: State, a: int, text: str) -> str:
        if a == self.stop_action or a == self.pass_action:
            return text
        if a > self.pass_action:
            return text + " " + self.action_to_string(state, a)
        if not text:
            return self.action_to_string(state, a)
        return text + "-" + self.action_to_string(state, a).split("-", 1)[1]

    def turn_to_string(self, state: State, actions: Sequence[int]) -> str:
        return super().turn_to_string(state, actions).strip()

    def complete_turns(self, state: State) -> list[tuple[list[int], State]]:
        """Every complete turn from ``state`` (rules/fanorona.md section 8): its actions and
        the state after it."""
        out: list[tuple[list[int], State]] = []
        mover = state.current_player
        if mover == TERMINAL:
            return out

        def walk(st: State, acts: list[int]) -> None:
            if st.current_player != mover:
                out.append((acts, st))
                return
            for a in st.legal_actions():
                walk(st._apply_unchecked(a), acts + [a])
        walk(state, [])
        return out

    # -- display and end of game ---------------------------------------------------------
    def status(self, state: State) -> Message:
        out = self.outcome(state)
        if out:
            return out.message
        s = state.data
        who = player(self.player_names[state.current_player])
        m = msg("status.to_move", player=who) if s[K.SUB] == K.START else msg(
            "fanorona.to_move_situation", player=who, situation=self._situation_message(state))
        if self.vela:
            m = msg("text.then", a=m, b=msg("fanorona.vela_phase", captures=int(s[K.GCAPS]),
                                             phase=2 if s[K.GCAPS] >= K.VELA_PHASE2 else 1))
        if self.tamarins:
            m = msg("text.then", a=m, b=msg("fanorona.tamarins", t0=int(s[K.TAM]), t1=int(s[K.TAM + 1]),
                                             p0=int(s[K.POOL]), p1=int(s[K.POOL + 1])))
        return m

    def render(self, state: State, lang: str = "en") -> str:
        """The board with its lines: `-` `|` `/` `\\` joining points, top rank first."""
        s = state.data
        step = self.board.step
        idx = {xy: i for i, xy in enumerate(self.board.xy)}
        lines = []
        for y in range(self.height - 1, -1, -1):
            cells = [SYMBOLS[s[K.BOARD + idx[(x, y)]]] for x in range(self.width)]
            lines.append(f"{y + 1:<3}" + "---".join(cells))
            if y > 0:
                row = "   "
                for x in range(self.width):
                    row += "|"
                    if x + 1 < self.width:
                        down = step[idx[(x, y)], 7] == idx[(x + 1, y - 1)]
                        up = step[idx[(x, y - 1)], 1] == idx[(x + 1, y)]
                        row += " \\ " if down else " / " if up else "   "
                lines.append(row)
        lines.append("   " + "   ".join(chr(97 + x) for x in range(self.width)))
        lines.append(self.status(state).text(lang))
        return "\n".join(lines)

    def outcome(self, state: State) -> Outcome | None:
        s = state.data
        reason = int(s[K.END])
        if reason == K.ONGOING:
            return None
        w = int(s[K.WINNER])
        termination, key = END_TEXT[reason]
        why = msg(key, loser=player(self.player_names[1 - w]) if w >= 0 else "",
                  n=int(self.spec[0][K.P_NOCAP]))
        result = msg("end.draw") if w < 0 else msg("end.wins", player=player(self.player_names[w]))
        return Outcome(termination, None if w < 0 else w, msg("end.why_result", why=why, result=result))

    def key(self, state: State) -> bytes:
        """Header and board, with the turn count only while it matters (FA-F3), and the
        repetition record as a multiset."""
        s = np.array(state.data)
        par = self.spec[0]
        entry = int(par[K.P_ENTRY])
        hist = K.BOARD + self.n
        s[K.TURNS] = min(int(s[K.TURNS]), 1) if par[K.P_FIRST_SINGLE] else 0
        s[K.SEEN] = s[K.SEEN + 1] = 0
        if not par[K.P_NOCAP]:
            s[K.NOCAP] = 0
        return record_key(s[:hist], s[hist:hist + entry * int(s[K.HLEN])], entry)

    # -- front end ----------------------------------------------------------------------
    def geometry(self) -> dict[str, Any]:
        b = self.board
        return {"kind": "lines",
                "points": [{"id": b.names[i], "x": float(x), "y": float(y)} for i, (x, y) in enumerate(b.xy)],
                "lines": [[b.names[u], b.names[v]] for u, v in b.edges()]}

    def view(self, state: State) -> dict[str, Any]:
        s = state.data
        pieces = []
        for i in range(self.n):
            c = int(s[K.BOARD + i])
            if c:
                pieces.append({"at": self.board.names[i], "owner": (c - 1) & 1,
                               "kind": "female" if c >= 3 else "lemur", "count": 1})
        v: dict[str, Any] = {"pieces": pieces, "scores": None, "status": self.status(state).text()}
        if s[K.SUB] == K.CHAIN:
            v["chain"] = {"at": self.board.names[s[K.CPOS]],
                          "visited": [self.board.names[q] for q in range(self.n) if K.visited(s, q)]}
        if self.tamarins:
            v["tamarins"] = [int(s[K.TAM]), int(s[K.TAM + 1])]
            v["pools"] = [int(s[K.POOL]), int(s[K.POOL + 1])]
        return v

    def action_points(self, state: State, action: int) -> list[str]:
        a = int(action)
        names = self.board.names
        if a in (self.stop_action, self.pass_action):
            return []
        if a > self.pass_action:
            return [names[a - self.pass_action - 1]]
        P, d, j, _ = K.decode(a)
        if j:
            return [names[P], names[self.board.step[P, d]], names[self.board.jump[P, d]]]
        return [names[P], names[self.board.step[P, d]]]

    # -- exact solution -----------------------------------------------------------------
    def solve(self, state: State | None = None) -> dict[str, Any]:
        """Retrograde analysis over the turn-start positions reachable from ``state``
        (Fanoron-Telo only: Dimy and Tsivy are far too big). A position's value is a forced
        win (+1), forced loss (-1), or 0 when both sides can keep the game going forever,
        which the repetition and no-capture rules turn into a draw (forced wins here are far
        shorter than the no-capture limit, so the limit never changes a value)."""
        if self.board_kind != "telo":
            raise NotImplementedError(f"{self.id} is too big to solve; only fanorona/telo is solved")
        t0 = time.perf_counter()
        state = state or self.initial_state()
        if state.data[K.SUB] != K.START:
            raise IllegalActionError(msg("fanorona.error.solve_at_start"))
        par = self.spec[0].copy()
        par[K.P_NOCAP] = 0                      # positions, not histories
        spec = (par,) + self.spec[1:]
        hist = K.BOARD + self.n
        legal_buf = np.empty(MAX_ACTIONS_BUFFER, np.int64)

        def node_key(s: np.ndarray) -> bytes:
            h = s[:hist].copy()
            h[[K.NOCAP, K.TURNS, K.HLEN, K.SEEN, K.SEEN + 1, K.IRREV, K.CAPT]] = 0
            if self.spec[0][K.P_FIRST_SINGLE]:
                h[K.TURNS] = min(int(s[K.TURNS]), 1)
            return h.tobytes()

        def turns_from(s0: np.ndarray) -> list[tuple[list[int], np.ndarray]]:
            res: list[tuple[list[int], np.ndarray]] = []
            mover = s0[K.TO_MOVE]
            stack = [([], s0)]
            while stack:
                acts, s = stack.pop()
                if K.to_move(s, spec) != mover:
                    res.append((acts, s))
                    continue
                n = K.legal(s, spec, legal_buf)
                for a in legal_buf[:n].tolist():
                    t = s.copy()
                    need = K.apply(t, spec, a)
                    stack.append((acts + [a], grow(t, need) if need else t))
            return res

        def fresh(s: np.ndarray) -> np.ndarray:
            t = np.zeros(hist + 4 * int(par[K.P_ENTRY]), np.int32)
            t[:hist] = s[:hist]
            t[K.HLEN] = 0
            K.record_position(t, spec)
            return t

        root = fresh(state.data)
        index = {node_key(root): 0}
        nodes = [root]
        succ: list[list[int]] = []      # successor node ids, or -1 / -2: mover wins / draws
        i = 0
        while i < len(nodes):
            links = []
            for _, t in turns_from(nodes[i]):
                if t[K.END] != K.ONGOING:
                    links.append(-1 if t[K.WINNER] >= 0 else -2)
                    continue
                k = node_key(t)
                if k not in index:
                    index[k] = len(nodes)
                    nodes.append(fresh(t))
                links.append(index[k])
            succ.append(links)
            i += 1
        value = [0] * len(nodes)
        known = [False] * len(nodes)
        changed = True
        while changed:
            changed = False
            for v, links in enumerate(succ):
                if known[v]:
                    continue
                if any(j == -1 or (j >= 0 and known[j] and value[j] == -1) for j in links):
                    value[v], known[v], changed = 1, True, True
                elif all(j >= 0 and known[j] and value[j] == 1 for j in links):
                    value[v], known[v], changed = -1, True, True
        moves = {}
        for acts, t in turns_from(root):
            text = self.turn_to_string(State._trusted(self, root.copy()), acts)
            if t[K.END] != K.ONGOING:
                moves[text] = 1 if t[K.WINNER] >= 0 else 0
            else:
                moves[text] = -value[index[node_key(t)]]
        return {"value": value[0], "moves": moves, "positions": len(nodes),
                "seconds": time.perf_counter() - t0}


# -- registration ----------------------------------------------------------------------------
COMMON_OPTIONS = (
    Option("no_capture_draw", 100, "complete turns without capture that end the game in a draw (0 = never)",
           minimum=0),
)
BASE_OPTIONS = COMMON_OPTIONS + (
    Option("first_move_single_capture", 0, "1: the first turn of the game captures once, without chain",
           minimum=0, maximum=1),
    Option("female_first", "line", "+female: a Female first in a captured line is taken with the line "
           "behind her, or alone", choices=("line", "alone"), requires="female"),
    Option("optional_capture", "capture", "+female: an approach or withdrawal always captures, or may "
           "decline", choices=("capture", "decline"), requires="female"),
)


def _factory(board: str, vela: bool = False):  # type: ignore[no-untyped-def]
    def make(exts: frozenset[str], values: dict[str, Any], cid: str) -> Game:
        return Fanorona(cid, board, vela=vela, female="female" in exts, tamarins="tamarins" in exts,
                        **values)
    return make


register(RulesetInfo(
    name="fanorona",
    title="Fanorona (Fanoron-Tsivy)",
    description="Madagascar's game of capture by approach and withdrawal, 22 lemurs each on 9x5 lines",
    factory=_factory("tsivy"), extensions=("female", "tamarins"), options=BASE_OPTIONS,
    rules_package=__package__,
))
register(RulesetInfo(
    name="fanorona/vela",
    title="Fanorona Vela",
    description="the revenge game: the loser takes one lemur a turn until 5 remain, then Fanorona",
    factory=_factory("tsivy", vela=True), options=COMMON_OPTIONS + (
        Option("vela_orange", "any", "phase 1: orange may make any step, or only steps that would "
               "capture nothing in Fanorona", choices=("any", "paika_only")),),
    rules_package=__package__,
))
register(RulesetInfo(
    name="fanorona/telo",
    title="Fanoron-Telo",
    description="Fanorona on a 3x3 board, 4 lemurs each",
    factory=_factory("telo"), extensions=("female", "tamarins"), options=BASE_OPTIONS,
    rules_package=__package__,
))
register(RulesetInfo(
    name="fanorona/dimy",
    title="Fanoron-Dimy",
    description="Fanorona on a 5x5 board, 12 lemurs each",
    factory=_factory("dimy"), extensions=("female", "tamarins"), options=BASE_OPTIONS,
    rules_package=__package__,
))
