"""A player's own rating: what the phone's player page shows. Their rating over
every game now (μ, σ, the ordinal μ − 3σ, tables rated, provisional), their last nights
(date, venue, what the night did to the ordinal, their net in chips over the night) and
the ordinal after each of their latest nights (the page's small trend).

The figures are the kept ratings (`Ratings`), brought up to the deals first.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..store import rating_rows, repo
from .rating import Ratings
from .store import Store

NIGHTS = 5  # the last nights listed
TREND = 12  # the nights the trend draws


@dataclass(frozen=True, slots=True)
class PlayerNight:
    night_id: int
    date: str
    venue: str | None
    ordinal: float  # after the night
    change: float  # of the ordinal, over the night
    net: int  # chips over the night's tables


@dataclass(frozen=True, slots=True)
class PlayerRating:
    player_id: int
    player: str
    mu: float
    sigma: float
    ordinal: float
    games: int
    provisional: bool
    nights: tuple[PlayerNight, ...]  # the latest first, at most NIGHTS
    trend: tuple[float, ...]  # the ordinal after each of the latest TREND nights, in order
    rated_nights: int  # every night they were rated in


class PlayerRatings:
    def __init__(self, store: Store, ratings: Ratings) -> None:
        self.store = store
        self.ratings = ratings

    def player_rating(self, player_id: int, *, nights: int = NIGHTS, trend: int = TREND
                      ) -> PlayerRating | None:
        """Player `player_id`'s rating over every game and their last `nights` nights;
        None when no table of theirs has been rated (or no such player)."""
        from ..domain.rating import ACROSS, Rating, ordinal, provisional

        options = self.ratings.options()
        self.ratings.refresh()
        with self.store.read() as s:
            rows = rating_rows.player_nights(session=s, player_id=player_id, game=ACROSS)
            if not rows:
                return None
            name = repo.player_names(session=s).get(player_id, f"#{player_id}")
            nets = {r.night_id: rating_rows.player_night_net(
                session=s, player_id=player_id, night_id=r.night_id)
                for r in rows[-nights:]}
        after = [ordinal(Rating(r.mu, r.sigma, r.games)) for r in rows]
        before = [ordinal(Rating(options.mu, options.sigma, 0)), *after[:-1]]
        last = [PlayerNight(r.night_id, r.date, r.venue, a, a - b, nets[r.night_id])
                for r, a, b in list(zip(rows, after, before, strict=True))[-nights:]]
        now = Rating(rows[-1].mu, rows[-1].sigma, rows[-1].games)
        return PlayerRating(player_id, name, now.mu, now.sigma, ordinal(now), now.games,
                            provisional(now, options), tuple(last[::-1]),
                            tuple(after[-trend:]), len(rows))
