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
