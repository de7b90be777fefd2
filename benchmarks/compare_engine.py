"""A B A B comparison of the engine in two source trees, plus the plain search.

Run: ``python benchmarks/compare_engine.py BASELINE_TREE [--rounds N]``
(e.g. ``/work/main``).  Each figure is taken cold in a fresh process
(``PYTHONPATH`` set to the tree), rounds alternate baseline and this tree,
and medians are reported with the ratio this/baseline:

* legal turns per second on ``positions.jsonl``: all, non-double, double
  (one pass each, caches empty);
* ``check_turn`` microseconds per half-turn on seeded self-play games;
* the plain breadth-first search of ``plain_search.py`` on all positions,
  and this tree's speed as a multiple of it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
from pathlib import Path

HERE = Path(__file__).resolve().parent
TREE = HERE.parent
CORPUS = TREE.parent / "shared" / "corpus"

ENGINE = r"""
import json, random, sys, time
from narde_notation.rules import engine
from narde_notation.rules.position import Position
from narde_notation.model.ruleset import Ruleset
cases = []
for line in open(sys.argv[1], encoding="utf-8"):
    d = json.loads(line)
    cases.append((Position.from_string(d["position"]), engine.parse_roll(d["dice"]),
                  Ruleset.from_tag(d["rules"])))
out = {}
for name, keep in (("all", lambda c: True), ("non-double", lambda c: c[1][0] != c[1][1]),
                   ("double", lambda c: c[1][0] == c[1][1])):
    group = [c for c in cases if keep(c)]
    engine.clear_caches()
    t0 = time.process_time()
    for pos, dice, rules in group:
        engine.legal_turns(pos, dice, rules)
    out[name] = len(group) / (time.process_time() - t0)
rng = random.Random(1)
rules = Ruleset.standard()
halves = []
for _ in range(int(sys.argv[2])):
    pos = Position.initial()
    while not pos.is_game_over():
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        turn = rng.choice(pos.legal_turns(dice, rules))
        paths = []
        for s in turn.steps:
            chain = next((p for p in paths if p[-1] == s.from_point), None)
            if chain is not None and rng.random() < 0.5:
                chain[-1] = s.to_point
            else:
                paths.append([s.from_point, s.to_point])
        halves.append((pos, dice, [tuple(p) for p in paths], rules))
        pos = turn.position
engine.clear_caches()
t0 = time.process_time()
for pos, dice, paths, rules in halves:
    engine.check_turn(pos, dice, paths, rules)
out["check_turn_us"] = (time.process_time() - t0) / len(halves) * 1e6
print(json.dumps(out))
"""

PLAIN = r"""
import json, sys, time
sys.path.insert(0, sys.argv[2])
from plain_search import finals_text
cases = [json.loads(line) for line in open(sys.argv[1], encoding="utf-8")]
t0 = time.process_time()
for c in cases:
    finals_text(c["position"], c["dice"], c["rules"])
print(json.dumps({"all": len(cases) / (time.process_time() - t0)}))
"""


def run(code: str, tree: Path | None, *args: str) -> dict[str, float]:
    env = {"PYTHONPATH": str(tree)} if tree else {}
    import os

    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=tree or HERE,  # ``-c`` puts the working folder first on sys.path
        env={**os.environ, **env},
        check=True,
        capture_output=True,
        text=True,
    )
    result: dict[str, float] = json.loads(done.stdout)
    return result


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("baseline", type=Path)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--games", type=int, default=100)
    args = parser.parse_args()
    positions = str(CORPUS / "positions.jsonl")
    figures: dict[str, list[dict[str, float]]] = {"baseline": [], "this": [], "plain": []}
    for _ in range(args.rounds):
        figures["baseline"].append(run(ENGINE, args.baseline, positions, str(args.games)))
        figures["this"].append(run(ENGINE, TREE, positions, str(args.games)))
        figures["plain"].append(run(PLAIN, None, positions, str(HERE)))

    def median(who: str, key: str) -> float:
        return statistics.median(r[key] for r in figures[who])

    for key, unit in (("all", "positions/s"), ("non-double", "positions/s"),
                      ("double", "positions/s"), ("check_turn_us", "us per half-turn")):
        base, this = median("baseline", key), median("this", key)
        print(f"{key:>14}: baseline {base:9.1f}  this {this:9.1f} {unit}  "
              f"this/baseline {this / base:.2f}")
    plain = median("plain", "all")
    base_all, this_all = median("baseline", "all"), median("this", "all")
    print(f"plain search: {plain:.0f} positions/s; baseline {base_all / plain:.2f}x,"
          f" this {this_all / plain:.2f}x")
    return 0


if __name__ == "__main__":
    sys.exit(main())
