"""Rebuild the truth set with 1-ply players (docs/decisions.md RO9).

Run (resumable: positions already in the output are skipped; run it with ``nice``)::

    python benchmarks/rebuild_truth.py [--trials 36] [--ply 1]
        [--source benchmarks/data/judgement-0ply.jsonl]
        [--data benchmarks/data/judgement-1ply.jsonl]

Every depth's choice rolled out (resumable: a completed row has ``complete``)::

    python benchmarks/rebuild_truth.py --complete [--upto 144] [--ply 1]

``--complete`` finds, for each row, the first turn at 0, 1 and 2 ply and the
best turn at ``narde analyse``'s automatic depth for the turn played (as
``bench_judgement.py`` judges it); a row where one of them is not among its
candidates is rolled out again, from scratch, with all of them (its
candidates and the missing turns, at most ``--most``), ``--upto`` trials in
one rollout (the seed ``row seed * 1000 + 500``: dice of their own, shared
by all the candidates, so every loss has its paired error). The row's
figures become that rollout's; its earlier batches stay in the row under
``two_candidates``. A depth whose choice the set never rolled out can only
count as a disagreement: with every depth's choice rolled out, agreement
measures the choice, not the set (docs/decisions.md T5).

More trials for the rows already there (resumable: a row stops at ``--upto``)::

    python benchmarks/rebuild_truth.py --add --upto 144 [--trials 36] [--ply 1]

``--add`` rolls out each row's two candidates again, ``--trials`` at a time,
with dice of their own (the seed ``row seed * 1000 + batch``: independent of
the batches before), by the shipped network's ``--ply`` players, and writes
the row back with the batches combined: each candidate's mean equity
weighted by trials, its standard error ``sqrt(sum(n_i^2 se_i^2)) / N``; the
loss the difference of the two means, its paired error combined the same
way; the candidates ordered by the combined equity. Every batch stays in the
row (``batches``: trials, seed, network, figures) so the combination can be
checked. The rows are taken in one order (the least trials first, then the
positions nearest to being separated, loss / SE closest to 2), so an
interrupted run has spent its trials where they tell most. The file is
rewritten whole after each row (atomic rename).

The positions are those of the 0-ply truth set (``--source``, built by
``bench_judgement.py build``), prime positions first, then the other kinds
in turn.  Each position's candidates are, without repeats, the 0-ply
rollout's best turn and the first turn at 0, 1 and 2 ply (at most
``--candidates``; at least two, the 2-ply ranking's next turns when
those are one), rolled out with the same dice for all by ``--ply``
players; rows have the format ``bench_judgement.py`` reads.
"""

from __future__ import annotations

import argparse
import json
import os
import time
from pathlib import Path
from typing import Any

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # small matrices: threads only wait

import numpy as np
from bench_judgement import append_row, candidate, rate_turn

from narde_notation.analysis.depth import AUTO
from narde_notation.evaluator.evaluate import Evaluator
from narde_notation.rules.engine import Turn, check_turn, legal_turns
from narde_notation.rules.position import Position

HERE = Path(__file__).with_name("data")


