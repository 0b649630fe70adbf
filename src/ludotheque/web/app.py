"""The browser app: a JSON API, one websocket per game, and the static front end.

    app = create_app("games.sqlite")      # uvicorn.Server(server_config(app, host, port)).run()
    app = create_app("postgresql://USER@HOST:PORT/DB")

The engine is the only rules authority: the page receives the board geometry, the view of
the position and, each turn, the legal actions with their notation and points; it sends back
an action id (or a move typed in notation) and the ply it answers. Every message is validated
here, and anything untrusted is bounded while it is read.

The event loop only routes messages: loading a game (which may compile it), applying moves,
building positions for the page, searching and reading records all run in worker threads
(the kernels and compiled searches release the GIL), so one game's work never stalls another.
"""
from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import random
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any, AsyncIterator, Awaitable, Callable, Coroutine, TypeVar

import uvicorn
from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles

from ..ai.agents import make_agent
from ..core.errors import LudoError, RulesetError
from ..core.rules_text import LANGUAGES, rules_text
from ..records.sqlstore import SqlStore
from .. import i18n
from ..i18n import Message
from . import sessions as S
from .bus import Bus, make_bus
from .clocks import FlagTimer
from .lease import Leases
from .examples import examples_of
from .limits import Expirer, Limiter, Limits
from .live import LRU, MAX_LIVE
from .sessions import Manager, Session, SessionError

log = logging.getLogger(__name__)
T = TypeVar("T")
STATIC = Path(__file__).parent / "static"
MAX_MESSAGE = 4096          # characters in one websocket message
MAX_FRAME = 4 * MAX_MESSAGE  # bytes in one websocket frame (uvicorn closes with 1009 beyond)
MAX_BODY = 2_000_000        # bytes in one HTTP request body (a record import of up to 1 MB)
MAX_DIGITS = 20             # digits of an integer in a message: no valid field needs more
COMMANDS = {"move", "move_text", "explain", "undo", "hint", "resign", "offer_draw",
            "accept_draw", "decline_draw", "sync", "ping"}
#: tables: rematch and takeback offers between two people, abort, claim (sessions' table block)
TABLE_COMMANDS = {"rematch", "accept_rematch", "decline_rematch", "takeback", "accept_takeback",
                  "decline_takeback", "abort", "claim"}
COMMANDS |= TABLE_COMMANDS
ENGINE_THREADS = 4          # moves, positions, game loading, records
SEARCH_THREADS = 2          # the computer's turns and hints (seconds each)
ANALYSIS_NODES = 50_000     # search per move when a finished game is analysed (work, not
                            # time: the same marks however busy the server)
ANALYSES_KEPT = 500         # finished games' analyses kept in memory


#: the uvicorn settings the app is meant to run with: frames and headers bounded; game messages
#: are a few kB, so per-message compression would cost more CPU than it saves
SERVER_SETTINGS: dict[str, Any] = dict(log_level="warning", ws_max_size=MAX_FRAME,
                                       ws_per_message_deflate=False, h11_max_incomplete_event_size=16_384)
CHECKPOINT_SECONDS = 1.0    # the store's log is copied into its file this often, off the moves' path
#: several server processes (web/bus.py, web/lease.py): a computer's turn is leased for
#: AI_LEASE seconds (renewed while it thinks), and each process looks for the turns of dead
#: processes every SWEEP seconds; each tells the others of its sockets every PRESENCE_BEAT
#: seconds, and is counted out PRESENCE_HOLDS seconds after it last did
AI_LEASE = 6.0
SWEEP = 1.0
PRESENCE_BEAT = 5.0
PRESENCE_HOLDS = 3 * PRESENCE_BEAT
PRESENCE_BATCH = 100        # games told in one notification (each about 40 of its 8000 bytes)


def server_config(app: Any, host: str = "127.0.0.1", port: int = 8000, **kw: Any) -> uvicorn.Config:
    """The uvicorn settings the app is meant to run with (SERVER_SETTINGS)."""
    return uvicorn.Config(app, host=host, port=port, **SERVER_SETTINGS, **kw)


class LeaseLost(Exception):
    """Another process took over a lease this one was working under."""


def _bounded_int(text: str) -> int:
    if len(text.lstrip("-")) > MAX_DIGITS:
        raise ValueError(f"an integer has at most {MAX_DIGITS} digits")
    return int(text)


def _no_constant(text: str) -> Any:
    raise ValueError(f"{text} is not JSON")


