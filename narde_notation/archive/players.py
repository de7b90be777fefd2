"""The per-player table of an archive (``narde-stats --by player``, the summary's Players)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["PLAYER_COLUMNS", "player_table"]

#: Columns of :func:`player_table`, in order (index ``player``).
PLAYER_COLUMNS = (
    "games", "white", "black", "wins", "losses", "draws", "unfinished", "win_rate",
    "points_won", "points_lost", "mars_given", "mars_taken", "koks_given", "koks_taken",
)


def player_table(games: pd.DataFrame) -> pd.DataFrame:
    """One row per player over the valid games of ``games`` (a games frame).

    Columns (:data:`PLAYER_COLUMNS`, index ``player``, str): games (valid
    games played), white, black (games with that colour), wins, losses,
    draws, unfinished (int64), win_rate (wins / finished games, float64,
    NaN when none), points_won, points_lost, mars_given, mars_taken,
    koks_given, koks_taken (int64: games won / lost by mars or by koks;
    kinds are exclusive, R9/R10).  Games with no name for a side count
    under ``"?"``.  Extend it by joining columns on the ``player`` index.
    """
    import pandas as pd

    g = games.loc[games["valid"].to_numpy(dtype=bool)]
    kind = g["kind"].astype(object)
    winner = g["winner"].astype(object)
    parts = []
    for colour, other in (("white", "black"), ("black", "white")):
        part = pd.DataFrame(
            {
                "player": g[colour].astype(object).fillna("?").astype(str).to_numpy(),
                "colour": colour,
                "won": (winner == colour).to_numpy(dtype=bool),
                "lost": (winner == other).to_numpy(dtype=bool),
                "draw": (kind == "draw").to_numpy(dtype=bool),
                "unfinished": kind.isna().to_numpy(dtype=bool),
                "points": g["points"].to_numpy(),
                "mars": (kind == "mars").to_numpy(dtype=bool),
                "koks": (kind == "koks").to_numpy(dtype=bool),
            }
        )
        parts.append(part)
    long = pd.concat(parts, ignore_index=True)
    long["points_won"] = long["points"].where(long["won"], 0)
    long["points_lost"] = long["points"].where(long["lost"], 0)
    long["mars_given"] = long["mars"] & long["won"]
    long["mars_taken"] = long["mars"] & long["lost"]
    long["koks_given"] = long["koks"] & long["won"]
    long["koks_taken"] = long["koks"] & long["lost"]
    long["is_white"] = long["colour"] == "white"
    long["is_black"] = long["colour"] == "black"
    long = long.rename(columns={"is_white": "white", "is_black": "black", "won": "wins",
                                "lost": "losses", "draw": "draws"})
    summed = ["white", "black", "wins", "losses", "draws", "unfinished", "points_won",
              "points_lost", "mars_given", "mars_taken", "koks_given", "koks_taken"]
    grouped = long.groupby("player", sort=True)
    out = grouped[summed].sum().astype("int64")
    out.insert(0, "games", grouped.size().astype("int64"))
    finished = out["wins"] + out["losses"] + out["draws"]
    out.insert(7, "win_rate", (out["wins"] / finished.where(finished > 0)).astype("float64"))
    out.index.name = "player"
    return out
