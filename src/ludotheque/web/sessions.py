"""Live games: a `Session` wraps one stored game and the engine states of its moves.

Everything that decides anything asks the engine: legal actions, notation, the points an
action involves, outcomes. A session is not thread-safe by itself; the app holds one asyncio
lock per session around every change.
"""
from __future__ import annotations

import asyncio
import dataclasses
import hashlib
import hmac
import json
import logging
import random
import re
import secrets
import threading
import time
import unicodedata
from functools import lru_cache
from typing import Any, Callable

from .. import rulesets
from ..ai.agents import Agent, make_agent
from ..ai.warmup import prepare
from ..ai.hints import analyse
from ..ai.levels import LEVEL_NAMES
from ..core.errors import IllegalActionError, LudoError, NotationError, RulesetError
from ..core.game import CHANCE, TERMINAL, Game, State
from ..core.registry import info as ruleset_info
from ..core.registry import load
from ..core.rules_text import LANGUAGES
from ..core.rules_text import title as rules_title
from ..i18n import Message, msg, player
from ..i18n import catalogue as catalogue_of
from ..records.record import GameRecord
from ..records.sqlstore import PlyTaken, SqlStore
from ..records.store import StoredGame
from .live import LRU, MAX_LIVE, live_games
from .clocks import NO_CLOCK, Clock

log = logging.getLogger(__name__)

#: computer levels offered in the lobby: the AI's level names (their agents per ruleset are in
#: `ludotheque.ai.levels`), plus a random player
LEVELS: dict[str, str] = {name: name for name in ("random", *LEVEL_NAMES)}
#: the level whose choice is shown as a hint
HINT_LEVEL = "hard"
MODES = ("ai", "local", "invite")
#: an invitation seat's stored token until the guest claims it: the prefix and the link's code.
#: No seat token starts with it (``secrets.token_urlsafe`` has no ":"), so the code is not a token.
INVITE = "invite:"
MAX_NAME = 40
MAX_RULESET_ID = 300
MAX_RECORD = 1_000_000       # characters of an imported record
#: seconds a player's seat must have had no open socket before the opponent may claim the game
CLAIM_AFTER = 60


class SessionError(Exception):
    """A request a player made that cannot be done; the message is shown to the player (a
    `Message` of the catalogue where a player can meet it, plain English for what only a
    broken or hostile client sends)."""

    def __init__(self, message: str | Message, status: int = 400) -> None:
        super().__init__(str(message))
        self.message = message if isinstance(message, Message) else None
        self.status = status

    def payload(self) -> dict[str, Any]:
        """``{"message": English, "msg": {"id", "args"}}`` for the page."""
        out: dict[str, Any] = {"message": str(self)}
        if self.message is not None:
            out["msg"] = self.message.to_json()
        return out


# -- the catalogue of rulesets ---------------------------------------------------------------
_catalogue_lock = threading.Lock()


@lru_cache(maxsize=1)
def catalogue() -> tuple[dict[str, Any], ...]:
    """Every registered ruleset, with whether the browser can draw it yet. Loads (and so may
    compile) every game: call it from a worker thread, never on the event loop."""
    with _catalogue_lock:     # threads that ask at once wait for one build, then hit the cache
        return _build_catalogue()


def _in_languages(key: str, english: str) -> dict[str, str]:
    """A text of the registry in each language: the catalogue's ``key``, else the English."""
    return {lang: catalogue_of(lang).get(key, english) for lang in LANGUAGES}


def _option_help(ri: Any, o: Any, infos: dict[str, Any]) -> dict[str, str]:
    """An option's help in each language: translated for its ruleset, or for its family when
    the family's ruleset says the same in English."""
    key = f"option.{ri.name}.{o.name}"
    head = infos.get(ri.family)
    same = head is not None and any(h.name == o.name and h.help == o.help for h in head.options)
    if same and key not in catalogue_of("fr"):
        key = f"option.{ri.family}.{o.name}"
    return _in_languages(key, o.help)


