"""Game records: JSON and a PGN-like text form ("OGN", after Aualé's Oware records).

Both forms round-trip, and reading either replays every move through the engine: the first
illegal or unreadable move is reported with its move number.

Text form::

    [Ruleset "oware"]
    [Date "2026.11.25"]
    [South "you"]
    [North "mcts"]
    [Result "1-0"]
    [Termination "South has 25 seeds (25-19)"]

    1. C f 2. D a ... 1-0

Moves are numbered at each action of the first player that follows another player's action
(as in PGN); a game whose first action is the second player's starts with ``1...``.
Comments in braces are ignored.
"""
from __future__ import annotations

import datetime as _dt
import json
import re
from dataclasses import dataclass, field
from typing import Any

from ..core import registry
from ..core.errors import LudoError, RecordError
from ..core.game import CHANCE, State

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
FORMAT_VERSION = 1


@dataclass
class GameRecord:
    ruleset: str
    actions: list[int] = field(default_factory=list)
    players: list[str] = field(default_factory=lambda: ["?", "?"])
    date: str = field(default_factory=lambda: _dt.date.today().strftime("%Y.%m.%d"))
    event: str = ""
    seconds: list[float] | None = None       # time spent on each action, when known
    tags: dict[str, str] = field(default_factory=dict)

    # -- replay ------------------------------------------------------------------------
    def states(self) -> list[State]:
        """Every state from the start, re-validating each action."""
        try:
            game = registry.load(self.ruleset)
        except LudoError as e:
            raise RecordError(f"bad ruleset in record: {e}") from None
        state = game.initial_state()
        out = [state]
        for i, a in enumerate(self.actions):
            try:
                state = state.apply(a)
            except LudoError as e:
                raise RecordError(f"action {i + 1} ({a}) is illegal: {e}") from None
            out.append(state)
        return out

    def final_state(self) -> State:
        return self.states()[-1]

    def moves(self) -> list[str]:
        states = self.states()
        return [s.move_to_string(a) for s, a in zip(states, self.actions)]

    def result(self) -> str:
        out = self.final_state().outcome()
        return out.result() if out else "*"

    # -- JSON --------------------------------------------------------------------------
    def to_json(self) -> str:
        states = self.states()
        final = states[-1]
        out = final.outcome()
        data: dict[str, Any] = {
            "format": "ludotheque-record",
            "version": FORMAT_VERSION,
            "ruleset": self.ruleset,
            "players": self.players,
            "date": self.date,
            "event": self.event,
            "actions": self.actions,
            "moves": [s.move_to_string(a) for s, a in zip(states, self.actions)],
            "result": out.result() if out else "*",
            "termination": out.reason if out else "",
            "seconds": self.seconds,
            "tags": self.tags,
        }
        return json.dumps(data, ensure_ascii=False, indent=1)

    @classmethod
    def from_json(cls, text: str) -> "GameRecord":
        try:
            data = json.loads(text)
        except (json.JSONDecodeError, TypeError) as e:
            raise RecordError(f"not a JSON record: {e}") from None
        if not isinstance(data, dict) or data.get("format") != "ludotheque-record":
            raise RecordError("not a ludotheque record (missing \"format\": \"ludotheque-record\")")
        ruleset, actions = data.get("ruleset"), data.get("actions")
        if not isinstance(ruleset, str):
            raise RecordError("record has no ruleset")
        if not isinstance(actions, list) or not all(isinstance(a, int) and not isinstance(a, bool) for a in actions):
            raise RecordError("record actions must be a list of integers")
        players = data.get("players", ["?", "?"])
        if not (isinstance(players, list) and len(players) == 2 and all(isinstance(p, str) for p in players)):
            raise RecordError("record players must be two names")
        seconds = data.get("seconds")
        if seconds is not None and not (isinstance(seconds, list) and len(seconds) == len(actions)):
            raise RecordError("record seconds must give one time per action")
        rec = cls(ruleset, list(actions), list(players), str(data.get("date", "")),
                  str(data.get("event", "")), seconds, dict(data.get("tags") or {}))
        states = rec.states()                       # re-validates every action
        moves = data.get("moves")
        if moves is not None:
            if not isinstance(moves, list) or len(moves) != len(actions):
                raise RecordError("record moves and actions differ in length")
            for i, (s, a, m) in enumerate(zip(states, actions, moves)):
                if s.move_to_string(a) != m:
                    raise RecordError(f"move {i + 1}: notation {m!r} does not match action {a}")
        result = data.get("result")
        if result is not None and result != rec.result():
            raise RecordError(f"record says {result} but the moves give {rec.result()}")
        return rec

    # -- text --------------------------------------------------------------------------
    def to_text(self) -> str:
        states = self.states()
        game = states[0].game
        out = states[-1].outcome()
        seat = _seat_tags(game.player_names)
        tags = [("Event", self.event or "?"), ("Date", self.date), ("Ruleset", self.ruleset),
                (seat[0], self.players[0]), (seat[1], self.players[1]),
                ("Result", out.result() if out else "*")]
        if out:
            tags.append(("Termination", out.reason))
        tags += sorted(self.tags.items())
        head = "\n".join(f'[{k} "{_escape(v)}"]' for k, v in tags)
        tokens: list[str] = []
        number, last_player = 0, None
        for s, a in zip(states, self.actions):
            p = s.current_player
            if p == 0 and last_player != 0:
                number += 1
                tokens.append(f"{number}.")
            elif last_player is None:
                number += 1
                tokens.append(f"{number}...")
            tokens.append(s.move_to_string(a))
            last_player = p if p != CHANCE else last_player
        tokens.append(out.result() if out else "*")
        return head + "\n\n" + _wrap(tokens) + "\n"

    @classmethod
    def from_text(cls, text: str) -> "GameRecord":
        if not isinstance(text, str):
            raise RecordError("a text record is a string")
        tags: dict[str, str] = {}
        body_lines = []
        for line in text.splitlines():
            m = re.match(r'^\s*\[(\w+)\s+"((?:[^"\\]|\\.)*)"\]\s*$', line)
            if m:
                tags[m.group(1)] = re.sub(r"\\(.)", r"\1", m.group(2))
            elif line.strip().startswith("["):
                raise RecordError(f"malformed tag line: {line.strip()!r}")
            else:
                body_lines.append(line)
        if "Ruleset" not in tags:
            raise RecordError('text record needs a [Ruleset "..."] tag')
        try:
            game = registry.load(tags["Ruleset"])
        except LudoError as e:
            raise RecordError(f"bad ruleset in record: {e}") from None
        body = re.sub(r"\{[^}]*\}", " ", "\n".join(body_lines))
        state = game.initial_state()
        actions: list[int] = []
        tokens = body.split()
        # the result closes the move text (only there: "1-0" may be a move of a track game)
        result_token = tokens.pop() if tokens and tokens[-1] in RESULTS else None
        for token in tokens:
            if re.fullmatch(r"\d+\.(\.\.)?", token):
                continue
            try:
                a = state.parse_move(token)
                state = state.apply(a)
            except LudoError as e:
                raise RecordError(f"move {len(actions) + 1} ({token}): {e}") from None
            actions.append(a)
        seat = _seat_tags(game.player_names)
        players = [tags.pop(seat[0], "?"), tags.pop(seat[1], "?")]
        rec = cls(tags.pop("Ruleset"), actions, players, tags.pop("Date", ""),
                  "" if tags.get("Event", "?") == "?" else tags["Event"], None, {})
        tags.pop("Event", None)
        declared = tags.pop("Result", None)
        tags.pop("Termination", None)
        rec.tags = tags
        final = rec.result()
        for claimed in (declared, result_token):
            if claimed is not None and claimed != final:
                raise RecordError(f"record says {claimed} but the moves give {final}")
        return rec

    @classmethod
    def parse(cls, text: str) -> "GameRecord":
        """Either form, recognised by its first character."""
        return cls.from_json(text) if text.lstrip().startswith("{") else cls.from_text(text)


def _seat_tags(player_names: tuple[str, str]) -> tuple[str, str]:
    """Tag names for the two seats: the game's player names as single words ("South")."""
    a, b = (re.sub(r"\W", "", n) or f"Player{i + 1}" for i, n in enumerate(player_names))
    return (a, b) if a != b else ("Player1", "Player2")


def _escape(v: str) -> str:
    return v.replace("\\", "\\\\").replace('"', '\\"')


def _wrap(tokens: list[str], width: int = 79) -> str:
    lines, line = [], ""
    for t in tokens:
        if line and len(line) + 1 + len(t) > width:
            lines.append(line)
            line = t
        else:
            line = f"{line} {t}" if line else t
    lines.append(line)
    return "\n".join(lines)
