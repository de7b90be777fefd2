"""Rebuild the truth set with 1-ply players (docs/decisions.md RO9).

Run (resumable: positions already in the output are skipped; run it with ``nice``)::

    python benchmarks/rebuild_truth.py [--trials 36] [--ply 1]
        [--source benchmarks/data/judgement-0ply.jsonl]
        [--data benchmarks/data/judgement-1ply.jsonl]

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

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # small matrices: threads only wait

from bench_judgement import append_row

from narde_notation.evaluator.evaluate import Evaluator
from narde_notation.rules.engine import check_turn, legal_turns
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
    args = parser.parse_args()
    evaluator = Evaluator()
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
        best = check_turn(pos, f"{roll}: {row['candidates'][0]['turn']}",  # type: ignore[index]
                          rules=evaluator.rules).position
        cands = [t for t in legal_turns(pos, dice, evaluator.rules) if t.position == best][:1]
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


if __name__ == "__main__":
    main()
