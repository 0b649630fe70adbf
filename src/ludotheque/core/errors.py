"""The typed error hierarchy: every bad input raises one of these and changes nothing.

An error a player can meet carries a `Message` of the catalogue (``err.message``): the front
ends say it in the player's language (``err.text("fr")``); ``str(err)`` is its English text,
for library users and logs."""
from __future__ import annotations

from typing import Any

from ..i18n import Message


class LudoError(Exception):
    """Base class of every error ludotheque raises on bad input."""

    def __init__(self, message: str | Message = "") -> None:
        super().__init__(str(message))
        self.message = message if isinstance(message, Message) else None

    def text(self, lang: str = "en") -> str:
        """The explanation in ``lang`` (English for an error the catalogue does not hold)."""
        return self.message.text(lang) if self.message is not None else str(self)

    def __reduce__(self) -> tuple[Any, ...]:     # a pickled error keeps its message
        return (type(self), (self.message if self.message is not None else str(self),))


class RulesetError(LudoError, ValueError):
    """An unknown game, variant, extension, or a bad option in a ruleset id."""


class NotationError(LudoError, ValueError):
    """A move string that does not parse in the game's notation."""


class IllegalActionError(LudoError, ValueError):
    """A well-formed action or move that the rules do not allow here."""


class RecordError(LudoError, ValueError):
    """A malformed game record, or one whose moves do not replay."""


class StateError(RecordError):
    """A raw state array or serialized state that the engine cannot vouch for."""


def quote(text: object, limit: int = 80) -> str:
    """``repr`` of a piece of input for an error message, cut to about ``limit`` characters
    (a hostile input must not flood a log or a terminal)."""
    r = repr(text)
    return r if len(r) <= limit else r[: limit - 3] + "..."


def strict_json(text: object, error: type[LudoError], what: str) -> Any:
    """``json.loads`` raising only ``error``: for what is not text, NaN and Infinity (not
    JSON), a key given twice (which one would count?), nesting too deep and integers too long
    to convert. ``what`` names the text in messages ("JSON record")."""
    import json

    if not isinstance(text, (str, bytes)):
        raise error(f"a {what} is a string, not {type(text).__name__}")

    def no_constant(name: str) -> Any:
        raise error(f"{name} is not a JSON number")

    def no_repeat(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
        out = dict(pairs)
        if len(out) != len(pairs):
            raise error(f"a key is given twice in a {what}")
        return out

    try:
        return json.loads(text, parse_constant=no_constant, object_pairs_hook=no_repeat)
    except (ValueError, RecursionError) as e:   # JSONDecodeError, UnicodeDecodeError are ValueErrors
        if isinstance(e, error):
            raise
        raise error(f"not a {what}: {quote(str(e))}") from None
