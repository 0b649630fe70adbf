"""The game protocol: an immutable `Game` (one ruleset) and immutable `State` values.

Rules live only in the game's compiled kernels (see `kernels.py`); these classes wrap them
for callers that work one user action at a time (CLI, web, records, adapters).
"""
from __future__ import annotations

import enum
import json
import random
import threading
from array import array
from dataclasses import dataclass
from typing import Any, ClassVar, Sequence

import numpy as np

from ..i18n import Message, msg, player
from .errors import IllegalActionError, LudoError, NotationError, StateError, quote, strict_json
from .kernels import CHANCE, MAX_ACTIONS_BUFFER, TERMINAL, Kernels, grow

__all__ = ["CHANCE", "TERMINAL", "Game", "GameType", "State", "Outcome", "Termination"]


class Termination(enum.Enum):
    """Why a game ended; each game maps its own end reasons onto these."""

    GOAL = "goal"              # a winning condition of the rules (25 seeds, all pieces taken…)
    NO_MOVE = "no_move"        # the player to move cannot move (or automatic end of the rules)
    REPETITION = "repetition"  # engine repetition rule
    MOVE_LIMIT = "move_limit"  # engine move cap
    DRAW_RULE = "draw_rule"    # another draw rule of the game


@dataclass(frozen=True)
class Outcome:
    termination: Termination
    winner: int | None  # 0, 1, or None for a draw
    message: Message    # why, for the player: a message of the catalogue (ludotheque.i18n)

    @property
    def reason(self) -> str:
        """The message in English, e.g. "South has 25 seeds (25-12)"."""
        return self.message.text("en")

    def result(self) -> str:
        """PGN-style result string: "1-0", "0-1" or "1/2-1/2"."""
        return {0: "1-0", 1: "0-1", None: "1/2-1/2"}[self.winner]


@dataclass(frozen=True)
class GameType:
    """What kind of game a ruleset is, in OpenSpiel's terms. Every ludotheque game is
    two-player, sequential (one player acts at a time), zero-sum with returns +1/-1/0, and of
    perfect information; only the chance mode differs (Puluc's throws are chance nodes)."""

    chance: bool
    sequential: bool = True
    zero_sum: bool = True
    perfect_information: bool = True
    num_players: int = 2
    min_utility: float = -1.0
    max_utility: float = 1.0


def _load_game(ruleset_id: str) -> "Game":
    from .registry import load  # registry imports this module
    return load(ruleset_id)


