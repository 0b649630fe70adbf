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

Every field is checked the same way on reading and writing (`GameRecord.check`), so a record
means the same thing in both forms: names, event, date and tags are single-line text without
control or bidi-override characters, a tag never names a field (Ruleset, the seats, Date…),
times are finite and non-negative. Readers raise only RecordError and run in linear time.
"""
from __future__ import annotations

import datetime as _dt
import json
import math
import os
import re
import stat
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from ..core import registry
from ..core.errors import LudoError, RecordError, quote, strict_json
from ..core.game import CHANCE, State

RESULTS = ("1-0", "0-1", "1/2-1/2", "*")
FORMAT_VERSION = 1
MAX_TEXT = 1000          # characters of a name, event, date or tag value
MAX_TAGS = 100
MAX_FILE = 10_000_000    # bytes of a record file
FIELD_TAGS = ("Event", "Date", "Ruleset", "Result", "Termination")
_TAG_NAME = re.compile(r"[A-Za-z][A-Za-z0-9_]{0,39}")
# control characters (newlines included) and the line and paragraph separators, which end a
# line for str.splitlines (the text form would not read them back); the bidi overrides and
# isolates, which would let a name reorder the text around it; lone surrogates (no UTF-8)
_UNSAFE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029\u202a-\u202e\u2066-\u2069\ud800-\udfff]")


@dataclass
class GameRecord:
    ruleset: str
    actions: list[int] = field(default_factory=list)
    players: list[str] = field(default_factory=lambda: ["?", "?"])
    date: str = field(default_factory=lambda: _dt.date.today().strftime("%Y.%m.%d"))
    event: str = ""
    seconds: list[float] | None = None       # time spent on each action, when known
    tags: dict[str, str] = field(default_factory=dict)

    def __post_init__(self) -> None:
        if self.event == "?":       # PGN's "unknown", as the text form writes an empty event
            self.event = ""

    # -- replay ------------------------------------------------------------------------
    def states(self) -> list[State]:
        """Every state from the start, re-validating each action (and every field: `check`)."""
        self.check()
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
                raise RecordError(f"action {i + 1} ({quote(a)}) is illegal: {e}") from None
            out.append(state)
        return out

    def check(self) -> None:
        """RecordError unless every field is of its type and safe to write in both forms."""
        if not isinstance(self.ruleset, str):
            raise RecordError("record has no ruleset")
        if not isinstance(self.actions, list) or not all(
                isinstance(a, (int, np.integer)) and not isinstance(a, bool) for a in self.actions):
            raise RecordError("record actions must be a list of integers")
        if not (isinstance(self.players, list) and len(self.players) == 2):
            raise RecordError("record players must be two names")
        for what, text in (("player name", self.players[0]), ("player name", self.players[1]),
                           ("date", self.date), ("event", self.event)):
            _check_text(what, text)
        if self.seconds is not None:
            if not (isinstance(self.seconds, list) and len(self.seconds) == len(self.actions)):
                raise RecordError("record seconds must give one time per action")
            for t in self.seconds:
                if isinstance(t, bool) or not isinstance(t, (int, float)) or not 0 <= t < math.inf:
                    raise RecordError(f"a time is a finite number of seconds, not {quote(t)}")
        if not isinstance(self.tags, dict) or len(self.tags) > MAX_TAGS:
            raise RecordError(f"record tags must be a mapping of at most {MAX_TAGS} names to texts")
        fields = set(FIELD_TAGS) | set(_seat_tags_of(self.ruleset))
        for k, v in self.tags.items():
            if not (isinstance(k, str) and _TAG_NAME.fullmatch(k)):
                raise RecordError(f"a tag name is a letter then letters, digits or _, not {quote(k)}")
            if k in fields:
                raise RecordError(f"tag {k} would stand for the record's own field")
            _check_text(f"tag {k}", v)

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
        actions = [int(a) for a in self.actions]
        final = states[-1]
        out = final.outcome()
        data: dict[str, Any] = {
            "format": "ludotheque-record",
            "version": FORMAT_VERSION,
            "ruleset": self.ruleset,
            "players": self.players,
            "date": self.date,
            "event": self.event,
            "actions": actions,
            "moves": [s.move_to_string(a) for s, a in zip(states, actions)],
            "result": out.result() if out else "*",
            "termination": out.reason if out else "",
            "seconds": self.seconds,
            "tags": self.tags,
        }
        return json.dumps(data, ensure_ascii=False, indent=1, allow_nan=False)

    @classmethod
    def from_json(cls, text: str) -> "GameRecord":
        data = _load_json(text)
        if not isinstance(data, dict) or data.get("format") != "ludotheque-record":
            raise RecordError("not a ludotheque record (missing \"format\": \"ludotheque-record\")")
        if data.get("version", FORMAT_VERSION) != FORMAT_VERSION:
            raise RecordError(f"record version {quote(data['version'])} is not {FORMAT_VERSION}")
        actions = data.get("actions")
        if not isinstance(actions, list):
            raise RecordError("record actions must be a list of integers")
        tags, ruleset = data.get("tags", {}), data.get("ruleset", "")
        rec = cls(ruleset, list(actions), data.get("players", ["?", "?"]),
                  data.get("date", ""), data.get("event", ""), data.get("seconds"),
                  dict(tags) if isinstance(tags, dict) else tags)
        states = rec.states()                       # checks every field, re-validates every action
        moves = data.get("moves")
        if moves is not None:
            if not isinstance(moves, list) or len(moves) != len(actions):
                raise RecordError("record moves and actions differ in length")
            for i, (s, a, m) in enumerate(zip(states, actions, moves)):
                if s.move_to_string(a) != m:
                    raise RecordError(f"move {i + 1}: notation {quote(m)} does not match action {a}")
        _check_result(data.get("result"), rec.result())
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
            if len(line) > 3 * MAX_TEXT and line.lstrip().startswith("["):
                raise RecordError(f"tag line of more than {3 * MAX_TEXT} characters: {quote(line)}")
            m = re.match(r'\s*\[([A-Za-z0-9_]+)\s+"((?:[^"\\]|\\.)*)"\]\s*$', line)
            if m:
                if m.group(1) in tags:
                    raise RecordError(f"tag {quote(m.group(1))} given twice")
                tags[m.group(1)] = re.sub(r"\\(.)", r"\1", m.group(2))
                if len(tags) > MAX_TAGS + 10:
                    raise RecordError(f"a record has at most {MAX_TAGS} tags")
            elif line.strip().startswith("["):
                raise RecordError(f"malformed tag line: {quote(line.strip())}")
            else:
                body_lines.append(line)
        if "Ruleset" not in tags:
            raise RecordError('text record needs a [Ruleset "..."] tag')
        try:
            game = registry.load(tags["Ruleset"])
        except LudoError as e:
            raise RecordError(f"bad ruleset in record: {e}") from None
        body = _strip_comments("\n".join(body_lines))
        state = game.initial_state()
        actions: list[int] = []
        tokens = body.split()
        # the result closes the move text (only there: "1-0" may be a move of a track game)
        result_token = tokens.pop() if tokens and tokens[-1] in RESULTS else None
        numbered = None     # a move number not yet followed by its move
        for token in tokens:
            if re.fullmatch(r"\d+\.(\.\.)?", token):
                if numbered is not None:
                    raise RecordError(f"move number {numbered[:20]} is followed by no move")
                numbered = token
                continue
            numbered = None
            try:
                a = state.parse_move(token)
                state = state.apply(a)
            except LudoError as e:
                raise RecordError(f"move {len(actions) + 1} ({token[:80]}): {e}") from None
            actions.append(a)
        if numbered is not None:
            raise RecordError(f"move number {numbered[:20]} is followed by no move")
        seat = _seat_tags(game.player_names)
        players = [tags.pop(seat[0], "?"), tags.pop(seat[1], "?")]
        rec = cls(tags.pop("Ruleset"), actions, players, tags.pop("Date", ""),
                  "" if tags.get("Event", "?") == "?" else tags["Event"], None, {})
        tags.pop("Event", None)
        declared = tags.pop("Result", None)
        tags.pop("Termination", None)
        rec.tags = tags
        final = rec.result()                        # checks every field
        for claimed in (declared, result_token):
            _check_result(claimed, final)
        return rec

    @classmethod
    def read_file(cls, path: str | os.PathLike[str]) -> "GameRecord":
        """The record in a file (either form); RecordError if it is no regular file (a FIFO
        would wait for a writer), cannot be read as UTF-8 text or is not a valid record."""
        try:
            # opened without waiting for a FIFO's writer, then refused unless a regular file
            fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
            try:
                mode = os.fstat(fd).st_mode
                if not stat.S_ISREG(mode):
                    kind = "a directory" if stat.S_ISDIR(mode) else "not a regular file (a FIFO, a device)"
                    raise RecordError(f"cannot read {quote(str(path))}: {kind}")
                with open(fd, "rb", closefd=False) as f:
                    raw = f.read(MAX_FILE + 1)
            finally:
                os.close(fd)
        except OSError as e:
            raise RecordError(f"cannot read {quote(str(path))}: {e.strerror or e}") from None
        if len(raw) > MAX_FILE:
            raise RecordError(f"{quote(str(path))} is larger than a record may be ({MAX_FILE} bytes)")
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as e:
            raise RecordError(f"{quote(str(path))} is not UTF-8 text (byte {e.start})") from None
        return cls.parse(text)

    @classmethod
    def parse(cls, text: str) -> "GameRecord":
        """Either form, recognised by its first character."""
        if not isinstance(text, str):
            raise RecordError(f"a record is a string, not {type(text).__name__}")
        return cls.from_json(text) if text.lstrip().startswith("{") else cls.from_text(text)


def _load_json(text: object) -> Any:
    return strict_json(text, RecordError, "JSON record")


def _check_result(claimed: object, final: str) -> None:
    if claimed is None:
        return
    if claimed not in RESULTS:
        raise RecordError(f"a result is one of {', '.join(RESULTS)}, not {quote(claimed)}")
    if claimed != final:
        raise RecordError(f"record says {claimed} but the moves give {final}")


def _check_text(what: str, text: object) -> None:
    if not isinstance(text, str):
        raise RecordError(f"a record's {what} is a string, not {type(text).__name__}")
    if len(text) > MAX_TEXT:
        raise RecordError(f"a record's {what} has at most {MAX_TEXT} characters")
    if _UNSAFE.search(text):
        raise RecordError(f"a record's {what} may not hold control characters, line separators "
                          f"or lone surrogates: {quote(text)}")


def _strip_comments(body: str) -> str:
    """The move text without its ``{...}`` comments, in one pass (a regular expression
    took quadratic time on many unclosed braces)."""
    parts, i = [], 0
    while True:
        start = body.find("{", i)
        if start < 0:
            parts.append(body[i:])
            return " ".join(parts)
        end = body.find("}", start)
        if end < 0:
            raise RecordError("a comment opened with { is never closed")
        parts.append(body[i:start])
        i = end + 1


def _seat_tags_of(ruleset: str) -> tuple[str, str]:
    try:
        return _seat_tags(registry.load(ruleset).player_names)
    except LudoError as e:
        raise RecordError(f"bad ruleset in record: {e}") from None


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
