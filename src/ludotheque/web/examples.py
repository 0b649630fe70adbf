"""Worked examples of the rules texts, as live boards for the rules page: each is a position
(the start, or a diagram of the example) and the moves the example plays, by clause id.

    examples_of("oware")     # [{"id": "OW-X1", "frames": [...], "moves": [...], ...}]

The page steps through the frames or lets the player try each move; it needs no rules of its
own, since every frame carries the legal actions with their notation and points.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from ..core.game import CHANCE
from ..core.registry import load, parse_ruleset_id
from .sessions import taken


@dataclass(frozen=True)
class Example:
    id: str                     # the clause id of the rules text
    ruleset: str
    title: dict[str, str]       # by language
    moves: tuple[str, ...]      # the actions the example plays, in the engine's notation
    diagram: str | None = None  # None: the start position
    setup: dict[str, Any] = field(default_factory=dict)   # from_diagram's other arguments


EXAMPLES = (
    Example("OW-X1", "oware", {"en": "17 seeds: the origin is skipped on the lap, then c, b and a are harvested (+8)",
                               "fr": "17 graines : la case de départ est sautée au tour complet, puis c, b et a sont récoltées (+8)"},
            ("C",), """
        f  e  d  c  b  a
North   0  0  3  0  1  1    store 13
South   1  0 17  0  0  0    store 12
        A  B  C  D  E  F
""", {"to_move": 0}),
    Example("OW-X2", "oware", {"en": "A harvest of e and d, broken by the 5 in c",
                               "fr": "Une récolte de e et d, arrêtée par le 5 en c"},
            ("F",), """
        f  e  d  c  b  a
North   0  2  1  4  1  1    store 19
South   0  0  0  0  1  5    store 14
        A  B  C  D  E  F
""", {"to_move": 0}),
    Example("NN-X1", "oware/nam-nam", {"en": "The opening: a sowing that relays four times, and no four is made",
                                       "fr": "L'ouverture : un semis relancé quatre fois, sans faire de quatre"},
            ("A",)),
    Example("NN-X2", "oware/nam-nam", {"en": "Fours taken mid-sowing: D becomes 4 (South's), then a becomes 4 (North's)",
                                       "fr": "Des quatre pris en cours de semis : D fait 4 (pour Sud), puis a fait 4 (pour Nord)"},
            ("B",), """
        f  e  d  c  b  a
North   3  2  2  2  0  3    store 12
South   2  3  0  3  2  2    store 12
        A  B  C  D  E  F
""", {"to_move": 0}),
    Example("FA-1", "fanorona", {"en": "One step, two captures: by approach it takes f3 g3 (by withdrawal it would take c3 b3)",
                                 "fr": "Un pas, deux prises : par approche il prend f3 g3 (par éloignement il prendrait c3 b3)"},
            ("d3-e3A",), """
5  . . . . . . . . .
4  . . . . . . . . .
3  . O O G . O O . .
2  . . . . . . . . .
1  . . . . . . . . .
""", {"to_move": 0}),
    Example("FA-6", "fanorona", {"en": "The start: d2-e3 by approach takes the line f4, g5",
                                 "fr": "Le départ : d2-e3 par approche prend la ligne f4, g5"},
            ("d2-e3A",)),
    Example("FT-1", "fanorona/telo", {"en": "Telo: a capture by approach, then Orange has only a paika step",
                                      "fr": "Telo : une prise par approche, puis Orange n'a qu'un pas paika"},
            ("b1-b2A", "a3-b3")),
    Example("FD-1", "fanorona/dimy", {"en": "Dimy: the same step captures by approach or by withdrawal; here by withdrawal (e3)",
                                      "fr": "Dimy : le même pas prend par approche ou par éloignement ; ici par éloignement (e3)"},
            ("d3-c3W",)),
    Example("DA-X2", "dara", {"en": "Forming a line of three (c1-c2) removes an unprotected Elephant: d2",
                              "fr": "Former une ligne de trois (c1-c2) retire un Éléphant non protégé : d2"},
            ("c1-c2", "-d2"), """
5  L E . . E L
4  L E . L . .
3  . E L . E E
2  L L . E . E
1  . . L E E E
   a b c d e f
""", {"to_move": 0, "lost": (4, 1)}),
    Example("DL-X1", "dara/dala", {"en": "Dala: the first four pieces go in the centre",
                                   "fr": "Dala : les quatre premières pièces vont au centre"},
            ("@c3", "@d4", "@d3", "@c4")),
    Example("AW-X11", "awithlaknannai/serpents", {"en": "Serpents Combattants: the opening move, and the compulsory reply capture",
                                                  "fr": "Serpents Combattants : le coup d'ouverture, et la prise obligatoire en réponse"},
            ("m6-m7", "m8xm6")),
    Example("AW-X9", "awithlaknannai/lemery", {"en": "Lemery: the start, and the reply capture along the middle row",
                                               "fr": "Lemery : le départ, et la prise en réponse le long de la rangée du milieu"},
            ("b5-m6", "m7xm5")),
    Example("AC-X1", "awithlaknannai/classic", {"en": "The classic sheet: the first move and a reply capture",
                                                "fr": "La fiche classique : le premier coup et une prise en réponse"},
            ("b4-m5", "t5xb4")),
    Example("KM-X12", "komikan/chivi-kora", {"en": "Chivi Korá: alpacas move forward or sideways only",
                                             "fr": "Chivi Korá : les alpagas n'avancent que tout droit ou de côté"},
            ("c2-c3", "c5-c4")),
    Example("KM-X10", "komikan/adugo", {"en": "Adugo: the Puma steps (every jump would land on an alpaca)",
                                        "fr": "Adugo : le Puma avance d'un pas (chaque saut tomberait sur un alpaga)"},
            ("c5-c4",)),
    Example("PU-X1", "puluc", {"en": "A throw of 2: the warrior on 3 jumps on the blue warrior at 5 and takes it prisoner",
                               "fr": "Un lancer de 2 : le guerrier en 3 saute sur le guerrier bleu en 5 et le fait prisonnier"},
            ("(2)", "3x5"), """
