"""The typed error hierarchy: every bad input raises one of these and changes nothing."""


class LudoError(Exception):
    """Base class of every error ludotheque raises on bad input."""


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