def order(rows: list[dict[str, object]]) -> list[dict[str, object]]:
    """Prime positions first, then self-play and heuristic in turn."""
    prime = [r for r in rows if r["kind"] == "prime"]
    rest = [r for r in rows if r["kind"] != "prime"]
    return prime + rest


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--source", default=str(HERE / "judgement-0ply.jsonl"))
    parser.add_argument("--data", default=str(HERE / "judgement-1ply.jsonl"))
    parser.add_argument("--trials", type=int, default=36)
    parser.add_argument("--ply", type=int, default=1)
    parser.add_argument("--candidates", type=int, default=2)
    parser.add_argument("--add", action="store_true",
                        help="more trials for the rows already in --data (module docstring)")
    parser.add_argument("--upto", type=int, default=144,
                        help="--add: a row's trials stop at this many; --complete: trials")
    parser.add_argument("--complete", action="store_true",
                        help="roll out every depth's choice (module docstring)")
    parser.add_argument("--only", default="",
                        help="--add: only these rows, kind:seed[,kind:seed...]")
    parser.add_argument("--most", type=int, default=5,
                        help="--complete: at most this many candidates a row")
    args = parser.parse_args()
    evaluator = Evaluator()
    if args.complete:
        complete(evaluator, Path(args.data), args.upto, args.ply, args.most)
        return
    if args.add:
        only = {tuple(x.split(":")) for x in args.only.split(",") if x}
        add_trials(evaluator, Path(args.data), args.trials, args.upto, args.ply, only)
        return
    src = [json.loads(t) for t in Path(args.source).read_text(encoding="utf-8").splitlines()]
    out = Path(args.data)
    done = set()
    if out.exists():
        done = {(r["kind"], r["seed"]) for r in
                map(json.loads, out.read_text(encoding="utf-8").splitlines())}
    for row in order(src):
        if (row["kind"], row["seed"]) in done:
            continue
        t0 = time.process_time()
        pos = Position.from_string(str(row["position"]))
        roll = str(row["roll"])
        dice = (int(roll[0]), int(roll[1]))
        ranked = {ply: evaluator.rank_turns(pos, dice, ply) for ply in (0, 1, 2)}
        # the 0-ply rollout's best, by its end position (the notation of a turn
        # has changed since that set was written)
        cands = [_turn_of(evaluator, pos, roll, row["candidates"][0]["turn"])]  # type: ignore[index]
        for ply in (0, 1, 2):
            first = ranked[ply][0].turn
            if first.position not in {t.position for t in cands}:
                cands.append(first)
        # at least two: the 2-ply ranking's next turns
        for r in ranked[2]:
            if len(cands) >= 2:
                break
            if r.turn.position not in {t.position for t in cands}:
                cands.append(r.turn)
        cands = cands[:args.candidates]
        result = evaluator.rollout(pos, dice, turns=cands, trials=args.trials,
                                   seed=int(str(row["seed"])), ply=args.ply)
        got = {k: row[k] for k in ("kind", "seed", "half_turn", "position", "roll", "played")}
        append_row(out, got, result, evaluator, t0)
        print(f"{got['kind']} seed {got['seed']} {roll} {len(cands)} candidates,"
              f" {got['cpu']} s", flush=True)


def choices(evaluator: Evaluator, row: dict[str, Any]) -> list[Turn]:
    """The first turn at 0, 1 and 2 ply and the automatic depth's best for the
    turn played (``bench_judgement.judged``), without repeats (by end position)."""
    pos = Position.from_string(str(row["position"]))
    roll = str(row["roll"])
    dice = (int(roll[0]), int(roll[1]))
    out: list[Turn] = [evaluator.rank_turns(pos, dice, ply)[0].turn for ply in (0, 1, 2)]
    played = _turn_of(evaluator, pos, roll, str(row["played"])).position
    best, _loss = rate_turn(evaluator, pos, dice, played, AUTO)
    out.append(next(t for t in legal_turns(pos, dice, evaluator.rules) if t.position == best))
    unique: dict[Position, Turn] = {}
    for t in out:
        unique.setdefault(t.position, t)
    return list(unique.values())


def _turn_of(evaluator: Evaluator, pos: Position, roll: str, text: str) -> Turn:
    """The legal turn of ``roll`` written ``text`` (by its end position: a
    turn's notation may be written otherwise today than when the set was built)."""
    dice = (int(roll[0]), int(roll[1]))
    end = check_turn(pos, f"{roll}: {text}", rules=evaluator.rules).position
    return next(t for t in legal_turns(pos, dice, evaluator.rules) if t.position == end)


def complete(evaluator: Evaluator, data: Path, trials: int, ply: int, most: int) -> None:
    """``--complete`` (module docstring)."""
    rows = [json.loads(t) for t in data.read_text(encoding="utf-8").splitlines()]
    for row in rows:
        if row.get("complete") or all(c["exact"] for c in row["candidates"]):
            continue
        t0 = time.process_time()
        pos = Position.from_string(str(row["position"]))
        roll = str(row["roll"])
        turns = [_turn_of(evaluator, pos, roll, c["turn"]) for c in row["candidates"]]
        have = {t.position for t in turns}
        missing = [t for t in choices(evaluator, row) if t.position not in have]
        if missing:
            turns = (turns + missing)[:most]
            seed = int(row["seed"]) * 1000 + 500
            dice = (int(roll[0]), int(roll[1]))
            result = evaluator.rollout(pos, dice, turns=turns, trials=trials, seed=seed, ply=ply)
            row["two_candidates"] = {k: row[k] for k in ("trials", "candidates", "batches")
                                     if k in row}
            row["batches"] = []
            row["trials"] = result.trials
            row["seed_complete"] = seed
            row["weights_games"] = evaluator.meta.get("games")
            row["candidates"] = [candidate(r) for r in result.rows if r.turn]
        row["complete"] = True
        row["cpu"] = round(float(row.get("cpu", 0)) + time.process_time() - t0, 1)
        _write_rows(data, rows)
        print(f"{row['kind']} seed {row['seed']} {roll}: {len(missing)} added,"
              f" {len(row['candidates'])} candidates", flush=True)


