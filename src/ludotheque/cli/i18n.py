"""The words of `ludotheque play` in English and French: one table per language.

    tr("fr", "plays", name="Sud", who="moyen", move="C")   # 'Sud (moyen) joue C'

Only the terminal front end's own sentences live here. What the engine writes (the board,
notation errors, game outcomes) and the game names stay as the engine gives them.
"""
from __future__ import annotations

import os
import re
from typing import Mapping

LANGUAGES = ("en", "fr")

EN: dict[str, str] = {
    "help": "Type a move in notation, or: 'moves' (legal moves), 'undo' (take back your last move), "
            "'help', 'quit'.",
    "preparing": "preparing {game} (the first run after install compiles it: a minute at most)",
    "throw": "throw: [bold]{move}[/bold]",
    "plays": "{name} ({who}) plays [bold cyan]{move}[/bold cyan]",
    "prompt": "{name} ({who}) › ",
    "input_closed": "input closed: game abandoned",
    "abandoned": "game abandoned",
    "legal": "legal: {moves}",
    "game_over": "[bold]Game over:[/bold] {reason}",
    "saved": "record saved: {path}",
    "revenge_title": "Vela (revenge game)",
    "match_rule": "[bold]{title}[/bold] — match {you}-{them}",
    "match_score": "[bold]Match:[/bold] you {you} - {them} {opponent}",
    "no_match": "no match mode for {ruleset} (matches: {matches})",
    "nothing_to_undo": "nothing to undo",
    "taken_back": "move taken back",
    "nothing_of_yours": "nothing of yours to undo",
    "you": "you",
    # the computer levels of --vs
    "level.random": "random",
    "level.easy": "easy",
    "level.medium": "medium",
    "level.hard": "hard",
    "level.expert": "expert",
    # the players as the engines name them (the French rules texts' names)
    "player.South": "South", "player.North": "North",
    "player.Green": "Green", "player.Orange": "Orange",
    "player.Yellow": "Yellow", "player.Blue": "Blue",
    "player.Light": "Light", "player.Dark": "Dark",
    "player.Lions": "Lions", "player.Elephants": "Elephants",
    "player.Hibiscus": "Hibiscus", "player.Jasmine": "Jasmine",
    "player.Player 1 (Y)": "Player 1 (Y)", "player.Player 2 (B)": "Player 2 (B)",
    "player.Puma": "Puma", "player.Alpacas": "Alpacas",
}

FR: dict[str, str] = {
    "help": "Tapez un coup en notation, ou : « coups » (coups légaux), « reprendre » (reprendre "
            "votre dernier coup), « aide », « quitter ».",
    "preparing": "préparation de {game} (la première partie après l'installation le compile : une minute au plus)",
    "throw": "lancer : [bold]{move}[/bold]",
    "plays": "{name} ({who}) joue [bold cyan]{move}[/bold cyan]",
    "prompt": "{name} ({who}) › ",
    "input_closed": "entrée fermée : partie abandonnée",
    "abandoned": "partie abandonnée",
    "legal": "coups légaux : {moves}",
    "game_over": "[bold]Partie terminée :[/bold] {reason}",
    "saved": "partie enregistrée : {path}",
    "revenge_title": "Vela (partie de revanche)",
    "match_rule": "[bold]{title}[/bold] — match {you}-{them}",
    "match_score": "[bold]Match :[/bold] vous {you} - {them} {opponent}",
    "no_match": "pas de match pour {ruleset} (matchs possibles : {matches})",
    "nothing_to_undo": "aucun coup à reprendre",
    "taken_back": "coup repris",
    "nothing_of_yours": "aucun de vos coups à reprendre",
    "you": "vous",
    "level.random": "au hasard",
    "level.easy": "facile",
    "level.medium": "moyen",
    "level.hard": "difficile",
    "level.expert": "expert",
    "player.South": "Sud", "player.North": "Nord",
    "player.Green": "Vert", "player.Orange": "Orange",
    "player.Yellow": "Jaune", "player.Blue": "Bleu",
    "player.Light": "Clair", "player.Dark": "Foncé",
    "player.Lions": "Lions", "player.Elephants": "Éléphants",
    "player.Hibiscus": "Hibiscus", "player.Jasmine": "Jasmin",
    "player.Player 1 (Y)": "Joueur 1 (Y)", "player.Player 2 (B)": "Joueur 2 (B)",
    "player.Puma": "Puma", "player.Alpacas": "Alpagas",
}


def _french_typography(s: str) -> str:
    """A non-breaking space before « : ; ? ! » and inside guillemets, as in the web page."""
    return re.sub(r" ([:;?!»])", "\u00a0\\1", s).replace("« ", "«\u00a0")


FR = {k: _french_typography(v) for k, v in FR.items()}
MESSAGES: dict[str, dict[str, str]] = {"en": EN, "fr": FR}

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


def tr(lang: str, key: str, **params: object) -> str:
    """The message ``key`` in ``lang`` (English if missing), ``{name}`` filled from params."""
    table = MESSAGES.get(lang, EN)
    return table.get(key, EN[key]).format(**params)


def word(lang: str, prefix: str, w: str) -> str:
    """A player or level name in ``lang`` when the table knows it, else unchanged."""
    key = f"{prefix}.{w}"
    return tr(lang, key) if key in EN else w
