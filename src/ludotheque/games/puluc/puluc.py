"""Puluc (rules/puluc.md): the LUDOS game `puluc`, `puluc/sauvetage`, the `+guardians` and
`+temples` mini-extensions, and the Ludens Planet sheet `puluc/ludens`.

Rule choices (the spec's rulings): 9 field positions (Sauvetage 13); yellow (player 0) throws
first; a throw of no marked face is worth `zero` (5, 6 or 0); a throw that leaves no move passes
the turn automatically; `max_turns` (0 = none) ends the game, the player controlling more
warriors winning. A Guardian's split part never ends on an eligible partner's position, not
even to pair with it in Sauvetage (PG-B5). A split is legal when, after the Guardian's part, a
partner can move the rest, even if the Guardian's part already wins.
"""
from __future__ import annotations

import re
from typing import Any

import numpy as np

from ...core import Game, IllegalActionError, NotationError, Outcome, State, Termination
from ...core.errors import quote
from ...core.kernels import CHANCE, Kernels
from ...core.registry import Option, RulesetInfo, register
from ...i18n import Arg, Message, msg, player
from . import kernels as K
from . import evaluation

KERNELS = Kernels(K.legal, K.apply, K.to_move, K.returns, K.chance_probs)
COLOUR = "YB"           # diagram letters of ordinary warriors, player 0 / player 1
GUARD = "Gg"            # diagram letters of the Guardians
_MOVE = re.compile(r"^(G?)(\d{1,2})([-x])(\d{1,2})(?:/(\d))?$")
_THROW = re.compile(r"^\((\d)\)$")
_CITY = re.compile(r"^(?:([YB])[×x](\d+))?(?:\+?([Gg]))?$")


