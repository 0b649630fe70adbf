"""Hostile clients against a live browser-app server on 127.0.0.1.

    python benchmarks/web_hostile.py [--rounds 500]

Starts `ludotheque serve` on a free localhost port with a fresh database, sets up a few games,
then sends every kind of hostile request and websocket message the app must refuse (issue 15),
`--rounds` of each kind, many at once, while a well-behaved client keeps playing its own game.
Prints JSON: how many were sent, accepted (must be 0), answered with HTTP 500 (must be 0), the
server alive, the victim games unchanged, and the witness game's move latency.
"""
from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import subprocess
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path
from typing import Any, Awaitable, Callable

import httpx
import websockets

HUGE = "9" * 5000


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start_server(db: Path) -> tuple[subprocess.Popen[str], str]:
    """The server's log goes to a file beside the database: a pipe nobody reads would fill
    up and stall it."""
    port = free_port()
    with open(db.with_suffix(".log"), "w") as log:
        proc = subprocess.Popen([sys.executable, "-m", "ludotheque.cli.main", "serve", "--host", "127.0.0.1",
                                 "--port", str(port), "--db", str(db)],
                                stdout=subprocess.PIPE, stderr=log, text=True)
    assert proc.stdout and "http://" in proc.stdout.readline()
    deadline = time.time() + 180
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=30).close()
            return proc, f"http://127.0.0.1:{port}"
        except OSError:
            if proc.poll() is not None or time.time() > deadline:
                raise SystemExit("the server did not start")
            time.sleep(0.05)


class Tally:
    def __init__(self) -> None:
        self.sent: Counter[str] = Counter()
        self.accepted: Counter[str] = Counter()
        self.statuses: Counter[str] = Counter()

    def http(self, kind: str, status: int) -> None:
        self.sent[kind] += 1
        self.statuses[str(status)] += 1
        if status < 400:
            self.accepted[kind] += 1

    def ws(self, kind: str, outcome: str, accepted: bool) -> None:
        self.sent[kind] += 1
        self.statuses[outcome] += 1
        if accepted:
            self.accepted[kind] += 1


