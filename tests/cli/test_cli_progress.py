"""Progress on the long commands (quiet with --json), --version, `list` off a terminal, and
arena records in the record format `play` writes."""
import json
import random
import re

import pytest

import ludotheque
from ludotheque.ai.arena import schedule
from ludotheque.cli.main import main
from ludotheque.records import GameRecord

ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


def test_version(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    assert capsys.readouterr().out.strip() == f"ludotheque {ludotheque.__version__}"


def test_list_off_a_terminal_prints_one_whole_line_per_ruleset(capsys):
    assert main(["list"]) == 0
    lines = capsys.readouterr().out.splitlines()
    infos = ludotheque.rulesets()
    assert len(lines) == len(infos)
    for line, ri in zip(lines, infos):
        rid, title, exts, opts, description = line.split("\t")
        assert (rid, title, description) == (ri.name, ri.title, ri.description)
        assert opts.split() == [f"{o.name}={o.default}" for o in ri.options]
        assert exts.split() == [f"+{e}" for e in ri.extensions]


def test_arena_shows_progress_and_writes_ogn_records_in_schedule_order(tmp_path, capsys):
    out = tmp_path / "arena"
    agents = ["random", "greedy", "alphabeta:d1"]
    assert main(["arena", "fanorona/telo", "--agents", *agents, "--games", "2", "--workers", "1",
                 "--seed", "5", "--out", str(out)]) == 0
    assert "6/6" in capsys.readouterr().err
    records = sorted(out.glob("*.ogn"))
    assert [p.name[:4] for p in records] == [f"{i:04d}" for i in range(1, 7)]
    assert not list(out.glob("*.txt"))
    for path, pairing in zip(records, schedule(agents, 2, 5)):
        record = GameRecord.parse(path.read_text())
        assert record.players == [pairing.first, pairing.second]
        assert record.tags["Seed"] == str(pairing.seed)
    assert main(["arena", "fanorona/telo", "--agents", *agents, "--games", "2", "--workers", "1",
                 "--out", str(tmp_path / "quiet"), "--json"]) == 0
    assert capsys.readouterr().err == ""


def test_analyse_shows_progress_per_move(tmp_path, capsys):
    state, actions, rng = ludotheque.load("fanorona/telo").initial_state(), [], random.Random(2)
    while len(actions) < 6 and not state.is_terminal:
        actions.append(rng.choice(state.legal_actions()))
        state = state.apply(actions[-1])
    path = tmp_path / "game.ogn"
    path.write_text(GameRecord("fanorona/telo", actions).to_text())
    assert main(["analyse", str(path), "--seconds", "0.02"]) == 0
    assert f"{len(actions)}/{len(actions)}" in capsys.readouterr().err
    assert main(["analyse", str(path), "--seconds", "0.02", "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == "" and len(json.loads(captured.out)) == len(actions)


def test_selfplay_shows_progress(tmp_path, capsys):
    assert main(["selfplay", "fanorona/telo", "--agent", "random", "--games", "3", "--jobs", "1",
                 "--out", str(tmp_path / "run")]) == 0
    captured = capsys.readouterr()
    assert "3/3" in captured.err and re.search(r"3 games, \d+ examples in 1 shard in", captured.out)


def test_solve_shows_a_spinner_on_a_terminal_and_nothing_with_json(capsys, monkeypatch):
    monkeypatch.setenv("FORCE_COLOR", "1")            # stderr counts as a terminal
    assert main(["solve", "fanorona/telo"]) == 0
    captured = capsys.readouterr()
    assert "solving fanorona/telo" in ANSI.sub("", captured.err)
    assert "win for the player to move" in ANSI.sub("", captured.out)
    assert main(["solve", "fanorona/telo", "--json"]) == 0
    captured = capsys.readouterr()
    assert captured.err == "" and json.loads(captured.out)["value"] == 1