class Puluc(Game):
    player_names = ("Yellow", "Blue")
    has_chance = True

    observer = (K.observe, 72)

    def __init__(self, cid: str, name: str, *, n: int, total: int, zero: int, max_turns: int,
                 pairs: bool, guardians: bool, temples: bool, ludens: bool) -> None:
        self.id = cid
        self.name = name
        self.n = n
        self.total = total
        self.guardians = guardians
        self.temples = temples
        self.ludens = ludens
        self.num_actions = n + 8                                     # PU-G3
        self.kernels = KERNELS
        self.spec = K.make_spec(n, zero, max_turns, pairs, guardians, temples, ludens, total)
        if ludens:
            self.player_names = ("Player 1 (Y)", "Player 2 (B)")

    # -- positions ------------------------------------------------------------------
    def initial_data(self, seed: int | None = None) -> np.ndarray:
        s = K.new_state()
        for p in (0, 1):                                             # PU-B1, PS-A2, PG-A1
            s[K.CITY + p] = self.total - (1 if self.guardians else 0)
            s[K.CITYG + p] = 1 if self.guardians else 0
        return s

    def from_diagram(self, diagram: str, to_move: int = 0) -> State:
        """A position in the spec's diagram form, at the throw of ``to_move``::

            pos:  0    1  2  3   4  5  6  7  8  9  10
                  Y×2+G .  .  YB  Y  .  B  .  .  .  B×3      removed: B×1

        Cities: `Y×4`, `Y×2+G`, `B×2+g`, `G`, `(empty)`; field: `.` or a unit bottom→top of
        `Y` `B` (ordinary) and `G` `g` (yellow's and blue's Guardian). Removed warriors are
        inferred when not given."""
        if to_move not in (0, 1):
            raise NotationError("the player to move is 0 (Yellow) or 1 (Blue)")
        lines = [ln for ln in diagram.splitlines() if ln.strip()]
        if len(lines) < 2 or not lines[0].strip().startswith("pos:"):
            raise NotationError("a Puluc diagram is a 'pos:' line and a contents line")
        body, _, removed_text = lines[1].partition("removed:")
        tokens = body.split()
        n = self.n
        if len(tokens) != n + 1:
            raise NotationError(f"a {self.id} diagram lists {n + 1} positions, not {len(tokens)}")
        s = K.new_state()
        counts = [0, 0]
        for pos, tok in enumerate(tokens):
            if pos in (0, n):
                p = 0 if pos == 0 else 1
                m = _CITY.match("" if tok == "(empty)" else tok)
                if not m or (m.group(1) and m.group(1) != COLOUR[p]) or (m.group(3) and m.group(3) != GUARD[p]):
                    raise NotationError(f"bad city {quote(tok)} at {pos}: write {COLOUR[p]}×k, +{GUARD[p]}, or (empty)")
                s[K.CITY + p] = int(m.group(2) or 0)
                s[K.CITYG + p] = 1 if m.group(3) else 0
                counts[p] += int(s[K.CITY + p] + s[K.CITYG + p])
            elif tok != ".":
                if any(ch not in "YBGg" for ch in tok) or len(tok) > 14:
                    raise NotationError(f"bad unit {quote(tok)} at {pos}: letters Y B G g, bottom to top")
                for i, ch in enumerate(tok):
                    col = 0 if ch in "YG" else 1
                    s[K.C + pos] |= col << i
                    s[K.G + pos] |= (ch in "Gg") << i
                    counts[col] += 1
                s[K.H + pos] = len(tok)
                s[K.TOP + int(K.top_colour(s, pos))] |= 1 << pos
        for p in (0, 1):
            if tok_g := sum(ch == GUARD[p] for ch in "".join(tokens)):
                if tok_g > 1 or not self.guardians:
                    raise NotationError("at most one Guardian per player, and only with +guardians")
        removed = [self.total - counts[0], self.total - counts[1]]
        if removed_text.strip():
            given = [0, 0]
            for item in removed_text.replace(",", " ").split():
                m = re.match(r"^([YB])[×x](\d+)$", item)
                if not m:
                    raise NotationError(f"bad removed count {quote(item)}")
                given["YB".index(m.group(1))] = int(m.group(2))
            if given != removed:
                raise NotationError(f"warriors do not add up: removed {given}, expected {removed}")
        if min(removed) < 0:
            raise NotationError(f"too many warriors: each side has {self.total}")
        s[K.REM], s[K.REM + 1] = removed
        s[K.TO_MOVE] = to_move
        return State._trusted(self, s)

    # -- notation (PU-N, PG-N, PT-N, PL-N) ------------------------------------------------
    def value_of_throw(self, action: int) -> int:
        return action if action > 0 else int(self.spec[K.ZERO])

    def _move_parts(self, s: np.ndarray, action: int) -> tuple[bool, int, str, int, int]:
        """(Guardian?, from, '-' or 'x', to, split g or 0) of a player action."""
        n, p, v = self.n, int(s[K.TO_MOVE]), int(s[K.VALUE])
        oc = 0 if p == 0 else n
        g = action - n - 1 if n + 2 <= action <= n + 6 else 0
        if g:
            src = int(K.guardian_pos(s, self.spec, p))
            a = n + 1 if src == oc else src
            guard, v = True, g
        else:
            a = action
            src = oc if action == n + 1 else action
            guard = action == n + 1 or (action != oc and s[K.H + a] > 0 and bool(K.top_guard(s, a)))
        t = int(K.target_of(s, self.spec, p, a, v))
        capture = 0 < t < n and s[K.H + t] > 0 and int(K.top_colour(s, t)) != p
        return guard, src, "x" if capture else "-", t, g

    def action_to_string(self, state: State, action: int) -> str:
        s = state.data
        if state.current_player == CHANCE:
            return f"({self.value_of_throw(action)})"
        if action == self.n + 7:
            return "skip"
        guard, src, sep, t, g = self._move_parts(s, action)
        return f"{'G' if guard else ''}{src}{sep}{t}{f'/{g}' if g else ''}"

    def parse_action(self, state: State, text: str) -> int:
        t = text.strip() if isinstance(text, str) else text
        if not isinstance(t, str) or not (t == "skip" or _THROW.match(t) or _MOVE.match(t)):
            raise NotationError(msg("puluc.error.not_an_action", text=quote(text)))
        if state.is_terminal:
            raise IllegalActionError(msg("error.game_over_move"))
        legal = {self.action_to_string(state, a): a for a in state.legal_actions()}
        if t in legal:
            return legal[t]
        raise IllegalActionError(self._why_illegal(state, t, sorted(legal)))

    def _why_illegal(self, state: State, t: str, legal: list[str]) -> Message:
        names = ", ".join(legal)
        if state.current_player == CHANCE:
            return msg("puluc.error.throw_first", move=t, throws=names)
        if _THROW.match(t):
            return msg("puluc.error.thrown_already", move=t, moves=names)
        phase = int(state.data[K.PHASE])
        if t == "skip":
            return msg("puluc.error.no_bonus")
        if phase == K.SPLIT2:
            return msg("puluc.error.partner_moves", move=t, moves=names)
        m = _MOVE.match(t)
        s, p, n = state.data, state.current_player, self.n
        src = int(m.group(2))
        oc = 0 if p == 0 else n
        if src > n:
            return msg("puluc.error.positions", move=t, n=n)
        if src == oc:
            if s[K.CITY + p] + s[K.CITYG + p] == 0:
                return msg("puluc.error.city_empty", move=t)
        elif src == n - oc or s[K.H + src] == 0:
            return msg("puluc.error.no_unit", move=t, pos=src)
        elif K.top_colour(s, src) != p:
            return msg("puluc.error.topped", move=t, pos=src)
        return msg("puluc.error.not_legal_with", move=t, value=int(s[K.VALUE]), moves=names)

    # -- display and end of game --------------------------------------------------------
    def _unit(self, s: np.ndarray, pos: int) -> str:
        """The unit at pos, bottom→top, in diagram letters."""
        out = ""
        for i in range(int(s[K.H + pos])):
            col, guard = (int(s[K.C + pos]) >> i) & 1, (int(s[K.G + pos]) >> i) & 1
            out += (GUARD if guard else COLOUR)[col]
        return out

    def _city(self, s: np.ndarray, p: int) -> str:
        k, g = int(s[K.CITY + p]), int(s[K.CITYG + p])
        if k == 0 and g == 0:
            return "(empty)"
        return (f"{COLOUR[p]}×{k}" if k else "") + (("+" if k else "") + GUARD[p] if g else "")

    def render(self, state: State, lang: str = "en") -> str:
        s, n = state.data, self.n
        colour = ("yellow", "blue")

        def say(key: str, **args: Arg) -> str:
            return msg(key, **args).text(lang)

        lines = []
        for pos in range(n, -1, -1):
            if pos in (0, n):
                p = 0 if pos == 0 else 1
                lines.append(f"{pos:>3}  [{say('puluc.city_' + colour[p])}] {self._city(s, p)}")
                continue
            unit = self._unit(s, pos)
            temple = self.temples and pos in (self.spec[K.TEMPLE0], self.spec[K.TEMPLE1])
            mark = "  " + say("puluc.temple") if temple else ""
            if not unit:
                lines.append(f"{pos:>3}  .{mark}")
                continue
            top = int(K.top_colour(s, pos))
            note = say("puluc.owned_" + colour[top])
            if len(unit) > 1:               # top to bottom, prisoners marked
                captive = say("puluc.captive")
                note = say("puluc.stack", owner=note, units=" ".join(
                    ch + ("" if (ch in "YG") == (top == 0) else captive) for ch in unit[::-1]))
            lines.append(f"{pos:>3}  {unit:<8} {note}{mark}")
        lines.append(say("puluc.removed", y=int(s[K.REM]), b=int(s[K.REM + 1])))
        lines.append(say("puluc.legend_guardians" if self.guardians else "puluc.legend"))
        if s[K.LAST] >= 0:
            lines.append(say("puluc.last_throw", n=int(s[K.LAST]), player=player(self.player_names[int(s[K.LAST_BY])])))
        lines.append(self.status(state).text(lang))
        return "\n".join(lines)

    def status(self, state: State) -> Message:
        out = state.outcome()
        if out:
            return out.message
        s = state.data
        who = player(self.player_names[int(s[K.TO_MOVE])])
        phase = int(s[K.PHASE])
        if phase == K.THROW:
            return msg("status.to_throw", player=who)
        key = {K.MOVE: "puluc.to_move", K.SPLIT2: "puluc.to_move_split", K.BONUS: "puluc.to_move_bonus"}[phase]
        return msg(key, player=who, n=int(s[K.VALUE]))

    def outcome(self, state: State) -> Outcome | None:
        s = state.data
        reason = int(s[K.END])
        if reason == K.ONGOING:
            return None
        w = int(s[K.WINNER])
        if reason == K.END_CONTROL:
            return Outcome(Termination.GOAL, w, msg("puluc.end.control", loser=player(self.player_names[1 - w]),
                                                     winner=player(self.player_names[w])))
        a, b = (int(K.controlled_count(s, self.spec, p)) for p in (0, 1))
        result = msg("end.draw") if w < 0 else msg("end.wins", player=player(self.player_names[w]))
        return Outcome(Termination.MOVE_LIMIT, None if w < 0 else w,
                       msg("puluc.end.turn_limit", result=result, a=a, b=b))

    def max_chance_outcomes(self) -> int:
        return 5                                                     # PU-G2: 0..4 marked faces

    def key(self, state: State) -> bytes:
        s = np.array(state.data)
        s[K.LAST] = s[K.LAST_BY] = 0                 # display only
        if self.spec[K.MAX_TURNS] == 0:
            s[K.TURNS] = 0
        return s.tobytes()

    # -- front end ------------------------------------------------------------------------
    def geometry(self) -> dict[str, Any]:
        points = [{"id": str(i), "x": 0.0, "y": float(i)} for i in range(self.n + 1)]
        lines = [[str(i), str(i + 1)] for i in range(self.n)]
        extra: dict[str, Any] = {"cities": ["0", str(self.n)]}
        if self.temples:
            extra["temples"] = [str(int(self.spec[K.TEMPLE0])), str(int(self.spec[K.TEMPLE1]))]
        return {"kind": "track", "points": points, "lines": lines, **extra}

    def view(self, state: State) -> dict[str, Any]:
        s = state.data
        pieces: list[dict[str, Any]] = []
        for p, pos in ((0, 0), (1, self.n)):
            if s[K.CITY + p]:
                pieces.append({"at": str(pos), "owner": p, "kind": "warrior", "count": int(s[K.CITY + p])})
            if s[K.CITYG + p]:
                pieces.append({"at": str(pos), "owner": p, "kind": "guardian", "count": 1})
        for pos in range(1, self.n):
            for level, ch in enumerate(self._unit(s, pos)):
                pieces.append({"at": str(pos), "owner": 0 if ch in "YG" else 1,
                               "kind": "guardian" if ch in "Gg" else "warrior", "count": 1, "level": level})
        status = self.status(state).text()
        return {"pieces": pieces, "scores": None, "status": status,
                "last_throw": int(s[K.LAST]) if s[K.LAST] >= 0 else None}

    def action_points(self, state: State, action: int) -> list[str]:
        if state.current_player == CHANCE or action == self.n + 7:
            return []
        _, src, _, t, _ = self._move_parts(state.data, action)
        return [str(src), str(t)]