def _build_catalogue() -> tuple[dict[str, Any], ...]:
    out = []
    infos = {ri.name: ri for ri in rulesets()}
    for ri in rulesets():
        entry: dict[str, Any] = {
            "id": ri.name, "title": ri.title, "titles": titles_of(ri.name, ri.title),
            "description": ri.description,
            "descriptions": _in_languages(f"ruleset.{ri.name}.description", ri.description),
            "family": ri.family, "extensions": list(ri.extensions),
            "extension_names": {e: _in_languages(f"extension.{e}", e) for e in ri.extensions},
            "incompatible": [sorted(s) for s in ri.incompatible],
            "options": [{"name": o.name, "default": o.default, "help": o.help,
                         "helps": _option_help(ri, o, infos),
                         "labels": _in_languages(f"optname.{o.name}", o.name.replace("_", " ")),
                         "choices": list(o.choices),
                         "choice_labels": {c: _in_languages(f"choice.{c}", c) for c in o.choices},
                         "min": o.minimum, "max": o.maximum,
                         "requires": o.requires,
                         "type": "bool" if _yes_no(o) else "int" if isinstance(o.default, int) else "choice"}
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


def _yes_no(o: Any) -> bool:
    """An option that is on (1) or off (0): a checkbox."""
    return (isinstance(o.default, int) and o.minimum == 0 and o.maximum == 1) or \
        sorted(o.choices) == ["0", "1"]


def titles_of(name: str, title: str) -> dict[str, str]:
    """The game's name in each language (`ludotheque.core.rules_text.title`)."""
    out = {}
    for lang in LANGUAGES:
        try:
            out[lang] = rules_title(name, lang)
        except Exception:   # a game under construction keeps its registry title
            out[lang] = title
    return out


@lru_cache(maxsize=256)
def geometry_of(ruleset: str) -> dict[str, Any]:
    return load(ruleset).geometry()


def new_token() -> str:
    return secrets.token_urlsafe(18)


def same(a: Any, b: str) -> bool:
    return isinstance(a, str) and hmac.compare_digest(a.encode(), b.encode())


def load_ruleset(ruleset: Any) -> Game:
    """The game a client names. Any failure to read the id is the client's (a 400), whatever
    the registry raised: the id is untrusted input."""
    if not isinstance(ruleset, str) or not 0 < len(ruleset) <= MAX_RULESET_ID:
        raise SessionError("ruleset must be a ruleset id")
    try:
        return load(ruleset)
    except LudoError as e:
        raise SessionError(str(e)[:200]) from None
    except Exception as e:   # an undocumented error from the registry is still a bad id
        log.debug("ruleset id %.80r raised %s", ruleset, type(e).__name__)   # bad input: no log flood
        raise SessionError(f"not a valid ruleset id ({type(e).__name__})") from None


_BIDI = re.compile("[\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def check_name(name: Any, taken: list[str]) -> str:
    """A player's name, stripped; SessionError if it is not one a person may take: too long,
    control or bidi-override characters, or one that passes for the computer or the other
    player (``taken``)."""
    if not isinstance(name, str):
        raise SessionError(msg("srv.nameEmpty"))
    name = name.strip()
    if not name:
        raise SessionError(msg("srv.nameEmpty"))
    if len(name) > MAX_NAME:
        raise SessionError(msg("srv.nameTooLong", n=MAX_NAME))
    # C: controls, lone surrogates, format characters; Zl, Zp: line and paragraph separators
    if _BIDI.search(name) or any(unicodedata.category(c)[0] == "C" or unicodedata.category(c) in ("Zl", "Zp")
                                 for c in name):
        raise SessionError(msg("srv.nameCharacters"))
    key = unicodedata.normalize("NFKC", name).casefold()
    # "You" is how the page names the viewer's own seat: a name that passes for the reader
    if key in ("?", "you") or key.startswith("computer") or key in {
            unicodedata.normalize("NFKC", t).casefold() for t in taken}:
        raise SessionError(msg("srv.nameTaken"))
    return str(name)


def check_int(value: Any, what: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise SessionError(f"{what} is an integer")
    return value


# -- one live game ---------------------------------------------------------------------------
class Session:
    def __init__(self, stored: StoredGame, store: SqlStore, now: Callable[[], float] = time.time) -> None:
        self.g = stored
        self.store = store
        self.now = now                    # the server's clock
        row = store.clock_of(stored.id)
        self.clock = Clock(**row) if row else None
        self.game = load(stored.ruleset)
        self.states: list[State] = [self.game.initial_state()]
        self.moves: list[dict[str, Any]] = []
        for a in stored.actions:          # replays (and re-validates) the saved moves
            self._push(a)
        self._agent: Agent | None = None
        self.sockets_seats: dict[Any, list[int]] = {}   # open websockets -> seats they hold
        self.mark = len(self.moves)       # moves every open socket has already been sent
        self.lock = asyncio.Lock()        # held around every change (never while searching)
        self.ai_busy = False              # a task is playing the computer's turns
        self._views: dict[int, tuple[State, dict[str, Any]]] = {}   # see `view`
        # tables: since when (server time) each seat has had no open socket; the seats' ratings
        self.away_since: list[float | None] = [None, None]
        # other server processes' sockets on this game: process -> (seats present, watchers,
        # until when the news holds: a process that stops telling is counted out then)
        self.elsewhere: dict[str, tuple[list[bool], int, float]] = {}
        self.rating_cache: list[int | None] | None = None
        self.settled = False              # a rated game's result has been rated (or found rated)

    # -- seats --------------------------------------------------------------------------
    def seats_of(self, token: Any) -> list[int]:
        return [i for i in (0, 1)
                if not self.g.tokens[i].startswith(INVITE) and same(token, self.g.tokens[i])]

    def open_seat(self) -> int | None:
        """The invitation seat nobody has claimed yet."""
        return next((i for i in (0, 1) if self.g.tokens[i].startswith(INVITE)), None)

    def _acting_seat(self, token: Any) -> int:
        """The seat a command with this token acts for (the side to move if it holds both)."""
        seats = self.seats_of(token)
        if not isinstance(token, str) or not token:
            raise SessionError(msg("srv.needsToken"), 403)
        if not seats:
            raise SessionError(msg("srv.noSeat"), 403)
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
        self.moves.append({"ply": len(self.moves), "player": s.current_player, "a": action,
                           "n": s.move_to_string(action), "p": self.game.action_points(s, action)})
        self.states.append(s.apply(action))

    def _commit(self, actions: list[int]) -> bool:
        """Stores then applies ``actions`` (already checked legal): stored before acknowledged.
        False, with nothing stored and the session reloaded, if another process stored
        a move first."""
        try:
            self.store.append(self.g.id, len(self.g.actions), actions)
        except PlyTaken:
            self.reload()
            return False
        for a in actions:
            self._push(a)
        self.g.actions.extend(actions)
        self.g.draw_offer = None
        return True

    def _truncate(self, plies: int) -> None:
        """Takes back every action from ``plies`` on, if the store has the plies this session
        has (a 409 otherwise, the session reloaded)."""
        try:
            self.store.truncate(self.g.id, plies, seen=len(self.g.actions))
        except PlyTaken:
            self.reload()
            raise self._stale() from None
        del self.g.actions[plies:], self.states[plies + 1:], self.moves[plies:]
        self.mark = min(self.mark, plies)
        self.g.draw_offer = None

    def _stale(self) -> SessionError:
        return SessionError(msg("srv.positionChanged", ply=len(self.moves)), 409)

    def reload(self) -> None:
        """The game as the store has it now, another process having changed it: the moves
        both have are kept, the others replayed."""
        stored = self.store.get(self.g.id)
        if stored is None:
            raise SessionError(msg("srv.noSuchGame"), 404)
        keep = 0
        for mine, theirs in zip(self.g.actions, stored.actions):
            if mine != theirs:
                break
            keep += 1
        del self.states[keep + 1:], self.moves[keep:]
        self.g = stored
        for a in stored.actions[keep:]:
            self._push(a)
        self.mark = min(self.mark, keep)
        row = self.store.clock_of(stored.id)
        self.clock = Clock(**row) if row else None
        self.rating_cache = None

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
    def check_ply(self, ply: Any) -> None:
        """A move names the ply it answers: one made for an older position is refused, so a
        double click or a move sent while the other side played is never played blind."""
        if isinstance(ply, bool) or not isinstance(ply, int):
            raise SessionError("a move names the ply it answers (\"ply\": an integer)")
        if ply > len(self.moves):   # the player saw a move another process stored, not heard of here yet
            self.reload()
        if ply != len(self.moves):
            raise self._stale()

    def check_action(self, token: Any, action: Any) -> int:
        """The action, validated for this token; SessionError otherwise. Changes nothing."""
        seat = self._acting_seat(token)
        if self.over:
            raise SessionError(msg("srv.gameOver"))
        if isinstance(action, bool) or not isinstance(action, int):
            raise SessionError("an action is an integer")
        if not 0 <= action < self.game.num_actions:
            raise SessionError(f"action {action} is out of range 0..{self.game.num_actions - 1}")
        p = self.state.current_player
        if p != seat or not self.human_to_move():
            raise SessionError(msg("srv.notYourTurn"), 403)
        if action not in self.state.legal_actions():
            raise SessionError(msg("srv.notLegalHereMove", move=self.state.move_to_string(action))
                               if _nameable(self.state, action) else msg("srv.notLegalHere"))
        return action

    def parse(self, token: Any, text: Any) -> int:
        self._acting_seat(token)
        if self.over:
            raise SessionError(msg("srv.gameOver"))
        if not isinstance(text, str) or not text.strip() or len(text) > 200:
            raise SessionError(msg("srv.typeMove"))
        try:
            return self.state.parse_move(text.strip())
        except (NotationError, IllegalActionError) as e:
            raise SessionError(e.message or str(e)) from None

    def play(self, token: Any, action: Any, ply: Any) -> None:
        self.check_ply(ply)
        a = self.check_action(token, action)
        s = self.state.apply(a)
        if not self._commit([a] + self._throws(s, len(self.g.actions) + 1)):
            raise self._stale()

    def explain(self, token: Any, points: Any) -> Message:
        """Why clicking ``points`` is not a move: asks the engine to read the points as a move."""
        if not (isinstance(points, list) and 0 < len(points) <= 8 and all(isinstance(p, str) and len(p) <= 8 for p in points)):
            raise SessionError("points must be a short list of point names")
        if self.over:
            return msg("srv.gameOver")
        if not self.human_to_move():
            return msg("srv.notYourTurn")
        for text in dict.fromkeys([points[0] if len(points) == 1 else "", "-".join(points), "x".join(points)]):
            if not text:
                continue
            try:
                self.state.parse_move(text)
            except IllegalActionError as e:
                return e.message or msg("srv.engine", text=str(e))
            except NotationError:
                continue
        names = sorted({self.game.action_points(self.state, a)[0]
                        for a in self.state.legal_actions() if self.game.action_points(self.state, a)})
        if names:
            return msg("srv.noMoveThatWayPieces", pieces=", ".join(names))
        return msg("srv.noMoveThatWay")

    def ai_choose(self, state: State) -> int:
        if self._agent is None:
            self._agent = make_agent(LEVELS[self.g.level], seed=self.g.seed)
        return self._agent.choose(state)

    def ai_play(self, action: int) -> None:
        if not self.ai_to_move() or action not in self.state.legal_actions():
            return  # the position changed while the computer thought (undo, resignation)
        self._commit([action] + self._throws(self.state.apply(action), len(self.g.actions) + 1))

    def hint_allowed(self, token: Any) -> None:
        seat = self._acting_seat(token)
        if self.g.mode != "ai":
            raise SessionError(msg("srv.hintsVsComputer"))
        if self.over or self.state.current_player != seat or not self.human_to_move():
            raise SessionError(msg("srv.hintForMover"))

    def undo(self, token: Any) -> None:
        seat = self._acting_seat(token)
        if self.g.mode != "ai":
            raise SessionError(msg("srv.undoVsComputer"))
        if self.over:     # a finished game stays finished, however it ended
            raise SessionError(msg("srv.gameEnded"))
        # back to the start of the human's last turn (a turn may be several actions)
        n = len(self.g.actions)
        target = None
        for i in range(n - 1, -1, -1):
            if self.states[i].current_player == seat and (i == 0 or self.states[i - 1].current_player != seat):
                target = i
                break
        if target is None:
            raise SessionError(msg("srv.nothingToUndo"))
        self._truncate(target)

    def resign(self, token: Any) -> None:
        seat = self._acting_seat(token)
        if self.over:
            raise SessionError(msg("srv.gameOver"))
        why = msg("srv.resigned", name=player(self.game.player_names[seat]))
        self._end({"result": "0-1" if seat == 0 else "1-0", "winner": 1 - seat,
                   "reason": str(why), "reason_msg": why.to_json()})

    def offer_draw(self, token: Any) -> Message:
        seat = self._acting_seat(token)
        if self.over:
            raise SessionError(msg("srv.gameOver"))
        if self.g.mode == "ai":
            return msg("srv.computerDeclines")
        if self.g.draw_offer is not None and self.g.draw_offer != seat:
            return self._agree_draw()
        self.store.set_draw_offer(self.g.id, seat)
        self.g.draw_offer = seat
        return msg("srv.offersDraw", name=player(self.game.player_names[seat]))

    def accept_draw(self, token: Any) -> Message:
        seats = self.seats_of(token)
        self._acting_seat(token)
        if self.g.draw_offer is None or self.g.draw_offer not in (0, 1) or seats == [self.g.draw_offer]:
            raise SessionError(msg("srv.noDrawOfferToAccept"))
        return self._agree_draw()

    def decline_draw(self, token: Any) -> Message:
        self._acting_seat(token)
        if self.g.draw_offer is None:
            raise SessionError(msg("srv.noDrawOffer"))
        self.store.set_draw_offer(self.g.id, None)
        self.g.draw_offer = None
        return msg("srv.drawDeclined")

    def _agree_draw(self) -> Message:
        why = msg("srv.drawAgreed")
        self._end({"result": "1/2-1/2", "winner": None, "reason": str(why), "reason_msg": why.to_json()})
        return why

    # -- tables: two people at one game (presence, takeback, abort, claim) -----------------
    def presence(self) -> list[bool]:
        """Whether each seat has an open socket, in this process or another."""
        there = [seats for seats, _, _ in list(self.elsewhere.values())]
        return [here or any(seats[seat] for seats in there) for seat, here in enumerate(self.here()[:2])]

    def watchers(self) -> int:
        return self.here()[2] + sum(n for _, n, _ in list(self.elsewhere.values()))

    def here(self) -> list[Any]:
        """This process's sockets on the game: [seat 0 present, seat 1 present, watchers]."""
        held = list(self.sockets_seats.values())    # one step: sockets come and go meanwhile
        return [any(0 in seats for seats in held), any(1 in seats for seats in held),
                sum(1 for seats in held if not seats)]

    def update_presence(self, now: float) -> None:
        """After a socket opened or closed: an absent seat is away from ``now`` on (or from
        earlier, if it was away already), a present one is not away."""
        for seat, here in enumerate(self.presence()):
            if here:
                self.away_since[seat] = None
            elif self.away_since[seat] is None:
                self.away_since[seat] = now

    def ratings(self) -> list[int | None]:
        """Each seat's player's rating in this ruleset's family (None for a seat without one)."""
        if self.rating_cache is None:
            family = ruleset_info(self.g.ruleset).family
            self.rating_cache = [None if pid is None else round(self.store.rating(pid, family).rating)
                                 for pid in self.g.player_ids]
        return self.rating_cache

    def table_fields(self) -> dict[str, Any]:
        rematch, takeback = self.g.rematch or {}, self._takeback()
        return {"presence": self.presence(), "watchers": self.watchers(), "ratings": self.ratings(),
                "rated": self.g.rated, "rematch": {"by": rematch["by"]} if "by" in rematch else None,
                "rematch_game": rematch.get("game"),
                "takeback": {"by": takeback["by"]} if takeback else None,
                "can_abort": self.can_abort(), "away_since": list(self.away_since),
                "claim_after": CLAIM_AFTER}

    def _between_people(self, token: Any, refusal: str) -> int:
        """The seat of a player of a game by invitation; ``refusal`` (a message id) in other games."""
        seat = self._acting_seat(token)
        if self.g.mode != "invite":
            raise SessionError(msg(refusal))
        if self.over:
            raise SessionError(msg("srv.gameOver"))
        return seat

    def _takeback(self) -> dict[str, Any] | None:
        """The takeback request still open: one asked at the current ply (a move since makes it stale)."""
        tb = self.g.takeback
        return tb if tb is not None and tb.get("ply") == len(self.moves) and not self.over else None

    def _own_last_turn(self, seat: int) -> int | None:
        """Where ``seat``'s last turn starts, if the other side has not played since."""
        k = len(self.moves)
        while k and self.moves[k - 1]["player"] in (seat, CHANCE):
            k -= 1
        return next((i for i in range(k, len(self.moves)) if self.moves[i]["player"] == seat), None)

    def ask_takeback(self, token: Any) -> Message:
        seat = self._between_people(token, "srv.takebackBetweenPeople")
        if self._own_last_turn(seat) is None:
            raise SessionError(msg("srv.nothingToTakeBack"))
        if self._takeback():
            raise SessionError(msg("srv.takebackPending"))
        self.g.takeback = {"by": seat, "ply": len(self.moves)}
        self.store.set_offer(self.g.id, "takeback", self.g.takeback)
        return msg("srv.asksTakeback", name=player(self.game.player_names[seat]))

    def answer_takeback(self, token: Any, accept: bool) -> Message:
        seat = self._between_people(token, "srv.takebackBetweenPeople")
        asked = self._takeback()
        if asked is None or asked["by"] == seat:
            raise SessionError(msg("srv.noTakeback"))
        start = self._own_last_turn(asked["by"])
        assert start is not None            # nobody has played since it was asked
        self.g.takeback = None
        self.store.set_offer(self.g.id, "takeback", None)
        if not accept:
            return msg("srv.takebackDeclined")
        self._truncate(start)
        return msg("srv.takebackAccepted")

    def can_abort(self) -> bool:
        """A game between two people can be abandoned, uncounted, before its second turn."""
        turns = sum(1 for i, m in enumerate(self.moves) if m["player"] != CHANCE and
                    (i == 0 or self.moves[i - 1]["player"] != m["player"]))
        return self.g.mode == "invite" and not self.over and turns < 2

    def abort(self, token: Any) -> Message:
        seat = self._between_people(token, "srv.abortBetweenPeople")
        if not self.can_abort():
            raise SessionError(msg("srv.tooLateToAbort"))
        why = msg("srv.aborted", name=player(self.game.player_names[seat]))
        self._end({"result": "*", "winner": None, "reason": str(why), "reason_msg": why.to_json(), "aborted": True})
        return why

    def claim(self, token: Any, outcome: Any, now: float) -> Message:
        """The win (or a draw) for a player whose opponent has been away CLAIM_AFTER seconds."""
        seat = self._between_people(token, "srv.claimBetweenPeople")
        if outcome not in ("win", "draw"):
            raise SessionError("outcome is \"win\" or \"draw\"")
        other = 1 - seat
        since = self.away_since[other]
        if self.open_seat() is not None:
            raise SessionError(msg("srv.noOpponentYet"))
        if since is None or self.presence()[other]:
            raise SessionError(msg("srv.opponentHere"))
        if now - since < CLAIM_AFTER:
            raise SessionError(msg("srv.claimTooSoon", seconds=CLAIM_AFTER - int(now - since)))
        name = player(self.game.player_names[seat])
        if outcome == "win":
            why = msg("srv.claimedWin", name=name)
            self._end({"result": "1-0" if seat == 0 else "0-1", "winner": seat,
                       "reason": str(why), "reason_msg": why.to_json()})
        else:
            why = msg("srv.claimedDraw", name=name)
            self._end({"result": "1/2-1/2", "winner": None, "reason": str(why), "reason_msg": why.to_json()})
        return why

    def _end(self, ended: dict[str, Any]) -> None:
        """Ends the game here and in the store, if nobody moved or ended it meanwhile (a 409
        otherwise, the session reloaded)."""
        try:
            self.store.set_ended(self.g.id, ended, seen=len(self.g.actions))
        except PlyTaken:
            self.reload()
            raise self._stale() from None
        self.g.ended = ended

    # -- what the page sees ----------------------------------------------------------------
    def result(self) -> dict[str, Any] | None:
        if self.g.ended:
            return dict(self.g.ended)
        out = self.state.outcome()
        if out is None:
            return None
        return {"result": out.result(), "winner": out.winner, "reason": out.reason,
                "reason_msg": out.message.to_json()}

    def view(self, state: State) -> dict[str, Any]:
        """The engine's view of ``state`` (not to be changed), kept for the few states that
        snapshots read again (the position, the start of the last turn): a view costs more
        than the rest of a move's snapshot."""
        hit = self._views.get(id(state))
        if hit is None or hit[0] is not state:
            if len(self._views) >= 8:
                self._views.clear()
            hit = self._views[id(state)] = (state, self.game.view(state))
        return hit[1]

    def snapshot(self, delta: bool = False) -> dict[str, Any]:
        """The position for the page. With ``delta``, only the moves since the last delta
        (``moves_from`` says where they start): what every open socket needs after a change."""
        s, game = self.state, self.game
        p = s.current_player
        legal: list[dict[str, Any]] = []
        if not self.over and p in (0, 1):
            legal = [{"a": a, "n": s.move_to_string(a), "p": game.action_points(s, a)}
                     for a in s.legal_actions()]
            if geometry_of(self.g.ruleset).get("kind") != "pits":   # what each move would take, for a preview
                before = self.view(s)
                for m in legal:
                    m["x"] = [g["at"] for g in taken(before, game.view(s.apply(m["a"])), p)]
        out = {
            "type": "state", "id": self.g.id, "ruleset": self.g.ruleset, "mode": self.g.mode,
            "level": self.g.level, "ai_seat": self.g.ai_seat, "players": self.g.players,
            "player_names": list(game.player_names), "ply": len(self.moves),
            "to_move": p if not self.over else TERMINAL, "view": {**self.view(s), "status_msg": game.status(s).to_json()}, "legal": legal,
            "moves": self.moves, "result": self.result(), "draw_offer": self.g.draw_offer,
            "num_actions": game.num_actions, "last_turn": self.last_turn(),
            **(self.clock.fields(self.now()) if self.clock else NO_CLOCK),
        }
        out.update(self.table_fields())
        if delta:
            out["moves_from"], out["moves"] = self.mark, self.moves[self.mark:]
            self.mark = len(self.moves)
        return out

    # -- clocks (see clocks.py) ---------------------------------------------------------------
    def clock_seat(self) -> int | None:
        """The seat whose time runs: a person to move in a game under way whose seats are both
        taken (not the computer, not before the guest has come)."""
        if self.clock is None or self.over or self.open_seat() is not None or not self.human_to_move():
            return None
        return self.state.current_player

    def sync_clock(self) -> None:
        """After any change: the clock of the player to move runs, and the player whose turn
        ended has his time charged (and the increment, unless the game ended off the board)."""
        c = self.clock
        seat = self.clock_seat()
        if c is None or seat == c.running:
            return
        c.switch(seat, self.now(), turn_ended=self.g.ended is None)
        self.store.save_clock(self.g.id, c.row())

    def flag_due(self) -> bool:
        """Whether the running clock has run out (cheap: no store access)."""
        return self.clock is not None and not self.over and self.clock.fallen(self.now())

    def flag_fall(self) -> bool:
        """Ends the game if the running clock has run out: the player loses, or it is a draw
        when the other side cannot win any more. True if it ended now."""
        if not self.flag_due():
            return False
        c = self.clock
        assert c is not None and c.running is not None
        seat, other = c.running, 1 - c.running
        c.switch(None, self.now(), turn_ended=False)
        c.left[seat] = 0.0
        name, rival = player(self.game.player_names[seat]), player(self.game.player_names[other])
        if self.game.can_win(self.state, other):
            why = msg("srv.flagFell", name=name)
            ended: dict[str, Any] = {"result": "0-1" if seat == 0 else "1-0", "winner": other}
        else:
            why = msg("srv.flagFellDraw", name=name, other=rival)
            ended = {"result": "1/2-1/2", "winner": None}
        ended.update(reason=str(why), reason_msg=why.to_json())
        # once, whichever process sees it first: only if nobody moved or ended the game meanwhile
        if not self.store.end_at(self.g.id, len(self.g.actions), ended, c.row()):
            self.reload()
            return True
        self.g.ended = ended
        return True

    def turn_of(self, seats: list[int]) -> dict[str, Any]:
        """For "my games": whether it is the turn of the browser holding ``seats`` (one seat:
        a browser holding both plays every turn), and the seconds left to the player to move."""
        c, p = self.clock, self.state.current_player
        mine = len(seats) == 1 and not self.over and p == seats[0] and self.human_to_move()
        left = None if c is None or c.running is None else max(0.0, c.left_at(self.now())[c.running])
        return {"your_turn": mine, "time_left": left}

    def last_turn(self) -> dict[str, Any] | None:
        """The last player's whole turn (every action of a chain, the throws before it): its
        moves, the points they touch, and what it took (``ghosts``: the pieces as they stood,
        shown faded until the next move) or, in a pit game, the pits it sowed and emptied."""
        end = len(self.moves)
        while end and self.moves[end - 1]["player"] == CHANCE:   # the next player's throws
            end -= 1
        if not end:
            return None
        player = self.moves[end - 1]["player"]
        start = end - 1
        while start:
            prev = self.moves[start - 1]["player"]
            if prev == player:
                start -= 1
            elif prev == CHANCE:   # the throws that began the turn (or came between its moves)
                while start and self.moves[start - 1]["player"] == CHANCE:
                    start -= 1
                if not (start and self.moves[start - 1]["player"] == player):
                    break
            else:
                break
        moves = self.moves[start:end]
        before, after = self.view(self.states[start]), self.view(self.states[end])
        points = list(dict.fromkeys(q for m in moves for q in m["p"]))
        out: dict[str, Any] = {"player": player, "from": start, "points": points, "ghosts": taken(before, after, player)}
        if geometry_of(self.g.ruleset).get("kind") == "pits":
            was, now = _counts(before), _counts(after)
            origins = {m["p"][0] for m in moves if m["p"]}
            out["sown"] = [q for q in now if now[q] > was.get(q, 0)]
            out["emptied"] = [q for q in was if now.get(q, 0) < was[q] and q not in origins]
            out["before"] = before
        return out

    def summary(self) -> dict[str, Any]:
        r = self.result()
        return {"id": self.g.id, "ruleset": self.g.ruleset, "mode": self.g.mode, "level": self.g.level,
                "players": self.g.players, "plies": len(self.moves), "updated": self.g.updated,
                "result": r["result"] if r else "*", "reason": r["reason"] if r else "",
                "reason_msg": r.get("reason_msg") if r else None,
                "status": r["reason"] if r else str(self.game.status(self.state)),
                "status_msg": r.get("reason_msg") if r else self.game.status(self.state).to_json()}


def _counts(view: dict[str, Any], owner: Any = "any") -> dict[str, int]:
    out: dict[str, int] = {}
    for p in view.get("pieces") or []:
        if owner == "any" or p.get("owner") == owner:
            out[p["at"]] = out.get(p["at"], 0) + int(p.get("count", 1))
    return out


def taken(before: dict[str, Any], after: dict[str, Any], mover: int) -> list[dict[str, Any]]:
    """The other side's pieces that a move (or turn) took off the board: those standing
    before at a point where the other side has fewer afterwards (pieces with an owner only)."""
    other = 1 - mover
    was, now = _counts(before, other), _counts(after, other)
    out = []
    for p in before.get("pieces") or []:
        if p.get("owner") == other and now.get(p["at"], 0) < was[p["at"]]:
            out.append(dict(p))
    return out


def analysis(states: list[State], actions: list[int], nodes: int) -> dict[str, Any]:
    """A finished game reviewed by the engine (`ludotheque.ai.hints.analyse`), for the page's
    graph: ``values[k]`` is the first player's value in [-1, 1] after ``k`` actions (the value
    of the best move there, as the search sees it), ``reviews`` the players' moves with their
    marks ("?" mistake, "??" blunder) and the best move found, with its points (``best_points``)."""
    reviews = analyse(states[:len(actions)], actions, nodes=nodes)
    values: list[float | None] = [None] * (len(actions) + 1)
    for r in reviews:       # before the move: the mover's best value, turned to the first player's
        values[r.number - 1] = r.before if r.player == 0 else -r.before
    final = states[len(actions)].outcome() if len(states) > len(actions) else None
    if final is not None:
        values[-1] = 0.0 if final.winner is None else (1.0 if final.winner == 0 else -1.0)
    last = 0.0
    for k, v in enumerate(values):   # throws and the end carry the value before them
        last = values[k] = last if v is None else v
    return {"values": values, "reviews": [{"ply": r.number - 1, "player": r.player, "move": r.move,
                                           "before": r.before, "after": r.after, "best": r.best,
                                           "best_points": _points_of(states[r.number - 1], r.best),
                                           "mark": r.mark} for r in reviews]}


def _points_of(state: State, move: str) -> list[str]:
    """The points of a move in notation, for the board to draw it (the best move, as an arrow)."""
    return state.game.action_points(state, state.parse_move(move))


def view_of(game: Game, state: State) -> dict[str, Any]:
    """The engine's view of ``state``, its status line also as a message of the catalogue
    (``status_msg``) for the page to say in the player's language."""
    return {**game.view(state), "status_msg": game.status(state).to_json()}


def _nameable(state: State, action: int) -> bool:
    try:
        state.move_to_string(action)
        return True
    except Exception:
        return False


# -- creating and finding games -------------------------------------------------------------
class Manager:
    """The live sessions of one app, loaded from the store on first use. Its methods load
    games and replay records: call them from worker threads, never on the event loop."""

    def __init__(self, store: SqlStore, now: Callable[[], float] = time.time,
                 max_live: int = MAX_LIVE) -> None:
        self.store = store
        self.now = now                    # the server's clock: the truth for clocks and presence
        # a bounded cache of the store: games not in use for long reload on the next request
        self.sessions: LRU[str, Session] = live_games(max_live)
        self._lock = threading.Lock()     # worker threads may load the same game at once
        self.prepared: set[str] = set()   # rulesets whose searches are compiled (or compiling)

    def loaded(self, game_id: Any) -> Session | None:
        """The session if it is in memory (cheap: safe on the event loop)."""
        return self.sessions.get(game_id) if isinstance(game_id, str) else None

    def get(self, game_id: Any) -> Session:
        if not isinstance(game_id, str) or not 0 < len(game_id) <= 64:
            raise SessionError(msg("srv.noSuchGame"), 404)
        s = self.sessions.get(game_id)
        if s is None:
            stored = self.store.get(game_id)
            if stored is None:
                raise SessionError(msg("srv.noSuchGame"), 404)
            s = Session(stored, self.store, self.now)
            s.start()
            s.sync_clock()
            s.flag_fall()          # a flag that fell while the game was not loaded
            with self._lock:
                s = self.sessions.setdefault(game_id, s)
        return s

    def create(self, ruleset: Any, mode: Any, level: Any = "easy", seat: Any = 0,
               name: Any = None, clock: Any = None) -> tuple[Session, list[str]]:
        """Checks every field before anything is stored; returns the session and the tokens
        to hand out (an invitation seat's entry is its link's code)."""
        if not isinstance(mode, str) or mode not in MODES:
            raise SessionError(f"mode is one of {', '.join(MODES)}")
        if mode == "ai" and (not isinstance(level, str) or level not in LEVELS):
            raise SessionError(f"level is one of {', '.join(LEVELS)}")
        if check_int(seat, "seat") not in (0, 1):
            raise SessionError("seat is 0 or 1")
        name = "You" if name is None or name == "" else check_name(name, [])
        try:
            timing = Clock.setting(clock, self.now())
        except LudoError as e:
            raise SessionError(e.message or str(e)) from None
        game = load_ruleset(ruleset)
        try:
            game.geometry()
        except NotImplementedError:
            raise SessionError(msg("srv.comingSoon", ruleset=str(ruleset))) from None
        if mode == "ai":
            t = new_token()
            tokens = [t, new_token()] if seat == 0 else [new_token(), t]
            players = [name, f"computer ({level})"] if seat == 0 else [f"computer ({level})", name]
            ai_seat: int | None = 1 - seat
        elif mode == "local":
            t = new_token()
            tokens, players, ai_seat, level = [t, t], list(game.player_names), None, ""
        else:
            tokens = [new_token(), INVITE + new_token()] if seat == 0 else [INVITE + new_token(), new_token()]
            players = [name, "?"] if seat == 0 else ["?", name]
            ai_seat, level = None, ""
        stored = StoredGame(id=secrets.token_urlsafe(8), ruleset=game.id, mode=mode, tokens=tokens,
                            players=players, seed=secrets.randbelow(2**31), level=level, ai_seat=ai_seat)
        self.store.create(stored)
        if timing:
            self.store.save_clock(stored.id, timing.row())
        session = Session(stored, self.store, self.now)
        session.start()
        session.sync_clock()
        with self._lock:
            self.sessions[stored.id] = session
        return session, [t.removeprefix(INVITE) for t in tokens]

    def claim(self, session: Session, code: Any, token: Any, name: Any, key: Any = None) -> tuple[str, list[int]]:
        """Opens an invitation link: the holder of a seat keeps it (the host opening their own
        link, on this device or, by their player key, another); otherwise the link's code
        claims the open seat, once, for a fresh token."""
        seats = session.seats_of(token)
        if seats:
            return str(token), seats
        person = self.person(key) if key is not None else None
        held = self._held(session, person)
        if held:
            return held
        seat = session.open_seat()
        if seat is None or not same(code, session.g.tokens[seat].removeprefix(INVITE)):
            raise SessionError(msg("srv.inviteUsed"), 409)
        return self._seat(session, seat, person, name)

    def _seat(self, session: Session, seat: int, person: tuple[str, str] | None, name: Any,
              taken: str = "srv.inviteUsed") -> tuple[str, list[int]]:
        """Gives the open ``seat`` to a guest (a person with a player identity, or a name only);
        ``taken`` (a message id) if another process gave it first."""
        if session.g.rated and person is None:
            raise SessionError(msg("srv.ratedNeedsPlayer"))
        host = session.g.players[1 - seat]
        try:
            name = check_name(person[1] if person else name, [host])
        except SessionError:   # the guest can rename later; a claim is not refused for a name
            name = "Guest" if host != "Guest" else "Guest 2"
        fresh = new_token()
        tokens, players, ids = list(session.g.tokens), list(session.g.players), list(session.g.player_ids)
        tokens[seat], players[seat], ids[seat] = fresh, name, person[0] if person else None
        if not self.store.claim_seat(session.g.id, tokens, players, ids, before=session.g.tokens):
            session.reload()                        # another process gave the seat first
            raise SessionError(msg(taken), 409)
        session.g.tokens, session.g.players, session.g.player_ids = tokens, players, ids
        session.away_since[seat] = self.now()       # a claim is a sign of life
        session.rating_cache = None
        return fresh, [seat]

    def import_record(self, text: Any) -> tuple[Session, str]:
        if not isinstance(text, str) or not text.strip():
            raise SessionError(msg("srv.pasteRecord"))
        if len(text) > MAX_RECORD:
            raise SessionError(f"a record has at most {MAX_RECORD:,} characters", 413)
        try:
            rec = GameRecord.parse(text)
        except LudoError as e:
            raise SessionError(str(e)[:300]) from None
        except Exception as e:  # the record is untrusted input: any failure to read it is its own
            log.debug("record import raised %s", type(e).__name__)
            raise SessionError(f"not a readable record ({type(e).__name__})") from None
        game = load_ruleset(rec.ruleset)
        token = new_token()
        stored = StoredGame(id=secrets.token_urlsafe(8), ruleset=game.id, mode="local",
                            tokens=[token, token], players=[str(p)[:MAX_NAME] for p in rec.players],
                            seed=secrets.randbelow(2**31), actions=[int(a) for a in rec.actions])
        try:
            session = Session(stored, self.store, self.now)   # replays, so re-validates, every move
        except LudoError as e:
            raise SessionError(str(e)[:300]) from None
        self.store.create(stored)
        with self._lock:
            self.sessions[stored.id] = session
        return session, token

    def set_name(self, session: Session, token: Any, name: Any) -> None:
        seats = session.seats_of(token)
        if not seats:
            raise SessionError(msg("srv.noSeat"), 403)
        if len(seats) != 1 or session.g.mode != "invite":
            raise SessionError("only players of a game by invitation name themselves")
        seat = seats[0]
        players = list(session.g.players)
        players[seat] = check_name(name, [players[1 - seat]])
        self.store.set_players(session.g.id, players)
        session.g.players = players

    def prepare(self, session: Session) -> None:
        """Compiles the game's searches while the player thinks (once per ruleset)."""
        with self._lock:
            if session.g.ruleset in self.prepared:
                return
            self.prepared.add(session.g.ruleset)
        prepare(session.game)

    # -- tables: player identities, open tables, rematches, ratings ---------------------------
    def new_player(self, name: Any, game_id: Any = None) -> dict[str, str]:
        """A player identity for a browser: its id, name and secret key (only its hash is stored).
        ``game_id``: the game the player is joining, whose players' names are taken."""
        taken = [p for p in self.get(game_id).g.players if p != "?"] if game_id is not None else []
        name = check_name(name, taken)
        pid, key = secrets.token_urlsafe(9), secrets.token_urlsafe(24)
        self.store.add_player(pid, key_hash(key), name)
        return {"id": pid, "key": key, "name": name}

    def person(self, key: Any) -> tuple[str, str]:
        """(id, name) of the player whose key this is."""
        found = self.store.player_of_key(key_hash(key)) if isinstance(key, str) and 0 < len(key) <= 64 else None
        if found is None:
            raise SessionError(msg("srv.unknownPlayer"), 403)
        return found

    def profile(self, key: Any) -> dict[str, Any]:
        pid, name = self.person(key)
        return {"id": pid, "name": name, "ratings": {
            family: {"rating": round(r.rating), "rd": round(r.rd), "games": r.games}
            for family, r in sorted(self.store.ratings_of(pid).items())}}

    def rename(self, key: Any, name: Any) -> tuple[str, list[Session], list[str]]:
        """Renames the player, and their seats in every game not ended yet; returns the new
        name, the games in memory (whose screens are to be told) and the ids of the others
        (which other processes may hold). Refused, changing nothing, if the name is not one to
        take or is an opponent's."""
        pid, _ = self.person(key)
        name = check_name(name, [])
        games: dict[str, list[str]] = {}
        for gid in self.store.games_of_player(pid, unfinished=True):
            live = self.loaded(gid)
            g = live.g if live is not None else self.store.get(gid)
            if g is None or pid not in g.player_ids:
                continue
            mine = [seat for seat in (0, 1) if g.player_ids[seat] == pid]
            check_name(name, [g.players[seat] for seat in (0, 1) if seat not in mine])
            games[gid] = [name if seat in mine else g.players[seat] for seat in (0, 1)]
        self.store.rename_player(pid, name, games)
        changed, elsewhere = [], []
        for gid, players in games.items():
            live = self.loaded(gid)
            if live is not None:
                live.g.players = players
                changed.append(live)
            else:
                elsewhere.append(gid)
        return name, changed, elsewhere

    def table_request(self, d: dict[str, Any]) -> tuple[tuple[str, str] | None, bool, bool]:
        """A new game's table, checked before the game is made: (the player creating it, if
        their key is given; open table; rated)."""
        key, open_table, rated = d.get("key"), d.get("open", False), d.get("rated", False)
        if not isinstance(open_table, bool) or not isinstance(rated, bool):
            raise SessionError("open and rated are true or false")
        if (open_table or rated) and d.get("mode") != "invite":
            raise SessionError(msg("srv.tablesBetweenPeople"))
        person = self.person(key) if key is not None else None
        if rated and person is None:
            raise SessionError(msg("srv.ratedNeedsPlayer"))
        return person, open_table, rated

    def set_table(self, session: Session, person: tuple[str, str] | None, open_table: bool, rated: bool) -> None:
        g = session.g
        ids: list[str | None] = [None, None]
        if person is not None and g.mode != "local":    # the creator's seat: the computer's other, the host's
            ids[1 - g.ai_seat if g.ai_seat is not None else 1 - (session.open_seat() or 0)] = person[0]
        self.store.set_table(g.id, ids, rated, open_table)
        g.player_ids, g.rated, g.open_table = ids, rated, open_table

    def _held(self, session: Session, person: tuple[str, str] | None) -> tuple[str, list[int]] | None:
        """The seat token and seat of a person who already holds a seat in this game."""
        if person is None or person[0] not in session.g.player_ids:
            return None
        seat = session.g.player_ids.index(person[0])
        return session.g.tokens[seat], [seat]

    def sit(self, session: Session, key: Any) -> tuple[str, list[int]]:
        """Joins an open table from the lobby: the free seat, for the person whose key this is."""
        if not session.g.open_table:
            raise SessionError(msg("srv.notOpenTable"), 404)
        person = self.person(key)
        held = self._held(session, person)
        if held:
            return held
        seat = session.open_seat()
        if seat is None or session.over:
            raise SessionError(msg("srv.tableTaken"), 409)
        return self._seat(session, seat, person, None, "srv.tableTaken")

    def open_tables(self) -> list[dict[str, Any]]:
        """The lobby's open tables: games waiting for an opponent, newest first."""
        out = []
        for gid in self.store.open_tables():
            try:
                session = self.get(gid)
            except (SessionError, LudoError):
                continue
            seat = session.open_seat()
            if seat is None or session.over:
                continue
            host = 1 - seat
            out.append({"id": gid, "ruleset": session.g.ruleset, "seat": seat, "host": session.g.players[host],
                        "host_id": session.g.player_ids[host], "rating": session.ratings()[host],
                        "rated": session.g.rated, "created": session.g.created,
                        "clock": None, "days": None})
            c = session.clock
            if c is not None and c.days:
                out[-1]["days"] = c.days
            elif c is not None:
                out[-1]["clock"] = {"base": c.base, "inc": c.inc}
        return out

    def live_games(self, limit: int = 30) -> list[dict[str, Any]]:
        """Games from open tables being played now (a player is connected), to watch."""
        live = [s for s in list(self.sessions.values()) if s.g.open_table and s.open_seat() is None
                and not s.over and any(s.presence())]
        live.sort(key=lambda s: -s.g.updated)
        return [{"id": s.g.id, "ruleset": s.g.ruleset, "players": s.g.players, "ratings": s.ratings(),
                 "rated": s.g.rated, "plies": len(s.moves), "watchers": s.watchers()} for s in live[:limit]]

    def games_of(self, key: Any) -> list[dict[str, Any]]:
        """The games where the person holds a seat, with the seat's token (a recovered
        identity finds its games on a new device)."""
        pid, _ = self.person(key)
        out = []
        for gid in self.store.games_of_player(pid):
            try:
                session = self.get(gid)
            except (SessionError, LudoError):
                continue
            if pid in session.g.player_ids:
                seat = session.g.player_ids.index(pid)
                out.append({**session.summary(), **session.turn_of([seat]), "token": session.g.tokens[seat], "seat": seat})
        return out

    def rematch(self, session: Session, token: Any, answer: str) -> Message:
        """``answer``: "offer" (against the computer or on one screen, the new game at once;
        between two people, an offer, or the answer to theirs), "accept" or "decline"."""
        seat = session._acting_seat(token)
        if not session.over:
            raise SessionError(msg("srv.rematchAfterEnd"))
        offer = session.g.rematch or {}
        if "game" in offer:
            raise SessionError(msg("srv.rematchMade"))
        theirs = session.g.mode == "invite" and offer.get("by") == 1 - seat
        if answer in ("accept", "decline") and not theirs:
            raise SessionError(msg("srv.noRematchOffer"))
        if answer == "decline":
            self._set_rematch(session, None)
            return msg("srv.rematchDeclined")
        if answer == "offer" and session.g.mode == "invite" and not theirs:
            if offer:
                raise SessionError(msg("srv.rematchOffered"))
            self._set_rematch(session, {"by": seat})
            return msg("srv.offersRematch", name=player(session.game.player_names[seat]))
        new = self._rematch_game(session)
        self._set_rematch(session, {"game": new.g.id})
        return msg("srv.rematchStarts")

    def _set_rematch(self, session: Session, offer: dict[str, Any] | None) -> None:
        self.store.set_offer(session.g.id, "rematch", offer)
        session.g.rematch = offer

    def _rematch_game(self, session: Session) -> Session:
        """The same game again, each person in the other seat with the same seat token."""
        g = session.g

        def swap(pair: list[Any]) -> list[Any]:
            return pair if g.mode == "local" else [pair[1], pair[0]]
        now = self.now()
        stored = dataclasses.replace(
            g, id=secrets.token_urlsafe(8), tokens=swap(g.tokens), players=swap(g.players),
            player_ids=swap(g.player_ids), ai_seat=None if g.ai_seat is None else 1 - g.ai_seat,
            seed=secrets.randbelow(2**31), created=now, updated=now, ended=None, draw_offer=None,
            actions=[], open_table=False, rematch=None, takeback=None)
        self.store.create(stored)
        if session.clock:     # the same time control, afresh
            same = {"days": session.clock.days} if session.clock.days else \
                {"base": session.clock.base, "inc": session.clock.inc}
            timing = Clock.setting(same, self.now())
            assert timing is not None
            self.store.save_clock(stored.id, timing.row())
        new = Session(stored, self.store, self.now)
        new.start()
        new.sync_clock()
        with self._lock:
            self.sessions[stored.id] = new
        return new

    def settle(self, session: Session) -> None:
        """Rates a rated game that has ended (not an aborted one), once."""
        g = session.g
        if not g.rated or session.settled or not session.over:
            return
        session.settled = True
        result, (a, b) = session.result(), g.player_ids
        if result is None or result.get("aborted") or a is None or b is None or a == b:
            return
        score = 0.5 if result["winner"] is None else 1.0 if result["winner"] == 0 else 0.0
        family = ruleset_info(g.ruleset).family
        self.store.settle(g.id, family, a, b, score)
        for other in list(self.sessions.values()):     # the players' other games show the new ratings
            if a in other.g.player_ids or b in other.g.player_ids:
                other.rating_cache = None


def key_hash(key: str) -> str:
    """What the store keeps of a player's key: the key is random (144 bits), so one hash suffices."""
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()
