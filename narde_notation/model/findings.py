"""Findings: what the reader and the validator report about a record.

Every finding has a stable ``code`` from the table of rules.md, a severity
and the rule (R-id) it rests on, both derived from the code, plus where it
was found and a sentence a player understands.
"""

from __future__ import annotations

import dataclasses
import enum
from dataclasses import dataclass

from narde_notation._lazy import publish
from narde_notation.model.safe_text import visible

__all__ = ["CODES", "MAX_MESSAGE", "Finding", "Severity"]


class Severity(enum.StrEnum):
    """How bad a finding is: errors make a game invalid, warnings do not."""

    ERROR = "error"
    WARNING = "warning"

    def __str__(self) -> str:
        return self.value


#: code -> (severity, rule id or ``None``), exactly the table of rules.md.
CODES: dict[str, tuple[Severity, str | None]] = {
    "syntax": (Severity.ERROR, None),
    "bad-tag": (Severity.ERROR, None),
    "bad-position": (Severity.ERROR, "R1"),
    "opening-double": (Severity.ERROR, "R2"),
    "no-checker": (Severity.ERROR, "R3"),
    "wrong-direction": (Severity.ERROR, "R3"),
    "dice-mismatch": (Severity.ERROR, "R3"),
    "closed-point": (Severity.ERROR, "R4"),
    "hit": (Severity.ERROR, "R4"),
    "bar": (Severity.ERROR, "R4"),
    "head-rule": (Severity.ERROR, "R5"),
    "six-block": (Severity.ERROR, "R6"),
    "bear-off-not-home": (Severity.ERROR, "R8"),
    "bear-off-higher-point": (Severity.ERROR, "R8"),
    "not-max-dice": (Severity.ERROR, "R7"),
    "not-higher-die": (Severity.ERROR, "R7"),
    "illegal-pass": (Severity.ERROR, "R7/R11"),
    "game-over": (Severity.ERROR, "R11"),
    "wrong-result": (Severity.ERROR, "R9"),
    "turn-number": (Severity.WARNING, None),
    "encoding": (Severity.WARNING, None),
    "unfinished": (Severity.WARNING, None),
}


#: The longest message a finding keeps (characters); longer ones are cut in
#: the middle (decisions R10).
MAX_MESSAGE = 1000


@dataclass(frozen=True, slots=True)
class Finding:
    """One problem found in a record.

    Attributes:
        code: a key of :data:`CODES` (``"closed-point"``, ``"syntax"``, …).
        message: a sentence for a player: which checker, point (in the
            mover's own numbering) and die.
        file: the path or name of the source, ``None`` when unknown.
        game: 0-based index of the game in its file, ``None`` for a
            file-level finding.
        line: 1-based line, ``None`` when unknown.
        column: 1-based character column on that line (BOM not counted, a
            tab is one character), ``None`` when unknown.
        move: 0-based index of the offending move inside its half-turn,
            as the engine reports it before the validator knows columns.
        context: for people reading text output: the offending line (cut
            to a window and with control characters made visible) and a
            caret under the column.  Not part of the JSON/CSV shape.

    Raises:
        ValueError: on an unknown ``code``.
    """

    code: str
    message: str
    file: str | None = None
    game: int | None = None
    line: int | None = None
    column: int | None = None
    move: int | None = None
    context: str | None = None

    def __post_init__(self) -> None:
        if self.code not in CODES:
            raise ValueError(f"unknown finding code {self.code!r}")
        if len(self.message) > MAX_MESSAGE:
            # a value quoted whole (a 2 MB tag in an error from deeper down) is cut
            # in its middle: the start says what, the end keeps the rule's words
            head, tail = self.message[: MAX_MESSAGE - 200], self.message[-150:]
            object.__setattr__(self, "message", f"{head} … {tail}")

    @property
    def severity(self) -> Severity:
        """``error`` or ``warning``, from rules.md's table."""
        return CODES[self.code][0]

    @property
    def rule(self) -> str | None:
        """The rule id (``"R4"``, ``"R7/R11"``) or ``None`` for format findings."""
        return CODES[self.code][1]

    @property
    def is_error(self) -> bool:
        return self.severity is Severity.ERROR

    def located(self, **where: object) -> Finding:
        """A copy with location fields (``file``, ``game``, ``line``, ``column``) replaced."""
        return dataclasses.replace(self, **where)  # type: ignore[arg-type]

    def to_dict(self) -> dict[str, object]:
        """The JSON shape: keys file, game, line, column, code, severity, rule, message."""
        return {
            "file": self.file,
            "game": self.game,
            "line": self.line,
            "column": self.column,
            "code": self.code,
            "severity": self.severity.value,
            "rule": self.rule,
            "message": self.message,
        }

    def __str__(self) -> str:
        """``file:line:column: severity[code] message (rule)``, one line (then the
        caret picture, if any): control characters, line breaks and bytes of
        a file name that are not text are shown escaped (``\\x1b``), so a
        name or a record can neither forge a line nor drive the terminal."""
        parts = (visible(self.file or "<input>"), self.line, self.column)
        where = ":".join(str(part) for part in parts if part is not None)
        rule = f" ({self.rule})" if self.rule else ""
        text = f"{where}: {self.severity.value}[{self.code}] {visible(self.message)}{rule}"
        return f"{text}\n{self.context}" if self.context else text


publish("narde_notation.model", Finding, Severity)