def _write_rows(data: Path, rows: list[dict[str, Any]]) -> None:
    """The whole file rewritten (atomic rename: an interrupted run loses no row)."""
    tmp = data.with_suffix(".tmp")
    tmp.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    tmp.replace(data)


def _batch_of(row: dict[str, Any]) -> dict[str, Any]:
    """A row's figures as one batch (the row as first built has no ``batches``)."""
    return {"trials": row["trials"], "seed": row["seed"], "ply": row["ply"],
            "weights_games": row.get("weights_games"),
            "candidates": [{k: c[k] for k in ("turn", "equity", "equity_se", "loss", "loss_se",
                                               "exact")} for c in row["candidates"]]}


def combine(batches: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The two candidates' figures over ``batches`` (each with its ``trials`` and
    candidates by turn notation; module docstring): best first."""
    turns = [c["turn"] for c in batches[0]["candidates"]]
    assert len(turns) == 2, "two candidates a row"
    n = np.array([b["trials"] for b in batches], dtype=float)
    total = n.sum()
    by_turn = [{c["turn"]: c for c in b["candidates"]} for b in batches]
    eq = {t: float(sum(k * b[t]["equity"] for k, b in zip(n, by_turn, strict=True)) / total)
          for t in turns}
    eq_se = {t: float(np.sqrt(sum((k * b[t]["equity_se"]) ** 2
                                  for k, b in zip(n, by_turn, strict=True))) / total)
             for t in turns}
    # the paired error of the difference: the batch's non-zero loss_se (its second row)
    diff_se = float(np.sqrt(sum((k * max(b[t]["loss_se"] for t in turns)) ** 2
                                for k, b in zip(n, by_turn, strict=True))) / total)
    best, other = sorted(turns, key=lambda t: -eq[t])
    exact = {t: all(b[t]["exact"] for b in by_turn) for t in turns}
    return [{"turn": best, "equity": round(eq[best], 5), "equity_se": round(eq_se[best], 5),
             "loss": 0.0, "loss_se": 0.0, "exact": exact[best]},
            {"turn": other, "equity": round(eq[other], 5), "equity_se": round(eq_se[other], 5),
             "loss": round(eq[best] - eq[other], 5), "loss_se": round(diff_se, 5),
             "exact": exact[other]}]


def _priority(row: dict[str, Any]) -> tuple[int, float]:
    second = row["candidates"][1]
    z = second["loss"] / second["loss_se"] if second["loss_se"] > 0 else float("inf")
    return (int(row["trials"]), abs(z - 2.0))


def add_trials(evaluator: Evaluator, data: Path, trials: int, upto: int, ply: int,
               only: set[tuple[str, ...]] | None = None) -> None:
    """``--add`` (module docstring); ``only``: the rows ``(kind, seed)`` taken
    (default every row; a row rolled out again by ``--complete`` is not)."""
    rows = [json.loads(t) for t in data.read_text(encoding="utf-8").splitlines()]
    while True:
        todo = [r for r in rows if r["trials"] + trials <= upto
                and not all(c["exact"] for c in r["candidates"])
                and len(r["candidates"]) == 2 and "two_candidates" not in r
                and (not only or (r["kind"], str(r["seed"])) in only)]
        if not todo:
            return
        row = min(todo, key=_priority)
        t0 = time.process_time()
        batches = row.get("batches") or [_batch_of(row)]
        pos = Position.from_string(str(row["position"]))
        roll = str(row["roll"])
        dice = (int(roll[0]), int(roll[1]))
        turns = [_turn_of(evaluator, pos, roll, c["turn"]) for c in batches[0]["candidates"]]
        seed = int(row["seed"]) * 1000 + len(batches)
        result = evaluator.rollout(pos, dice, turns=turns, trials=trials, seed=seed, ply=ply)
        named = {t.position: c["turn"] for t, c in zip(turns, batches[0]["candidates"],
                                                        strict=True)}
        batches.append({"trials": result.trials, "seed": seed, "ply": result.ply,
                        "weights_games": evaluator.meta.get("games"),
                        "candidates": [candidate(r, named[r.turn.position])
                                       for r in result.rows if r.turn]})
        row["batches"] = batches
        row["trials"] = sum(b["trials"] for b in batches)
        row["candidates"] = combine(batches)
        row["cpu"] = round(float(row.get("cpu", 0)) + time.process_time() - t0, 1)
        _write_rows(data, rows)
        second = row["candidates"][1]
        print(f"{row['kind']} seed {row['seed']} {roll}: {row['trials']} trials, loss"
              f" {second['loss']:.3f} +- {second['loss_se']:.3f}", flush=True)


if __name__ == "__main__":
    main()