class Game:
    """One ruleset: rules, options, action space, notation. Immutable and hashable by id."""

    id: str
    name: str
    num_actions: int
    num_players: ClassVar[int] = 2
    player_names: tuple[str, str] = ("Player 1", "Player 2")
    kernels: Kernels
    spec: Any

    # -- construction -------------------------------------------------------------
    def initial_data(self, seed: int | None = None) -> np.ndarray:
        raise NotImplementedError

    def initial_state(self, seed: int | None = None) -> "State":
        """The start position. Every ruleset starts from one fixed position and draws nothing
        at random (dice are chance nodes), so ``seed`` is accepted for OpenSpiel/Gymnasium-style
        callers and changes nothing: the start is deterministic."""
        if seed is not None and (isinstance(seed, bool) or not isinstance(seed, (int, np.integer))):
            raise TypeError(f"a seed is an integer or None, not {quote(seed)}")
        return State._trusted(self, self.initial_data(seed), origin=(seed,))

    def check_data(self, data: np.ndarray) -> None:
        """Raises StateError unless ``data`` (an int32 vector) is a state array this game can
        vouch for; `State(game, data)` calls it. By default no raw array is accepted: state
        arrays carry cross-field invariants (repetition records and their counters, a chain
        under way, pieces in hand against pieces on the board) that the kernels trust
        without bounds checks, and a range check per field cannot prove them. Build states
        with `initial_state`, `apply`, the game's diagram builders, or `deserialize` (which
        replays the actions through the rules). A game that can rebuild an array from its
        readable fields and compare may override this."""
        raise StateError(f"{self.id} does not accept raw state arrays; use initial_state(), "
                         "apply(), the game's diagram builders or Game.deserialize()")

    def deserialize(self, text: str) -> "State":
        """The state written by `State.serialize`: the start (the initial state, or a raw
        position the game accepts through `check_data`) and the actions since, each replayed
        through the rules. StateError (a RecordError) if anything is wrong, a key is given
        twice, or the text is longer than MAX_SERIALIZED (1,000,000) characters."""
        data = _load_json(text)
        if not isinstance(data, dict) or data.get("format") != STATE_FORMAT:
            raise StateError(f'not a serialized state (missing "format": "{STATE_FORMAT}")')
        unknown = set(data) - {"format", "version", "ruleset", "seed", "position", "actions"}
        if unknown:
            raise StateError(f"unknown fields in a serialized state: {quote(sorted(unknown))}")
        if data.get("version") != STATE_VERSION:
            raise StateError(f"serialized state version {quote(data.get('version'))} is not {STATE_VERSION}")
        if data.get("ruleset") != self.id:
            raise StateError(f"the state is of {quote(data.get('ruleset'))}, not of {self.id}")
        seed, position, actions = data.get("seed"), data.get("position"), data.get("actions")
        if seed is not None and not (_is_int(seed) and 0 <= seed < 2**63):
            raise StateError(f"a state's seed is a non-negative integer, not {quote(seed)}")
        if not (isinstance(actions, list) and all(_is_int(a) for a in actions)):
            raise StateError("a state's actions are a list of integers")
        if position is None:
            state = self.initial_state(seed)
        elif isinstance(position, list) and all(_is_int(v) and -2**31 <= v < 2**31 for v in position):
            state = State(self, np.array(position, np.int32))
        else:
            raise StateError("a state's position is a list of 32-bit integers")
        for i, a in enumerate(actions):
            try:
                state = state.apply(a)
            except LudoError as e:
                raise StateError(f"action {i + 1} ({quote(a)}) of the serialized state: {e}") from None
        return state

    def playout_start(self) -> "State":
        """Where random-playout benchmarks start (a game with a setup phase skips it)."""
        return self.initial_state()

    # -- notation (each game implements these) --------------------------------------
    def action_to_string(self, state: "State", action: int) -> str:
        raise NotImplementedError

    def parse_action(self, state: "State", text: str) -> int:
        """The action named by ``text`` in ``state``; NotationError / IllegalActionError."""
        raise NotImplementedError

    def parse_turn(self, state: "State", text: str) -> list[int]:
        """The actions of the turn (or of the rest of the turn) written ``text``, as
        `turn_to_string` writes it, with the closing actions the text leaves implied (a `stop`
        that ends a chain which could go on, a declined option). By default a turn is its
        actions' texts separated by spaces; games with a turn notation override both."""
        words = text.split()
        if not words:
            raise NotationError(msg("error.empty_turn"))
        actions: list[int] = []
        for i, word in enumerate(words):
            actions.append(state.parse_move(word))
            after = state.apply(actions[-1])
            if i < len(words) - 1 and self.ends_turn(state, after):
                raise IllegalActionError(msg("error.turn_over_after", text=quote(text), move=quote(word)))
            state = after
        return actions

    def turn_to_string(self, state: "State", actions: Sequence[int]) -> str:
        """The text of a whole turn (or its start) from its actions."""
        text = ""
        for a in actions:
            text = self.continue_turn_text(state, a, text)
            state = state.apply(a)
        return text

    def continue_turn_text(self, state: "State", action: int, text: str) -> str:
        """``text`` (a turn's text so far) followed by ``action`` made in ``state``: by
        default the actions' words, spaced."""
        word = self.action_to_string(state, action)
        return f"{text} {word}" if text else word

    def ends_turn(self, before: "State", after: "State") -> bool:
        """Whether the action that led from ``before`` to ``after`` ended a turn: by default
        when the player to move changes; a chance outcome is a turn of its own."""
        return after.current_player != before.current_player or before.is_chance_node

    def render(self, state: "State", lang: str = "en") -> str:
        """The position as text for a terminal, its words in ``lang``."""
        raise NotImplementedError

    def status(self, state: "State") -> Message:
        """What the players are told under the board: who is to do what (a prompt during a
        turn of several actions), or why the game ended."""
        out = self.outcome(state) if state.is_terminal else None
        if out is not None:
            return out.message
        return msg("status.to_move", player=player(self.player_names[state.current_player]))

    def outcome(self, state: "State") -> Outcome | None:
        raise NotImplementedError

    def observation(self, state: "State") -> np.ndarray:
        """`observation_tensor` from the side of the player to move (player 0 when no player
        is to move)."""
        return self.observation_tensor(state, max(state.current_player, 0))

    def key(self, state: "State") -> bytes:
        return state.data.tobytes()

    def can_win(self, state: "State", player: int) -> bool:
        """Whether ``player`` may still win from ``state``, as far as a cheap test can tell
        (True where the game has none): a player whose time runs out against an opponent who
        cannot win draws instead of losing."""
        return True

    def conserved(self, state: "State") -> int | None:
        """A quantity the rules never change (the seeds of a mancala, wherever they are),
        for invariant checks (`ludotheque soak`); None where the game declares none."""
        return None

    # -- what a front end needs to draw the game (no rules) ---------------------------
    def geometry(self) -> dict[str, Any]:
        """The board, once per game: ``{"kind": "pits" | "lines" | "grid" | "track",
        "points": [{"id": name, "x": float, "y": float}, ...],
        "lines": [[id, id], ...]}`` (segments to draw), plus game-specific keys."""
        raise NotImplementedError

    def view(self, state: "State") -> dict[str, Any]:
        """What is on the board: ``{"pieces": [{"at": id, "owner": 0 | 1 | None, "kind": str,
        "count": int}], "scores": [int, int] | None, "status": str}`` (``status``: `status` in
        English)."""
        raise NotImplementedError

    def action_points(self, state: "State", action: int) -> list[str]:
        """The point ids an action involves, in order (from, over, to…), for highlighting."""
        raise NotImplementedError

    def solve(self, state: "State | None" = None) -> dict[str, Any]:
        """Exact game-theoretic values, for games small enough (`ludotheque solve`):
        ``{"value": +1 | 0 | -1 for the player to move, "moves": {notation: value for the
        player to move}, "positions": int, "seconds": float}``."""
        raise NotImplementedError(f"{self.id} has no solver")

    # -- search knowledge ---------------------------------------------------------------
    #: optional compiled ``evaluate(s, spec, player) -> float`` in [-1, 1]: a heuristic value
    #: of a non-terminal state for ``player`` (used by alpha-beta and hints)
    evaluate: Any = None

    # -- protocol for learning and search libraries (OpenSpiel's Game API) -------------------
    #: True for rulesets with chance nodes (dice); they override `max_chance_outcomes`
    has_chance: ClassVar[bool] = False

    def game_type(self) -> GameType:
        return GameType(chance=self.has_chance)

    def min_utility(self) -> float:
        return self.game_type().min_utility

    def max_utility(self) -> float:
        return self.game_type().max_utility

    def max_chance_outcomes(self) -> int:
        """How many outcomes a chance node can have at most (0 without chance)."""
        return 0

    def max_game_length(self) -> int | None:
        """An upper bound on the actions (chance actions included) of any game of this
        ruleset, or None when the rules set none (a game without a move cap can go on, in
        principle, far longer than any practical limit). Rulesets with a cap override it."""
        return None

    #: the compiled ``observe(s, spec, player, out)`` that writes `observation_tensor` into
    #: every element of the float32 vector ``out``, and that vector's length: one encoding for
    #: the per-state API and the batched environments (`ludotheque.vector`)
    observer: tuple[Any, int] | None = None

    def observation_tensor(self, state: "State", player: int) -> np.ndarray:
        """A float32 vector with values in [0, 1], of shape `observation_shape`, describing
        ``state`` from ``player``'s side (see docs/PROTOCOL.md for each game's layout)."""
        if self.observer is None:
            raise NotImplementedError
        observe, length = self.observer
        out = np.empty(length, np.float32)
        observe(state.data, self.spec, player, out)
        return out

    @property
    def observation_shape(self) -> tuple[int, ...]:
        """The shape of every observation tensor of this ruleset."""
        shape: tuple[int, ...] | None = self.__dict__.get("_observation_shape")
        if shape is None:
            shape = self.observation_tensor(self.initial_state(), 0).shape
            self.__dict__["_observation_shape"] = shape
        return shape

    def __reduce__(self) -> tuple[Any, tuple[str]]:
        # a game pickles as its id: the registry rebuilds it (and shares its compiled kernels)
        return (_load_game, (self.id,))

    def __repr__(self) -> str:
        return f"<Game {self.id}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Game) and other.id == self.id

    def __hash__(self) -> int:
        return hash(self.id)


