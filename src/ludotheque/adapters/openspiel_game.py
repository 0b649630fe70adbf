"""Ludotheque rulesets as OpenSpiel games (Python games registered with `pyspiel`).

    >>> import pyspiel
    >>> import ludotheque.adapters.openspiel_game              # registers every ruleset
    >>> game = pyspiel.load_game("ludotheque_oware", {"grand_slam": "allow"})
    >>> game = pyspiel.load_game("ludotheque_fanorona_telo(extensions=female)")

Importing the module registers every ruleset of the registry (`register_all`) under
``ludotheque_`` and its id (`short_name`); `register` registers any other ruleset id (its
options and extensions then being the defaults of its parameters). A game's parameters are
its ruleset's options (an integer option an int, any other a string, defaults as in the
registry), ``extensions`` where the ruleset has some (those played, joined by ``+``; "" for
none) and ``max_actions``. Parameters that make no valid ruleset id raise `RulesetError`.

Actions are the ruleset's actions (`Game.num_actions` distinct ones, legal actions ascending),
chance nodes (Puluc's throws) are OpenSpiel chance nodes with the exact probabilities, the
observation tensor is `State.observation_tensor(player)`. OpenSpiel needs a maximum game
length: a ruleset whose rules bound it (a move cap) uses that bound; any other is played with
the game parameter ``max_actions`` (default `DEFAULT_MAX_ACTIONS`), reaching which ends the
game as a draw.
"""
from __future__ import annotations

import re
from typing import Any

import numpy as np
import pyspiel

from ..core.errors import LudoError
from ..core.game import Game, State
from ..core.registry import RulesetInfo, load, parse_ruleset_id, rulesets

DEFAULT_MAX_ACTIONS = 2000

_REGISTERED: dict[str, str] = {}      # canonical ruleset id -> OpenSpiel short name


def short_name(game: Game) -> str:
    """``ludotheque_`` and the ruleset id with every other character than a-z0-9 as ``_``."""
    return "ludotheque_" + re.sub(r"[^a-z0-9]+", "_", game.id).strip("_")


def register(ruleset: str) -> str:
    """Registers ``ruleset`` with OpenSpiel (once) and returns its OpenSpiel name."""
    game = load(ruleset)
    if game.id in _REGISTERED:
        return _REGISTERED[game.id]
    name = short_name(game)
    ri, exts, values = parse_ruleset_id(game.id)
    params: dict[str, Any] = dict(values)
    if ri.extensions:
        params["extensions"] = "+".join(e for e in ri.extensions if e in exts)
    params["max_actions"] = DEFAULT_MAX_ACTIONS
    game_type = pyspiel.GameType(
        short_name=name,
        long_name=f"ludotheque {game.name} ({game.id})",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=(pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC if game.has_chance
                     else pyspiel.GameType.ChanceMode.DETERMINISTIC),
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=params)

    class _Game(LudothequeGame):
        def __init__(self, params: dict[str, Any] | None = None) -> None:
            given = params or {}
            super().__init__(load(ruleset_id(ri, given)), game_type, given)

    pyspiel.register_game(game_type, _Game)
    _REGISTERED[game.id] = name
    return name


def ruleset_id(ri: RulesetInfo, params: dict[str, Any]) -> str:
    """The ruleset id of ``ri`` played with OpenSpiel game parameters ``params``: options
    at their registry default are left out (an option needing an absent extension is then
    still allowed at its default)."""
    extensions = params.get("extensions", "")
    text = ri.name + "".join(f"+{e}" for e in extensions.split("+") if e)
    options = [f"{o.name}={params[o.name]}" for o in ri.options
               if o.name in params and params[o.name] != o.default]
    return text + ("?" + "&".join(options) if options else "")


def register_all() -> list[str]:
    """Registers every ruleset of the registry (default options and extensions)."""
    return [register(ri.name) for ri in rulesets()]


class LudothequeGame(pyspiel.Game):  # type: ignore[misc]
    def __init__(self, game: Game, game_type: Any, params: dict[str, Any]) -> None:
        bound = game.max_game_length()
        self.ludo = game
        self.max_actions = params.get("max_actions", DEFAULT_MAX_ACTIONS) if bound is None else bound
        if self.max_actions < 1:
            raise ValueError(f"max_actions is at least 1, not {self.max_actions}")
        info = pyspiel.GameInfo(
            num_distinct_actions=game.num_actions,
            max_chance_outcomes=game.max_chance_outcomes(),
            num_players=2,
            min_utility=game.min_utility(),
            max_utility=game.max_utility(),
            utility_sum=0.0,
            max_game_length=self.max_actions)
        super().__init__(game_type, info, params)

    def new_initial_state(self, state: Any = None) -> "LudothequeState":
        return LudothequeState(self)

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> "_Observer":
        return _Observer(self.ludo)


class LudothequeState(pyspiel.State):  # type: ignore[misc]
    def __init__(self, game: LudothequeGame) -> None:
        super().__init__(game)
        self.max_actions = game.max_actions
        self.ludo: State = game.ludo.initial_state()
        self.actions_played = 0

    def _capped(self) -> bool:
        return self.actions_played >= self.max_actions and not self.ludo.is_terminal

    def current_player(self) -> int:
        if self.ludo.is_terminal or self._capped():
            return int(pyspiel.PlayerId.TERMINAL)
        if self.ludo.is_chance_node:
            return int(pyspiel.PlayerId.CHANCE)
        return self.ludo.current_player

    def is_terminal(self) -> bool:
        return self.ludo.is_terminal or self._capped()

    def _legal_actions(self, player: int) -> list[int]:
        return self.ludo.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self.ludo.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self.ludo = self.ludo.apply(int(action))
        self.actions_played += 1

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            return self.ludo.move_to_string(action)
        except LudoError:             # OpenSpiel may name an action of another position
            return f"action {action}"

    def returns(self) -> list[float]:
        return list(self.ludo.returns())    # (0, 0) while going on, and after the cap

    def __str__(self) -> str:
        return self.ludo.to_text()


class _Observer:
    """Fills OpenSpiel's observation tensor from `State.observation_tensor`."""

    def __init__(self, game: Game) -> None:
        self.tensor = np.zeros(game.observation_shape, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: LudothequeState, player: int) -> None:
        self.tensor[...] = state.ludo.observation_tensor(player)

    def string_from(self, state: LudothequeState, player: int) -> str:
        return state.ludo.to_text()


register_all()
