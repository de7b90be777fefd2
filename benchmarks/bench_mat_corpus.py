"""What the reader reads of real match files: games, rolls and results written
(counted from the text by plain patterns, independent of the grammar) against
those read.  Run on demand: ``python benchmarks/bench_mat_corpus.py [FOLDER]``
(default ``../shared/corpus/realworld-mat``); prints the totals and every file
where they differ."""

from __future__ import annotations

import re
import sys
from collections import Counter
from pathlib import Path

from narde_notation.formats.reader import read_games

ROLL = re.compile(r"(?<![0-9/])[1-6][1-6]:")
TURN = re.compile(r"\s*[0-9]+\)(.*)")
GAME = re.compile(r"\s*game\s+[0-9]+\s*", re.I)
WINS = re.compile(r"\bwins\s+[0-9]+\s+points?", re.I)


def main(folder: Path) -> None:
    written: Counter[str] = Counter()
    read: Counter[str] = Counter()
    differ = []
    files = sorted(p for p in folder.rglob("*") if p.is_file() and p.suffix != ".md")
    for path in files:
        lines = path.read_bytes().decode("utf-8", "replace").splitlines()
        w = Counter(games=sum(1 for t in lines if GAME.fullmatch(t)),
                    rolls=sum(len(ROLL.findall(m[1])) for m in map(TURN.match, lines) if m),
                    results=sum(1 for t in lines if WINS.search(t)))
        games = list(read_games(path))
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


if __name__ == "__main__":
    default = Path(__file__).resolve().parents[1].parent / "shared" / "corpus" / "realworld-mat"
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else default)
