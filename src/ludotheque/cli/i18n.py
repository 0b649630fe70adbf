"""The words of `ludotheque play` in English and French, from the project's one catalogue per
language (ludotheque/i18n/en.json, fr.json; the web page reads the same files):

    tr("fr", "plays", name="Sud", who="moyen", move="C")   # 'Sud (moyen) joue C'

The terminal's own sentences are the catalogue's ``cli.*`` messages; what the engines say (the
board's labels, prompts, outcomes) comes as messages of the same catalogue.
"""
from __future__ import annotations

import os
from typing import Mapping

from ..i18n import LANGUAGES, catalogue, translate

__all__ = ["LANGUAGES", "command_of", "default_lang", "tr", "word"]

#: what a player may type, in either language: command -> the words that say it
COMMANDS: dict[str, tuple[str, ...]] = {
    "quit": ("quit", "resign", "exit", "quitter", "abandonner"),
    "help": ("help", "?", "aide"),
    "moves": ("moves", "coups"),
    "undo": ("undo", "reprendre"),
}


def command_of(text: str) -> str | None:
    """The command typed (``quit``, ``help``, ``moves``, ``undo``), whatever the language."""
    low = text.strip().lower()
    for cmd, words in COMMANDS.items():
        if low in words:
            return cmd
    return None


def default_lang(environ: Mapping[str, str] | None = None) -> str:
    """French when the locale (LC_ALL, then LC_MESSAGES, then LANG) is French, else English."""
    env = os.environ if environ is None else environ
    for var in ("LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if value:
            return "fr" if value.lower().startswith("fr") else "en"
    return "en"


def tr(lang: str, key: str, **params: str | int) -> str:
    """The terminal's message ``cli.<key>`` in ``lang`` (English if missing), ``{name}``
    placeholders filled from params."""
    return translate(lang, f"cli.{key}", dict(params))


def word(lang: str, prefix: str, w: str) -> str:
    """A player or level name in ``lang`` when the catalogue knows it, else unchanged."""
    key = f"{prefix}.{w}"
    return translate(lang, key) if key in catalogue("en") else w