STATE_FORMAT = "ludotheque-state"
STATE_VERSION = 1
MAX_STATE_LENGTH = 1 << 20   # int32 words; far above any game's state with its history
MAX_MOVE_LENGTH = 400        # characters of a move or turn (a chain of 90 jumps fits)
MAX_SERIALIZED = 1_000_000   # characters of a serialized state: some 200,000 actions


def _is_int(v: object) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _load_json(text: object) -> Any:
    """`strict_json` of a serialized state, no longer than MAX_SERIALIZED: StateError otherwise."""
    if isinstance(text, (str, bytes)) and len(text) > MAX_SERIALIZED:
        raise StateError(f"a serialized state has at most {MAX_SERIALIZED} characters")
    return strict_json(text, StateError, "serialized state")


SEGMENT = 128      # actions a history node holds at most: what a second line of play copies


class _Actions:
    """The actions played since a start (``root``), shared by the states of a game: a state
    knows only how many of them are its own (its ply). They are kept in nodes of at most
    SEGMENT actions, each after ``base`` (the first ``start`` actions). A state at the end of
    the last node appends to it; a state inside a node (a second line of play, as in a search)
    starts a new node with its own part of that node: both are O(1), and no state keeps an
    earlier state (its array, its caches) alive, only the start."""

    __slots__ = ("root", "base", "start", "played")

    def __init__(self, root: "State", base: "_Actions | None", start: int, played: "array[int]") -> None:
        self.root, self.base, self.start, self.played = root, base, start, played

    def after(self, ply: int, action: int) -> "_Actions":
        """The actions of a state at ``ply`` in this node followed by ``action``."""
        n = ply - self.start
        with _APPENDING:
            if n == len(self.played) and n < SEGMENT:
                self.played.append(action)
                return self
        if n == len(self.played):       # a full node (never appended again): a new one after it
            return _Actions(self.root, self, ply, array("i", (action,)))
        own = self.played[:n]
        own.append(action)
        return _Actions(self.root, self.base, self.start, own)

    def upto(self, ply: int) -> "array[int]":
        """The first ``ply`` actions."""
        parts = []
        node: _Actions | None = self
        while node is not None:
            parts.append(node.played[:ply - node.start])
            ply, node = node.start, node.base
        out = array("i")
        for part in reversed(parts):
            out.extend(part)
        return out


