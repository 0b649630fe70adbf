"""The `ludotheque` command, run as a user would."""
import json
import re

import ludotheque
import os
import subprocess
import sys

from ludotheque.cli.main import main
from ludotheque.records import GameRecord


def run(*args, stdin="", **locale):
    env = {k: v for k, v in os.environ.items() if k not in ("LC_ALL", "LC_MESSAGES", "LANG")}
    env.update({"COLUMNS": "200", "LANG": "C.UTF-8", **locale})
    return subprocess.run([sys.executable, "-m", "ludotheque.cli.main", *args], input=stdin,
                          capture_output=True, text=True, timeout=300, env=env)


def test_list_shows_every_ruleset(capsys):
    assert main(["list", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert "oware" in [d["id"] for d in data]
    assert all(d["description"] for d in data)


def test_list_in_french_gives_french_titles_descriptions_and_extension_names(capsys):
    assert main(["list", "--json", "--lang", "fr"]) == 0
    data = {d["id"]: d for d in json.loads(capsys.readouterr().out)}
    assert data["oware"]["description"].startswith("Le mancala à deux rangées du Ghana")
    assert data["dara"]["extension_names"] == {"heroes": "Héros", "hut": "Hutte du chaman"}
    assert data["awithlaknannai/serpents"]["title"] == "Serpents Combattants"
    assert main(["list", "--lang", "fr"]) == 0              # piped: one ruleset a line
    line = next(x for x in capsys.readouterr().out.splitlines() if x.startswith("yote\t"))
    assert "+caravan (Caravane royale)" in line and "Les chameaux d'Afrique de l'Ouest" in line
    assert main(["list", "--json"]) == 0                    # English by default, as before
    assert "Ghana" in next(d for d in json.loads(capsys.readouterr().out) if d["id"] == "oware")["description"]


def test_list_on_a_narrow_terminal_keeps_ids_titles_and_options_whole(capsys, monkeypatch):
    monkeypatch.setenv("COLUMNS", "80")
    monkeypatch.setenv("FORCE_COLOR", "1")            # stdout counts as a terminal
    assert main(["list"]) == 0
    out = re.sub(r"\x1b\[[0-9;]*m", "", capsys.readouterr().out)
    for ri in ludotheque.rulesets():
        assert f"│ {ri.name} " in out
        if len(ri.title) < 30:                        # titles sit whole under the ids
            assert f"│ {ri.title} " in out
    assert "no_capture_draw=" in out and "…" not in out


def test_rules_in_english_and_french(capsys):
    assert main(["rules", "oware"]) == 0
    assert "Harvest" in capsys.readouterr().out
    assert main(["rules", "oware", "--lang", "fr"]) == 0
    assert "Récolte" in capsys.readouterr().out


def test_bad_ruleset_is_a_clear_error(capsys):
    assert main(["rules", "oware/nope"]) == 2
    assert "unknown game" in capsys.readouterr().err
    assert main(["play", "oware?grand_slam=no"]) == 2


def test_bench_json_reports_playouts(capsys):
    assert main(["bench", "oware", "--seconds", "0.5", "--json"]) == 0
    (r,) = json.loads(capsys.readouterr().out)
    assert r["ruleset"] == "oware" and r["playouts"] > 0
    assert r["playouts_per_second"] > 0 and 20 < r["mean_game_length"] < 400


def test_play_against_random_with_errors_undo_and_saved_record(tmp_path):
    moves = "C\nzz\nmoves\nundo\nD\n" + "\n".join("ABCDEF" * 60) + "\n"
    out = run("play", "oware", "--vs", "random", "--seed", "3", stdin=moves)
    assert out.returncode == 0, out.stderr
    assert "is not an Oware move" in out.stdout and "legal:" in out.stdout
    assert "move taken back" in out.stdout and "Game over" in out.stdout
    path = out.stdout.split("record saved:")[1].split()[0]
    rec = GameRecord.from_text(open(path, encoding="utf-8").read())
    assert rec.players == ["you", "random"] and rec.result() != "*"
    assert rec.moves()[0] == "D"          # C was taken back


def test_play_second_the_computer_opens():
    out = run("play", "oware", "--vs", "random", "--second", "--seed", "1", stdin="quit\n")
    assert "South (random) plays" in out.stdout and "game abandoned" in out.stdout


def test_replay_prints_moves_and_result(tmp_path, capsys):
    rec = GameRecord("oware?max_plies=6", [2, 0, 3, 1, 5, 5])
    path = tmp_path / "g.ogn"
    path.write_text(rec.to_text())
    assert main(["replay", str(path), "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "South C" in out and "Result: 0-1 — move limit reached" in out
    bad = tmp_path / "bad.ogn"
    bad.write_text('[Ruleset "oware"]\n\n1. C C\n')  # C is North's turn: c-f only
    assert main(["replay", str(bad)]) == 2
    assert "move 2" in capsys.readouterr().err


def test_replay_in_french_names_players_boards_and_result_in_french(tmp_path, capsys):
    path = tmp_path / "g.ogn"
    path.write_text(GameRecord("oware?max_plies=6", [2, 0, 3, 1, 5, 5]).to_text())
    assert main(["replay", str(path), "--lang", "fr"]) == 0
    out = capsys.readouterr().out
    assert "Sud C" in out and "Résultat" in out
    assert "South" not in out and "Result:" not in out and "store" not in out.lower()


def test_solve_without_solver_says_so(capsys):
    assert main(["solve", "oware"]) == 2
    out = capsys.readouterr()
    assert "no solver" in out.err and out.out == ""


def test_fanorona_match_the_loser_plays_vela_as_green_until_he_wins(tmp_path):
    import random as _random

    from rich.console import Console

    from ludotheque.cli.play import play_match

    rng = _random.Random(1)

    def random_human(prompt, state):
        return state.move_to_string(rng.choice(state.legal_actions()))

    records = play_match("fanorona", "random", 0, 5, Console(file=open(os.devnull, "w")),
                         random_human, tmp_path, max_games=6)
    assert len(records) == 6 and records[0].ruleset == "fanorona"
    assert "fanorona/vela" in [r.ruleset for r in records]
    for before, after in zip(records, records[1:]):
        out = before.final_state().outcome()
        you = before.players.index("you")
        if before.ruleset == "fanorona":
            if out.winner is None:
                assert after.ruleset == "fanorona"
            else:   # the Fanorona loser takes green (player 0) in Vela
                assert after.ruleset == "fanorona/vela"
                loser = 1 - out.winner
                assert after.players[0] == before.players[loser]
                assert (after.players.index("you") == 0) == (loser == you)
        else:       # Vela goes on until green wins one
            assert after.ruleset == ("fanorona" if out.winner == 0 else "fanorona/vela")
            if after.ruleset == "fanorona/vela":
                assert after.players == before.players


# -- English and French ------------------------------------------------------------------------
def test_play_in_french_prompts_help_and_messages():
    moves = "aide\nzz\ncoups\nC\nreprendre\nD\n" + "\n".join("ABCDEF" * 60) + "\n"
    out = run("play", "oware", "--vs", "random", "--seed", "3", "--lang", "fr", stdin=moves)
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "Sud (vous) ›" in text and "Nord (au hasard) joue" in text
    assert "Tapez un coup en notation" in text and "«\u00a0reprendre\u00a0»" in text
    assert "coups légaux\u00a0: A B C D E F" in text
    assert "coup repris" in text and "Partie terminée\u00a0:" in text
    assert "legal:" not in text and "Game over" not in text and "you)" not in text
    path = text.split("partie enregistrée\u00a0:")[1].split()[0]
    rec = GameRecord.from_text(open(path, encoding="utf-8").read())
    assert rec.players == ["you", "random"]    # the record is the same in both languages
    assert rec.moves()[0] == "D"


def test_play_in_french_shows_the_board_in_french():
    out = run("play", "puluc", "--vs", "random", "--seed", "2", "--lang", "fr", stdin="quitter\n")
    assert out.returncode == 0, out.stderr
    text = out.stdout
    assert "[cité bleue]" in text and "[cité jaune]" in text        # plain text, not markup
    assert "Au trait\u00a0: Jaune — avancez de" in text and "dernier lancer\u00a0:" in text
    assert "to move" not in text and "last throw" not in text and "city" not in text
    assert "Puluc — fiche Ludens Planet" in run("play", "puluc/ludens", "--vs", "random", "--lang", "fr",
                                                stdin="quitter\n").stdout   # the French rules' name
    out = run("play", "dara", "--vs", "random", "--seed", "2", "--lang", "fr", stdin="quitter\n")
    assert "Lions\u00a0: 12 en main, 0 perdues" in out.stdout and "À poser\u00a0: Lions" in out.stdout


def test_play_language_follows_the_locale_unless_given():
    out = run("play", "oware", "--vs", "random", "--second", "--seed", "1", stdin="quitter\n", LANG="fr_FR.UTF-8")
    assert "Sud (au hasard) joue" in out.stdout and "partie abandonnée" in out.stdout
    out = run("play", "oware", "--vs", "random", "--seed", "1", stdin="quit\n",
              LANG="fr_FR.UTF-8", LC_ALL="en_GB.UTF-8")
    assert "South (you) ›" in out.stdout and "game abandoned" in out.stdout
    out = run("play", "oware", "--vs", "random", "--seed", "1", "--lang", "en", stdin="quit\n", LANG="fr_FR.UTF-8")
    assert "game abandoned" in out.stdout


def test_default_lang_reads_lc_all_then_lang():
    from ludotheque.cli.i18n import default_lang
    assert default_lang({}) == "en"
    assert default_lang({"LANG": "fr_CA.UTF-8"}) == "fr"
    assert default_lang({"LANG": "fr_FR.UTF-8", "LC_ALL": "C"}) == "en"
    assert default_lang({"LANG": "en_US.UTF-8", "LC_ALL": "fr_BE"}) == "fr"
    assert default_lang({"LANG": "de_DE.UTF-8"}) == "en"


def test_terminal_catalogues_have_the_same_keys_and_placeholders():
    import re

    from ludotheque.i18n import catalogue
    EN = {k: v for k, v in catalogue("en").items() if k.startswith("cli.")}
    FR = {k: v for k, v in catalogue("fr").items() if k.startswith("cli.")}
    assert EN and set(EN) == set(FR), set(EN) ^ set(FR)
    for key, en in EN.items():
        assert sorted(re.findall(r"\{\w+\}", en)) == sorted(re.findall(r"\{\w+\}", FR[key])), key
        assert FR[key].strip()
    assert not [v for v in FR.values() if re.search(r" [:;?!»]", v)]   # non-breaking spaces


def test_every_player_name_has_a_translation():
    from ludotheque.i18n import catalogue
    EN, FR = catalogue("en"), catalogue("fr")
    for ri in ludotheque.rulesets():
        for name in ludotheque.load(ri.name).player_names:
            assert f"player.{name}" in EN and f"player.{name}" in FR, (ri.name, name)
