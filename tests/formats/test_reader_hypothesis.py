"""Property tests: the reader never raises on any text or bytes, and generated
records round-trip through the writer (native; ``.mat`` where the layout can
say it)."""

from __future__ import annotations

import io

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from narde_notation.formats.reader import parse_games, read_games
from narde_notation.formats.writer import write_game, write_games
from narde_notation.model.record import BAR, OFF, GameRecord, HalfTurn, Move
from narde_notation.model.side import Side

# Text made of the format's own pieces, so that fuzzing reaches deep into the
# grammar instead of failing on the first character.
PIECES = st.sampled_from(
    [
        "[",
        "]",
        '"',
        "\\",
        "White",
        '[Event "x"]',
        '[White "A \\" B"]',
        "1.",
        "12.",
        "3...",
        "65:",
        "6-5:",
        "6:5:",
        "66:",
        "70:",
        "24/18",
        "24/18/13",
        "6/off",
        "6/o",
        "5/0",
        "24/18(2)",
        "24/18*",
        "bar/20",
        "pass",
        "!",
        "?!",
        "{",
        "}",
        "{ note }",
        ";",
        "; x\n",
        "1-0",
        "0-2",
        "0-0",
        "*",
        "1-1",
        " ",
        "  ",
        "\t",
        "\n",
        "\r\n",
        "\ufeff",
        "\x00",
        " 3 point match\n",
        " Game 1\n",
        " A : 0      B : 0\n",
        "  1) ",
        "Wins 1 point",
        "Doubles => 2",
        "Takes",
        '; [Site "s"]\n',
        "x",
        "é",
    ]
)
FRAGMENTS = st.lists(PIECES, max_size=60).map("".join)


# Whole lines, valid and not, joined by assorted line breaks and blank lines:
# reaches the block tokens (TAGS, TURNS) and the chunking at game boundaries.
LINES = st.sampled_from(
    [
        '[Event "x"]',
        '[White "A \\" B"]',
        "[Round 2]",
        "1. 65: 24/18 18/13",
        "1... 53: 24/19",
        "2. 42: 24/20 20/18       51: 24/19 19/18",
        "33: 24/21(2) 21/18(2)!",
        "12. 6:5: 6/off 5/o",
        "65: 24/18 { c } 18/13",
        "{ multi",
        "line }",
        "; note",
        "1-0",
        "*",
        '0-0 [Site "y"]',
        "",
        "  ",
        "\t",
        "junk",
        "7. 24/18",
        "8.. 43: 1/0",
        " 3 point match",
        " Game 1",
        " A : 0      B : 0",
        "  1)                             43: 24/20 20/17",
        "  2) 65: 24/18 18/13             55:",
        "      Wins 1 point",
        "  3)  Doubles => 2",
    ]
)
LINE_TEXTS = st.tuples(
    st.lists(LINES, max_size=30), st.sampled_from(["\n", "\r\n", "\n\n", "\n \n"])
).map(lambda parts: parts[1].join(parts[0]))


def _drain(text: str) -> list[GameRecord]:
    records = list(parse_games(text))
    assert records, "at least one record (an empty text gets a finding)"
    for index, record in enumerate(records):
        assert record.index == index
        for finding in record.findings:
            assert finding.code in ("syntax", "wrong-result")  # the latter: a score line (R2)
            assert finding.line is not None and finding.line >= 1
            assert "a bug in narde-notation" not in finding.message, finding.message
    return records


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.text(max_size=400))
def test_arbitrary_text_never_raises(text: str) -> None:
    _drain(text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(FRAGMENTS)
def test_format_fragments_never_raise(text: str) -> None:
    _drain(text)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(LINE_TEXTS)
def test_line_mixtures_never_raise(text: str) -> None:
    for record in _drain(text):
        assert "a bug in narde-notation" not in " ".join(f.message for f in record.findings)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=400))
def test_arbitrary_bytes_never_raise(data: bytes) -> None:
    records = list(read_games(io.BytesIO(data), name="fuzz"))
    assert records
    assert all(r.file == "fuzz" for r in records)


# -- generated records --------------------------------------------------------

POINTS = st.one_of(st.integers(min_value=1, max_value=24), st.just(BAR))
MOVES = st.builds(
    lambda start, rest, off, repeat, hit: Move(
        (start, *rest, *((OFF,) if off else ())), repeat=repeat, hit=hit
    ),
    POINTS,
    st.lists(st.integers(min_value=1, max_value=24), min_size=1, max_size=3),
    st.booleans(),
    st.integers(min_value=1, max_value=4),
    st.booleans(),
)
DICE = st.tuples(st.integers(1, 6), st.integers(1, 6)).map(lambda d: (max(d), min(d)))
COMMENT = st.text(
    alphabet=st.characters(blacklist_categories=("Cs", "Cc"), blacklist_characters="{};"),
    max_size=20,
).map(str.strip)
TAG_NAME = st.from_regex(r"[A-Za-z][A-Za-z0-9_]{0,8}", fullmatch=True)
TAG_VALUE = st.text(alphabet=st.characters(blacklist_categories=("Cs", "Cc")), max_size=20)