# two threads playing on from one state must not both append to its node
_APPENDING = threading.Lock()


class State:
    """An immutable game position. `apply` returns a new state.

    `State(game, data)` builds a state from a raw kernel array only if the game vouches for
    it (`Game.check_data`): the kernels index by the array's values without bounds checks, so
    an arbitrary array could make them write past its end. A state owns its array and shares
    with the other states of its game the start and the actions since (`history`), so that
    `serialize` can write them; it keeps no earlier state alive, and copies (`copy`,
    `deepcopy`, pickle) copy the array, not the game."""

    __slots__ = ("game", "_data", "_to_move", "_legal", "_actions", "_ply", "_origin")

    def __init__(self, game: Game, data: np.ndarray) -> None:
        if not isinstance(game, Game):
            raise StateError(f"a state needs a Game, not {type(game).__name__}")
        if not (isinstance(data, np.ndarray) and data.ndim == 1 and data.dtype == np.int32
                and 0 < data.shape[0] <= MAX_STATE_LENGTH):
            raise StateError("a raw state is a one-dimensional int32 numpy array "
                             f"of at most {MAX_STATE_LENGTH} words")
        data = data.copy()                    # the caller keeps no writable handle on it
        game.check_data(data)
        self._init(game, data, None, 0, None)

    @classmethod
    def _trusted(cls, game: Game, data: np.ndarray, actions: _Actions | None = None, ply: int = 0,
                 origin: tuple[int | None] | None = None) -> "State":
        """A state from an array the engine made (no checks: the hot path and the games' own
        builders). Without ``actions`` the state is a start: ``origin`` is ``(seed,)`` for an
        initial state, None for a built position."""
        state = cls.__new__(cls)
        state._init(game, data, actions, ply, origin)
        return state

    def _init(self, game: Game, data: np.ndarray, actions: _Actions | None, ply: int,
              origin: tuple[int | None] | None) -> None:
        self.game = game
        # kept writable and never handed out (`data` is a read-only view): the kernels then
        # see the array type of the compiled loops, where a read-only one would compile each
        # kernel a second time for it
        self._data = data
        self._to_move: int | None = None          # cached: a state never changes
        self._legal: tuple[int, ...] | None = None
        self._actions = actions
        self._ply = ply
        self._origin = origin

    @property
    def data(self) -> np.ndarray:
        """The kernel state array (a read-only view)."""
        view = self._data.view()
        view.flags.writeable = False
        return view

    # -- protocol -------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """0, 1, CHANCE, or TERMINAL."""
        if self._to_move is None:
            g = self.game
            self._to_move = int(g.kernels.to_move(self._data, g.spec))
        return self._to_move

    @property
    def is_terminal(self) -> bool:
        return self.current_player == TERMINAL

    @property
    def is_chance_node(self) -> bool:
        return self.current_player == CHANCE

    def _kernel_legal(self) -> np.ndarray:
        """The legal actions in the order the kernel writes them (aligned with chance_probs)."""
        g = self.game
        out = np.empty(MAX_ACTIONS_BUFFER, np.int64)
        n = g.kernels.legal(self._data, g.spec, out)
        return out[:n]

    def legal_actions(self) -> list[int]:
        """The legal actions (chance outcomes at a chance node) in ascending order."""
        if self._legal is None:
            self._legal = tuple(sorted(int(a) for a in self._kernel_legal()))
        return list(self._legal)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        """(action, probability) pairs at a chance node, in ascending action order, else []."""
        if not self.is_chance_node:
            return []
        g = self.game
        probs = np.empty(MAX_ACTIONS_BUFFER, np.float64)
        g.kernels.chance_probs(self._data, g.spec, probs)
        return sorted((int(a), float(p)) for a, p in zip(self._kernel_legal(), probs))

    def random_action(self, rng: random.Random) -> int:
        """A legal action drawn by ``rng``: a chance outcome by its probability, else uniformly;
        IllegalActionError at the end."""
        if self.is_terminal:
            raise IllegalActionError(msg("error.game_over_action"))
        if self.is_chance_node:
            actions, probs = zip(*self.chance_outcomes())
            return int(rng.choices(actions, probs)[0])
        return rng.choice(self.legal_actions())

    def apply(self, action: int) -> "State":
        """The state after ``action``; IllegalActionError (and no change) if it is not legal."""
        if isinstance(action, bool) or not isinstance(action, (int, np.integer)):
            raise IllegalActionError(msg("error.action_not_int", action=quote(action)))
        if self.is_terminal:
            raise IllegalActionError(msg("error.game_over_action"))
        if self._legal is None:
            self.legal_actions()
        assert self._legal is not None
        if int(action) not in self._legal:
            names = ", ".join(self.game.action_to_string(self, a) for a in self._legal)
            raise IllegalActionError(msg("error.action_not_legal", action=quote(action), legal=names))
        return self._apply_unchecked(int(action))

    def _apply_unchecked(self, action: int) -> "State":
        g = self.game
        data = self._data.copy()
        need = g.kernels.apply(data, g.spec, action)
        node = self._actions or _Actions(self, None, 0, array("i"))
        return State._trusted(g, grow(data, need) if need else data, node.after(self._ply, action),
                              self._ply + 1)

    def apply_move(self, text: str) -> "State":
        """The state after the move written ``text`` in the game's notation."""
        return self.apply(self.parse_move(text))

    def parse_move(self, text: str) -> int:
        self._check_move_text(text)
        return self.game.parse_action(self, text)

    def parse_turn(self, text: str) -> list[int]:
        """The actions of ``text``, read as the game's turn notation: a whole turn, or the rest
        of a turn under way, with the closing actions it leaves implied (`parse` of what
        `Game.turn_to_string` prints gives back its actions). A text that is no turn but one
        action's notation (such as a chain's next jump ``xt3``) is that action."""
        self._check_move_text(text)
        try:
            return self.game.parse_turn(self, text.strip())
        except NotationError:
            return [self.parse_move(text)]

    def _check_move_text(self, text: object) -> None:
        """What every move parser refuses before reading: no text, too long, or too late."""
        if not isinstance(text, str):
            raise NotationError(msg("error.move_not_text", type=type(text).__name__))
        if len(text) > MAX_MOVE_LENGTH:
            raise NotationError(msg("error.move_too_long", n=MAX_MOVE_LENGTH, text=quote(text)))
        if self.is_terminal:
            raise IllegalActionError(msg("error.game_over_move"))

    def move_to_string(self, action: int) -> str:
        return self.game.action_to_string(self, action)

    def returns(self) -> tuple[float, float]:
        if not self.is_terminal:
            return (0.0, 0.0)
        g = self.game
        out = np.zeros(2, np.float64)
        g.kernels.returns(self._data, g.spec, out)
        return (float(out[0]), float(out[1]))

    def outcome(self) -> Outcome | None:
        """None while the game goes on."""
        return self.game.outcome(self) if self.is_terminal else None

    def observation(self) -> np.ndarray:
        return self.game.observation(self)

    # -- protocol for learning and search libraries ------------------------------------------
    def legal_actions_mask(self) -> np.ndarray:
        """A bool vector of length ``game.num_actions``, True at each legal action (at a
        chance node, at each chance outcome)."""
        mask = np.zeros(self.game.num_actions, np.bool_)
        mask[self.legal_actions()] = True
        return mask

    def observation_tensor(self, player: int) -> np.ndarray:
        """The state seen from ``player`` (0 or 1): float32 in [0, 1], shape
        ``game.observation_shape``."""
        if player not in (0, 1) or isinstance(player, bool):
            raise ValueError(f"player is 0 or 1, not {quote(player)}")
        return self.game.observation_tensor(self, int(player))

    def key(self) -> bytes:
        """A canonical hashable key: equal keys mean equal positions and equal futures."""
        return self.game.key(self)

    def history(self) -> tuple["State", list[int]]:
        """The state this one was played from (an initial state or a built position) and
        the actions played since."""
        if self._actions is None:
            return self, []
        return self._actions.root, self._actions.upto(self._ply).tolist()

    def serialize(self) -> str:
        """One line of JSON that `Game.deserialize` reads back: the ruleset, the start (the
        initial state, or a raw position where the game accepts one) and the actions. A state
        is rebuilt by replaying its actions, so a stored state can never bypass the rules.
        StateError for a built position the game cannot check (`Game.check_data`)."""
        root, actions = self.history()
        out: dict[str, Any] = {"format": STATE_FORMAT, "version": STATE_VERSION, "ruleset": self.game.id}
        if root._origin is None:
            self.game.check_data(root._data)
            out["position"] = [int(v) for v in root._data]
        elif root._origin[0] is not None:
            out["seed"] = root._origin[0]
        out["actions"] = actions
        return json.dumps(out, separators=(",", ":"))

    def __copy__(self) -> "State":
        copy = State._trusted(self.game, self._data.copy(), self._actions, self._ply, self._origin)
        copy._to_move, copy._legal = self._to_move, self._legal
        return copy

    def __deepcopy__(self, memo: dict[int, Any]) -> "State":
        # the start and the actions are immutable and shared, as the game is
        return self.__copy__()

    def __reduce__(self) -> tuple[Any, ...]:
        # pickling is trusted (it can run any code anyway): the array, and the start and the
        # actions for `history`, without replaying them (an initial state's start is its seed);
        # as bytes, which pickle as one copy whatever their length
        if self._actions is None:
            root, actions = self, array("i")
        else:
            root, actions = self._actions.root, self._actions.upto(self._ply)
        start = _words_to_bytes(root._data) if root._origin is None else None
        return (_unpickle, (self.game.id, root._origin, start, _words_to_bytes(actions),
                            _words_to_bytes(self._data)))

    def to_text(self, lang: str = "en") -> str:
        return self.game.render(self, lang)

    def __str__(self) -> str:
        return self.to_text()

    def __repr__(self) -> str:
        return f"<State {self.game.id} to_move={self.current_player}>"

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and other.game == self.game and other.key() == self.key()

    def __hash__(self) -> int:
        return hash((self.game.id, self.key()))


