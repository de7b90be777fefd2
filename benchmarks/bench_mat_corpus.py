"""What the reader reads of real match files: games, rolls and results written
(counted from the text by plain patterns, independent of the grammar) against
those read.  Run on demand: ``python benchmarks/bench_mat_corpus.py [FOLDER]``
(default ``../shared/corpus/realworld-mat``); prints the totals and every file
where they differ, then the results the next game's score line contradicts
(same players and match, consecutive games) and how many of those carry a
``wrong-result`` finding at that score line (issue 25)."""

from __future__ import annotations

import itertools
import re
import sys
from collections import Counter
from pathlib import Path

from narde_notation.formats import parse_score
from narde_notation.formats.reader import read_games
from narde_notation.model.record import GameRecord

ROLL = re.compile(r"(?<![0-9/])[1-6][1-6]:")
TURN = re.compile(r"\s*[0-9]+\)(.*)")
GAME = re.compile(r"\s*game\s+[0-9]+\s*", re.I)
WINS = re.compile(r"\bwins\s+[0-9]+\s+points?", re.I)


def contradicted(games: list[GameRecord]) -> Counter[str]:
    """Results checked against the next game's score line, those that disagree,
    and those of them the reader reports (``wrong-result`` at that line)."""
    out: Counter[str] = Counter()
    for a, b in itertools.pairwise(games):
        before, after, result = (parse_score(a.tags.get("Score")),
                                 parse_score(b.tags.get("Score")), parse_score(a.result))
        if before is None or after is None or result is None:
            continue
        out["checked"] += 1
        if (before[0] + result[0], before[1] + result[1]) != after:
            out["disagree"] += 1
            line = b.tag_lines.get("Score")
            out["reported"] += any(f.code == "wrong-result" and f.line == line
                                   for f in b.findings)
    return out


def main(folder: Path) -> None:
    written: Counter[str] = Counter()
    read: Counter[str] = Counter()
    differ = []
    winners: Counter[str] = Counter()
    files = sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix != ".md")
    for path in files:
        lines = path.read_bytes().decode("utf-8", "replace").splitlines()
        w = Counter(games=sum(1 for t in lines if GAME.fullmatch(t)),
                    rolls=sum(len(ROLL.findall(m[1])) for m in map(TURN.match, lines) if m),
                    results=sum(1 for t in lines if WINS.search(t)))
        games = list(read_games(path))
        winners.update(contradicted(games))
        r = Counter(games=sum(1 for g in games if "Game" in g.tags),
                    rolls=sum(len(g.half_turns) for g in games),
                    results=sum(1 for g in games if g.result is not None))
        written.update(w)
        read.update(r)
        if w != r:
            differ.append((path, w, r))
    print(f"{len(files)} files")
    for key in ("games", "rolls", "results"):
        print(f"{key:8} written {written[key]:7}  read {read[key]:7}")
    for path, w, r in differ:
        print(path, dict(w), dict(r))
    print(f"results checked against the next score line {winners['checked']}, disagreeing"
          f" {winners['disagree']}, reported {winners['reported']}")


if __name__ == "__main__":
    default = Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "realworld-mat"
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else default)
