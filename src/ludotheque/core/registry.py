"""Ruleset ids -> Games.

A ruleset id is ``family[/variant][+extension...][?option=value&...]``, e.g. ``oware``,
``oware?grand_slam=forbid-capture&repetition=2``, ``fanorona/telo+female``. Each game package
registers its rulesets here; everything else reaches games only through `load`.
"""
from __future__ import annotations

import importlib
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any, Callable

from .errors import RulesetError, quote
from .game import Game


#: the bound of an integer option that declares none: the kernels count in int32, and ids
#: with huge numbers would only fill the ruleset cache
DEFAULT_MAXIMUM = 1_000_000
MAX_ID_LENGTH = 200
CACHE_SIZE = 256


@dataclass(frozen=True)
class Option:
    """One ruleset option. Integer options have an int default and a range (at most
    `DEFAULT_MAXIMUM` when they declare no maximum); others list their choices."""

    name: str
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    requires: str = ""      # an extension without which the option may not be written

    def parse(self, text: str) -> Any:
        if isinstance(self.default, int):
            # ASCII digits only (int() would take "٣", "1_0" and " 7"), and few of them
            if not re.fullmatch(r"-?[0-9]{1,9}", text):
                raise RulesetError(f"option {self.name} takes an integer of at most 9 digits, "
                                   f"not {quote(text)}")
            value = int(text)
            low = self.minimum if self.minimum is not None else -DEFAULT_MAXIMUM
            high = self.maximum if self.maximum is not None else DEFAULT_MAXIMUM
            if not low <= value <= high:
                raise RulesetError(f"option {self.name}={value} is out of range {low}..{high}")
            if self.choices and str(value) not in self.choices:
                raise RulesetError(f"option {self.name} must be one of {', '.join(self.choices)}")
            return value
        if text not in self.choices:
            raise RulesetError(f"option {self.name} must be one of {', '.join(self.choices)}, not {quote(text)}")
        return text


@dataclass(frozen=True)
class RulesetInfo:
    name: str                       # "oware", "oware/nam-nam"
    title: str                      # "Oware Abapa"
    description: str                # one line for `ludotheque list`
    factory: Callable[[frozenset[str], dict[str, Any], str], Game]
    extensions: tuple[str, ...] = ()
    options: tuple[Option, ...] = ()
    rules_package: str = ""         # package holding rules_en.md / rules_fr.md
    incompatible: tuple[frozenset[str], ...] = field(default=())

    @property
    def family(self) -> str:
        return self.name.split("/")[0]


_RULESETS: dict[str, RulesetInfo] = {}
_ID = re.compile(r"^([a-z][a-z0-9-]*(?:/[a-z][a-z0-9-]*)?)((?:\+[a-z][a-z0-9-]*)*)(?:\?(.*))?$")


def register(info: RulesetInfo) -> None:
    _RULESETS[info.name] = info


def _ensure_games_loaded() -> None:
    importlib.import_module("ludotheque.games")


def rulesets() -> list[RulesetInfo]:
    _ensure_games_loaded()
    return list(_RULESETS.values())


def info(name: str) -> RulesetInfo:
    _ensure_games_loaded()
    base = name.split("?")[0].split("+")[0]
    if base not in _RULESETS:
        raise RulesetError(f"unknown game {quote(base)}; known: {', '.join(sorted(_RULESETS))}")
    return _RULESETS[base]


def _extensions_first(text: str) -> str:
    """Accepts extensions written after the options (``konane?size=6+hummingbird``, as some
    rules files write them) by moving them before the ``?``."""
    if "?" not in text:
        return text
    head, query = text.split("?", 1)
    m = re.search(r"(?:\+[a-z][a-z0-9-]*)+$", query)
    if m:
        head, query = head + m.group(0), query[: m.start()]
    return f"{head}?{query}"


def parse_ruleset_id(ruleset_id: str) -> tuple[RulesetInfo, frozenset[str], dict[str, Any]]:
    """Validates an id and returns (ruleset, extensions, full option values)."""
    if not isinstance(ruleset_id, str):
        raise RulesetError(f"a ruleset id is a string, not {type(ruleset_id).__name__}")
    if len(ruleset_id) > MAX_ID_LENGTH:
        raise RulesetError(f"a ruleset id has at most {MAX_ID_LENGTH} characters: {quote(ruleset_id)}")
    # written exactly: no spaces around it, and a "?" is followed by options (an id with
    # either would be stored and shown as written, unlike the game it names)
    m = _ID.fullmatch(_extensions_first(ruleset_id))
    if not m:
        raise RulesetError(f"malformed ruleset id {quote(ruleset_id)} (expected family[/variant][+ext][?k=v&...])")
    if m.group(3) == "":
        raise RulesetError(f"malformed ruleset id {quote(ruleset_id)}: a ? is followed by options (name=value)")
    ri = info(m.group(1))
    exts = [e for e in m.group(2).split("+") if e]
    for e in exts:
        if e not in ri.extensions:
            allowed = ", ".join(ri.extensions) or "none"
            raise RulesetError(f"{ri.name} has no extension {quote(e)} (extensions: {allowed})")
    if len(set(exts)) != len(exts):
        raise RulesetError(f"extension repeated in {quote(ruleset_id)}")
    ext_set = frozenset(exts)
    for bad in ri.incompatible:
        if bad <= ext_set:
            raise RulesetError(f"extensions {' and '.join(sorted(bad))} cannot be combined on {ri.name}")
    by_name = {o.name: o for o in ri.options}
    values = {o.name: o.default for o in ri.options}
    query = m.group(3)
    if query is not None:
        given: set[str] = set()
        for item in query.split("&"):
            if "=" not in item:
                raise RulesetError(f"option {quote(item)} in {quote(ruleset_id)} needs a value (name=value)")
            k, v = item.split("=", 1)
            if k not in by_name:
                allowed = ", ".join(by_name) or "none"
                raise RulesetError(f"{ri.name} has no option {quote(k)} (options: {allowed})")
            if k in given:
                raise RulesetError(f"option {k} repeated in {quote(ruleset_id)}")
            given.add(k)
            if by_name[k].requires and by_name[k].requires not in ext_set:
                raise RulesetError(f"option {k} needs the +{by_name[k].requires} extension")
            values[k] = by_name[k].parse(v)
    return ri, ext_set, values


def canonical_id(ri: RulesetInfo, exts: frozenset[str], values: dict[str, Any]) -> str:
    """Extensions in declaration order, options that differ from their default in declaration order."""
    text = ri.name + "".join(f"+{e}" for e in ri.extensions if e in exts)
    opts = [f"{o.name}={values[o.name]}" for o in ri.options if values[o.name] != o.default]
    return text + ("?" + "&".join(opts) if opts else "")


def load(ruleset_id: str) -> Game:
    """The Game for a ruleset id; RulesetError with a clear message if it is not valid."""
    ri, exts, values = parse_ruleset_id(ruleset_id)
    return _build(canonical_id(ri, exts, values))


@lru_cache(maxsize=CACHE_SIZE)   # bounded: ids come from users (20,000 ids once took 370 MB)
def _build(cid: str) -> Game:
    ri, exts, values = parse_ruleset_id(cid)
    return ri.factory(exts, values, cid)
