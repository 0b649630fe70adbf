"""The rules written for players, in English and French, shipped with each game package as
``rules/<ruleset name with / as _>.<lang>.md`` (e.g. ``rules/oware_nam-nam.fr.md``)."""
from __future__ import annotations

from importlib import resources

from .errors import RulesetError, quote
from .registry import parse_ruleset_id

LANGUAGES = ("en", "fr")


def rules_text(ruleset_id: str, lang: str = "en") -> str:
    if lang not in LANGUAGES:
        raise RulesetError(f"rules are written in {' and '.join(LANGUAGES)}, not {quote(lang)}")
    ri, _, _ = parse_ruleset_id(ruleset_id)
    name = ri.name.replace("/", "_")
    path = resources.files(ri.rules_package).joinpath("rules", f"{name}.{lang}.md")
    return path.read_text(encoding="utf-8")


def title(ruleset_id: str, lang: str = "en") -> str:
    """The game's name in ``lang``: the registry's title, in another language the heading of
    its rules text there when there is one (``Puluc — fiche Ludens Planet``)."""
    ri, _, _ = parse_ruleset_id(ruleset_id)
    if lang == "en":
        return ri.title
    try:
        first = rules_text(ri.name, lang).lstrip().splitlines()[0]
    except (OSError, IndexError, RulesetError):   # no rules text (yet) in that language
        return ri.title
    return first[2:].strip() if first.startswith("# ") else ri.title
