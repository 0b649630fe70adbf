"""Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2012), computed by the
``glicko2-py`` library: one rated game is one rating period for each of its two players, as
online game sites rate, so a rating moves after every game.
"""
from __future__ import annotations

from dataclasses import dataclass

from glicko2.math.algorithm import update_rating
from glicko2.math.conversions import mu_to_rating, phi_to_rd, rating_to_mu, rd_to_phi


@dataclass(frozen=True)
class Rating:
    rating: float = 1500.0      # a newcomer's, as Glickman sets it
    rd: float = 350.0           # rating deviation
    vol: float = 0.06           # volatility
    games: int = 0              # rated games played


def updated(player: Rating, games: list[tuple[Rating, float]]) -> Rating:
    """``player`` after one rating period of ``games``: (opponent, score) with score 1 for a
    win, 0.5 for a draw and 0 for a loss."""
    out = update_rating(rating_to_mu(player.rating), rd_to_phi(player.rd), player.vol,
                        [(rating_to_mu(o.rating), rd_to_phi(o.rd), score) for o, score in games])
    return Rating(mu_to_rating(out.mu), phi_to_rd(out.phi), out.sigma, player.games + len(games))


def after_game(a: Rating, b: Rating, score_a: float) -> tuple[Rating, Rating]:
    """Both players' ratings after one game that ``a`` scored ``score_a`` against ``b``."""
    return updated(a, [(b, score_a)]), updated(b, [(a, 1.0 - score_a)])