Puluc.evaluate = evaluation.evaluate


# -- registration ---------------------------------------------------------------------------
def _lodus(name: str, n: int, total: int, pairs: bool):
    def make(exts: frozenset[str], values: dict[str, Any], cid: str) -> Game:
        title = name + "".join(f" + {e.capitalize()}" for e in ("guardians", "temples") if e in exts)
        return Puluc(cid, title, n=n, total=total, zero=int(values["zero"]),
                     max_turns=values["max_turns"], pairs=pairs, guardians="guardians" in exts,
                     temples="temples" in exts, ludens=False)
    return make


def _ludens(exts: frozenset[str], values: dict[str, Any], cid: str) -> Game:
    return Puluc(cid, "Puluc (Ludens Planet)", n=10, total=5, zero=5, max_turns=values["max_turns"],
                 pairs=False, guardians=False, temples=False, ludens=True)


_ZERO = Option("zero", 5, "value of a throw with no marked face (0 = the turn passes)",
               choices=("5", "6", "0"))
_MAX_TURNS = Option("max_turns", 0, "turn cap, won by the side controlling more warriors (0 = none)",
                    minimum=0)

register(RulesetInfo(
    name="puluc", title="Puluc",
    description="Maya race-and-capture: throw corn kernels, march, capture by stacking, free prisoners",
    factory=_lodus("Puluc", 10, 5, False), extensions=("guardians", "temples"),
    options=(_ZERO, _MAX_TURNS), rules_package=__package__))
register(RulesetInfo(
    name="puluc/sauvetage", title="Puluc Sauvetage",
    description="Puluc on a longer track with 7 warriors, friendly pairs, rescue only by a pair",
    factory=_lodus("Puluc Sauvetage", 14, 7, True), extensions=("guardians", "temples"),
    options=(_ZERO, _MAX_TURNS), rules_package=__package__))
register(RulesetInfo(
    name="puluc/ludens", title="Puluc (Ludens Planet)",
    description="Puluc from the Ludens Planet sheet: captors carry their prisoners home",
    factory=_ludens, options=(_MAX_TURNS,), rules_package=__package__))