async def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--rounds", type=int, default=500, help="requests or messages of each kind")
    args = ap.parse_args()
    tmp = tempfile.TemporaryDirectory()
    proc, url = start_server(Path(tmp.name) / "games.sqlite")
    port = int(url.rsplit(":", 1)[1])
    tally = Tally()
    t_start = time.perf_counter()
    try:
        async with httpx.AsyncClient(base_url=url, timeout=300,
                                     limits=httpx.Limits(max_connections=32)) as http:
            async def post(path: str, body: Any = None, raw: bytes | None = None) -> httpx.Response:
                if raw is not None:
                    return await http.post(path, content=raw, headers={"content-type": "application/json"})
                return await http.post(path, json=body)

            async def new(**body: Any) -> dict[str, Any]:
                r = await post("/api/games", body)
                r.raise_for_status()
                return dict(r.json())

            # the victims: their state must not change
            invite = await new(ruleset="oware", mode="invite", name="Ama")
            guest = (await post(f"/api/games/{invite['id']}/claim", {"code": invite["invite_code"], "name": "Kofi"})).json()["token"]
            ai = await new(ruleset="oware", mode="ai", level="random")
            local = await new(ruleset="oware", mode="local")
            ended = await new(ruleset="oware", mode="ai", level="random")
            async with websockets.connect(url.replace("http", "ws", 1) + f"/ws/{ended['id']}") as ws:
                await ws.recv()
                await ws.send(json.dumps({"type": "resign", "token": ended["token"]}))
                await ws.recv()
            victims = [invite, ai, local, ended]

            async def snap(g: dict[str, Any]) -> dict[str, Any]:
                s = (await http.get(f"/api/games/{g['id']}")).json()
                return {k: s[k] for k in ("moves", "players", "result", "draw_offer")}
            before = [await snap(g) for g in victims]

            record = {"format": "ludotheque-record", "ruleset": "oware", "actions": [2]}
            deep = "[" * 20_000 + "]" * 20_000
            kinds: dict[str, Callable[[int], Awaitable[httpx.Response]]] = {
                "level_not_a_name": lambda i: post("/api/games", {"ruleset": "oware", "mode": "ai", "level": [{}, [], 7][i % 3]}),
                "seat_not_an_int": lambda i: post("/api/games", {"ruleset": "oware", "mode": "ai", "seat": [1.0, True, "1", None][i % 4]}),
                "huge_integer_option": lambda i: post("/api/games", {"ruleset": f"oware?max_plies={10 ** (19 + i % 300)}", "mode": "local"}),
                "huge_integer_in_body": lambda i: post(["/api/games", f"/api/games/{local['id']}/move", "/api/import",
                                                        f"/api/games/{invite['id']}/claim", "/api/my-games"][i % 5],
                                                       raw=('{"ruleset": "oware", "mode": "local", "ply": 0, "action": %s, "token": "%s"}'
                                                            % (HUGE, local["token"])).encode()),
                "deep_json_body": lambda i: post(["/api/games", "/api/import", f"/api/games/{ai['id']}/move"][i % 3],
                                                 raw=(deep if i % 2 else '{"text": %s}' % deep).encode()),
                "record_bad_tags": lambda i: post("/api/import", {"text": json.dumps({**record, "tags": [[1, 2], "ab", 7][i % 3]})}),
                "move_endpoint_not_a_move": lambda i: post(f"/api/games/{ai['id']}/move",
                                                           {"type": ["resign", "undo", "offer_draw", "hint"][i % 4], "token": ai["token"], "ply": 0}),
                "stale_or_forged_move": lambda i: post(f"/api/games/{local['id']}/move",
                                                       [{"action": 2, "ply": 5, "token": local["token"]},
                                                        {"action": 2, "token": local["token"]},
                                                        {"action": 2, "ply": 0, "token": "forged"},
                                                        {"action": 2, "ply": 0, "token": invite["invite_code"]}][i % 4]),
                "out_of_turn_move": lambda i: post(f"/api/games/{invite['id']}/move", {"action": i % 6 + 6, "ply": 0, "token": guest}),
                "claimed_seat": lambda i: post(f"/api/games/{invite['id']}/claim",
                                               [{"code": invite["invite_code"]}, {"code": f"guess{i}"}, {}][i % 3]),
                "bad_name": lambda i: post(f"/api/games/{invite['id']}/join",
                                           {"token": guest, "name": ["computer (expert)", "Ama", "x" * 41, "E\u202eve", "a\x00b", "?"][i % 6]}),
                "hint_between_people": lambda i: post(f"/api/games/{local['id']}/move", {"type": "hint", "token": local["token"], "ply": 0}),
                "undo_finished_game": lambda i: post(f"/api/games/{ended['id']}/move", {"type": "undo", "token": ended["token"], "ply": 0}),
                "bad_ruleset_id": lambda i: post("/api/games", {"ruleset": ["", "x" * 400, "oware+" * 50, "oware?a=1&a=1", 7, "[" * 200][i % 6], "mode": "local"}),
            }

            async def run_http(kind: str, fn: Callable[[int], Awaitable[httpx.Response]]) -> None:
                sem = asyncio.Semaphore(16)

                async def one(i: int) -> None:
                    async with sem:
                        tally.http(kind, (await fn(i)).status_code)
                await asyncio.gather(*(one(i) for i in range(args.rounds)))

            # websocket messages: each is answered with an error, or the frame closes the socket
            ws_url = url.replace("http", "ws", 1)

            async def run_ws(kind: str, game: dict[str, Any], token: str | None, messages: Callable[[int], str | bytes]) -> None:
                sock = None
                for i in range(args.rounds):
                    if sock is None:
                        sock = await websockets.connect(f"{ws_url}/ws/{game['id']}?token={token or ''}", max_size=2**22)
                        await sock.recv()
                    try:
                        await sock.send(messages(i))
                        reply = json.loads(await sock.recv())
                        tally.ws(kind, f"ws_{reply['type']}_{reply.get('status', '')}",
                                 reply["type"] == "state" or reply.get("status") == 500)
                    except websockets.ConnectionClosed as e:
                        tally.ws(kind, f"ws_close_{e.rcvd.code if e.rcvd else 'none'}", False)
                        sock = None
                if sock is not None:
                    await sock.close()

            t = local["token"]
            ws_kinds = [
                ("ws_deep_nesting", local, t, lambda i: '{"type": "move", "ply": 0, "x": ' + "[" * 2000 + "]" * 2000 + "}"),
                ("ws_huge_integer", local, t, lambda i: '{"type": "move", "action": %s, "ply": 0, "token": "%s"}' % ("9" * 4000, t)),
                ("ws_stale_move", local, t, lambda i: json.dumps({"type": "move", "action": 2, "ply": i % 50 + 1, "token": t})),
                ("ws_no_ply", local, t, lambda i: json.dumps({"type": ["move", "move_text"][i % 2], "action": 2, "text": "C", "token": t})),
                ("ws_spectator", invite, None, lambda i: json.dumps({"type": ["move", "resign", "undo", "offer_draw", "hint"][i % 5], "action": 2, "ply": 0})),
                ("ws_out_of_turn", invite, guest, lambda i: json.dumps({"type": "move", "action": 6 + i % 6, "ply": 0, "token": guest})),
                ("ws_junk", local, t, lambda i: ["not json", "[1]", '{"type": 3}', '{"type": "teleport"}', b"\xff\xfe", "NaN"][i % 6]),
                ("ws_oversized", local, t, lambda i: "x" * [5000, 50_000, 5_000_000][i % 3]),
                ("ws_hint_between_people", local, t, lambda i: json.dumps({"type": "hint", "token": t})),
            ]

            # oversized HTTP bodies, refused while they are read (raw sockets)
            def oversized(i: int) -> int:
                with socket.create_connection(("127.0.0.1", port), timeout=120) as s:
                    head = "POST /api/import HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                    if i % 2:
                        s.sendall((head + "Content-Length: 100000000\r\n\r\n").encode() + b"{" * 65536)
                    else:
                        s.sendall((head + "Transfer-Encoding: chunked\r\n\r\n").encode())
                        for _ in range(9):
                            s.sendall(b"40000\r\n" + b" " * 0x40000 + b"\r\n")
                    reply = s.recv(64).decode(errors="replace")
                    return int(reply.split()[1]) if reply.startswith("HTTP/1.1") else 0

            async def run_oversized() -> None:
                for i in range(max(20, args.rounds // 25)):
                    tally.http("body_over_limit", await asyncio.to_thread(oversized, i))

            # the witness: a game between two people on one screen, played throughout
            witness_latencies: list[float] = []
            done = asyncio.Event()

            async def witness() -> None:
                rng = random.Random(1)
                while not done.is_set():
                    g = await new(ruleset="oware", mode="local")
                    async with websockets.connect(f"{ws_url}/ws/{g['id']}?token={g['token']}") as ws:
                        state = json.loads(await ws.recv())
                        while not done.is_set() and not state["result"]:
                            t0 = time.perf_counter()
                            await ws.send(json.dumps({"type": "move", "action": rng.choice(state["legal"])["a"],
                                                      "ply": state["ply"], "token": g["token"]}))
                            reply = json.loads(await ws.recv())
                            if reply["type"] != "state" or reply["ply"] <= state["ply"]:
                                raise SystemExit(f"the witness game was refused a move: {reply}")
                            witness_latencies.append(time.perf_counter() - t0)
                            state = {**reply, "ply": reply["ply"]}

            witness_task = asyncio.create_task(witness())
            await asyncio.gather(*(run_http(k, fn) for k, fn in kinds.items()),
                                 *(run_ws(k, g, tok, m) for k, g, tok, m in ws_kinds), run_oversized())
            done.set()
            await witness_task
            after = [await snap(g) for g in victims]
            alive = proc.poll() is None and (await http.get("/api/rulesets")).status_code == 200
    finally:
        proc.terminate()
        try:
            proc.communicate(timeout=60)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.communicate()
        err = (Path(tmp.name) / "games.log").read_text()
        if err.strip():
            print(err[-20_000:], file=sys.stderr)
        tmp.cleanup()
    lat = sorted(witness_latencies)
    print(json.dumps({
        "sent": sum(tally.sent.values()), "accepted": sum(tally.accepted.values()),
        "http_500": tally.statuses.get("500", 0) + sum(v for k, v in tally.statuses.items() if k.endswith("_500")),
        "server_alive": alive, "victim_games_unchanged": before == after,
        "witness_moves": len(lat), "witness_p50_ms": round(1000 * lat[len(lat) // 2], 2) if lat else None,
        "witness_p99_ms": round(1000 * lat[int(0.99 * (len(lat) - 1))], 2) if lat else None,
        "seconds": round(time.perf_counter() - t_start, 1),
        "by_kind": dict(sorted(tally.sent.items())), "accepted_by_kind": dict(tally.accepted),
        "outcomes": dict(sorted(tally.statuses.items())),
    }, indent=1))


if __name__ == "__main__":
    asyncio.run(main())
