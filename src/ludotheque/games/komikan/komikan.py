"""Komikan, with the Lemery variant, Adugo and Chivi Korá, and the LUDOS mini-extensions
Alpha Alpaca (`+alpha`), Condor (`+condor`) and grass (`+grass`) (rules/komikan.md: KM).

Rule choices are the spec's rulings: 5x5 Alquerque grid plus a 7-point den whose sides continue
the lower diamond diagonals; one capture per turn (option `multi_jump` for chains, each capture
its own action, `stop` ends a chain early); capturing is optional; no back-and-forth for any
piece, judged by a turn's two end points, unless it is the only move; the Puma is trapped when
it has no step and no jump at all (its Condor aside); an alpaca player without a move loses
(`alpaca_blocked=draw`); threefold repetition and `no_capture_draw` turns without capture are
draws. Lemery: a full base locks its three alpacas and offers one return to rank 7, a later
full crossbar offers a second one; a return is its own optional action (`stop` declines).

Where the spec is silent (our choices, written in the rules texts too): a Lemery return and the
grass placements are not turns for the no-capture count (a turn with a return is one turn); the
second Lemery wave is judged after the move (the crossbar can only become full by an alpaca
move into it, so "leaves" and "completes" agree).
"""
from __future__ import annotations

import re
from typing import Any

import numpy as np

from ...core import Game, IllegalActionError, NotationError, Outcome, State, Termination
from ...core.geometry import LineBoard
from ...core.errors import quote
from ...core.history import record_key
from ...core.kernels import Kernels, no_chance
from ...core import registry
from ...core.registry import Option, RulesetInfo, register
from ...i18n import Message, msg, player
from . import kernels as K

KERNELS = Kernels(K.legal, K.apply, K.to_move, K.returns, no_chance)

_LINES_TEXT = (
    "a3 b3 c3 d3 e3", "a4 b4 c4 d4 e4", "a5 b5 c5 d5 e5", "a6 b6 c6 d6 e6", "a7 b7 c7 d7 e7",
    "a3 a4 a5 a6 a7", "b3 b4 b5 b6 b7", "d3 d4 d5 d6 d7", "e3 e4 e5 e6 e7",
    "c1 c2 c3 c4 c5 c6 c7", "a3 b4 c5 d6 e7", "a7 b6 c5 d4 e3", "a5 b6 c7", "c7 d6 e5",
    "a5 b4 c3 d2 e1", "a1 b2 c3 d4 e5", "b2 c2 d2", "a1 c1 e1",
)
_CHIVI_LINES = ("b2 c1", "c1 d2")


def _xy(name: str) -> tuple[int, int]:
    return ord(name[0]) - 97, int(name[1:]) - 3


def make_board(chivi: bool) -> LineBoard:
    lines = [[_xy(p) for p in text.split()] for text in _LINES_TEXT + (_CHIVI_LINES if chivi else ())]
    names = {xy: f"{chr(97 + xy[0])}{xy[1] + 3}" for line in lines for xy in line}
    return LineBoard.from_lines(lines, names)


BOARDS = {False: make_board(False), True: make_board(True)}
NAMES = BOARDS[False].names
INDEX = {name: i for i, name in enumerate(NAMES)}
ROWS = [[f"{f}{r}" for f in "abcde"] for r in (7, 6, 5, 4, 3)] + [["b2", "c2", "d2"], ["a1", "c1", "e1"]]
DEN = ("c3", "b2", "c2", "d2", "a1", "c1", "e1")
_PT = r"([a-e][1-7])"
_MOVE = re.compile(rf"^{_PT}-{_PT}$")
_CAPTURE = re.compile(rf"^{_PT}(?:~{_PT})?x{_PT}$")
_RETURN = re.compile(rf"^@{_PT}$")
_GRASS = re.compile(rf"^G@{_PT}$")
_CHAIN = re.compile(rf"^{_PT}?((?:(?:~{_PT})?x{_PT})+)$")     # captures, the first from a point

