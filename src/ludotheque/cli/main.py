"""`ludotheque` — list, rules, play, replay, bench, solve, serve, copy-store, warmup, arena, analyse,
selfplay."""
from __future__ import annotations

import argparse
import json
import os
import sys

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..core import registry
from ..core.errors import LudoError
from ..core.rules_text import LANGUAGES, rules_text
from ..records import GameRecord
from .. import __version__
from . import ai_commands
from . import copy_store, selfplay, serve, soak, warmup
from .errors import UsageError, fail
from .i18n import default_lang, tr, word
from .progress import progress_bar


def cmd_list(args: argparse.Namespace, console: Console) -> int:
    from ..core.rules_text import title
    from ..i18n import translate
    lang = args.lang
    infos = registry.rulesets()

    def description(ri: registry.RulesetInfo) -> str:      # the registry's English, else the catalogue's
        key = f"ruleset.{ri.name}.description"
        text = translate(lang, key)
        return ri.description if text == key else text

    def extensions(ri: registry.RulesetInfo, sep: str) -> str:
        return sep.join(f"+{e} ({translate(lang, f'extension.{e}')})" if lang != "en" else f"+{e}"
                        for e in ri.extensions)

    if args.json:
        print(json.dumps([{
            "id": ri.name, "title": title(ri.name, lang), "description": description(ri),
            "extensions": list(ri.extensions),
            "extension_names": {e: translate(lang, f"extension.{e}") for e in ri.extensions},
            "options": {o.name: {"default": o.default, "choices": list(o.choices), "help": o.help}
                        for o in ri.options},
        } for ri in infos], indent=1))
        return 0
    if not console.is_terminal:           # piped: one ruleset a line, tab-separated fields
        for ri in infos:
            print("\t".join((ri.name, title(ri.name, lang), extensions(ri, " "),
                             " ".join(f"{o.name}={o.default}" for o in ri.options), description(ri))))
        return 0
    table = Table(title=tr(lang, "list_title"))
    wide = console.width >= 120           # on a narrow terminal the descriptions make way,
    table.add_column("id", no_wrap=True)  # and titles go under the ids: ids and options are
    if wide:                              # what one types, never cut them
        table.add_column(tr(lang, "list_game"), overflow="fold")
        table.add_column(tr(lang, "list_description"), overflow="fold")
    table.add_column(tr(lang, "list_extensions"), no_wrap=True)
    table.add_column(tr(lang, "list_options"), no_wrap=True)
    for ri in infos:
        opts = "\n".join(f"{o.name}={o.default}" for o in ri.options)
        name = title(ri.name, lang)
        first = [ri.name, name, description(ri)] if wide else [f"{ri.name}\n[dim]{name}[/dim]"]
        table.add_row(*first, extensions(ri, "\n"), opts)
    console.print(table)
    return 0


def cmd_rules(args: argparse.Namespace, console: Console) -> int:
    from rich.markdown import Markdown
    console.print(Markdown(rules_text(args.ruleset, args.lang)))
    return 0


def cmd_play(args: argparse.Namespace, console: Console) -> int:
    from ..ai.agents import make_agent
    from .play import play, play_match
    registry.load(args.ruleset)  # a bad id or opponent fails before anything starts
    if args.vs != "human":
        try:
            make_agent(args.vs)
        except ValueError as e:
            raise UsageError(str(e)) from None
    if args.match:
        play_match(args.ruleset, args.vs, 1 if args.second else 0, args.seed, console, lang=args.lang)
    else:
        play(args.ruleset, args.vs, 1 if args.second else 0, args.seed, console, lang=args.lang)
    return 0


def cmd_replay(args: argparse.Namespace, console: Console) -> int:
    lang = args.lang or default_lang()
    record = GameRecord.read_file(args.file)
    states = record.states()
    names = [word(lang, "player", n) for n in states[0].game.player_names]
    for i, (s, a) in enumerate(zip(states, record.actions), start=1):
        move = s.move_to_string(a)
        console.print(f"{i:4d}. " + (tr(lang, "throw", move=move) if s.current_player < 0 else
                                     f"{names[s.current_player]} {move}"))
        if args.boards:
            console.print(Text(states[i].to_text(lang)))
    console.print(Text(states[-1].to_text(lang)))     # plain text: "[blue city]" is no markup
    out = states[-1].outcome()
    console.print(tr(lang, "replay_result", result=out.result(), reason=out.message.text(lang))
                  if out else tr(lang, "replay_unfinished"))
    return 0


