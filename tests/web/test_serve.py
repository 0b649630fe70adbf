"""`ludotheque serve`, run as a user would: it prints the URL and serves the app."""
import json
import os
import socket
import subprocess
import sys
import time
import urllib.request

from ludotheque.cli.main import parser


def test_serve_is_a_subcommand_with_defaults():
    args = parser().parse_args(["serve"])
    assert (args.host, args.port, args.db) == ("127.0.0.1", 8000, None)


def test_serve_prints_the_url_and_keeps_games_in_the_database(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    db = tmp_path / "games.sqlite"
    env = dict(os.environ, COLUMNS="200")
    proc = subprocess.Popen([sys.executable, "-m", "ludotheque.cli.main", "serve", "--port", str(port),
                             "--db", str(db)], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env)
    try:
        url = f"http://127.0.0.1:{port}"
        deadline = time.time() + 120
        while True:
            try:
                page = urllib.request.urlopen(url + "/", timeout=30).read().decode()
                break
            except OSError:
                assert proc.poll() is None, proc.stderr.read()
                assert time.time() < deadline, "the server did not start"
                time.sleep(0.2)
        assert "<main" in page
        req = urllib.request.Request(url + "/api/games", data=json.dumps({"ruleset": "oware", "mode": "local"}).encode(),
                                     headers={"Content-Type": "application/json"})
        game = json.loads(urllib.request.urlopen(req, timeout=60).read())
        assert game["id"]
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=30)
    assert f"http://127.0.0.1:{port}/" in out
    assert db.exists()