STARTS = {
    "komikan": ("c2", "a7 b7 c7 d7 e7 a6 b6 c6 d6 e6 a5 e5"),
    "adugo": ("c5", "a7 b7 c7 d7 e7 a6 b6 c6 d6 e6 a5 b5 d5 e5"),
    "chivi-kora": ("c2", "a7 b7 c7 d7 e7 a6 b6 c6 d6 e6 a5 b5 c5 d5 e5"),
}
TITLES = {"komikan": "Komikan", "adugo": "Adugo", "chivi-kora": "Chivi Korá"}


def point(name: str, text: str = "") -> int:
    if name not in INDEX:
        raise NotationError(msg("komikan.error.no_point", text=quote(text or name), point=name[:12]))
    return INDEX[name]


class Komikan(Game):
    player_names = ("Puma", "Alpacas")
    num_actions = K.NUM_ACTIONS

    observer = (K.observe, 5 * K.N + 9)

    def __init__(self, cid: str, variant: str, alpha: bool, condor: bool, grass: bool,
                 multi_jump: int, lemery: int, alpaca_blocked: str, no_capture_draw: int) -> None:
        self.id = cid
        self.variant = variant
        self.name = TITLES[variant]
        self.alpha, self.condor, self.grass = alpha, condor, grass
        self.lemery = bool(lemery)
        self.chivi = variant == "chivi-kora"
        self.board = BOARDS[self.chivi]
        self.alpacas = len(STARTS[variant][1].split())
        self.goal = 6 if variant == "komikan" else 8
        self.kernels = KERNELS
        self.spec = K.make_spec(self.board, self.goal, bool(multi_jump), self.lemery, alpha, condor,
                                grass, self.chivi, alpaca_blocked == "draw", no_capture_draw,
                                self.alpacas)

    # -- positions --------------------------------------------------------------------------
    def initial_data(self, seed: int | None = None) -> np.ndarray:
        puma, herd = STARTS[self.variant]
        board = np.zeros(K.N, np.int32)
        for name in herd.split():
            board[INDEX[name]] = K.ALPACA
        if self.alpha:
            board[INDEX["c6"]] = K.ALPHA                        # KM-P1
        condor = -1
        if self.condor:                                         # KM-Q1
            condor = INDEX["c5"] if board[INDEX["c5"]] == 0 and puma != "c5" else INDEX["c4"]
        return K.new_state(self.spec, board, INDEX[puma], condor, (-1, -1), 0, 0)

    def from_diagram(self, diagram: str, to_move: int = 0, pile: int | None = None,
                     puma_moves: tuple[str, ...] = (), alpaca_moves: tuple[str, ...] = (),
                     condor_rested: bool = False, wave2_spent: bool = False) -> State:
        """A turn-start position from the spec's diagram form (§2.6), top rank first::

                  a   b   c   d   e
             7    a   a   a   a   a
             6    a   a   A   a   a
             5    a   .   C   .   a
             4    .   .   .   .   .
             3    .   .   .   .   .
             2        .   P   .
             1    .       .       .

        ``P`` Puma, ``a`` alpaca, ``A`` Alpha, ``C`` Condor, ``P+C`` both, ``.`` empty, a cell
        in ``[ ]`` a grass point. ``pile`` defaults to the starting herd minus the alpacas on
        the board; ``puma_moves`` / ``alpaca_moves`` are each player's last moves, oldest
        first (KM-E4), e.g. ``("c2-c3", "c3-c2")``."""
        rows = []
        for line in diagram.splitlines():
            tokens = line.split()
            if tokens and tokens[0].isdigit():
                rows.append(tokens[1:])
        if [len(r) for r in rows] != [len(r) for r in ROWS]:
            raise NotationError("a Komikan diagram has ranks 7 to 3 of 5 points, then rank 2 "
                                "(b2 c2 d2) and rank 1 (a1 c1 e1) of 3")
        board = np.zeros(K.N, np.int32)
        puma, condor, grass = [], [], []
        for names, cells in zip(ROWS, rows):
            for name, cell in zip(names, cells):
                q = INDEX[name]
                if cell.startswith("[") and cell.endswith("]"):
                    grass.append(q)
                    cell = cell[1:-1]
                if cell not in (".", "a", "A", "P", "C", "P+C"):
                    raise NotationError(f"{quote(cell)} on {name}: cells are P a A C P+C . (grass [x])")
                if cell in ("a", "A"):
                    board[q] = K.ALPACA if cell == "a" else K.ALPHA
                if "P" in cell:
                    puma.append(q)
                if "C" in cell:
                    condor.append(q)
        if len(puma) != 1:
            raise NotationError("a Komikan diagram has exactly one Puma")
        if len(condor) > 1 or (condor and not self.condor):
            raise NotationError("one Condor (C), only with +condor")
        if self.condor and not condor:
            raise NotationError(f"{self.id} needs the Condor on the board")
        if (board == K.ALPHA).sum() > 1 or ((board == K.ALPHA).any() and not self.alpha):
            raise NotationError("one Alpha (A), only with +alpha")
        if grass and (not self.grass or len(grass) != 2):
            raise NotationError("two grass points ([ ]), only with +grass")
        if self.grass and not grass:
            raise NotationError(f"{self.id} needs its two grass points in the diagram")
        on_board = int((board != 0).sum())
        if pile is None:
            pile = self.alpacas - on_board
        if not 0 <= pile < 16 or on_board + pile > self.alpacas:
            raise NotationError(f"{on_board} alpacas on the board and {pile} captured: "
                                f"{self.name} has {self.alpacas}")
        if to_move not in (0, 1):
            raise NotationError("to_move is 0 (Puma) or 1 (Alpacas)")
        moves = []
        for hist in (puma_moves, alpaca_moves):
            if len(hist) > 2:
                raise NotationError("the history keeps each player's last two moves")
            pairs = [(-1, -1)] * (2 - len(hist))
            for m in hist:
                mm = _MOVE.match(m) or _CAPTURE.match(m)
                if not mm:
                    raise NotationError(f"{quote(m)}: a remembered move is written from-to")
                pairs.append((point(mm.group(1)), point(mm.groups()[-1])))
            moves += [x for pr in pairs for x in pr]
        g = (grass[0], grass[1]) if grass else (-1, -1)
        data = K.new_state(self.spec, board, puma[0], condor[0] if condor else -1, g, pile,
                           to_move, tuple(moves), int(condor_rested), int(wave2_spent))
        return State._trusted(self, data)

    # -- notation ------------------------------------------------------------------------------
    def action_to_string(self, state: State, action: int) -> str:
        s = state.data
        if action >= K.GRASS:
            return "G@" + NAMES[action - K.GRASS]
        if action >= K.RET:
            return "@" + NAMES[26 + action - K.RET]
        if action == K.STOP:
            return "stop"
        if action >= K.CAP:
            o, m, t = K.capture_parts(self.spec, action)
            P = int(s[K.PUMA])
            link = "" if o == P else "~" + NAMES[o]
            return f"{NAMES[P]}{link}x{NAMES[t]}"
        return f"{NAMES[action // K.N]}-{NAMES[action % K.N]}"

    def parse_action(self, state: State, text: str) -> int:
        t = text.strip() if isinstance(text, str) else ""
        legal = state.legal_actions()
        s = state.data
        if t == "stop":
            if K.STOP in legal:
                return K.STOP
            raise IllegalActionError(msg("komikan.error.nothing_to_stop"))
        m = _GRASS.match(t)
        if m:
            a = K.GRASS + point(m.group(1), text)
            if a in legal:
                return a
            if not self.grass:
                raise IllegalActionError(msg("komikan.error.no_grass", move=t, game=self.id))
            if s[K.GRASS1] >= 0:
                raise IllegalActionError(msg("komikan.error.grass_placed", move=t))
            raise IllegalActionError(msg("komikan.error.grass_where", move=t))
        m = _RETURN.match(t)
        if m:
            q = point(m.group(1), text)
            if q >= 26 and K.RET + q - 26 in legal:
                return K.RET + q - 26
            if s[K.PHASE] != K.PHASE_RETURN:
                raise IllegalActionError(msg("komikan.error.no_return", move=t))
            raise IllegalActionError(msg("komikan.error.return_where", move=t))
        m = _MOVE.match(t)
        if m:
            f, to = point(m.group(1), text), point(m.group(2), text)
            a = f * K.N + to
            if a in legal:
                return a
            raise IllegalActionError(msg("error.not_legal_why", move=t, why=self._why_not(state, f, to)))
        m = _CAPTURE.match(t)
        if m:
            f, to = point(m.group(1), text), point(m.group(3), text)
            o = point(m.group(2), text) if m.group(2) else f
            for a in legal:
                if K.CAP <= a < K.STOP:
                    oo, _, tt = K.capture_parts(self.spec, a)
                    if oo == o and tt == to and f == s[K.PUMA]:
                        return a
            if f != s[K.PUMA] or state.current_player != 0:
                raise IllegalActionError(msg("komikan.error.only_puma", move=t, point=NAMES[int(s[K.PUMA])]))
            raise IllegalActionError(msg("komikan.error.capture_shape", move=t, legal=self._names(state, legal)))
        raise NotationError(msg("komikan.error.not_an_action", text=quote(text)))

    def parse_turn(self, state: State, text: str) -> list[int]:
        """A whole turn as `turn_to_string` writes it: a move `c2-c3`, a chain `c2xc4xe4xe6`
        (a linked capture `b4~d6xb6` anywhere in it), a move with its return `c2-c1,@b7`; or
        the rest of a turn under way (`xe6`, `@b7`, `stop`). The `stop` that ends a chain
        which could go on, or declines a return, is implied."""
        tokens: list[str] = []
        for part in (p.strip() for p in text.split(",")):
            m = _CHAIN.match(part)
            if not m:
                tokens.append(part)
                continue
            # one token a capture: the first from the point written, the next from the Puma's
            for k, (link, land) in enumerate(re.findall(rf"(?:~{_PT})?x{_PT}", m.group(2))):
                origin = m.group(1) if k == 0 and m.group(1) else ""
                tokens.append(f"{origin}{'~' + link if link else ''}x{land}")
        mover = state.current_player
        actions: list[int] = []
        for i, tok in enumerate(tokens):
            if i and (state.current_player != mover or self.ends_turn(before, state)):
                raise IllegalActionError(msg("error.turn_over_before", text=quote(text), move=quote(tok, 20)))
            if tok.startswith(("~", "x")):
                tok = NAMES[int(state.data[K.PUMA])] + tok
            before = state
            actions.append(self.parse_action(state, tok))
            state = state.apply(actions[-1])
        while state.current_player == mover and K.STOP in state.legal_actions():
            actions.append(K.STOP)
            state = state.apply(K.STOP)
        return actions

    def continue_turn_text(self, state: State, a: int, text: str) -> str:
        tok = self.action_to_string(state, a)
        if a == K.STOP:
            return text
        if state.data[K.PHASE] == K.PHASE_CHAIN:
            return text + tok[len(NAMES[int(state.data[K.PUMA])]):]      # `xe6` from the Puma
        if K.RET <= a < K.GRASS:
            return text + "," + tok
        return text + tok

    def ends_turn(self, before: State, after: State) -> bool:
        """A grass placement is a turn of its own, even the Puma player's before his first move."""
        return super().ends_turn(before, after) or bool(self.grass and before.data[K.GRASS1] < 0)

    def _names(self, state: State, actions: list[int]) -> str | Message:
        return ", ".join(self.action_to_string(state, a) for a in actions) or msg("text.none")

    def _why_not(self, state: State, f: int, t: int) -> Message:
        s = state.data
        p = state.current_player
        P, C = int(s[K.PUMA]), int(s[K.CONDOR])
        if s[K.GRASS1] < 0 and self.grass:
            return msg("komikan.why.grass_first")
        if s[K.PHASE] == K.PHASE_RETURN:
            return msg("komikan.why.return_first")
        if s[K.PHASE] == K.PHASE_CHAIN:
            return msg("komikan.why.in_chain")
        if p == 0 and f not in (P, C):
            if C >= 0:
                return msg("komikan.why.puma_or_condor", puma=NAMES[P], condor=NAMES[C])
            return msg("komikan.why.puma_moves", puma=NAMES[P])
        if p == 1 and s[f] == 0:
            return msg("komikan.why.no_alpaca", point=NAMES[f])
        if p == 0 and f == C and f != P:
            if s[K.REST]:
                return msg("komikan.why.condor_rests")
            if NAMES[t] in DEN:
                return msg("komikan.why.condor_den")
        if p == 1 and K.base_locked(s, self.spec) and f < 3:
            return msg("komikan.why.base_locked")
        if p == 1 and self.chivi and self.board.xy[t][1] > self.board.xy[f][1]:
            return msg("komikan.why.chivi_back")
        if s[t] != 0 or (t == P) or (t == C and p == 1):
            return msg("komikan.why.occupied", point=NAMES[t])
        A, B = K.forbidden_pair(s, p)
        if (A, B) == (f, t):
            return msg("komikan.why.back_and_forth", move=f"{NAMES[f]}-{NAMES[t]}")
        return msg("komikan.why.one_step_alpha" if self.alpha else "komikan.why.one_step")

    # -- display and end of game -----------------------------------------------------------------
    def cell(self, s: np.ndarray, q: int) -> str:
        v = {0: ".", 1: "a", 2: "A"}[int(s[q])]
        if s[K.PUMA] == q:
            v = "P+C" if s[K.CONDOR] == q else "P"
        elif s[K.CONDOR] == q:
            v = "C"
        return f"[{v}]" if s[K.GRASS0] == q or s[K.GRASS1] == q else v

    def render(self, state: State, lang: str = "en") -> str:
        s = state.data
        lines = ["      a   b   c   d   e"]
        for names in ROWS:
            r = names[0][1]
            cells = [self.cell(s, INDEX[n]).center(3) for n in names]
            if len(names) == 5:
                lines.append((f" {r}   " + " ".join(cells)).rstrip())
            elif r == "2":
                lines.append((f" {r}       " + " ".join(cells)).rstrip())
            else:
                lines.append((f" {r}   " + "     ".join(cells)).rstrip())
        lines.append(msg("komikan.pile", n=int(s[K.PILE]), goal=self.goal).text(lang))
        lines.append(self.status(state).text(lang))
        return "\n".join(lines)

    def status(self, state: State) -> Message:
        out = state.outcome()
        if out:
            return out.message
        s = state.data
        who = player(self.player_names[int(s[K.TO_MOVE])])
        if self.grass and s[K.GRASS1] < 0:
            return msg("komikan.to_place_grass", player=who)
        if s[K.PHASE] == K.PHASE_RETURN:
            return msg("komikan.may_return")
        if s[K.PHASE] == K.PHASE_CHAIN:
            return msg("komikan.capture_again")
        return msg("status.to_move", player=who)

    def outcome(self, state: State) -> Outcome | None:
        s = state.data
        reason = int(s[K.END])
        if reason == K.ONGOING:
            return None
        if reason == K.END_PILE:
            return Outcome(Termination.GOAL, 0, msg("komikan.end.pile", n=self.goal))
        if reason == K.END_DEN:
            return Outcome(Termination.GOAL, 1, msg("komikan.end.den"))
        if reason == K.END_TRAPPED:
            return Outcome(Termination.NO_MOVE, 1, msg("komikan.end.trapped"))
        if reason == K.END_BLOCKED:
            if s[K.WINNER] < 0:
                return Outcome(Termination.NO_MOVE, None, msg("komikan.end.blocked_draw"))
            return Outcome(Termination.NO_MOVE, 0, msg("komikan.end.blocked"))
        if reason == K.END_REPETITION:
            return Outcome(Termination.REPETITION, None, msg("end.draw_repetition"))
        return Outcome(Termination.DRAW_RULE, None,
                       msg("end.draw_no_capture", n=int(self.spec[K.S_NO_CAPTURE])))

    def key(self, state: State) -> bytes:
        """Everything but the turn counter; the repetition record as a multiset."""
        s = np.array(state.data[:K.HIST + K.ENTRY * int(state.data[K.HLEN])])
        s[K.TURNS] = s[K.SEEN] = s[K.SEEN + 1] = 0
        return record_key(s[:K.HIST], s[K.HIST:], K.ENTRY)

    # -- front end ---------------------------------------------------------------------------------
    def geometry(self) -> dict[str, Any]:
        b = self.board
        points = [{"id": b.names[i], "x": float(x), "y": float(y)} for i, (x, y) in enumerate(b.xy)]
        segs = [[b.names[u], b.names[v]] for u, v in b.edges()]
        return {"kind": "lines", "points": points, "lines": segs, "den": list(DEN)}

    def view(self, state: State) -> dict[str, Any]:
        s = state.data
        pieces: list[dict[str, Any]] = []
        for q in range(K.N):
            if s[q]:
                pieces.append({"at": NAMES[q], "owner": 1,
                               "kind": "alpha" if s[q] == K.ALPHA else "alpaca", "count": 1})
        pieces.append({"at": NAMES[s[K.PUMA]], "owner": 0, "kind": "puma", "count": 1})
        if s[K.CONDOR] >= 0:
            pieces.append({"at": NAMES[s[K.CONDOR]], "owner": 0, "kind": "condor", "count": 1})
        for idx in (K.GRASS0, K.GRASS1):
            if s[idx] >= 0:
                pieces.append({"at": NAMES[s[idx]], "owner": None, "kind": "grass", "count": 1})
        return {"pieces": pieces, "scores": [int(s[K.PILE]), 0],
                "status": self.status(state).text()}

    def action_points(self, state: State, action: int) -> list[str]:
        s = state.data
        if action >= K.GRASS:
            return [NAMES[action - K.GRASS]]
        if action >= K.RET:
            return [NAMES[26 + action - K.RET]]
        if action == K.STOP:
            return []
        if action >= K.CAP:
            o, m, t = K.capture_parts(self.spec, action)
            pts = [int(s[K.PUMA])] + ([o] if o != s[K.PUMA] else []) + [m, t]
            return [NAMES[q] for q in pts]
        return [NAMES[action // K.N], NAMES[action % K.N]]


def _make(variant: str, lemery: bool = False):
    def factory(exts: frozenset[str], values: dict[str, Any], cid: str) -> Game:
        if values.get("reinforcements"):
            # the same rules as komikan/lemery: one Game under that id, so that records, saved
            # games and caches of either id are the same ruleset
            return registry.load(registry.canonical_id(registry.info("komikan/lemery"), exts, values))
        return Komikan(cid, variant, "alpha" in exts, "condor" in exts, "grass" in exts,
                       values["multi_jump"], lemery or bool(values.get("reinforcements", 0)),
                       values["alpaca_blocked"], values["no_capture_draw"])
    return factory


_EXTS = ("alpha", "condor", "grass")
_MULTI = Option("multi_jump", 0, "1: the Puma may chain captures in one turn (KM-C4)",
                choices=("0", "1"))
_COMMON = (
    Option("alpaca_blocked", "lose", "an alpaca player without a move loses, or the game is drawn",
           choices=("lose", "draw")),
    Option("no_capture_draw", 100, "draw after this many turns without a capture (0 = never)",
           minimum=0),
)

register(RulesetInfo(
    name="komikan",
    title="Komikan",
    description="Mapuche hunt game: one Puma against 12 alpacas that try to trap it or fill its den",
    factory=_make("komikan"),
    extensions=_EXTS,
    options=(_MULTI, Option("reinforcements", 0, "1: the Lemery variant (= komikan/lemery)",
                            choices=("0", "1"))) + _COMMON,
    rules_package="ludotheque.games.komikan",
))

register(RulesetInfo(
    name="komikan/lemery",
    title="Komikan (Lemery variant)",
    description="Komikan with alpaca reinforcements when the den's base, then its crossbar, fill",
    factory=_make("komikan", True),
    extensions=_EXTS,
    options=(_MULTI,) + _COMMON,
    rules_package="ludotheque.games.komikan",
))

register(RulesetInfo(
    name="komikan/adugo",
    title="Adugo",
    description="Bororo jaguar game: the Puma starts in the centre against 14 alpacas, needs 8",
    factory=_make("adugo"),
    extensions=_EXTS,
    options=(_MULTI,) + _COMMON,
    rules_package="ludotheque.games.komikan",
))

register(RulesetInfo(
    name="komikan/chivi-kora",
    title="Chivi Korá",
    description="Mbyá Guaraní hunt game: 15 alpacas that only go forward or sideways, Puma needs 8",
    factory=_make("chivi-kora"),
    extensions=_EXTS,
    options=(_MULTI,) + _COMMON,
    rules_package="ludotheque.games.komikan",
))

from . import evaluation  # noqa: E402  (search knowledge, kept apart from the rules)
Komikan.evaluate = evaluation.evaluate