def cmd_bench(args: argparse.Namespace, console: Console) -> int:
    from .bench import MAX_SECONDS, bench_ruleset
    if not 0 < args.seconds <= MAX_SECONDS:
        raise UsageError(f"--seconds is a positive number of at most {MAX_SECONDS:.0f}, not {args.seconds}")
    ids = args.rulesets or [ri.name for ri in registry.rulesets()]
    results = []
    for rid in ids:
        r = bench_ruleset(rid, args.seconds)
        results.append(r)
        if not args.json:
            console.print(f"{r['ruleset']:28s} {r['playouts_per_second']:>12,.0f} playouts/s "
                          f"{r['actions_per_second']:>14,.0f} actions/s  mean length {r['mean_game_length']}")
    if args.json:
        print(json.dumps(results, indent=1))
    return 0


def cmd_solve(args: argparse.Namespace, console: Console) -> int:
    game = registry.load(args.ruleset)
    try:
        with progress_bar(args.json, counted=False) as bar:
            bar.add_task(f"solving {game.id}")
            result = game.solve()
    except NotImplementedError as e:      # no solver, or too large to solve
        raise UsageError(str(e)) from None
    if args.json:
        print(json.dumps(result, indent=1))
        return 0
    names = {1: "win", 0: "draw", -1: "loss"}
    console.print(f"{game.id}: start position is a {names[result['value']]} for the player to move "
                  f"({result['positions']:,} positions, {result['seconds']:.1f} s)")
    for move, value in result["moves"].items():
        console.print(f"  {move:12s} {names[value]}")
    return 0


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="ludotheque", description="Traditional board games of Africa and the Americas.")
    p.add_argument("--version", action="version", version=f"ludotheque {__version__}")
    sub = p.add_subparsers(dest="command", required=True)
    s = sub.add_parser("list", help="every ruleset with a one-line description")
    s.add_argument("--json", action="store_true")
    s.add_argument("--lang", choices=LANGUAGES, default="en",
                   help="language of the titles, descriptions and extension names")
    s.set_defaults(func=cmd_list)
    s = sub.add_parser("rules", help="the rules, written for players")
    s.add_argument("ruleset")
    s.add_argument("--lang", choices=LANGUAGES, default="en")
    s.set_defaults(func=cmd_rules)
    s = sub.add_parser("play", help="play in the terminal")
    s.add_argument("ruleset", nargs="?", default="oware")
    s.add_argument("--vs", default="medium",
                   help="human, random, easy, medium, hard, expert, greedy, mcts[:SECONDS or :Np], alphabeta[:SECONDS or :dN]")
    seat = s.add_mutually_exclusive_group()
    seat.add_argument("--first", action="store_true", help="you move first (default)")
    seat.add_argument("--second", action="store_true", help="the computer moves first")
    s.add_argument("--seed", type=int, default=None)
    s.add_argument("--match", action="store_true",
                   help="Fanorona match: after each Fanorona game the loser plays Vela as green until he wins one")
    s.add_argument("--lang", choices=LANGUAGES, default=None,
                   help="language of the prompts and messages (default: from LC_ALL / LANG, French if fr*, else English)")
    s.set_defaults(func=cmd_play)
    s = sub.add_parser("replay", help="replay a record (JSON or text), re-validating every move")
    s.add_argument("file")
    s.add_argument("--boards", action="store_true", help="print the board after every move")
    s.add_argument("--lang", choices=LANGUAGES, default=None,
                   help="language of the boards and the result (default: as for play)")
    s.set_defaults(func=cmd_replay)
    s = sub.add_parser("bench", help="compiled random playouts per second, one core")
    s.add_argument("rulesets", nargs="*")
    s.add_argument("--seconds", type=float, default=3.0)
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_bench)
    s = sub.add_parser("solve", help="exact game-theoretic values of a small game")
    s.add_argument("ruleset")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_solve)
    serve.add_parser(sub)
    copy_store.add_parser(sub)
    warmup.add_parser(sub)
    ai_commands.add_parsers(sub)
    soak.add_parser(sub)
    selfplay.add_parser(sub)
    return p


def main(argv: list[str] | None = None) -> int:
    args = parser().parse_args(argv)
    console = Console()
    try:
        return int(args.func(args, console))
    except (LudoError, UsageError, OSError) as e:
        return fail(str(e))
    except KeyboardInterrupt:
        return 130
    except Exception as e:              # a bug: still one line, the traceback on demand
        if os.environ.get("LUDOTHEQUE_DEBUG"):
            raise
        return fail(f"internal error ({type(e).__name__}: {e}); LUDOTHEQUE_DEBUG=1 shows the traceback")


if __name__ == "__main__":
    sys.exit(main())
