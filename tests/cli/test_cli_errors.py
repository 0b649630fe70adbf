"""Bad command lines get one line on stderr and a non-zero exit, never a traceback (issue 15);
`ludotheque soak` checks the invariants of every ruleset."""
import json
import os
import subprocess
import sys

import pytest

import ludotheque
from ludotheque.cli.soak import soak
from ludotheque.records import GameRecord


def run(*args, cwd=None):
    env = {**os.environ, "COLUMNS": "200", "LANG": "C.UTF-8"}
    env.pop("LUDOTHEQUE_DEBUG", None)
    return subprocess.run([sys.executable, "-m", "ludotheque.cli.main", *args], input="",
                          capture_output=True, text=True, timeout=600, env=env, cwd=cwd)


def assert_one_line_error(out, *words):
    assert out.returncode not in (0, 1), out        # 1 is Python's exit on a traceback
    assert "Traceback" not in out.stderr
    lines = out.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("ludotheque: error:"), out.stderr
    assert len(lines[0]) < 600 and "internal error" not in lines[0]
    for w in words:
        assert w in lines[0]


@pytest.fixture(scope="module")
def files(tmp_path_factory):
    d = tmp_path_factory.mktemp("records")
    (d / "latin1.ogn").write_bytes('[Ruleset "oware"]\n[South "Zoé"]\n\n1. C *\n'.encode("latin-1"))
    (d / "illegal.ogn").write_text('[Ruleset "oware"]\n\n1. C C\n')
    (d / "tags.json").write_text('{"format": "ludotheque-record", "ruleset": "oware", "actions": [], "tags": 7}')
    (d / "deep.json").write_text("{" + "[" * 100_000)
    (d / "huge-option.ogn").write_text('[Ruleset "oware?max_plies=9223372036854775808"]\n\n*\n')
    os.mkfifo(d / "fifo")                          # no writer: reading it would wait forever
    return d


@pytest.mark.parametrize("args, words", [
    (["play", "oware", "--vs", "bogus"], ["unknown agent 'bogus'"]),
    (["play", "oware", "--vs", "mcts:inf"], ["unknown agent"]),
    (["play", "oware", "--vs", "mcts:1e9"], ["unknown agent", "at most 3600 s"]),
    (["play", "oware", "--vs", "alphabeta:d1000"], ["unknown agent", "depth 64"]),
    (["play", "oware", "--vs", "mcts:" + "9" * 5000 + "p"], ["unknown agent", "..."]),
    (["play", "oware?max_plies=9223372036854775808"], ["max_plies"]),
    (["replay", "{dir}"], ["cannot read", "directory"]),
    (["replay", "{dir}/missing.ogn"], ["cannot read"]),
    (["replay", "{dir}/latin1.ogn"], ["not UTF-8"]),
    (["replay", "{dir}/illegal.ogn"], ["move 2"]),
    (["replay", "{dir}/tags.json"], ["tags"]),
    (["replay", "{dir}/deep.json"], ["JSON"]),
    (["replay", "{dir}/huge-option.ogn"], ["max_plies"]),
    (["analyse", "{dir}/latin1.ogn"], ["not UTF-8"]),
    (["analyse", "{dir}/illegal.ogn"], ["move 2"]),
    (["analyse", "{dir}", "--seconds", "0"], ["--seconds"]),
    (["bench", "oware", "--seconds", "0"], ["--seconds"]),
    (["bench", "oware", "--seconds", "nan"], ["--seconds"]),
    (["soak", "oware", "--plies", "0"], ["--plies"]),
    (["soak", "nope"], ["unknown game"]),
    (["replay", "{dir}/fifo"], ["cannot read", "not a regular file"]),
    (["analyse", "{dir}/fifo"], ["cannot read", "not a regular file"]),
    (["bench", "oware", "--seconds", "1e9"], ["--seconds", "at most 3600"]),
    (["analyse", "{dir}/illegal.ogn", "--seconds", "1e9"], ["--seconds", "at most 3600"]),
    (["solve", "oware"], ["oware has no solver"]),
    (["solve", "puluc"], ["puluc has no solver"]),
    (["solve", "konane?size=14"], ["too large to solve"]),
    (["warmup", "--jobs", "0"], ["--jobs is at least 1"]),
    (["serve", "--db", "{dir}"], ["--db", "folder"]),
    (["serve", "--db", "{dir}/latin1.ogn"], ["--db", "not an SQLite database"]),
    (["serve", "--db", "{dir}/new.sqlite", "--port", "99999"], ["--port is 1 to 65535"]),
    (["serve", "--db", "{dir}/new.sqlite", "--port", "-1"], ["--port is 1 to 65535"]),
    (["serve", "--db", "{dir}/new.sqlite", "--host", "256.1.1.1"], ["cannot listen on 256.1.1.1"]),
    (["selfplay", "oware", "--agent", "random", "--games", "1", "--out", "{dir}/sp", "--opening", "100000"],
     ["the opening"]),
    (["selfplay", "oware", "--agent", "random", "--games", "1", "--out", "{dir}/sp", "--jobs", "1",
      "--opening", "2000", "--json"], ["every opening of 2000 random actions ends the game"]),
    (["arena", "oware", "--agents", "random", "greedy", "--out", "{dir}/arena", "--opening", "100000"],
     ["the opening"]),
])
def test_bad_command_lines_get_one_line_on_stderr(args, words, files):
    out = run(*[a.replace("{dir}", str(files)) for a in args])
    assert_one_line_error(out, *words)
    assert out.stdout == ""


@pytest.mark.parametrize("bad", [["--max-actions", "-5"], ["--games", "0"], ["--workers", "0"],
                                 ["--seconds-per-move", "0"], ["--opening", "-1"], ["--start", "zz"]])
def test_arena_checks_every_argument_before_making_its_folder(bad, tmp_path):
    out = run("arena", "oware", "--agents", "random", "greedy", "--out", str(tmp_path / "out"), *bad)
    assert_one_line_error(out)
    assert not (tmp_path / "out").exists()


def test_arena_with_a_bad_agent_or_ruleset_makes_no_default_folder(tmp_path):
    for args in (["oware", "--agents", "random", "bogus"], ["nope", "--agents", "random", "greedy"]):
        out = run("arena", *args, cwd=tmp_path)
        assert_one_line_error(out)
    assert list(tmp_path.iterdir()) == []


# -- soak -------------------------------------------------------------------------------------

def test_soak_reports_a_broken_invariant(monkeypatch):
    game = ludotheque.load("oware")
    monkeypatch.setattr(type(game), "conserved", lambda self, state: int(state.data[0]))
    report = soak("oware", 50)
    assert report.failures and "conserved quantity" in report.failures[0]
    assert '"ludotheque-state"' in report.failures[0]      # with the state, to reproduce it


def test_soak_command_prints_one_json_line_per_ruleset():
    out = run("soak", "oware", "konane", "--plies", "300", "--seed", "2")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.strip().splitlines()
    reports = [json.loads(line) for line in lines]
    assert [r["ruleset"] for r in reports] == ["oware", "konane"]
    assert all(r["plies"] == 300 and r["failures"] == [] and r["plies_per_second"] > 0 for r in reports)


def test_soak_checks_that_records_round_trip():
    # the check a finished game gets: the same record from JSON and text
    report = soak("oware?max_plies=20", 200)
    assert report.games >= 5 and report.failures == []
    rec = GameRecord("oware?max_plies=20", [2, 5, 1])
    assert GameRecord.from_text(rec.to_text()).actions == [2, 5, 1]
