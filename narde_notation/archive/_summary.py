"""The summary of an archive: outcomes, mars and koks, lengths, findings, players, dice.

:func:`summarise` turns a :class:`~narde_notation.archive.schema.FileTables` into a
:class:`Summary`; :meth:`Summary.to_text`, :meth:`Summary.to_dict` and
:meth:`Summary.to_frame` render it (``narde-stats``' outputs).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from narde_notation._lazy import publish
from narde_notation.archive.players import player_table
from narde_notation.archive.schema import KINDS, FileTables
from narde_notation.archive.statistics import (
    DiceFairness,
    clopper_pearson,
    dice_fairness,
    dice_from_counts,
)
from narde_notation.archive.table_text import json_value, table_records, text_table

if TYPE_CHECKING:
    import pandas as pd

__all__ = ["Summary", "file_table", "summarise", "valid_turns"]


def _rate(k: int, n: int) -> float:
    return k / n if n else math.nan


def _is(column: pd.Series, value: str) -> Any:
    """``column == value`` as a bool array, NA being False (any dtype)."""
    return (column.astype(object) == value).to_numpy(dtype=bool)


def valid_turns(games: pd.DataFrame, turns: pd.DataFrame) -> pd.DataFrame:
    """The rows of ``turns`` that belong to valid games of ``games``: what
    dice fairness counts (the summary's table and the dice plot alike)."""
    import pandas as pd

    valid = games.loc[games["valid"].to_numpy(dtype=bool)]
    if len(valid) == len(games) or not len(turns):
        return turns
    keys = pd.MultiIndex.from_arrays([valid["file"].astype(str), valid["game"]])
    tkeys = pd.MultiIndex.from_arrays([turns["file"].astype(str), turns["game"]])
    return turns.loc[tkeys.isin(keys)]


def file_table(games: pd.DataFrame) -> pd.DataFrame:
    """One row per file of ``games`` (all games, valid or not).

    Columns (index ``file``): games, valid, errors, warnings (findings),
    half_turns, white_wins, black_wins, draws, mars, koks, unfinished
    (int64; outcomes over valid games only).
    """
    import pandas as pd

    valid = games["valid"].to_numpy(dtype=bool)
    kind, winner = games["kind"], games["winner"]
    frame = pd.DataFrame(
        {
            "file": games["file"].astype(str).to_numpy(),
            "games": 1,
            "valid": valid.astype("int64"),
            "errors": games["errors"].to_numpy(),
            "warnings": games["warnings"].to_numpy(),
            "half_turns": games["half_turns"].to_numpy(),
            "white_wins": _is(winner, "white") & valid,
            "black_wins": _is(winner, "black") & valid,
            "draws": _is(kind, "draw") & valid,
            "mars": _is(kind, "mars") & valid,
            "koks": _is(kind, "koks") & valid,
            "unfinished": kind.isna().to_numpy(bool) & valid,
        }
    )
    out = frame.groupby("file", sort=False, observed=True).sum().astype("int64")
    out.index.name = "file"
    return out


@dataclass
class Summary:
    """The summary of an archive, from its games, turns and findings tables.

    Scope: statistics of play (outcomes, lengths, players, dice) are over
    the **valid** games (no error); outcome rates further over **finished**
    ones (``kind`` not NA) or **decided** ones (a winner: draws out).  Every
    other game is counted in :attr:`skipped` with its reason — nothing is
    dropped silently: ``overview["games"]`` equals the rows of the games
    frame, and equals ``valid + sum(skipped)``.

    Attributes:
        overview: a Series name -> number (int or float):

            - games (rows of the games frame), files (files read),
              files_without_games (empty files: their finding is in the
              findings table), unreadable_files;
            - valid, share_valid (valid / games), skipped (games - valid),
              unfinished (valid games with no result), finished, decided
              (finished minus draws);
            - white_wins, black_wins, draws, oyn, mars, koks (valid games);
            - mars_rate = mars / decided, koks_rate = koks / decided (kinds
              are exclusive: a koks is not also a mars);
            - first_mover_wins, first_mover_win_rate (/ decided) with
              first_mover_ci_low / first_mover_ci_high: 95 % Clopper-Pearson
              interval (:func:`clopper_pearson`, the bounds of
              ``scipy.stats.binomtest(k, n).proportion_ci()``);
            - half_turns_mean, half_turns_median (finished valid games),
              half_turns_total (half-turns written, all games).
        skipped: reason -> games left out of the play statistics:
            ``"errors: <code of the game's first error>"`` or
            ``"replay failed"``.  Unfinished valid games are not skipped:
            they count for dice and players, not for outcomes and lengths.
        results: replayed result (``"1-0"``, ``"*"``) -> games, valid games.
        kinds: oyn/mars/koks/draw -> games, valid finished games.
        mars: mars and koks rates by group (index all, winner white, winner
            black, first mover won, second mover won; columns decided, mars,
            mars_rate, koks, koks_rate).
        findings: per code: severity, count (findings), games (games with
            it), rate_per_game (games / all games), rate_per_1000_half_turns.
        players: :func:`player_table`.
        files: :func:`file_table`.
        dice: :class:`DiceFairness` over the valid games' turns.
    """

    overview: pd.Series
    skipped: pd.Series
    results: pd.Series
    kinds: pd.Series
    mars: pd.DataFrame
    findings: pd.DataFrame
    players: pd.DataFrame
    files: pd.DataFrame
    dice: DiceFairness

    def to_frame(self) -> pd.DataFrame:
        """Everything but the player and file tables as one tidy frame:
        columns section (str), key (str), value (float64)."""
        import pandas as pd

        rows: list[tuple[str, str, float]] = []
        for k, v in self.overview.items():
            rows.append(("overview", str(k), float(v)))
        for k, v in self.skipped.items():
            rows.append(("skipped", str(k), float(v)))
        for k, v in self.results.items():
            rows.append(("results", str(k), float(v)))
        for k, v in self.kinds.items():
            rows.append(("kinds", str(k), float(v)))
        for grp, row in self.mars.iterrows():
            for col, v in row.items():
                rows.append(("mars", f"{grp}: {col}", float(v)))
        for code, row in self.findings.iterrows():
            for col in ("count", "games", "rate_per_game", "rate_per_1000_half_turns"):
                rows.append(("findings", f"{code}: {col}", float(row[col])))
        d = self.dice
        for name in (
            "rolls_counted",
            "excluded_openings",
            "doubles_rate",
            "faces_chi2",
            "faces_p",
            "rolls_chi2",
            "rolls_p",
        ):
            rows.append(("dice", name, float(getattr(d, name))))
        for face, v in d.faces.items():
            rows.append(("dice faces", str(face), float(v)))
        for roll, v in d.rolls.items():
            rows.append(("dice rolls", str(roll), float(v)))
        return pd.DataFrame(rows, columns=["section", "key", "value"])

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready nested dict: counts are ints, a missing number is None."""
        num = json_value
        d = self.dice
        series = {"overview": self.overview, "skipped": self.skipped,
                  "results": self.results, "kinds": self.kinds}
        frames = {"mars": self.mars, "findings": self.findings, "players": self.players,
                  "files": self.files}
        return {
            **{name: {str(k): num(v) for k, v in s.items()} for name, s in series.items()},
            **{name: table_records(frame) for name, frame in frames.items()},
            "dice": {
                "rolls_counted": d.rolls_counted,
                "excluded_openings": d.excluded_openings,
                "doubles_rate": num(d.doubles_rate),
                "faces": {str(k): int(v) for k, v in d.faces.items()},
                "rolls": {str(k): int(v) for k, v in d.rolls.items()},
                "faces_chi2": num(d.faces_chi2),
                "faces_p": num(d.faces_p),
                "rolls_chi2": num(d.rolls_chi2),
                "rolls_p": num(d.rolls_p),
                "tested": (
                    "faces of both dice of every roll vs uniform 1/6; "
                    "21 rolls vs 1/36 (doubles) and 2/36 (others); opening rolls excluded"
                ),
            },
        }

    def sections(self) -> list[tuple[str, pd.DataFrame]]:
        """(title, frame) pairs of the text report, in order."""
        import pandas as pd

        ov = self.overview
        fmt_ov = pd.DataFrame({"value": [_fmt(v) for v in ov.to_numpy()]}, index=ov.index)
        d = self.dice
        dice = pd.DataFrame(
            {
                "value": [
                    _fmt(d.rolls_counted),
                    _fmt(d.excluded_openings),
                    _fmt(d.doubles_rate),
                    f"{_fmt(d.faces_chi2)} (p = {_fmt(d.faces_p)})",
                    f"{_fmt(d.rolls_chi2)} (p = {_fmt(d.rolls_p)})",
                ]
            },
            index=[
                "rolls counted",
                "opening rolls excluded",
                "doubles rate (fair 0.1667)",
                "chi2 faces vs 1/6 (df 5)",
                "chi2 rolls vs 1/36, 2/36 (df 20)",
            ],
        )
        faces = d.faces.to_frame().T
        faces.index = ["count"]
        rolls = d.rolls.to_frame().T
        rolls.index = ["count"]
        out = [
            ("Overview", fmt_ov),
            ("Skipped games", self.skipped.to_frame("games")),
            ("Results (replayed)", self.results.to_frame("games")),
            ("Kinds", self.kinds.to_frame("games")),
            ("Mars and koks rates", self.mars),
            ("Findings per code", self.findings),
            ("Players", self.players),
            ("Dice fairness", dice),
            ("Dice faces", faces),
            ("Dice rolls", rolls),
        ]
        return out

    def to_text(self, tablefmt: str = "simple") -> str:
        """A plain-text report (tabulate ``tablefmt``: ``"simple"``, or
        ``"github"`` for Markdown); names are escaped (:mod:`narde_notation.archive.table_text`)."""
        markdown = tablefmt in ("github", "pipe")
        chunks = []
        for title, frame in self.sections():
            preformatted = title in ("Overview", "Dice fairness")
            body = text_table(
                frame,
                tablefmt,
                disable_numparse=preformatted,
                colalign=("left", "right") if preformatted else None,
            )
            chunks.append(f"## {title}\n\n{body}" if markdown else
                          f"{title}\n{'-' * len(title)}\n{body}")
        return "\n\n".join(chunks) + "\n"


def _fmt(v: Any) -> str:
    if isinstance(v, float) or (hasattr(v, "dtype") and v.dtype.kind == "f"):
        f = float(v)
        if math.isnan(f):
            return "-"
        if f.is_integer() and abs(f) >= 1:
            return str(int(f))
        return f"{f:.4g}"
    return str(v)


def summarise(ft: FileTables) -> Summary:
    """The :class:`Summary` of tables (see :class:`Summary` for every figure)."""
    import pandas as pd

    games = ft.games
    valid = games["valid"].to_numpy(dtype=bool)
    vg = games.loc[valid]
    finished_mask = vg["kind"].notna().to_numpy(dtype=bool)
    fin = vg.loc[finished_mask]
    dec = fin.loc[fin["winner"].notna().to_numpy(dtype=bool)]
    fm_won = (dec["winner"].astype(object) == dec["first_mover"].astype(object)).to_numpy(
        dtype=bool)

    kinds = (
        fin["kind"].value_counts().reindex(list(KINDS), fill_value=0).astype("int64")
    )
    kinds.index = pd.Index([str(k) for k in kinds.index], name="kind")
    results = vg["result"].astype(str).value_counts().sort_index().astype("int64")
    results.index.name = "result"

    # dice over valid games' turns (counted per file when the turns frame
    # was not built)
    if ft.rolls is not None:
        dice = dice_from_counts(ft.rolls, ft.excluded_openings)
    else:
        dice = dice_fairness(valid_turns(games, ft.turns))

    return Summary(
        overview=_overview(ft, valid, finished_mask, fin, dec, fm_won, kinds),
        skipped=_skipped(games.loc[~valid]),
        results=results,
        kinds=kinds,
        mars=_mars_table(dec, fm_won),
        findings=_finding_codes(ft.findings, len(games), int(games["half_turns"].sum())),
        players=player_table(games),
        files=file_table(games),
        dice=dice,
    )


def _skipped(inv: pd.DataFrame) -> pd.Series:
    """The invalid games ``inv``, counted by reason (:attr:`Summary.skipped`)."""
    import pandas as pd

    # NA-aware (pd.notna): under pandas 2 a str column may hold None or NaN,
    # and a missing value must never read as a failed replay
    reasons = [
        "replay failed" if pd.notna(re) and re != "None" else f"errors: {fe}"
        for re, fe in zip(inv["replay_error"].tolist(), inv["first_error"].tolist(),
                          strict=True)
    ]
    skipped = pd.Series(reasons, dtype="str").value_counts().sort_index().astype("int64")
    skipped.index.name = "reason"
    skipped.name = "games"
    return skipped


def _mars_table(dec: pd.DataFrame, fm_won: Any) -> pd.DataFrame:
    """Mars and koks counts and rates of the decided games ``dec`` by group
    (:attr:`Summary.mars`); ``fm_won`` marks the games the first mover won."""
    import pandas as pd

    def mars_row(mask: Any) -> dict[str, float]:
        sub = dec.loc[mask]
        m = int((sub["kind"] == "mars").sum())
        k = int((sub["kind"] == "koks").sum())
        return {
            "decided": len(sub),
            "mars": m,
            "mars_rate": _rate(m, len(sub)),
            "koks": k,
            "koks_rate": _rate(k, len(sub)),
        }

    all_mask = pd.Series(True, index=dec.index)
    mars = pd.DataFrame(
        {
            "all": mars_row(all_mask),
            "winner white": mars_row(_is(dec["winner"], "white")),
            "winner black": mars_row(_is(dec["winner"], "black")),
            "first mover won": mars_row(fm_won),
            "second mover won": mars_row(~fm_won),
        }
    ).T
    mars.index.name = "group"
    for c in ("decided", "mars", "koks"):
        mars[c] = mars[c].astype("int64")
    return mars


def _finding_codes(f: pd.DataFrame, n: int, half_total: int) -> pd.DataFrame:
    """Findings per code over all ``n`` games and ``half_total`` half-turns
    (:attr:`Summary.findings`)."""
    import pandas as pd

    f = f.assign(code=f["code"].astype(str), severity=f["severity"].astype(str))
    if len(f):
        by = f.groupby("code", sort=True, observed=True)
        # games with the code; a file-level finding (game NA) is no game
        gkey = (f["file"].astype(str) + "\x00" + f["game"].astype("string")).astype(object)
        fcodes = pd.DataFrame(
            {
                "severity": by["severity"].first(),
                "count": by.size().astype("int64"),
                "games": gkey.groupby(f["code"], observed=True).nunique().astype("int64"),
            }
        )
        fcodes["rate_per_game"] = fcodes["games"] / n if n else math.nan
        fcodes["rate_per_1000_half_turns"] = (
            fcodes["count"] * 1000 / half_total if half_total else math.nan
        )
    else:
        fcodes = pd.DataFrame(
            {
                "severity": pd.Series([], dtype="str"),
                "count": pd.Series([], dtype="int64"),
                "games": pd.Series([], dtype="int64"),
                "rate_per_game": pd.Series([], dtype="float64"),
                "rate_per_1000_half_turns": pd.Series([], dtype="float64"),
            }
        )
    fcodes.index.name = "code"
    return fcodes


def _overview(ft: FileTables, valid: Any, finished_mask: Any, fin: pd.DataFrame,
              dec: pd.DataFrame, fm_won: Any, kinds: pd.Series) -> pd.Series:
    """The overview figures (:attr:`Summary.overview`): ``valid`` marks the
    valid games of ``ft.games``, ``finished_mask`` the finished ones among
    those (``fin``), ``dec`` the decided ones, ``fm_won`` those the first
    mover won; ``kinds`` counts the finished games by kind."""
    import pandas as pd

    games = ft.games
    n = len(games)
    n_dec = len(dec)
    k_fm = int(fm_won.sum())
    if n_dec:
        lo, hi = clopper_pearson(k_fm, n_dec, 0.95)
    else:
        lo = hi = math.nan
    lengths = fin["half_turns"]
    ov: dict[str, float | int] = {
        "games": n,
        "files": len(ft.files) if ft.files else int(games["file"].nunique()),
        "files_without_games": len(set(ft.files_without_games())),
        "unreadable_files": len(ft.problems),
        "valid": int(valid.sum()),
        "share_valid": _rate(int(valid.sum()), n),
        "skipped": n - int(valid.sum()),
        "unfinished": int((~finished_mask).sum()),
        "finished": len(fin),
        "decided": n_dec,
        "white_wins": int(_is(dec["winner"], "white").sum()),
        "black_wins": int(_is(dec["winner"], "black").sum()),
        "draws": int(kinds["draw"]),
        "oyn": int(kinds["oyn"]),
        "mars": int(kinds["mars"]),
        "koks": int(kinds["koks"]),
        "mars_rate": _rate(int(kinds["mars"]), n_dec),
        "koks_rate": _rate(int(kinds["koks"]), n_dec),
        "first_mover_wins": k_fm,
        "first_mover_win_rate": _rate(k_fm, n_dec),
        "first_mover_ci_low": lo,
        "first_mover_ci_high": hi,
        "half_turns_mean": float(lengths.mean()) if len(lengths) else math.nan,
        "half_turns_median": float(lengths.median()) if len(lengths) else math.nan,
        "half_turns_total": int(games["half_turns"].sum()),
    }
    overview = pd.Series(ov, dtype="object")
    overview.index.name = "statistic"
    return overview


publish("narde_notation.archive", Summary)  # their one home: the front door