def parse_json(raw: str | bytes) -> Any:
    """JSON from a client; SessionError for anything that is not plain, bounded JSON (deep
    nesting, huge integers, NaN)."""
    try:
        return json.loads(raw, parse_int=_bounded_int, parse_constant=_no_constant)
    except RecursionError:
        raise SessionError("malformed message: nested too deeply") from None
    except (ValueError, UnicodeDecodeError) as e:   # JSONDecodeError is a ValueError
        raise SessionError(f"malformed message: not JSON ({str(e)[:80]})") from None


def create_app(db: str | Path, *, now: Callable[[], float] = time.time,
               max_live: int = MAX_LIVE, limits: Limits | None = None, bus: Bus | None = None) -> FastAPI:
    """``db``: an SQLite file or a postgresql:// URL (`SqlStore`; its schema is brought up to
    date here). ``now``: the server's clock (seconds since the epoch); tests inject their own.
    ``max_live``: the games kept in memory (live.py); ``limits``: abuse limits (limits.py);
    ``bus``: how the processes serving the same store hear of each other's changes (bus.py;
    by default PostgreSQL's for a postgresql:// store, else none)."""
    store = SqlStore(db)
    bus = bus or make_bus(str(db))
    leases = Leases(store)
    manager = Manager(store, now, max_live)
    limits = limits or Limits()
    limiter, expirer = Limiter(limits, manager), Expirer(manager, limits)
    engine_pool = ThreadPoolExecutor(ENGINE_THREADS, thread_name_prefix="ludo-engine")
    search_pool = ThreadPoolExecutor(SEARCH_THREADS, thread_name_prefix="ludo-search")
    # a game's analysis searches every move: in a pool of its own, so it never holds up the
    # computer's turns and hints
    analysis_pool = ThreadPoolExecutor(1, thread_name_prefix="ludo-analysis")
    tasks: set[asyncio.Task[None]] = set()

    async def engine(fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(engine_pool, functools.partial(fn, *args))

    async def search(fn: Callable[..., T], *args: Any) -> T:
        return await asyncio.get_running_loop().run_in_executor(search_pool, functools.partial(fn, *args))

    def spawn(coro: Coroutine[Any, Any, None]) -> None:
        task = asyncio.create_task(coro)
        tasks.add(task)              # a reference, so the task is not collected mid-flight
        task.add_done_callback(tasks.discard)

    async def checkpoints() -> None:
        """SQLite's log copied into the database by a task of its own (SqlStore.checkpoint)."""
        while True:
            await asyncio.sleep(CHECKPOINT_SECONDS)
            try:
                await engine(store.checkpoint)
            except Exception:   # the next one tries again; the log grows meanwhile
                log.exception("store checkpoint failed")

    # -- clocks: a flag falls at its deadline, whoever is connected -------------------------
    async def flag_due(game_id: str) -> None:
        try:
            session = await session_of(game_id)     # loading a game checks its flag too
            async with session.lock:
                if await engine(session.flag_fall):
                    await broadcast(session, kind="flag")
                flags.arm(game_id, session.clock.deadline() if session.clock else None)
        except Exception:   # a failed check must not stop the other clocks
            log.exception("flag check failed in %s", game_id)

    flags = FlagTimer(manager.now, flag_due)

    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        if not store.postgres:
            # before any thread connects: it adds a connect listener and reopens the pool,
            # which a connection being opened beside it trips over (SQLAlchemy iterates them)
            store.defer_checkpoints()
        # load every game once, off the loop, so the lobby and first games find them warm
        asyncio.get_running_loop().run_in_executor(engine_pool, S.catalogue)
        spawn(expirer.run(engine))
        for game_id, deadline in await engine(store.running_clocks):   # clocks that ran on
            flags.arm(game_id, deadline)
        spawn(flags.run())
        if not store.postgres:      # PostgreSQL keeps its own log
            spawn(checkpoints())
        await bus.start()
        bus.subscribe(heard, resync)
        spawn(sweep())
        spawn(presence_beats())
        yield
        for task in list(tasks):
            task.cancel()
        await bus.close()
        engine_pool.shutdown(wait=False, cancel_futures=True)
        search_pool.shutdown(wait=False, cancel_futures=True)
        analysis_pool.shutdown(wait=False, cancel_futures=True)
        store.close()

    app = FastAPI(title="ludotheque", docs_url=None, redoc_url=None, lifespan=lifespan)
    app.state.manager = manager
    app.state.store = store
    app.state.now = now
    app.state.flags = flags
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(SessionError)
    async def _session_error(request: Request, e: SessionError) -> JSONResponse:
        out = e.payload()
        return JSONResponse({"error": out.pop("message"), **out}, status_code=e.status)

    # -- pages -----------------------------------------------------------------------------
    index = STATIC / "index.html"

    @app.get("/", include_in_schema=False)
    @app.get("/play/{game_id}", include_in_schema=False)
    @app.get("/replay/{game_id}", include_in_schema=False)
    @app.get("/games", include_in_schema=False)
    @app.get("/me", include_in_schema=False)
    async def page(game_id: str = "") -> FileResponse:
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    # -- catalogue and rules ---------------------------------------------------------------
    @app.get("/api/rulesets")
    async def api_rulesets() -> Any:
        return {"rulesets": list(await engine(S.catalogue)), "levels": list(S.LEVELS),
                "languages": list(LANGUAGES)}

    @app.get("/api/messages")
    async def api_messages(lang: str = "en") -> Any:
        """Every sentence of the page and of the engines in ``lang`` (ludotheque.i18n)."""
        if lang not in LANGUAGES:
            raise SessionError(f"languages: {', '.join(LANGUAGES)}", 404)
        return {"lang": lang, "messages": i18n.catalogue(lang)}

    @app.get("/api/rules")
    async def api_rules(id: str, lang: str = "en") -> Any:
        try:
            return {"id": id, "lang": lang, "markdown": await engine(rules_text, id, lang)}
        except RulesetError as e:
            raise SessionError(str(e)[:200], 404) from None
        except (FileNotFoundError, OSError):
            raise SessionError(f"no rules text for {id[:80]} in {lang[:8]} yet", 404) from None
        except Exception as e:   # the id is untrusted: any failure to read it is a bad id
            log.debug("rules id %.80r raised %s", id, type(e).__name__)
            raise SessionError("not a valid ruleset id", 404) from None

    @app.get("/api/examples")
    async def api_examples(id: str) -> Any:
        """The worked examples of a ruleset's rules page, as live positions."""
        bad = SessionError(i18n.msg("srv.notRuleset", id=id[:80]), 404)
        if not 0 < len(id) <= S.MAX_RULESET_ID:
            raise bad
        try:
            return {"id": id, "examples": await engine(examples_of, id)}
        except RulesetError:
            raise bad from None

    # -- games -----------------------------------------------------------------------------
    async def body(request: Request) -> dict[str, Any]:
        """The JSON object of a request, refused (413) as soon as it is known to be too large:
        from its Content-Length, or while it is read."""
        length = request.headers.get("content-length", "")
        if length and (not length.isdigit() or int(length) > MAX_BODY):
            raise SessionError("request too large", 413)
        chunks, size = [], 0
        async for chunk in request.stream():
            size += len(chunk)
            if size > MAX_BODY:
                raise SessionError("request too large", 413)
            chunks.append(chunk)
        raw = b"".join(chunks)
        data = parse_json(raw) if raw else {}
        if not isinstance(data, dict):
            raise SessionError("the request body must be a JSON object")
        return data

    async def session_of(game_id: Any) -> Session:
        session = manager.loaded(game_id)
        return session if session is not None else await engine(manager.get, game_id)

    async def snapshot(session: Session, token: Any = None, **extra: Any) -> dict[str, Any]:
        async with session.lock:
            snap = await engine(session.snapshot)
        return {**snap, "you": session.seats_of(token), **extra}

    @app.post("/api/games")
    async def api_create(request: Request) -> Any:
        d = await body(request)
        await engine(limiter.check_create, request)
        person, open_table, rated = await engine(manager.table_request, d)
        session, tokens = await engine(manager.create, d.get("ruleset"), d.get("mode"),
                                       d.get("level", "easy"), d.get("seat", 0),
                                       person[1] if person else d.get("name"), d.get("clock"))
        await engine(manager.set_table, session, person, open_table, rated)
        g = session.g
        limiter.created(g.id, request)
        if session.clock:
            flags.arm(g.id, session.clock.deadline())
        out = {"id": g.id, "url": f"/play/{g.id}"}
        if g.mode == "invite":
            mine = 0 if d.get("seat", 0) == 0 else 1
            out["token"] = tokens[mine]
            out["invite_code"] = tokens[1 - mine]
            out["invite_url"] = f"/play/{g.id}#i={tokens[1 - mine]}"
        elif g.mode == "ai":
            assert g.ai_seat is not None
            out["token"] = tokens[1 - g.ai_seat]
            search_pool.submit(manager.prepare, session)
        else:
            out["token"] = tokens[0]
        if session.ai_to_move():
            spawn(ai_turns(session))
        return out

    @app.get("/api/games/{game_id}")
    async def api_game(game_id: str, token: str = "") -> Any:
        session = await session_of(game_id)
        async with session.lock:    # a change another process stored may not be heard of here yet
            await engine(session.reload)
        return await snapshot(session, token, geometry=await engine(S.geometry_of, session.g.ruleset))

    @app.post("/api/games/{game_id}/claim")
    async def api_claim(game_id: str, request: Request) -> Any:
        """Opening an invitation link: {code, token (the seat this browser holds, if any), name,
        key (the player's, if the browser has an identity)}."""
        limiter.check("invite", request)
        d = await body(request)
        session = await session_of(game_id)
        async with session.lock:
            token, seats = await engine(manager.claim, session, d.get("code"), d.get("token"), d.get("name"),
                                        d.get("key"))
            await broadcast(session, kind="seat")
        return {"id": game_id, "token": token, "you": seats}

    @app.post("/api/games/{game_id}/join")
    async def api_join(game_id: str, request: Request) -> Any:
        """A player of a game by invitation names themselves: {token, name}."""
        limiter.check("invite", request)
        d = await body(request)
        session = await session_of(game_id)
        async with session.lock:
            await engine(manager.set_name, session, d.get("token"), d.get("name"))
            await broadcast(session, kind="name")
        return {"id": game_id, "you": session.seats_of(d.get("token"))}

    # -- tables: players, open tables, live games ----------------------------------------
    @app.post("/api/players")
    async def api_new_player(request: Request) -> Any:
        """A player identity for this browser: {name, game (the game being joined, if any)} ->
        {id, key, name}; the browser keeps the key."""
        d = await body(request)
        return await engine(manager.new_player, d.get("name"), d.get("game"))

    @app.post("/api/me")
    async def api_me(request: Request) -> Any:
        """{key} -> the player's {id, name, ratings: {family: {rating, rd, games}}}."""
        d = await body(request)
        return await engine(manager.profile, d.get("key"))

    @app.post("/api/me/name")
    async def api_rename(request: Request) -> Any:
        """{key, name}: the player's new name, on every screen of their games not ended yet."""
        d = await body(request)
        name, changed, elsewhere = await engine(manager.rename, d.get("key"), d.get("name"))
        for session in changed:
            async with session.lock:
                await broadcast(session, kind="name")
        for game_id in elsewhere:     # not in memory here: perhaps in another process's
            spawn(bus.publish(game_id, {"kind": "name"}))
        return {"name": name}

    @app.post("/api/games/{game_id}/sit")
    async def api_sit(game_id: str, request: Request) -> Any:
        """Joining an open table from the lobby: {key} -> the free seat's {token, you}."""
        d = await body(request)
        session = await session_of(game_id)
        async with session.lock:
            token, seats = await engine(manager.sit, session, d.get("key"))
            await broadcast(session, kind="seat")
        return {"id": game_id, "token": token, "you": seats}

    @app.get("/api/tables")
    async def api_tables() -> Any:
        """The lobby's lists: open tables waiting for an opponent, live games to watch."""
        return {"open": await engine(manager.open_tables), "live": await engine(manager.live_games)}

    @app.post("/api/games/{game_id}/move")
    async def api_move(game_id: str, request: Request) -> Any:
        """A move only: {action, ply, token} or {text, ply, token}."""
        limiter.check("message", request)
        d = await body(request)
        kind = "move_text" if "text" in d else "move"
        if d.get("type", kind) != kind:
            raise SessionError("this takes moves only: {action or text, ply, token}")
        session = await session_of(game_id)
        reply = await command(session, {**d, "type": kind})
        if reply and reply.get("type") == "error":
            return JSONResponse({"error": reply["message"], "msg": reply.get("msg")},
                                status_code=reply.get("status", 400))
        return await snapshot(session, d.get("token"))

    @app.post("/api/my-games")
    async def api_my_games(request: Request) -> Any:
        """{games: [{id, token}], key}: the games of these seat tokens; with a player key, also
        the games where that player holds a seat (with their tokens)."""
        d = await body(request)
        items = d.get("games")
        if not isinstance(items, list) or len(items) > 500:
            raise SessionError("games must be a list of {id, token}")
        by_key = await engine(manager.games_of, d["key"]) if d.get("key") is not None else []
        known = {g["id"] for g in by_key}
        # (an id that is not a string names no game: a list id must not reach the set's hash)
        items = [it for it in items
                 if not (isinstance(it, dict) and isinstance(it.get("id"), str)
                         and it["id"] in known)]

        def mine() -> list[dict[str, Any]]:
            out = []
            for it in items:
                if not isinstance(it, dict):
                    continue
                try:
                    session = manager.get(it.get("id"))
                except SessionError:
                    continue
                seats = session.seats_of(it.get("token"))
                if seats:
                    out.append({**session.summary(), **session.turn_of(seats)})
            return sorted(out + by_key, key=lambda x: (not x.get("your_turn"), -x["updated"]))   # my turn first

        return {"games": await engine(mine)}

    @app.get("/api/games/{game_id}/record")
    async def api_record(game_id: str, format: str = "json") -> Any:
        if format not in ("json", "text"):
            raise SessionError("format is json or text")
        session = await session_of(game_id)
        rec = session.g.record()
        if format == "json":
            return PlainTextResponse(await engine(rec.to_json), media_type="application/json")
        return PlainTextResponse(await engine(rec.to_text))

    @app.post("/api/import")
    async def api_import(request: Request) -> Any:
        d = await body(request)
        await engine(limiter.check_create, request)
        session, token = await engine(manager.import_record, d.get("text"))
        limiter.created(session.g.id, request)
        return {"id": session.g.id, "token": token, "url": f"/play/{session.g.id}",
                "replay_url": f"/replay/{session.g.id}"}

    @app.get("/api/games/{game_id}/replay")
    async def api_replay(game_id: str) -> Any:
        session = await session_of(game_id)

        def replay() -> dict[str, Any]:
            game = session.game
            frames = [{"view": S.view_of(game, s), "to_move": s.current_player} for s in list(session.states)]
            return {"id": game_id, "ruleset": session.g.ruleset, "players": session.g.players,
                    "player_names": list(game.player_names), "geometry": S.geometry_of(session.g.ruleset),
                    "moves": session.moves[:len(frames) - 1], "frames": frames, "result": session.result()}

        async with session.lock:
            return await engine(replay)

    # game id -> its analysis; the most recent kept (a search under way is never dropped)
    analyses: LRU[str, asyncio.Future[dict[str, Any]]] = LRU(ANALYSES_KEPT, lambda job: not job.done())

    @app.get("/api/games/{game_id}/analysis")
    async def api_analysis(game_id: str) -> Any:
        """The engine's review of a finished game: a value per position for the first player,
        the moves it marks as mistakes or blunders, the best move at each. Searched once, in
        the analysis pool (ANALYSIS_NODES a move), then kept for the server's life."""
        session = await session_of(game_id)
        if not session.over:
            raise SessionError("the analysis is for a finished game", 409)
        job = analyses.get(game_id)
        if job is None or (job.done() and job.exception() is not None):
            async with session.lock:
                states, actions = list(session.states), list(session.g.actions)
            job = asyncio.get_running_loop().run_in_executor(
                analysis_pool, S.analysis, states, actions, ANALYSIS_NODES)
            analyses[game_id] = job
        try:
            return {"id": game_id, **await asyncio.shield(job)}
        except LudoError as e:
            raise SessionError(f"this game cannot be analysed: {str(e)[:200]}") from None
        except Exception:   # a failed search is reported, and tried again on the next request
            log.exception("analysis failed in %s", game_id)
            raise SessionError("the analysis failed", 500) from None

    # -- the websocket ---------------------------------------------------------------------
    def settled(session: Session) -> dict[str, Any]:
        """The clocks follow the change (see Session.sync_clock), a rated game is rated however
        it ended (every change is broadcast), then the position's delta."""
        session.sync_clock()
        manager.settle(session)
        return session.snapshot(True)

    async def broadcast(session: Session, note: Message | dict[str, Any] | None = None,
                        snap: dict[str, Any] | None = None, skip: Any = None,
                        kind: str | None = "change") -> None:
        """Sends the change (``snap``: `settled`, if already made) to every open socket but
        ``skip``, and tells the other processes what ``kind`` of change was stored (None: it
        was not, or they told us); call it holding the session's lock. ``note``: a sentence
        for the players, or its fields as another process sent them."""
        if snap is None:
            snap = await engine(settled, session)
        if session.clock:
            flags.arm(session.g.id, session.clock.deadline())
        said = {"note": str(note), "note_msg": note.to_json()} if isinstance(note, Message) else note or {}
        snap.update(said)
        if kind is not None:
            spawn(bus.publish(session.g.id, {"kind": kind, "ply": len(session.moves), **said}))
        common = json.dumps(snap, separators=(",", ":"))[:-1]   # encoded once; each socket adds its seats
        dead = []
        for ws, seats in list(session.sockets_seats.items()):
            if ws is skip:
                continue
            try:
                await ws.send_text(f'{common},"you":{json.dumps(seats)}}}')
            except Exception:
                dead.append(ws)
        for ws in dead:
            session.sockets_seats.pop(ws, None)

    async def ai_turns(session: Session) -> None:
        """The computer plays while it is its turn, in the one process holding the turn's lease
        (another takes it over if this one dies: `sweep`). It searches without the session's
        lock, so players can still undo, resign or chat; a result for an older position is
        dropped, as is a move the store refuses (another process played first: the game reloads)."""
        if session.ai_busy:
            return
        session.ai_busy = True
        key = "ai:" + session.g.id
        try:
            # the outer loop: a turn that comes while the lease is being released is played too
            while session.ai_to_move():
                if not await engine(leases.take, key, AI_LEASE):
                    return                  # another process is playing this turn
                while session.ai_to_move():
                    state = session.state
                    note = None
                    try:
                        action = await leased(key, search(session.ai_choose, state))
                    except LeaseLost:
                        return
                    except Exception as e:  # a broken agent must not freeze the game
                        log.exception("computer player failed in %s", session.g.id)
                        action = await engine(lambda: random.choice(state.legal_actions()))
                        note = i18n.msg("srv.computerFailed", error=type(e).__name__)
                    async with session.lock:
                        if session.state is not state:
                            continue
                        await engine(session.ai_play, action)
                        await broadcast(session, note, kind="ai")
                await engine(leases.release, key)
        finally:
            session.ai_busy = False

    async def leased(key: str, work: Awaitable[T]) -> T:
        """Awaits ``work``, renewing the lease ``key`` meanwhile; LeaseLost if it was taken over
        (this process stalled past its lease): the work's result is dropped."""
        job = asyncio.ensure_future(work)
        while True:
            done, _ = await asyncio.wait([job], timeout=AI_LEASE / 3)
            if done:
                return job.result()
            if not await engine(leases.renew, key, AI_LEASE):
                raise LeaseLost(key)

    async def sweep() -> None:
        """Takes over the computer's turns whose leases ran out (their processes died: another
        process, or this server before a restart)."""
        while True:
            await asyncio.sleep(SWEEP)
            try:
                for key in await engine(leases.take_expired, "ai:", AI_LEASE):
                    try:
                        session = await session_of(key[3:])
                        await engine(session.reload)    # its holder may have moved before it died
                    except SessionError:                # the game is gone (expired)
                        session = None
                    if session is not None and session.ai_to_move():
                        spawn(ai_turns(session))
                    else:
                        await engine(leases.release, key)
            except Exception:   # the next sweep tries again
                log.exception("the sweep of computer turns failed")

    def change(session: Session, kind: str, token: Any, msg: dict[str, Any]) -> Message | None:
        """Applies one command (in a worker thread, the session's lock held); returns a note."""
        if kind == "move":
            session.play(token, msg.get("action"), msg.get("ply"))
        elif kind == "move_text":
            session.check_ply(msg.get("ply"))
            session.play(token, session.parse(token, msg.get("text")), msg.get("ply"))
        elif kind == "undo":
            session.undo(token)
        elif kind == "resign":
            session.resign(token)
        elif kind == "offer_draw":
            return session.offer_draw(token)
        elif kind == "accept_draw":
            return session.accept_draw(token)
        elif kind == "decline_draw":
            return session.decline_draw(token)
        elif kind in TABLE_COMMANDS:
            return table_change(session, kind, token, msg)
        return None

    def change_settled(session: Session, kind: str, token: Any, msg: dict[str, Any]) -> tuple[Message | None, dict[str, Any]]:
        """A command and the position after it, in one trip to a worker thread."""
        note = change(session, kind, token, msg)
        return note, settled(session)

    def table_change(session: Session, kind: str, token: Any, msg: dict[str, Any]) -> Message:
        if kind in ("rematch", "accept_rematch", "decline_rematch"):
            return manager.rematch(session, token, {"rematch": "offer", "accept_rematch": "accept",
                                                    "decline_rematch": "decline"}[kind])
        if kind == "takeback":
            return session.ask_takeback(token)
        if kind in ("accept_takeback", "decline_takeback"):
            return session.answer_takeback(token, kind == "accept_takeback")
        if kind == "abort":
            return session.abort(token)
        return session.claim(token, msg.get("outcome"), manager.now())

    async def hint(session: Session, token: Any) -> dict[str, Any] | None:
        state = session.state
        await engine(session.hint_allowed, token)
        agent = make_agent(S.LEVELS[S.HINT_LEVEL], seed=len(session.moves))
        action = await search(agent.choose, state)
        if session.state is not state:
            return None

        def named() -> dict[str, Any]:
            return {"type": "hint", "action": action, "n": state.move_to_string(action),
                    "p": session.game.action_points(state, action)}
        return await engine(named)

    async def command(session: Session, msg: dict[str, Any]) -> dict[str, Any] | None:
        """Runs one validated command; returns a reply for the sender only (errors, hints)."""
        kind, token = msg.get("type"), msg.get("token")
        try:
            if kind == "ping":
                return {"type": "pong"}
            if kind == "sync":
                return None
            if kind == "explain":
                why = await engine(session.explain, token, msg.get("points"))
                return {"type": "explain", "message": str(why), "msg": why.to_json()}
            if kind == "hint":
                return await hint(session, token)
            assert isinstance(kind, str)
            async with session.lock:
                if session.flag_due():   # the server's time is the truth: too late is too late
                    await engine(session.flag_fall)
                    await broadcast(session)
                note, snap = await engine(change_settled, session, kind, token, msg)
                await broadcast(session, note, snap, kind=kind)
            if session.ai_to_move():
                spawn(ai_turns(session))
            rematch = manager.loaded((session.g.rematch or {}).get("game"))
            if kind == "rematch" and rematch is not None and rematch.ai_to_move():   # the computer opens it
                search_pool.submit(manager.prepare, rematch)
                spawn(ai_turns(rematch))
            return None
        except SessionError as e:
            return {"type": "error", **e.payload(), "status": e.status}
        except LudoError as e:
            return {"type": "error", **SessionError(e.message or str(e)[:300]).payload(), "status": 400}

    @app.websocket("/ws/{game_id}")
    async def ws_game(websocket: WebSocket, game_id: str, token: str = "") -> None:
        await websocket.accept()
        try:
            session = await session_of(game_id)
        except SessionError as e:
            await websocket.send_json({"type": "error", **e.payload(), "status": e.status})
            await websocket.close(code=4404)
            return
        seats = session.seats_of(token)
        try:
            if token and not seats:     # a seat taken on another process a moment ago
                async with session.lock:
                    await engine(session.reload)
                seats = session.seats_of(token)
            geometry = await engine(S.geometry_of, session.g.ruleset)
            async with session.lock:    # the full position, then every change after it
                seen = presence(session)
                session.sockets_seats[websocket] = seats
                session.update_presence(manager.now())
                snap = await engine(session.snapshot)
                await websocket.send_json({**snap, "you": seats, "geometry": geometry})
                await tell_presence(session, seen, skip=websocket)
            spawn(say_presence([session], ask=True))
            if session.ai_to_move():
                spawn(ai_turns(session))
            while True:
                raw = await websocket.receive()
                if raw["type"] == "websocket.disconnect":
                    break
                reply = await handle(session, raw.get("text"), raw.get("bytes"), websocket)
                if reply:
                    await websocket.send_json(reply)
        except WebSocketDisconnect:
            pass
        finally:
            seen = presence(session)
            session.sockets_seats.pop(websocket, None)
            session.update_presence(manager.now())
            spawn(left(session, seen))    # a task of its own: this one may be cancelled as it ends
            spawn(say_presence([session]))

    async def left(session: Session, seen: tuple[list[bool], int]) -> None:
        async with session.lock:
            await tell_presence(session, seen)

    def presence(session: Session) -> tuple[list[bool], int]:
        return session.presence(), session.watchers()

    # -- other processes: their changes and their sockets (bus.py) --------------------------
    def heard(game_id: str, payload: dict[str, Any]) -> None:
        """Another process stored a change of ``game_id`` or counted its sockets on it: if this
        one holds the game, it reloads it and tells its own sockets."""
        if payload.get("kind") == "presence":
            for game, here in payload["games"].items():
                heard_presence(game, here, payload["from"], payload.get("ask", False))
            return
        session = manager.loaded(game_id)
        if session is not None:
            spawn(reload(session, {k: payload[k] for k in ("note", "note_msg") if k in payload}))

    def heard_presence(game_id: str, here: list[Any], origin: str, ask: bool) -> None:
        session = manager.loaded(game_id)
        if session is None:
            return
        seen = presence(session)
        if any(here):
            session.elsewhere[origin] = (here[:2], here[2], time.monotonic() + PRESENCE_HOLDS)
        else:
            session.elsewhere.pop(origin, None)
        if ask and session.sockets_seats:
            spawn(say_presence([session]))
        if presence(session) != seen:
            spawn(retell(session, seen))

    async def reload(session: Session, said: dict[str, Any] | None = None) -> None:
        """The game as the store has it, told to this process's sockets (even if it was reloaded
        already: a move refused here for a stale ply reloads it, but tells nobody)."""
        def reloaded() -> dict[str, Any]:   # one trip to a worker thread
            session.reload()
            return settled(session)

        async with session.lock:
            try:
                snap = await engine(reloaded)
            except SessionError:        # the game is gone (expired)
                return
            await broadcast(session, said, snap, kind=None)
        if session.ai_to_move() and session.sockets_seats:
            spawn(orphan_turn(session, len(session.moves)))

    async def orphan_turn(session: Session, ply: int) -> None:
        """A computer's turn heard of from another process is that process's to play: this one
        tries only if the turn is still unplayed a lease later (its mover died before it took
        the lease, so no sweep will find it). Trying at once would race the mover for the lease."""
        await asyncio.sleep(AI_LEASE)
        if len(session.moves) == ply and session.ai_to_move() and session.sockets_seats:
            await ai_turns(session)

    def resync() -> None:
        """The bus was down a moment: what it missed is in the store."""
        for session in manager.sessions.values():
            spawn(reload(session))
        spawn(say_presence([s for s in manager.sessions.values() if s.sockets_seats], ask=True))

    async def say_presence(sessions: list[Session], ask: bool = False) -> None:
        """Tells the other processes this one's sockets on these games (``ask``: and asks
        theirs), a batch of games a notification."""
        for k in range(0, len(sessions), PRESENCE_BATCH):
            games = {s.g.id: s.here() for s in sessions[k:k + PRESENCE_BATCH]}
            await bus.publish("", {"kind": "presence", "from": bus.origin, "games": games, "ask": ask})

    async def retell(session: Session, seen: tuple[list[bool], int]) -> None:
        async with session.lock:
            session.update_presence(manager.now())
            await tell_presence(session, seen)

    async def presence_beats() -> None:
        """Every PRESENCE_BEAT seconds: this process's sockets told again (so that the others
        count them on), and the processes silent too long (killed) counted out."""
        while True:
            await asyncio.sleep(PRESENCE_BEAT)
            spawn(say_presence([s for s in manager.sessions.values() if s.sockets_seats]))
            for session in manager.sessions.values():
                gone = [k for k, (_, _, until) in session.elsewhere.items() if until < time.monotonic()]
                if gone:
                    seen = presence(session)
                    for k in gone:
                        del session.elsewhere[k]
                    spawn(retell(session, seen))

    async def tell_presence(session: Session, seen: tuple[list[bool], int], skip: Any = None) -> None:
        """After a socket opened or closed (the session's lock held): the players' presence
        and the watchers, told to the other sockets if they changed since ``seen``."""
        if presence(session) != seen and any(ws is not skip for ws in session.sockets_seats):
            await broadcast(session, skip=skip, kind=None)

    async def handle(session: Session, text: str | None, data: bytes | None, ws: WebSocket) -> dict[str, Any] | None:
        """One websocket message: parsed, bounded, run. Bad input gets an error reply and the
        connection stays open; an unexpected failure is logged and reported, never fatal."""
        try:
            limiter.check("message", ws)
            if text is None:
                if data is None or len(data) > MAX_FRAME:
                    raise SessionError("send text messages (JSON)")
                try:
                    text = data.decode()
                except UnicodeDecodeError:
                    raise SessionError("send text messages (JSON)") from None
            if len(text) > MAX_MESSAGE:
                raise SessionError(f"message too large (over {MAX_MESSAGE} characters)", 413)
            msg = parse_json(text)
            if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
                raise SessionError("malformed message: expected {\"type\": ...}")
            if msg["type"] not in COMMANDS:
                raise SessionError(f"unknown message type {msg['type'][:40]!r}")
            return await command(session, msg)
        except SessionError as e:
            return {"type": "error", **e.payload(), "status": e.status}
        except Exception:
            log.exception("websocket message failed in %s", session.g.id)
            return {"type": "error", "message": "the server could not handle this message", "status": 500}

    return app
