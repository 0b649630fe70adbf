"""Every sentence a player reads, in one catalogue per language: ``en.json`` and ``fr.json``.

The engines and the server say *what* to tell the player as a `Message` (an id and its
arguments); the front ends (the terminal, the web page, which fetches the same catalogues)
say it in the player's language:

    m = msg("end.wins", player=player("South"))
    m.text("fr")                                   # 'Victoire de Sud'

An argument is text, a number, or another message (a player's name, a part of a sentence).

A word that agrees with an argument is written ``{arg|singular|plural}``: ``"{n} {n|seed|seeds}"``,
``"{player} {player|wins|win}"``. A number is plural by the language's rule (French: 0 and 1 are
singular); a message is plural when the catalogue says ``"number.<its id>": "plural"``
(``number.player.Elephants``); any other text is singular.
"""
from __future__ import annotations

import json
import re
from dataclasses import dataclass
from functools import lru_cache
from importlib import resources
from typing import Any, Union

__all__ = ["LANGUAGES", "Arg", "Message", "msg", "player", "catalogue", "translate", "plural"]

LANGUAGES = ("en", "fr")
_PLACEHOLDER = re.compile(r"\{(\w+)(?:\|([^{}|]*)\|([^{}|]*))?\}")
#: whether a count takes the singular, by language
_SINGULAR = {"en": lambda n: n == 1, "fr": lambda n: -2 < n < 2}

Arg = Union[str, int, float, "Message"]


@dataclass(frozen=True)
class Message:
    """A sentence to show: its catalogue id and its arguments (name, value) in order."""

    id: str
    args: tuple[tuple[str, Arg], ...] = ()

    def text(self, lang: str = "en") -> str:
        """The sentence in ``lang`` (English where the catalogue of ``lang`` lacks it)."""
        return translate(lang, self.id, dict(self.args))

    def to_json(self) -> dict[str, Any]:
        """``{"id": ..., "args": {...}}``, nested messages likewise: what the web page reads."""
        return {"id": self.id,
                "args": {k: v.to_json() if isinstance(v, Message) else v for k, v in self.args}}

    def __str__(self) -> str:
        return self.text("en")


def msg(message_id: str, **args: Arg) -> Message:
    return Message(message_id, tuple(args.items()))


def player(name: str) -> Message:
    """A player as the rules name him ("South", "Lions"): ``player.South`` in the catalogue."""
    return Message(f"player.{name}")


def _french_typography(s: str) -> str:
    """A non-breaking space before « : ; ? ! » and inside guillemets."""
    return re.sub(r" ([:;?!»])", "\u00a0\\1", s).replace("« ", "«\u00a0")


@lru_cache(maxsize=None)
def catalogue(lang: str) -> dict[str, str]:
    """The messages of ``lang``: id -> text with ``{name}`` placeholders. KeyError for a
    language the project does not speak."""
    if lang not in LANGUAGES:
        raise KeyError(f"no catalogue for {lang!r} (languages: {', '.join(LANGUAGES)})")
    raw = resources.files(__package__).joinpath(f"{lang}.json").read_text(encoding="utf-8")
    table: dict[str, str] = json.loads(raw)
    if lang == "fr":
        table = {k: _french_typography(v) for k, v in table.items()}
    return table


def translate(lang: str, message_id: str, args: dict[str, Arg] | None = None) -> str:
    """The message ``message_id`` in ``lang`` (else English, else the id itself), its
    placeholders filled from ``args`` (messages among them translated too)."""
    table = catalogue(lang if lang in LANGUAGES else "en")
    template = table.get(message_id)
    if template is None:
        template = catalogue("en").get(message_id, message_id)
    values = args or {}

    def fill(m: re.Match[str]) -> str:
        v = values.get(m.group(1))
        if v is None:
            return m.group(0)
        if m.group(2) is not None:          # {arg|singular|plural}
            return m.group(3) if plural(lang, v) else m.group(2)
        return v.text(lang) if isinstance(v, Message) else str(v)

    return _PLACEHOLDER.sub(fill, template)


def plural(lang: str, value: Arg) -> bool:
    """Whether words agreeing with ``value`` take their plural form in ``lang``."""
    lang = lang if lang in LANGUAGES else "en"
    if isinstance(value, Message):
        key = f"number.{value.id}"
        return catalogue(lang).get(key, catalogue("en").get(key)) == "plural"
    if isinstance(value, str):
        try:
            value = float(value)
        except ValueError:
            return False
    return not _SINGULAR[lang](value)
