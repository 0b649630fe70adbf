"""`ludotheque play`: a game in the terminal, against a friend or the computer."""
from __future__ import annotations

import random
import time
from pathlib import Path
from typing import Callable

from rich.console import Console
from rich.panel import Panel
from rich.text import Text   # a board is plain text: "[blue city]" is no markup

from ..ai.agents import Agent, make_agent
from ..ai.warmup import prepare
from ..core import registry
from ..core.errors import LudoError
from ..core.game import CHANCE, State
from ..core.rules_text import title
from ..records import GameRecord
from .i18n import command_of, default_lang, tr, word
from .paths import data_dir



def ask_terminal(prompt: str, state: State) -> str:
    return input(prompt)


def play(ruleset_id: str, opponent: str = "mcts", human_seat: int = 0, seed: int | None = None,
         console: Console | None = None, read: Callable[[str, State], str] = ask_terminal,
         record_dir: Path | None = None, lang: str | None = None) -> GameRecord:
    """One game; ``lang`` ("en" or "fr", default from the locale) is the language of the
    prompts and messages (the record is the same in both)."""
    console = console or Console()
    lang = lang or default_lang()
    game = registry.load(ruleset_id)
    with console.status(tr(lang, "preparing", game=game.name)):    # instant once warm
        prepare(game)
    seed = seed if seed is not None else random.randrange(1 << 30)
    chance_rng = random.Random(seed)
    agent: Agent | None = None if opponent == "human" else make_agent(opponent, seed)
    names = [word(lang, "player", n) for n in game.player_names]
    shown = {"you": tr(lang, "you"), opponent: word(lang, "level", opponent)}
    players = ["you", "you"] if agent is None else (
        ["you", opponent] if human_seat == 0 else [opponent, "you"])
    history: list[tuple[State, int, float]] = []
    state = game.initial_state(seed)
    console.print(f"[bold]{title(game.id, lang)}[/bold] ({game.id}) — {tr(lang, 'help')}")
    while not state.is_terminal:
        p = state.current_player
        if p == CHANCE:
            actions, probs = zip(*state.chance_outcomes())
            a = chance_rng.choices(actions, probs)[0]
            console.print(tr(lang, "throw", move=state.move_to_string(a)))
            history.append((state, a, 0.0))
            state = state.apply(a)
            continue
        if agent is not None and p != human_seat:
            t0 = time.perf_counter()
            a = agent.choose(state)
            console.print(tr(lang, "plays", name=names[p], who=shown[opponent], move=state.move_to_string(a)))
            history.append((state, a, time.perf_counter() - t0))
            state = state.apply(a)
            continue
        console.print(Panel(Text(state.to_text(lang)), expand=False))
        t0 = time.perf_counter()
        try:
            text = read(tr(lang, "prompt", name=names[p], who=shown[players[p]]), state).strip()
        except EOFError:
            console.print(tr(lang, "input_closed"))
            break
        cmd = command_of(text)
        if cmd == "quit":
            console.print(tr(lang, "abandoned"))
            break
        if cmd == "help":
            console.print(tr(lang, "help"))
            continue
        if cmd == "moves":
            console.print(tr(lang, "legal", moves=" ".join(state.move_to_string(a) for a in state.legal_actions())))
            continue
        if cmd == "undo":
            state, history = _undo(state, history, agent, human_seat, console, lang)
            continue
        try:
            turn = state.parse_turn(text)        # one action, or a whole turn (a chain)
            steps, s = [], state
            for a in turn:
                steps.append((s, a))
                s = s.apply(a)
        except LudoError as e:
            console.print(Text(e.text(lang), style="red"))     # the player's text is no markup
            continue
        took = time.perf_counter() - t0
        history += [(before, a, took / len(steps)) for before, a in steps]
        state = s
    record = GameRecord(game.id, [a for _, a, _ in history], players,
                        seconds=[round(t, 3) for _, _, t in history])
    console.print(Panel(Text(state.to_text(lang)), expand=False))
    out = state.outcome()
    if out:
        console.print(tr(lang, "game_over", reason=out.message.text(lang)))
    path = save_record(record, record_dir)
    console.print(tr(lang, "saved", path=str(path)))
    return record


#: a match alternates a game with its "revenge" game (rules FV-C2): after a main game, the
#: loser plays the revenge game as player 0 until he wins one; then back to the main game.
MATCHES = {"fanorona": "fanorona/vela"}


def play_match(ruleset_id: str, opponent: str = "mcts", human_seat: int = 0,
               seed: int | None = None, console: Console | None = None,
               read: Callable[[str, State], str] = ask_terminal, record_dir: Path | None = None,
               max_games: int = 0, lang: str | None = None) -> list[GameRecord]:
    """Fanorona, then Vela games won by the Fanorona loser, and so on, until a game is
    abandoned (or ``max_games`` games are played)."""
    console = console or Console()
    lang = lang or default_lang()
    main = registry.load(ruleset_id)
    base = main.id.split("?")[0].split("+")[0]
    if base not in MATCHES:
        raise LudoError(tr(lang, "no_match", ruleset=main.id, matches=", ".join(MATCHES)))
    revenge = MATCHES[base]
    seed = seed if seed is not None else random.randrange(1 << 30)
    records: list[GameRecord] = []
    score = [0, 0]                      # [you, computer or friend]
    current, seat, avenger = main.id, human_seat, None   # avenger: True if you play green
    while not max_games or len(records) < max_games:
        heading = tr(lang, "revenge_title") if avenger is not None else title(current, lang)
        console.rule(tr(lang, "match_rule", title=heading, you=score[0], them=score[1]))
        rec = play(current, opponent, seat, seed + len(records), console, read, record_dir, lang)
        records.append(rec)
        winner = rec.final_state().outcome()
        if winner is None:              # abandoned
            break
        if winner.winner is not None:
            score[0 if winner.winner == seat else 1] += 1
        if avenger is None:             # a main game ended
            if winner.winner is None:
                continue                # a draw: play the main game again
            avenger = winner.winner != seat   # you lost: you take green
            current, seat = revenge, 0 if avenger else 1
        elif winner.winner == 0:        # green (the avenger) won: back to the main game
            current, seat, avenger = main.id, human_seat, None
    console.print(tr(lang, "match_score", you=score[0], them=score[1], opponent=word(lang, "level", opponent)))
    return records


def _undo(state: State, history: list[tuple[State, int, float]], agent: Agent | None,
          human_seat: int, console: Console, lang: str = "en") -> tuple[State, list[tuple[State, int, float]]]:
    """Takes back the last human action, and the computer's replies after it."""
    if not history:
        console.print(tr(lang, "nothing_to_undo"))
        return state, history
    while history:
        prev, _, _ = history.pop()
        mover = prev.current_player
        if agent is None or mover == human_seat:
            console.print(tr(lang, "taken_back"))
            return prev, history
    console.print(tr(lang, "nothing_of_yours"))
    return state, history


def save_record(record: GameRecord, directory: Path | None = None) -> Path:
    directory = directory or data_dir() / "games"
    directory.mkdir(parents=True, exist_ok=True)
    stamp = time.strftime("%Y%m%d-%H%M%S")
    name = record.ruleset.replace("/", "-").replace("?", "_").replace("&", "_").replace("+", "_")
    path = directory / f"{stamp}-{name}.ogn"
    n = 1
    while path.exists():
        n += 1
        path = directory / f"{stamp}-{name}-{n}.ogn"
    path.write_text(record.to_text(), encoding="utf-8")
    return path

