"""The browser app: a JSON API, one websocket per game, and the static front end.

    app = create_app("games.sqlite")      # uvicorn.run(app)

The engine is the only rules authority: the page receives the board geometry, the view of
the position and, each turn, the legal actions with their notation and points; it sends back
an action id (or a move typed in notation). Every message is validated here.
"""
from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import random
from pathlib import Path
from typing import Any, AsyncIterator

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import FileResponse, JSONResponse, PlainTextResponse
from fastapi.staticfiles import StaticFiles

from ..ai.agents import make_agent
from ..core.errors import LudoError, RulesetError
from ..core.rules_text import LANGUAGES, rules_text
from ..records.store import GameStore
from . import sessions as S
from .sessions import Manager, Session, SessionError

log = logging.getLogger(__name__)
STATIC = Path(__file__).parent / "static"
MAX_MESSAGE = 4096          # characters in one websocket message
MAX_BODY = 1_000_000        # bytes in one HTTP request body (record import)
COMMANDS = {"move", "move_text", "explain", "undo", "hint", "resign", "offer_draw",
            "accept_draw", "decline_draw", "sync", "ping"}


def create_app(db_path: str | Path) -> FastAPI:
    store = GameStore(db_path)
    manager = Manager(store)
    @contextlib.asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        yield
        store.close()

    app = FastAPI(title="ludotheque", docs_url=None, redoc_url=None, lifespan=lifespan)
    app.state.manager = manager
    app.state.store = store
    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    @app.exception_handler(SessionError)
    async def _session_error(request: Request, e: SessionError) -> JSONResponse:
        return JSONResponse({"error": str(e)}, status_code=e.status)

    # -- pages -----------------------------------------------------------------------------
    index = STATIC / "index.html"

    @app.get("/", include_in_schema=False)
    @app.get("/play/{game_id}", include_in_schema=False)
    @app.get("/replay/{game_id}", include_in_schema=False)
    @app.get("/games", include_in_schema=False)
    async def page(game_id: str = "") -> FileResponse:
        return FileResponse(index, headers={"Cache-Control": "no-cache"})

    # -- catalogue and rules ---------------------------------------------------------------
    @app.get("/api/rulesets")
    async def api_rulesets() -> Any:
        return {"rulesets": list(S.catalogue()), "levels": list(S.LEVELS), "languages": list(LANGUAGES)}

    @app.get("/api/rules")
    async def api_rules(id: str, lang: str = "en") -> Any:
        try:
            return {"id": id, "lang": lang, "markdown": rules_text(id, lang)}
        except RulesetError as e:
            raise SessionError(str(e), 404) from None
        except (FileNotFoundError, OSError):
            raise SessionError(f"no rules text for {id} in {lang} yet", 404) from None

    # -- games -----------------------------------------------------------------------------
    async def body(request: Request) -> dict[str, Any]:
        raw = await request.body()
        if len(raw) > MAX_BODY:
            raise SessionError("request too large", 413)
        try:
            data = json.loads(raw or b"{}")
        except (json.JSONDecodeError, UnicodeDecodeError):
            raise SessionError("the request body is not JSON") from None
        if not isinstance(data, dict):
            raise SessionError("the request body must be a JSON object")
        return data

    @app.post("/api/games")
    async def api_create(request: Request) -> Any:
        d = await body(request)
        session, tokens = manager.create(d.get("ruleset"), d.get("mode"), d.get("level", "easy"),
                                         d.get("seat", 0), d.get("name", ""))
        out = {"id": session.g.id, "url": f"/play/{session.g.id}"}
        if session.g.mode == "invite":
            mine = 0 if d.get("seat", 0) == 0 else 1
            out["token"] = tokens[mine]
            out["invite_token"] = tokens[1 - mine]
            out["invite_url"] = f"/play/{session.g.id}#t={tokens[1 - mine]}"
        elif session.g.mode == "ai":
            out["token"] = tokens[1 - session.g.ai_seat]
        else:
            out["token"] = tokens[0]
        if session.ai_to_move():
            asyncio.create_task(ai_turns(session))
        return out

    @app.get("/api/games/{game_id}")
    async def api_game(game_id: str, token: str = "") -> Any:
        session = manager.get(game_id)
        return {**session.snapshot(), "you": session.seats_of(token),
                "geometry": S.geometry_of(session.g.ruleset)}

    @app.post("/api/games/{game_id}/join")
    async def api_join(game_id: str, request: Request) -> Any:
        d = await body(request)
        session = manager.get(game_id)
        seats = session.seats_of(d.get("token"))
        if not seats:
            raise SessionError("this token does not hold a seat in this game", 403)
        manager.set_name(session, d.get("token"), d.get("name"))
        await broadcast(session)
        return {"id": game_id, "you": seats}

    @app.post("/api/games/{game_id}/move")
    async def api_move(game_id: str, request: Request) -> Any:
        d = await body(request)
        session = manager.get(game_id)
        msg = {"type": "move_text" if "text" in d else "move", **d}
        reply = await command(session, msg)
        if reply and reply.get("type") == "error":
            raise SessionError(reply["message"], reply.get("status", 400))
        return {**session.snapshot(), "you": session.seats_of(d.get("token"))}

    @app.post("/api/my-games")
    async def api_my_games(request: Request) -> Any:
        d = await body(request)
        items = d.get("games")
        if not isinstance(items, list) or len(items) > 500:
            raise SessionError("games must be a list of {id, token}")
        out = []
        for it in items:
            if not isinstance(it, dict):
                continue
            try:
                session = manager.get(it.get("id"))
            except SessionError:
                continue
            if session.seats_of(it.get("token")):
                out.append(session.summary())
        out.sort(key=lambda x: -x["updated"])
        return {"games": out}

    @app.get("/api/games/{game_id}/record")
    async def api_record(game_id: str, format: str = "json") -> Any:
        session = manager.get(game_id)
        rec = session.g.record()
        if format == "json":
            return PlainTextResponse(rec.to_json(), media_type="application/json")
        if format == "text":
            return PlainTextResponse(rec.to_text())
        raise SessionError("format is json or text")

    @app.post("/api/import")
    async def api_import(request: Request) -> Any:
        d = await body(request)
        session, token = manager.import_record(d.get("text"))
        return {"id": session.g.id, "token": token, "url": f"/play/{session.g.id}",
                "replay_url": f"/replay/{session.g.id}"}

    @app.get("/api/games/{game_id}/replay")
    async def api_replay(game_id: str) -> Any:
        session = manager.get(game_id)
        game = session.game
        frames = [{"view": game.view(s), "to_move": s.current_player} for s in session.states]
        return {"id": game_id, "ruleset": session.g.ruleset, "players": session.g.players,
                "player_names": list(game.player_names), "geometry": S.geometry_of(session.g.ruleset),
                "moves": session.moves, "frames": frames, "result": session.result()}

    # -- the websocket ---------------------------------------------------------------------
    async def broadcast(session: Session, extra: dict[str, Any] | None = None) -> None:
        snap = session.snapshot(delta=True)
        if extra:
            snap.update(extra)
        dead = []
        for ws, seats in list(session.sockets_seats.items()):
            try:
                await ws.send_text(json.dumps({**snap, "you": seats}, separators=(",", ":")))
            except Exception:
                dead.append(ws)
        for ws in dead:
            session.sockets_seats.pop(ws, None)

    async def ai_turns(session: Session) -> None:
        """The computer plays while it is its turn (after a human move, at the start)."""
        async with session.lock:
            while session.ai_to_move():
                state = session.state
                note = None
                try:
                    action = await asyncio.to_thread(session.ai_choose)
                except Exception as e:  # a broken agent must not freeze the game
                    log.exception("computer player failed in %s", session.g.id)
                    action = random.choice(state.legal_actions())
                    note = f"the computer player failed ({type(e).__name__}); it played a random move"
                if session.state is not state:
                    break
                session.ai_play(action)
                await broadcast(session, {"note": note} if note else None)

    async def command(session: Session, msg: dict[str, Any]) -> dict[str, Any] | None:
        """Runs one validated command; returns a reply for the sender only (errors, hints)."""
        kind, token = msg.get("type"), msg.get("token")
        try:
            if kind in ("sync", "ping"):
                return {"type": "pong"} if kind == "ping" else None
            if kind == "explain":
                return {"type": "explain", "message": session.explain(token, msg.get("points"))}
            if kind == "hint":
                session.hint_allowed(token)
                state = session.state
                spec = S.LEVELS[S.HINT_LEVEL]
                action = await asyncio.to_thread(make_agent(spec, seed=len(session.moves)).choose, state)
                if session.state is not state:
                    return None
                return {"type": "hint", "action": action, "n": state.move_to_string(action),
                        "p": session.game.action_points(state, action)}
            async with session.lock:
                note = None
                if kind == "move":
                    session.play(token, msg.get("action"))
                elif kind == "move_text":
                    session.play(token, session.parse(token, msg.get("text")))
                elif kind == "undo":
                    session.undo(token)
                elif kind == "resign":
                    session.resign(token)
                elif kind == "offer_draw":
                    note = session.offer_draw(token)
                elif kind == "accept_draw":
                    note = session.accept_draw(token)
                elif kind == "decline_draw":
                    note = session.decline_draw(token)
                await broadcast(session, {"note": note} if note else None)
            if session.ai_to_move():
                asyncio.create_task(ai_turns(session))
            return None
        except SessionError as e:
            return {"type": "error", "message": str(e), "status": e.status}
        except LudoError as e:
            return {"type": "error", "message": str(e), "status": 400}

    @app.websocket("/ws/{game_id}")
    async def ws_game(websocket: WebSocket, game_id: str, token: str = "") -> None:
        await websocket.accept()
        try:
            session = manager.get(game_id)
        except SessionError as e:
            await websocket.send_json({"type": "error", "message": str(e), "status": 404})
            await websocket.close(code=4404)
            return
        seats = session.seats_of(token)
        session.sockets_seats[websocket] = seats
        try:
            await websocket.send_json({**session.snapshot(), "you": seats,
                                       "geometry": S.geometry_of(session.g.ruleset)})
            if session.ai_to_move() and not session.lock.locked():
                asyncio.create_task(ai_turns(session))
            while True:
                raw = await websocket.receive()
                if raw["type"] == "websocket.disconnect":
                    break
                text = raw.get("text")
                if text is None:
                    data = raw.get("bytes") or b""
                    reply = {"type": "error", "message": "send text messages (JSON)"}
                    if len(data) <= MAX_MESSAGE:
                        try:
                            text = data.decode()
                            reply = None
                        except UnicodeDecodeError:
                            pass
                    if reply:
                        await websocket.send_json(reply)
                        continue
                reply = await handle_text(session, text)
                if reply:
                    await websocket.send_json(reply)
        except WebSocketDisconnect:
            pass
        finally:
            session.sockets_seats.pop(websocket, None)

    async def handle_text(session: Session, text: str) -> dict[str, Any] | None:
        if len(text) > MAX_MESSAGE:
            return {"type": "error", "message": f"message too large (over {MAX_MESSAGE} characters)"}
        try:
            msg = json.loads(text)
        except json.JSONDecodeError:
            return {"type": "error", "message": "malformed message: not JSON"}
        if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
            return {"type": "error", "message": "malformed message: expected {\"type\": ...}"}
        if msg["type"] not in COMMANDS:
            return {"type": "error", "message": f"unknown message type {msg['type'][:40]!r}"}
        return await command(session, msg)

    return app