pos:  0    1  2  3  4  5  6  7  8  9  10
      Y×4  .  .  Y  .  B  .  .  .  B  B×3
"""),
    Example("PU-X2", "puluc", {"en": "The rescue: with a 4, the blue warrior on 9 lands on the stack at 5 and frees its prisoner",
                               "fr": "Le sauvetage : avec un 4, le guerrier bleu en 9 se pose sur la pile en 5 et libère son prisonnier"},
            ("(4)", "9x5"), """
pos:  0    1  2  3  4  5   6  7  8  9  10
      Y×4  .  .  .  .  BY  .  .  .  B  B×3
""", {"to_move": 1}),
    Example("AW-X2", "awithlaknannai", {"en": "The forced first move, and the reply capture, which is compulsory",
                                        "fr": "Le premier coup forcé, et la prise en réponse, obligatoire"},
            ("b4-m5", "t3xb4")),
    Example("KM-X2", "komikan", {"en": "The Puma jumps the alpaca on b4 into a5 (a capture it may also ignore)",
                                 "fr": "Le Puma saute l'alpaga de b4 jusqu'en a5 (une prise qu'il peut aussi ignorer)"},
            ("c2-c3", "a5-b4", "c3xa5")),
    Example("KO-1", "konane", {"en": "The opening: two flowers removed, then the first jump",
                               "fr": "L'ouverture : deux fleurs retirées, puis le premier saut"},
            ("-d5", "-e5", "d3xd5")),
    Example("KO-2", "konane", {"en": "A chain of jumps in one direction; then Jasmine cannot capture and loses",
                               "fr": "Une chaîne de sauts dans une direction ; Jasmin ne peut plus prendre et perd"},
            ("a2xc2", "c2xe2", "e2xg2"), """
8  . . . . . . . .
7  . . . . . . . .
6  . . . . . . . .
5  . . . . . . . .
4  . . . . . . . .
3  . . J . . . . .
2  H J . J . J . .
1  . . . . . . . .
   a b c d e f g h
""", {"to_move": 0}),
    Example("CH-X1", "yote/choko", {"en": "Choko: the holder moves instead of deploying, so the other side deploys and takes the token",
                                    "fr": "Choko : le détenteur déplace au lieu de poser, alors l'autre camp pose et prend le jeton"},
            ("b4-a4", "@e5"), """
5  . . D . .
4  . L . D .
3  D L . L .
2  . . D . .
1  . . L . .
   a b c d e
""", {"hands": (8, 8), "holder": 0}),
    Example("YO-X1", "yote", {"en": "A capture, then a bonus removal of another dark camel",
                              "fr": "Une prise, puis le retrait en prime d'un autre chameau sombre"},
            ("c2xc4", "-d4"), """
5  . . . . . .
4  . D . D . .
3  . L D L . .
2  . . L . . .
1  . . . . D L
   a b c d e f
""", {"hands": (0, 2)}),
)


def _frame(state: Any) -> dict[str, Any]:
    game = state.game
    legal = []
    if not state.is_terminal and state.current_player != CHANCE:
        legal = [{"a": a, "n": state.move_to_string(a), "p": game.action_points(state, a)}
                 for a in state.legal_actions()]
    return {"view": game.view(state), "to_move": state.current_player, "legal": legal, "ghosts": []}


def build(ex: Example) -> dict[str, Any]:
    """The example's frames (a position per move, with its legal actions) and its moves."""
    game = load(ex.ruleset)
    # every game reads its rules text's diagrams (``from_diagram``), with its own extra arguments
    state = getattr(game, "from_diagram")(ex.diagram, **ex.setup) if ex.diagram else game.initial_state()
    frames, moves = [_frame(state)], []
    turn_start = 0      # the frame where the turn of the latest move began
    for text in ex.moves:
        action = state.parse_move(text)
        moves.append({"a": action, "n": state.move_to_string(action), "p": game.action_points(state, action)})
        mover = state.current_player
        if frames[-1]["to_move"] != frames[turn_start]["to_move"]:
            turn_start = len(frames) - 1
        state = state.apply(action)
        frames.append(_frame(state))
        # what the turn so far took, shown faded as on the game page (a chain's every capture)
        frames[-1]["ghosts"] = [] if mover == CHANCE else taken(frames[turn_start]["view"], frames[-1]["view"], mover)
    return {"id": ex.id, "ruleset": ex.ruleset, "title": ex.title, "geometry": game.geometry(),
            "player_names": list(game.player_names), "frames": frames,
            "moves": moves, "throws": [m["a"] if f["to_move"] == CHANCE else None for m, f in zip(moves, frames)]}


def examples_of(ruleset: str) -> list[dict[str, Any]]:
    """The worked examples of a ruleset's rules page (the variant's, whatever its extensions and
    options), built in a worker thread; RulesetError if ``ruleset`` is not a valid id."""
    return _examples_of_variant(parse_ruleset_id(ruleset)[0].name)


@lru_cache(maxsize=64)
def _examples_of_variant(variant: str) -> list[dict[str, Any]]:
    return [build(ex) for ex in EXAMPLES if ex.ruleset == variant]