@st.composite
def records(draw: st.DrawFn, *, for_mat: bool = False) -> GameRecord:
    count = draw(st.integers(min_value=0, max_value=12))
    side = draw(st.sampled_from([Side.WHITE, Side.BLACK]))
    halfturns: list[HalfTurn] = []
    for i in range(count):
        moves = tuple(draw(st.lists(MOVES, max_size=4)))
        annotation: str | None
        comments: tuple[str, ...]
        if for_mat:
            number = (i // 2 + 1) if side is Side.WHITE or i == 0 else None
            annotation, comments = None, ()
        else:
            # a first half-turn by Black needs its N... (the layout's only way to say it)
            needs = i == 0 and side is Side.BLACK
            number = draw(st.integers(1, 99)) if needs else draw(st.none() | st.integers(1, 99))
            annotation = draw(st.none() | st.sampled_from(["!", "?", "!!", "??", "!?", "?!"]))
            comments = tuple(draw(st.lists(COMMENT, max_size=2)))
        halfturns.append(HalfTurn(side, draw(DICE), moves, number, annotation, comments))
        side = side.other
    if for_mat:
        tags = {
            "Match": str(draw(st.integers(1, 15))),
            "Game": str(draw(st.integers(1, 9))),
            "White": "Smith, A",
            "Black": 'Doe "B"',
            "Score": "0-0",
        }
        result = draw(st.none() | st.sampled_from(["1-0", "2-0", "0-1", "0-3"]))
        if halfturns and halfturns[0].side is Side.BLACK:
            halfturns[0] = HalfTurn(Side.BLACK, halfturns[0].dice, halfturns[0].moves, 1)
    else:
        tags = draw(st.dictionaries(TAG_NAME, TAG_VALUE, max_size=4))
        result = draw(st.none() | st.sampled_from(["1-0", "2-0", "3-0", "0-1", "0-2", "0-0", "*"]))
        if not halfturns and result is None:
            result = "*"  # a record with only tags is not a game (decision 1)
    return GameRecord(tags=tags, half_turns=halfturns, result=result)


@settings(max_examples=200, deadline=None)
@given(records())
def test_generated_records_round_trip_native(game: GameRecord) -> None:
    text = write_game(game)
    (back,) = parse_games(text)
    assert not back.findings, back.findings[0].message
    assert back == game


@settings(max_examples=100, deadline=None)
@given(st.lists(records(), min_size=1, max_size=4))
def test_generated_files_round_trip(games: list[GameRecord]) -> None:
    back = list(parse_games(write_games(games)))
    expected = [
        g
        if g.result is not None or i + 1 == len(games)
        else GameRecord(tags=g.tags, half_turns=g.half_turns, result="*")
        for i, g in enumerate(games)
    ]
    assert back == expected


@settings(max_examples=150, deadline=None)
@given(records(for_mat=True))
def test_generated_records_round_trip_mat(game: GameRecord) -> None:
    (back,) = parse_games(write_game(game, "mat"))
    assert not back.findings, back.findings[0].message
    assert back == game


# Numbers and endings the grammar admits but no rule can hold (issue 10), and
# the match-file endings programs write (issue 8).
_LONG = "9" * 5000  # a number no field can hold
HOSTILE = st.sampled_from(
    [
        "1. 65: 30/24 24/19", "2. 54: 99/95  43: 24/99", "3. 21: 25/23",
        '[Numbering "absolute"]', '[Match "²"]', '[Game "²"]',
        f'[Match "{_LONG}"]', f'[Score "{_LONG}-0"]', f"{_LONG}. 65: 24/18 18/13",
        '[Termination "resign"]', '[Rules "koks"]', "0-3",
        " 0 point match", " 25 Point Match",
        "  2) Resigns                     Wins 3 points",
        "  2)  Losses 1 point             Wins 1 point and the match",
        f"  8) 43: 6/2 3/off              Wins {_LONG} points",
        f"  {_LONG}) 65: 24/18", "  3) Redoubles => 4              Raccoons",
    ]
)


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(lines=st.lists(st.one_of(LINES, HOSTILE), max_size=25),
       end=st.sampled_from(["\n", "\r\n"]))
def test_hostile_numbers_never_raise_and_every_game_is_reported(lines: list[str],
                                                                end: str) -> None:
    from narde_notation.replay.validation import validate_games

    text = end.join(lines)
    records = list(parse_games(text))
    reports = list(validate_games(iter(records)))
    assert len(reports) == len(records)
    for report in reports:
        assert all("a bug in narde-notation" not in f.message for f in report.findings)
        assert report.ending in ("bear-off", "resignation", "draw", "unfinished")
