"""Oware Abapa, the LUDOS rules (rules/oware.md, part 1).

Rule choices (see the spec's rulings): the grand slam is limited the LUDOS way by default
(`grand_slam=lemery`: at most 5 houses, never the opponent's last seeds), with the
international `forbid-capture` and the permissive `allow`; a position met for the
`repetition`-th time (default 3) ends the game and each player takes the seeds of his row;
`max_plies` (default 0 = none) caps the game the same way.
"""
from __future__ import annotations

import re
from typing import Any

import numpy as np

from ...core import Game, IllegalActionError, NotationError, Outcome, State, Termination
from ...core.errors import StateError, quote
from ...core.history import record_key
from ...core.kernels import Kernels, no_chance
from ...core.registry import Option, RulesetInfo, register
from ...i18n import msg, player
from . import kernels as K

SOUTH_NAMES = "ABCDEF"
NORTH_NAMES = "abcdef"
GRAND_SLAM_MODES = ("lemery", "forbid-capture", "allow")
KERNELS = Kernels(K.legal, K.apply, K.to_move, K.returns, no_chance, K.fast_playout,
                  K.fast_step)


def house_name(h: int) -> str:
    return SOUTH_NAMES[h] if h < 6 else NORTH_NAMES[h - 6]


class Oware(Game):
    name = "Oware Abapa"
    num_actions = 6
    player_names = ("South", "North")

    observer = (K.observe, 15)

    def __init__(self, cid: str, grand_slam: str, repetition: int, max_plies: int) -> None:
        self.id = cid
        self.grand_slam = grand_slam
        self.kernels = KERNELS
        self.spec = np.array([GRAND_SLAM_MODES.index(grand_slam), repetition, max_plies], np.int64)

    # -- positions ----------------------------------------------------------------
    def initial_data(self, seed: int | None = None) -> np.ndarray:
        return self.position_data(np.full(12, 4), (0, 0), 0)

    def position_data(self, houses: Any, stores: tuple[int, int], to_move: int) -> np.ndarray:
        """StateError for a position the rules end before it is reached: the player to move
        has no seed (only `allow` skips his turn, OW-E4; otherwise his opponent had to feed
        him, OW-E1, or the game ended, OW-E2)."""
        s = K.new_state(np.asarray(houses, np.int32), stores, to_move)
        K.settle(s, self.spec)
        p = int(s[K.TO_MOVE])
        if s[K.END] == K.ONGOING and s[6 * p:6 * p + 6].sum() == 0:
            raise StateError(f"{self.player_names[p]} to move has no seed: with grand_slam="
                             f"{self.grand_slam} the game ends before such a turn (OW-E1, OW-E2)")
        return s

    def check_data(self, data: np.ndarray) -> None:
        """Accepts the array of a position as `position_data` makes it (no game history):
        rebuilt from its houses, stores and player to move, it must come out the same."""
        houses, stores = data[0:12], data[K.STORE:K.STORE + 2]
        if not (data.shape[0] == K.HIST + K.ENTRY * K.INITIAL_CAPACITY
                and houses.min() >= 0 and stores.min() >= 0
                and int(houses.sum()) + int(stores.sum()) == 48 and data[K.TO_MOVE] in (0, 1)):
            raise StateError("not an Oware position: 12 houses and 2 stores holding 48 seeds, "
                             "player 0 or 1 to move")
        rebuilt = self.position_data(houses, (int(stores[0]), int(stores[1])), int(data[K.TO_MOVE]))
        if not np.array_equal(rebuilt, data):
            raise StateError("not an Oware position array as position_data() makes it")

    def from_diagram(self, diagram: str, to_move: int = 0) -> State:
        """A state from the spec's diagram form (North's row printed f..a, stores after);
        StateError for a position the rules never reach (`position_data`)::

                    f  e  d  c  b  a
            North   0  0  3  0  1  1    store 13
            South   1  0 17  0  0  0    store 12
                    A  B  C  D  E  F
        """
        rows: dict[str, tuple[list[int], int]] = {}
        for line in diagram.splitlines():
            m = re.match(r"\s*(North|South)\s+((?:\d+\s+){6})store\s+(\d+)\s*$", line)
            if m:
                rows[m.group(1)] = ([int(x) for x in m.group(2).split()], int(m.group(3)))
        if set(rows) != {"North", "South"}:
            raise NotationError("an Oware diagram needs a North row and a South row with stores")
        north, north_store = rows["North"]
        south, south_store = rows["South"]
        houses = south + north[::-1]
        if sum(houses) + north_store + south_store != 48:
            raise NotationError("an Oware position holds 48 seeds")
        if to_move not in (0, 1) or isinstance(to_move, bool):
            raise NotationError("the player to move is 0 (South) or 1 (North)")
        return State._trusted(self, self.position_data(houses, (south_store, north_store), to_move))

    # -- notation -----------------------------------------------------------------
    def action_to_string(self, state: State, action: int) -> str:
        return (SOUTH_NAMES if state.current_player == 0 else NORTH_NAMES)[action]

    def parse_action(self, state: State, text: str) -> int:
        t = text.strip()
        if len(t) != 1 or t not in SOUTH_NAMES + NORTH_NAMES:
            raise NotationError(msg("oware.error.not_a_move", text=quote(text)))
        p = state.current_player
        mine = SOUTH_NAMES if p == 0 else NORTH_NAMES
        if t not in mine:
            raise IllegalActionError(msg("oware.error.other_house", house=t, owner=player(self.player_names[1 - p]),
                                         player=player(self.player_names[p]), first=mine[0], last=mine[-1]))
        action = mine.index(t)
        if action not in state.legal_actions():
            if state.data[6 * p + action] == 0:
                raise IllegalActionError(msg("oware.error.empty_house", house=t))
            raise IllegalActionError(msg("oware.error.must_feed", house=t, player=player(self.player_names[1 - p])))
        return action

    # -- display and end of game ----------------------------------------------------
    def render(self, state: State, lang: str = "en") -> str:
        s = state.data
        north = " ".join(f"{s[h]:2d}" for h in range(11, 5, -1))
        south = " ".join(f"{s[h]:2d}" for h in range(6))
        name = [player(n).text(lang).ljust(7) for n in self.player_names]
        store = msg("oware.store").text(lang)
        lines = [
            "         f  e  d  c  b  a",
            f"{name[1]} {north}    {store} {s[K.STORE + 1]}",
            f"{name[0]} {south}    {store} {s[K.STORE]}",
            "         A  B  C  D  E  F",
            self.status(state).text(lang),
        ]
        return "\n".join(lines)

    def outcome(self, state: State) -> Outcome | None:
        s = state.data
        reason = int(s[K.END])
        if reason == K.ONGOING:
            return None
        south, north = int(s[K.STORE]), int(s[K.STORE + 1])
        winner = 0 if south > north else 1 if north > south else None
        if reason == K.END_25:
            return Outcome(Termination.GOAL, winner, msg("oware.end.25", player=player(
                self.player_names[winner or 0]), south=south, north=north))
        termination, why = {
            K.END_AUTO_HARVEST: (Termination.NO_MOVE, "oware.end.auto_harvest"),
            K.END_EMPTY: (Termination.NO_MOVE, "oware.end.empty"),
            K.END_REPETITION: (Termination.REPETITION, "oware.end.repetition"),
            K.END_MOVE_CAP: (Termination.MOVE_LIMIT, "oware.end.move_cap"),
        }[reason]
        result = msg("end.draw") if winner is None else msg("end.wins", player=player(self.player_names[winner]))
        return Outcome(termination, winner, msg("oware.end.why_result_score", why=msg(why), result=result,
                                                south=south, north=north))

    def geometry(self) -> dict[str, Any]:
        points = [{"id": house_name(h), "x": float(h if h < 6 else 11 - h), "y": float(h // 6)}
                  for h in range(12)]
        return {"kind": "pits", "points": points, "lines": [], "stores": ["South", "North"]}

    def view(self, state: State) -> dict[str, Any]:
        s = state.data
        pieces = [{"at": house_name(h), "owner": h // 6, "kind": "seed", "count": int(s[h])}
                  for h in range(12)]
        return {"pieces": pieces, "scores": list(self.stores(state)), "status": self.status(state).text()}

    def action_points(self, state: State, action: int) -> list[str]:
        return [house_name(6 * state.current_player + action)]

    def stores(self, state: State) -> tuple[int, int]:
        return int(state.data[K.STORE]), int(state.data[K.STORE + 1])

    def max_game_length(self) -> int | None:
        """Every action is one ply, and the ``max_plies`` cap counts them."""
        return int(self.spec[K.MAX_PLIES]) or None

    def can_win(self, state: State, player: int) -> bool:
        """Not once the other store holds half the seeds: the rest cannot make a larger store."""
        return 2 * int(state.data[K.STORE + 1 - player]) < self.conserved(state)

    def conserved(self, state: State) -> int:
        """The seeds: in the houses and the stores."""
        return int(state.data[0:12].sum()) + int(state.data[K.STORE]) + int(state.data[K.STORE + 1])

    def key(self, state: State) -> bytes:
        """Position, move count only when it matters, and the repetition record as a multiset."""
        s = np.array(state.data[: K.HIST + K.ENTRY * int(state.data[K.HLEN])])
        if self.spec[K.MAX_PLIES] == 0:
            s[K.PLY] = 0
        return record_key(s[:K.HIST], s[K.HIST:], K.ENTRY)


def _make(exts: frozenset[str], values: dict[str, Any], cid: str) -> Game:
    return Oware(cid, values["grand_slam"], values["repetition"], values["max_plies"])


register(RulesetInfo(
    name="oware",
    title="Oware Abapa",
    description="Ghana's two-row mancala: sow, harvest houses of 2 or 3, first to 25 seeds wins",
    factory=_make,
    options=(
        Option("grand_slam", "lemery", "harvest that would empty the opponent's row",
               choices=GRAND_SLAM_MODES),
        Option("repetition", 3, "occurrence of a position that ends the game", minimum=2, maximum=3),
        Option("max_plies", 0, "move cap, adjudicated on the seeds (0 = none)", minimum=0),
    ),
    rules_package="ludotheque.games.oware",
))

from . import evaluation  # noqa: E402  (search knowledge, kept apart from the rules)
Oware.evaluate = evaluation.evaluate
