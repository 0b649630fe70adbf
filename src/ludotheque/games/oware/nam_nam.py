"""Nam-Nam, Ghana's relay-sowing game on the Oware board (rules/oware.md, part 2).

Rule choices (the spec's rulings): no feeding rule, a player who owns no seeds ends the round;
a lap of 12+ seeds skips its start house; the taker of the penultimate four takes the last
four (seeds in hand included); rounds alternate their first player, South first; the richer
player fills the opponent's unfilled houses from the opponent's left. Engine: a relay point met
twice in one turn, or a position met three times in a round, ends the round (each takes the
seeds of his houses, the richer rounds up to a multiple of 4); `max_plies` (default 0 = none)
ends the game the same way, larger store wins. One game is all its rounds: one record, one
result.

Search evaluation (``NamNam.evaluate``, in ``evaluation_variants.py``). The game is decided
by houses: a round's stores become the houses each player fills next round, and the game ends
when one holds all 48 seeds. So the value counts, in seeds for ``player`` against the
opponent:

- the projected round result: his store plus the seeds in the houses he owns (what he takes
  if the round ended now, NN-E2; after a round end these are exactly his houses won, 4 each);
- the vulnerable houses, as threats: the best gain (fours taken, last-four sweeps, blocking
  round ends) of one turn of the player to move, replayed by the kernel (weight 0.5), and the
  same for the other player were he to move (weight 0.25, never below 0);

squashed as ``score / (|score| + 16)``: four houses ahead is worth 0.5.
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
from . import nam_nam_kernels as K

NAMES = "ABCDEFabcdef"   # absolute house names, index 0..11 (NN-A1)
KERNELS = Kernels(K.legal, K.apply, K.to_move, K.returns, no_chance, fast_step=K.fast_step)
ROUND_END_TEXT = {   # message ids of the catalogue (ludotheque.i18n)
    K.R_LAST_FOUR: "oware.round_end.last_four",
    K.R_BLOCKED: "oware.round_end.blocked",
    K.R_ENDLESS_SOWING: "oware.round_end.endless",
    K.R_REPETITION: "oware.round_end.repetition",
}


MAX_ROUND = 10**6     # far beyond any game; the state holds it in an int32


class NamNam(Game):
    name = "Nam-Nam"
    num_actions = 12
    player_names = ("South", "North")

    observer = (K.observe, 28)

    def __init__(self, cid: str, max_plies: int) -> None:
        self.id = cid
        self.kernels = KERNELS
        self.spec = np.array([max_plies], np.int64)

    # -- positions ----------------------------------------------------------------
    def initial_data(self, seed: int | None = None) -> np.ndarray:
        return self.position_data([4] * 12, [0] * 6 + [1] * 6, (0, 0), 0, 1)

    def position_data(self, houses: Any, owners: Any, stores: tuple[int, int], to_move: int,
                      round_number: int = 1) -> np.ndarray:
        s = K.new_state(np.asarray(houses, np.int32), np.asarray(owners, np.int32), stores,
                        to_move, round_number)
        K.settle(s, self.spec, K.R_NONE)
        return s

    def from_diagram(self, diagram: str, to_move: int = 0, round_number: int | None = None) -> State:
        """A state from the spec's diagram form; ``*`` marks a house owned by the player of
        the other row; an optional ``Round N`` line (or ``round_number``) gives the round::

                    f  e  d  c  b  a
            North   3  2  2  2  0  3*   store 12
            South   2  3  0  3  2  2    store 12
                    A  B  C  D  E  F
        """
        rows: dict[str, tuple[list[str], int]] = {}
        rnd = 1
        for line in diagram.splitlines():
            m = re.match(r"\s*(North|South)\s+((?:\d+\*?\s+){6})store\s+(\d+)\s*$", line)
            if m:
                rows[m.group(1)] = (m.group(2).split(), int(m.group(3)))
            m = re.match(r"\s*round\s+(\d+)\s*$", line, re.IGNORECASE)
            if m:
                rnd = int(m.group(1))
        if set(rows) != {"North", "South"}:
            raise NotationError("a Nam-Nam diagram needs a North row and a South row with stores")
        cells = rows["South"][0] + rows["North"][0][::-1]          # index 0..11
        houses = [int(c.rstrip("*")) for c in cells]
        owners = [(h // 6) ^ c.endswith("*") for h, c in enumerate(cells)]
        stores = (rows["South"][1], rows["North"][1])
        if sum(houses) + sum(stores) != 48:
            raise NotationError("a Nam-Nam position holds 48 seeds")
        if stores[0] % 4 or stores[1] % 4:
            raise NotationError("stores hold whole fours between turns")
        if to_move not in (0, 1):
            raise NotationError("the player to move is 0 (South) or 1 (North)")
        if round_number is not None:
            rnd = round_number
        if not 1 <= rnd <= MAX_ROUND:
            raise NotationError(f"a round number is 1 to {MAX_ROUND}")
        return State._trusted(self, self.position_data(houses, owners, stores, to_move, rnd))

    # -- notation -----------------------------------------------------------------
    def action_to_string(self, state: State, action: int) -> str:
        return NAMES[action]

    def parse_action(self, state: State, text: str) -> int:
        t = re.sub(r"\{[^}]*\}", "", text).strip()        # NN-N: {round 2} comments
        if len(t) != 1 or t not in NAMES:
            raise NotationError(msg("oware.error.not_a_nam_nam_move", text=quote(text)))
        h = NAMES.index(t)
        s = state.data
        p = state.current_player
        if s[K.OWNER + h] != p:
            raise IllegalActionError(msg("oware.error.house_of", house=t, owner=player(self.player_names[1 - p])))
        if s[h] == 0:
            raise IllegalActionError(msg("oware.error.empty_house", house=t))
        return h

    # -- display and end of game ----------------------------------------------------
    def owners(self, state: State) -> list[int]:
        return [int(v) for v in state.data[K.OWNER:K.OWNER + 12]]

    def stores(self, state: State) -> tuple[int, int]:
        return int(state.data[K.STORE]), int(state.data[K.STORE + 1])

    def render(self, state: State, lang: str = "en") -> str:
        """The spec's diagram, a ``*`` after a house owned by the other row's player, and a
        line under each row naming the owner of every house (S or N)."""
        s = state.data
        own = self.owners(state)

        def cell(h: int) -> str:
            return f"{s[h]:2d}" + ("*" if own[h] != h // 6 else " ")

        def marks(hs: range) -> str:
            return "".join(f" {'SN'[own[h]]} " for h in hs)

        name = [player(n).text(lang).ljust(6) for n in self.player_names]
        store, owner = msg("oware.store").text(lang), msg("oware.owner").text(lang).ljust(6)
        north, south = range(11, 5, -1), range(6)
        lines = [
            msg("oware.round", n=int(s[K.ROUND])).text(lang),
            "        f  e  d  c  b  a",
            f"{name[1]} {''.join(cell(h) for h in north)}   {store} {s[K.STORE + 1]}",
            f"{owner} {marks(north)}",
            f"{name[0]} {''.join(cell(h) for h in south)}   {store} {s[K.STORE]}",
            f"{owner} {marks(south)}",
            "        A  B  C  D  E  F",
        ]
        if s[K.LAST_ROUND_END]:
            ended = s[K.ROUND] if s[K.END] == K.END_ALL_SEEDS else s[K.ROUND] - 1
            lines.append(msg("oware.round_ended", n=int(ended), why=msg(ROUND_END_TEXT[int(s[K.LAST_ROUND_END])]),
                             p0=player(self.player_names[0]), p1=player(self.player_names[1]),
                             south=int(s[K.PREV_STORE]), north=int(s[K.PREV_STORE + 1])).text(lang))
        out = state.outcome()
        lines.append(out.message.text(lang) if out else msg(
            "status.to_move", player=player(self.player_names[state.current_player])).text(lang))
        return "\n".join(lines)

    def status(self, state: State) -> Message:
        out = state.outcome()
        if out:
            return out.message
        return msg("oware.round_to_move", n=int(state.data[K.ROUND]),
                   player=player(self.player_names[state.current_player]))

    def outcome(self, state: State) -> Outcome | None:
        s = state.data
        reason = int(s[K.END])
        if reason == K.ONGOING:
            return None
        south, north = self.stores(state)
        winner = 0 if south > north else 1 if north > south else None
        if reason == K.END_ALL_SEEDS:
            return Outcome(Termination.GOAL, winner, msg("oware.end.all_seeds", n=int(s[K.ROUND]),
                                                         player=player(self.player_names[winner or 0])))
        result = msg("end.draw") if winner is None else msg("end.wins", player=player(self.player_names[winner]))
        return Outcome(Termination.MOVE_LIMIT, winner, msg("oware.end.why_result_score", south=south, north=north,
                                                           why=msg("oware.end.move_cap_houses"), result=result))

    def geometry(self) -> dict[str, Any]:
        points = [{"id": NAMES[h], "x": float(h if h < 6 else 11 - h), "y": float(h // 6)}
                  for h in range(12)]
        return {"kind": "pits", "points": points, "lines": [], "stores": ["South", "North"]}

    def view(self, state: State) -> dict[str, Any]:
        s = state.data
        own = self.owners(state)
        pieces = [{"at": NAMES[h], "owner": own[h], "kind": "seed", "count": int(s[h])}
                  for h in range(12)]
        return {"pieces": pieces, "scores": list(self.stores(state)), "status": self.status(state).text(),
                "round": int(s[K.ROUND])}

    def action_points(self, state: State, action: int) -> list[str]:
        return [NAMES[action]]

    def max_game_length(self) -> int | None:
        """Every action is one ply, and the ``max_plies`` cap counts them."""
        return int(self.spec[K.MAX_PLIES]) or None

    def conserved(self, state: State) -> int:
        """The seeds: in the houses and the stores."""
        return int(state.data[0:12].sum()) + int(state.data[K.STORE]) + int(state.data[K.STORE + 1])

    def key(self, state: State) -> bytes:
        """Position, round, move count only when it matters, and the repetition record as a
        multiset; not the display-only record of the previous round."""
        s = np.array(state.data[: K.HIST + K.ENTRY * int(state.data[K.HLEN])])
        if self.spec[K.MAX_PLIES] == 0:
            s[K.PLY] = 0
        s[K.LAST_ROUND_END] = s[K.PREV_STORE] = s[K.PREV_STORE + 1] = 0
        s[K.SEEN] = s[K.SEEN + 1] = 0
        return record_key(s[:K.HIST], s[K.HIST:], K.ENTRY)


def _make(exts: frozenset[str], values: dict[str, Any], cid: str) -> Game:
    return NamNam(cid, values["max_plies"])


register(RulesetInfo(
    name="oware/nam-nam",
    title="Nam-Nam",
    description="Ghana's relay-sowing game: fours go to the house owner, rounds until one holds all 48 seeds",
    factory=_make,
    options=(
        Option("max_plies", 0, "move cap, each takes his houses, larger store wins (0 = none)",
               minimum=0),
    ),
    rules_package="ludotheque.games.oware",
))

from . import evaluation_variants  # noqa: E402  (search knowledge, kept apart from the rules)
NamNam.evaluate = evaluation_variants.nam_nam_evaluate