def _words_to_bytes(words: "np.ndarray | array[int]") -> bytes:
    """int32 words as little-endian bytes, whatever the machine's byte order."""
    return np.asarray(words, "<i4").tobytes()


def _bytes_to_words(raw: bytes) -> np.ndarray:
    """`_words_to_bytes` undone: a new native int32 array."""
    return np.frombuffer(raw, "<i4").astype(np.int32)


def _unpickle(ruleset_id: str, origin: tuple[int | None] | None, start: bytes | None,
              actions: bytes, data: bytes) -> State:
    from .registry import load
    game = load(ruleset_id)
    if start is None:
        assert origin is not None
        root = State._trusted(game, game.initial_data(origin[0]), origin=origin)
    else:
        root = State._trusted(game, _bytes_to_words(start), origin=origin)
    played = _bytes_to_words(actions)
    if not len(played):
        return root
    node = None
    for at in range(0, len(played), SEGMENT):
        segment = array("i")
        segment.frombytes(played[at:at + SEGMENT].tobytes())
        node = _Actions(root, node, at, segment)
    return State._trusted(game, _bytes_to_words(data), node, len(played))


def play_line(state: State, moves: Sequence[str]) -> State:
    """Plays a sequence of moves written in notation."""
    for m in moves:
        state = state.apply_move(m)
    return state
