"""Standings: one row per player, games and matches, rating and experience."""

from __future__ import annotations

from typing import TYPE_CHECKING

from narde_notation._lazy import publish

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["standings"]


def standings(
    games: pd.DataFrame, matches: pd.DataFrame, history: pd.DataFrame | None = None
) -> pd.DataFrame:
    """Standings of every player named in ``games``, best rating first.

    The game columns are :func:`narde_notation.archive.frames.player_table`'s (over
    valid games: games, white, black, wins, losses, draws, unfinished,
    win_rate, points_won / points_lost = points for and against,
    mars_given / mars_taken and koks_given / koks_taken = mars and koks
    inflicted and suffered).  Added:

    ==============  =======  =================================================
    matches         int64    matches the player is listed in (any status)
    matches_won     int64    matches won (status ``"won"``; rated or not)
    matches_lost    int64    matches lost
    rating          float64  FIBS rating after the last rated match
                             (:func:`narde_notation.archive.ratings`), 1500
                             without one
    experience      int64    sum of the lengths of the player's rated matches
    ==============  =======  =================================================

    Every player of ``games`` has a row, also one who played only invalid
    games (zeros then).  A side with no name is nobody's: it has no row
    (its games and matches count for the named opponent only; such a match
    is never rated).
    Order: players with a rated match first, by rating (high first); then
    the unrated (their 1500 is no rating earned: a player with no valid game
    never ranks above a rated one), by wins; ties by matches won, then name.

    Args:
        games: a games frame (:func:`narde_notation.archive.frames.games_frame`).
        matches: its matches (:func:`narde_notation.archive.matches.matches_frame`).
        history: :func:`narde_notation.archive.ratings` of ``matches``
            (computed when omitted).
    """
    import pandas as pd

    from narde_notation.archive._ratings import START_RATING, ratings
    from narde_notation.archive.frames import player_table

    if history is None:
        history = ratings(matches)
    table = player_table(games)
    names = pd.concat([games["white"], games["black"]]).fillna("?").astype(str)
    everyone = sorted(set(names) | set(table.index))
    table = table.reindex(pd.Index(everyone, name="player"), fill_value=0)
    table = table.astype({c: "int64" for c in table.columns if c != "win_rate"})
    listed = pd.concat([matches["white"], matches["black"]]).astype(str)
    table["matches"] = listed.value_counts().reindex(table.index, fill_value=0).astype("int64")
    for column, source in (("matches_won", "winner"), ("matches_lost", "loser")):
        counts = matches[source].dropna().astype(str).value_counts()
        table[column] = counts.reindex(table.index, fill_value=0).astype("int64")
    last = history.groupby("player", sort=False).tail(1).set_index("player")
    table["rating"] = (
        last["rating_after"].reindex(table.index).fillna(START_RATING).astype("float64")
    )
    table["experience"] = (
        last["experience_after"].reindex(table.index).fillna(0).astype("int64")
    )
    frame = table.reset_index()
    frame["_rated"] = frame["experience"] > 0
    order = frame.sort_values(
        ["_rated", "rating", "wins", "matches_won", "player"],
        ascending=[False, False, False, False, True], kind="stable",
    ).drop(columns="_rated")
    return order.set_index("player").drop(index="?", errors="ignore")


publish("narde_notation.archive", standings)  # their one home: the front door
