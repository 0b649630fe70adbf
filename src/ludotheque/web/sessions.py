"""Live games: a `Session` wraps one stored game and the engine states of its moves.

Everything that decides anything asks the engine: legal actions, notation, the points an
action involves, outcomes. A session is not thread-safe by itself; the app holds one asyncio
lock per session around every change.
"""
from __future__ import annotations

import asyncio
import hmac
import threading
import random
import secrets
from functools import lru_cache
from typing import Any

from .. import rulesets
from ..ai.agents import Agent, make_agent
from ..ai.warmup import prepare
from ..ai.levels import LEVEL_NAMES
from ..core.errors import IllegalActionError, LudoError, NotationError, RulesetError
from ..core.game import CHANCE, TERMINAL, State
from ..core.registry import load
from ..core.rules_text import LANGUAGES, rules_text
from ..records.record import GameRecord
from ..records.store import GameStore, StoredGame

#: computer levels offered in the lobby: the AI's level names (their agents per ruleset are in
#: `ludotheque.ai.levels`), plus a random player
LEVELS: dict[str, str] = {name: name for name in ("random", *LEVEL_NAMES)}
#: the level whose choice is shown as a hint
HINT_LEVEL = "hard"
MODES = ("ai", "local", "invite")


class SessionError(Exception):
    """A request a player made that cannot be done; the message is shown to the player."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


# -- the catalogue of rulesets ---------------------------------------------------------------
@lru_cache(maxsize=1)
def catalogue() -> tuple[dict[str, Any], ...]:
    """Every registered ruleset, with whether the browser can draw it yet."""
    out = []
    for ri in rulesets():
        entry: dict[str, Any] = {
            "id": ri.name, "title": ri.title, "titles": titles_of(ri.name, ri.title),
            "description": ri.description,
            "family": ri.family, "extensions": list(ri.extensions),
            "incompatible": [sorted(s) for s in ri.incompatible],
            "options": [{"name": o.name, "default": o.default, "help": o.help,
                         "choices": list(o.choices), "min": o.minimum, "max": o.maximum,
                         "requires": o.requires,
                         "type": "int" if isinstance(o.default, int) else "choice"}
                        for o in ri.options],
        }
        try:
            game = load(ri.name)
            entry["player_names"] = list(game.player_names)
            game.geometry()
            game.view(game.initial_state())
            entry["available"] = True
        except NotImplementedError:
            entry["available"] = False   # shown as "coming soon"
        except Exception as e:  # a game under construction must not take the lobby down
            entry["available"] = False
            entry["error"] = f"{type(e).__name__}: {e}"
        out.append(entry)
    return tuple(out)


def titles_of(name: str, title: str) -> dict[str, str]:
    """The game's name in each language: the registry's title, in French the heading of the
    French rules text when there is one (``Puluc — fiche Ludens Planet``)."""
    out = {"en": title}
    for lang in LANGUAGES:
        if lang == "en":
            continue
        try:
            first = rules_text(name, lang).lstrip().splitlines()[0]
        except Exception:   # no rules text (yet): a game under construction keeps its title
            first = ""
        out[lang] = first[2:].strip() if first.startswith("# ") else title
    return out


@lru_cache(maxsize=256)
def geometry_of(ruleset: str) -> dict[str, Any]:
    return load(ruleset).geometry()


def new_token() -> str:
    return secrets.token_urlsafe(18)


def same(a: Any, b: str) -> bool:
    return isinstance(a, str) and hmac.compare_digest(a.encode(), b.encode())


# -- one live game ---------------------------------------------------------------------------
class Session:
    def __init__(self, stored: StoredGame, store: GameStore) -> None:
        self.g = stored
        self.store = store
        self.game = load(stored.ruleset)
        self.states: list[State] = [self.game.initial_state()]
        self.moves: list[dict[str, Any]] = []
        for a in stored.actions:          # replays (and re-validates) the saved moves
            self._push(a)
        self._agent: Agent | None = None
        self.sockets_seats: dict[Any, list[int]] = {}   # open websockets -> seats they hold
        self.mark = len(self.moves)       # moves every open socket has already been sent
        self.lock = asyncio.Lock()        # held around every change (and the computer's turn)

    # -- seats --------------------------------------------------------------------------
    def seats_of(self, token: Any) -> list[int]:
        return [i for i in (0, 1) if same(token, self.g.tokens[i])]

    def _acting_seat(self, token: Any) -> int:
        """The seat a command with this token acts for (the side to move if it holds both)."""
        seats = self.seats_of(token)
        if not isinstance(token, str) or not token:
            raise SessionError("this needs your seat token", 403)
        if not seats:
            raise SessionError("this token does not hold a seat in this game", 403)
        if len(seats) == 2:
            p = self.state.current_player
            return p if p in (0, 1) else 0
        return seats[0]

    # -- state --------------------------------------------------------------------------
    @property
    def state(self) -> State:
        return self.states[-1]

    @property
    def over(self) -> bool:
        return self.g.ended is not None or self.state.is_terminal

    def human_to_move(self) -> bool:
        p = self.state.current_player
        return p in (0, 1) and not (self.g.mode == "ai" and p == self.g.ai_seat)

    def ai_to_move(self) -> bool:
        return (self.g.mode == "ai" and not self.over and self.state.current_player == self.g.ai_seat)

    def _push(self, action: int) -> None:
        s = self.state
        self.moves.append({"ply": len(self.moves), "player": s.current_player,
                           "n": s.move_to_string(action), "p": self.game.action_points(s, action)})
        self.states.append(s.apply(action))

    def _commit(self, actions: list[int]) -> None:
        """Stores then applies ``actions`` (already checked legal): stored before acknowledged."""
        self.store.append(self.g.id, len(self.g.actions), actions)
        for a in actions:
            self._push(a)
        self.g.actions.extend(actions)
        self.g.draw_offer = None

    def _throws(self, s: State, ply: int) -> list[int]:
        """Samples chance outcomes from ``s`` (reached at ``ply``) until a player is to move,
        seeded by (game, ply) so that a restarted server throws the same way."""
        out: list[int] = []
        while s.current_player == CHANCE:
            rng = random.Random(f"{self.g.seed}:{ply + len(out)}")
            outcomes = s.chance_outcomes()
            a = rng.choices([a for a, _ in outcomes], [p for _, p in outcomes])[0]
            out.append(a)
            s = s.apply(a)
        return out

    def start(self) -> None:
        """Throws for a game that starts at (or was left at) a chance node."""
        if not self.over and self.state.is_chance_node:
            self._commit(self._throws(self.state, len(self.g.actions)))

    # -- commands ------------------------------------------------------------------------
    def check_action(self, token: Any, action: Any) -> int:
        """The action, validated for this token; SessionError otherwise. Changes nothing."""
        seat = self._acting_seat(token)
        if self.over:
            raise SessionError("the game is over")
        if isinstance(action, bool) or not isinstance(action, int):
            raise SessionError("an action is an integer")
        if not 0 <= action < self.game.num_actions:
            raise SessionError(f"action {action} is out of range 0..{self.game.num_actions - 1}")
        p = self.state.current_player
        if p != seat or not self.human_to_move():
            raise SessionError("it is not your turn", 403)
        if action not in self.state.legal_actions():
            raise SessionError(f"that move is not legal here ({self.state.move_to_string(action)})"
                               if _nameable(self.state, action) else "that move is not legal here")
        return action

    def parse(self, token: Any, text: Any) -> int:
        self._acting_seat(token)
        if self.over:
            raise SessionError("the game is over")
        if not isinstance(text, str) or not text.strip() or len(text) > 200:
            raise SessionError("type a move in the game's notation")
        try:
            return self.state.parse_move(text.strip())
        except (NotationError, IllegalActionError) as e:
            raise SessionError(str(e)) from None

    def play(self, token: Any, action: Any) -> None:
        a = self.check_action(token, action)
        s = self.state.apply(a)
        self._commit([a] + self._throws(s, len(self.g.actions) + 1))

    def explain(self, token: Any, points: Any) -> str:
        """Why clicking ``points`` is not a move: asks the engine to read the points as a move."""
        if not (isinstance(points, list) and 0 < len(points) <= 8 and all(isinstance(p, str) and len(p) <= 8 for p in points)):
            raise SessionError("points must be a short list of point names")
        if self.over:
            return "the game is over"
        if not self.human_to_move():
            return "it is not your turn"
        for text in dict.fromkeys([points[0] if len(points) == 1 else "", "-".join(points), "x".join(points)]):
            if not text:
                continue
            try:
                self.state.parse_move(text)
            except IllegalActionError as e:
                return str(e)
            except NotationError:
                continue
        names = sorted({self.game.action_points(self.state, a)[0]
                        for a in self.state.legal_actions() if self.game.action_points(self.state, a)})
        return "no legal move goes that way" + (f"; pieces that can move: {', '.join(names)}" if names else "")

    def ai_choose(self) -> int:
        if self._agent is None:
            self._agent = make_agent(LEVELS[self.g.level], seed=self.g.seed)
        return self._agent.choose(self.state)

    def ai_play(self, action: int) -> None:
        if not self.ai_to_move() or action not in self.state.legal_actions():
            return  # the position changed while the computer thought (undo, resignation)
        self._commit([action] + self._throws(self.state.apply(action), len(self.g.actions) + 1))

    def hint_allowed(self, token: Any) -> None:
        seat = self._acting_seat(token)
        if self.over or self.state.current_player != seat or not self.human_to_move():
            raise SessionError("a hint is for the player to move")

    def undo(self, token: Any) -> None:
        seat = self._acting_seat(token)
        if self.g.mode != "ai":
            raise SessionError("undo is for games against the computer")
        if self.g.ended is not None:
            raise SessionError("the game has ended")
        # back to the start of the human's last turn (a turn may be several actions)
        n = len(self.g.actions)
        target = None
        for i in range(n - 1, -1, -1):
            if self.states[i].current_player == seat and (i == 0 or self.states[i - 1].current_player != seat):
                target = i
                break
        if target is None:
            raise SessionError("nothing to undo")
        self.store.truncate(self.g.id, target)
        del self.g.actions[target:], self.states[target + 1:], self.moves[target:]
        self.mark = min(self.mark, target)
        self.g.draw_offer = None

    def resign(self, token: Any) -> None:
        seat = self._acting_seat(token)
        if self.over:
            raise SessionError("the game is over")
        names = self.game.player_names
        ended = {"result": "0-1" if seat == 0 else "1-0", "winner": 1 - seat,
                 "reason": f"{names[seat]} resigned"}
        self.store.set_ended(self.g.id, ended)
        self.g.ended = ended

    def offer_draw(self, token: Any) -> str:
        seat = self._acting_seat(token)
        if self.over:
            raise SessionError("the game is over")
        if self.g.mode == "ai":
            return "the computer declines the draw"
        if self.g.draw_offer is not None and self.g.draw_offer != seat:
            return self._agree_draw()
        self.store.set_draw_offer(self.g.id, seat)
        self.g.draw_offer = seat
        return f"{self.game.player_names[seat]} offers a draw"

    def accept_draw(self, token: Any) -> str:
        seats = self.seats_of(token)
        self._acting_seat(token)
        if self.g.draw_offer is None or self.g.draw_offer not in (0, 1) or seats == [self.g.draw_offer]:
            raise SessionError("there is no draw offer to accept")
        return self._agree_draw()

    def decline_draw(self, token: Any) -> str:
        self._acting_seat(token)
        if self.g.draw_offer is None:
            raise SessionError("there is no draw offer")
        self.store.set_draw_offer(self.g.id, None)
        self.g.draw_offer = None
        return "draw declined"

    def _agree_draw(self) -> str:
        ended = {"result": "1/2-1/2", "winner": None, "reason": "draw agreed"}
        self.store.set_ended(self.g.id, ended)
        self.g.ended = ended
        return "draw agreed"

    # -- what the page sees ----------------------------------------------------------------
    def result(self) -> dict[str, Any] | None:
        if self.g.ended:
            return dict(self.g.ended)
        out = self.state.outcome()
        if out is None:
            return None
        return {"result": out.result(), "winner": out.winner, "reason": out.reason}

    def snapshot(self, delta: bool = False) -> dict[str, Any]:
        """The position for the page. With ``delta``, only the moves since the last delta
        (``moves_from`` says where they start): what every open socket needs after a change."""
        s, game = self.state, self.game
        p = s.current_player
        legal = []
        if not self.over and p in (0, 1):
            legal = [{"a": a, "n": s.move_to_string(a), "p": game.action_points(s, a)}
                     for a in s.legal_actions()]
        out = {
            "type": "state", "id": self.g.id, "ruleset": self.g.ruleset, "mode": self.g.mode,
            "level": self.g.level, "ai_seat": self.g.ai_seat, "players": self.g.players,
            "player_names": list(game.player_names), "ply": len(self.moves),
            "to_move": p if not self.over else TERMINAL, "view": game.view(s), "legal": legal,
            "moves": self.moves, "result": self.result(), "draw_offer": self.g.draw_offer,
            "num_actions": game.num_actions,
        }
        if delta:
            out["moves_from"], out["moves"] = self.mark, self.moves[self.mark:]
            self.mark = len(self.moves)
        return out

    def summary(self) -> dict[str, Any]:
        r = self.result()
        return {"id": self.g.id, "ruleset": self.g.ruleset, "mode": self.g.mode, "level": self.g.level,
                "players": self.g.players, "plies": len(self.moves), "updated": self.g.updated,
                "result": r["result"] if r else "*", "reason": r["reason"] if r else "",
                "status": r["reason"] if r else game_status(self)}


def game_status(session: Session) -> str:
    try:
        return str(session.game.view(session.state).get("status", ""))
    except Exception:
        return ""


def _nameable(state: State, action: int) -> bool:
    try:
        state.move_to_string(action)
        return True
    except Exception:
        return False


# -- creating and finding games -------------------------------------------------------------
class Manager:
    """The live sessions of one app, loaded from the store on first use."""

    def __init__(self, store: GameStore) -> None:
        self.store = store
        self.sessions: dict[str, Session] = {}

    def get(self, game_id: Any) -> Session:
        if not isinstance(game_id, str) or not 0 < len(game_id) <= 64:
            raise SessionError("no such game", 404)
        s = self.sessions.get(game_id)
        if s is None:
            stored = self.store.get(game_id)
            if stored is None:
                raise SessionError("no such game", 404)
            s = Session(stored, self.store)
            s.start()
            self.sessions[game_id] = s
        return s

    def create(self, ruleset: Any, mode: Any, level: Any = "easy", seat: Any = 0,
               name: Any = "") -> tuple[Session, list[str]]:
        if mode not in MODES:
            raise SessionError(f"mode is one of {', '.join(MODES)}")
        if not isinstance(ruleset, str) or len(ruleset) > 300:
            raise SessionError("ruleset must be a ruleset id")
        try:
            game = load(ruleset)
        except RulesetError as e:
            raise SessionError(str(e)) from None
        try:
            game.geometry()
        except NotImplementedError:
            raise SessionError(f"{ruleset} is coming soon to the browser") from None
        if seat not in (0, 1) or isinstance(seat, bool):
            raise SessionError("seat is 0 or 1")
        name = name if isinstance(name, str) and name.strip() else "You"
        name = name.strip()[:40]
        if mode == "ai":
            if level not in LEVELS:
                raise SessionError(f"level is one of {', '.join(LEVELS)}")
            t = new_token()
            tokens = [t, new_token()] if seat == 0 else [new_token(), t]
            players = [name, f"computer ({level})"] if seat == 0 else [f"computer ({level})", name]
            ai_seat: int | None = 1 - seat
        elif mode == "local":
            t = new_token()
            tokens, players, ai_seat, level = [t, t], list(game.player_names), None, ""
        else:
            tokens = [new_token(), new_token()]
            players = [name, "?"] if seat == 0 else ["?", name]
            ai_seat, level = None, ""
        stored = StoredGame(id=secrets.token_urlsafe(8), ruleset=game.id, mode=mode, tokens=tokens,
                            players=players, seed=secrets.randbelow(2**31), level=level, ai_seat=ai_seat)
        self.store.create(stored)
        session = Session(stored, self.store)
        self.sessions[stored.id] = session
        if ai_seat is not None:   # compile the game's searches while the player thinks
            threading.Thread(target=prepare, args=(game,), daemon=True).start()
        session.start()
        return session, tokens

    def import_record(self, text: Any) -> tuple[Session, str]:
        if not isinstance(text, str) or not text.strip():
            raise SessionError("paste a record (JSON or text)")
        try:
            rec = GameRecord.parse(text)
            game = load(rec.ruleset)
        except LudoError as e:
            raise SessionError(str(e)) from None
        token = new_token()
        stored = StoredGame(id=secrets.token_urlsafe(8), ruleset=game.id, mode="local",
                            tokens=[token, token], players=list(rec.players),
                            seed=secrets.randbelow(2**31), actions=list(rec.actions))
        self.store.create(stored)
        session = Session(stored, self.store)
        self.sessions[stored.id] = session
        return session, token

    def set_name(self, session: Session, token: Any, name: Any) -> None:
        seats = session.seats_of(token)
        if len(seats) != 1 or session.g.mode == "local":
            return
        if isinstance(name, str) and name.strip():
            session.g.players[seats[0]] = name.strip()[:40]
            self.store.set_players(session.g.id, session.g.players)

