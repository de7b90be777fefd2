"""One way in: every source of records decoded and cut into lines the same way.

:class:`DecodedLines` serves a path, ``"-"`` (standard input, streamed), an
open binary or text file and a string, block by block (64 KiB): a file is
never read whole, and the memory held does not grow with a line's length
beyond the line itself.

Decoding (record-format.md, "Encodings"):

* a byte-order mark decides: UTF-16 or UTF-32 (little or big endian); a
  UTF-8 mark is dropped and the text read as below;
* otherwise the user's ``encoding`` when given (any codec name Python
  knows: ``cp1251``, ``cp1254``, ``cp1252``, ``latin-1``, ``koi8-r``, …):
  a code page (any codec that reads ASCII as ASCII) stands in for the guess
  below, so UTF-8 text stays UTF-8 (decisions H17); UTF-16, UTF-7 and the
  like decide the whole text;
* otherwise UTF-16 without a mark when every other byte is zero (mostly
  ASCII text: docs/decisions.md F1), UTF-32 when three bytes of four are (H18);
* otherwise UTF-8, as long as the bytes are UTF-8; at the first block that
  is not, a code page is guessed by charset-normalizer (a well-kept
  detection library) from that block's lines that are not UTF-8, and from
  there on each line is read as UTF-8 when it is UTF-8, else with the guess
  (a file pasted together from two exports: decisions H11, H13).

Whenever the text was not read as UTF-8, an ``encoding`` warning
(:class:`~narde_notation.model.findings.Finding`) names the encoding used and the
line where it started to matter; bytes the encoding cannot decode become
U+FFFD and the warning says so: text is never replaced in silence.

Lines: ``\\n`` ends a line, a ``\\r`` before it is dropped (CR LF, LF and a
mix of both), CR ends lines in a file with no LF (old Mac files), a BOM that
starts a line is ignored, a ``^Z`` ending the text is the DOS end of file
(decisions H5, H6, H8).
"""

from __future__ import annotations

import codecs
import io
import os
import re
import sys
from collections.abc import Iterable, Iterator
from typing import IO, Any

from narde_notation.model import Finding

__all__ = ["STDIN", "DecodedLines", "Source", "guess_encoding", "split_lines"]

#: What the readers accept: a path (``"-"`` for standard input), an open text
#: or binary file, or (through :func:`narde_notation.formats.reader.parse_games`) a string.
Source = str | os.PathLike[str] | IO[str] | IO[bytes]

#: The path that stands for standard input.
STDIN = "-"

_BLOCK = 1 << 16

#: Byte-order marks, longest first (a UTF-32 LE mark starts like UTF-16 LE's).
_BOMS: tuple[tuple[bytes, str, str], ...] = (
    (codecs.BOM_UTF32_LE, "utf-32", "UTF-32"),
    (codecs.BOM_UTF32_BE, "utf-32", "UTF-32"),
    (codecs.BOM_UTF8, "utf-8-sig", "UTF-8"),
    (codecs.BOM_UTF16_LE, "utf-16", "UTF-16"),
    (codecs.BOM_UTF16_BE, "utf-16", "UTF-16"),
)

#: The code pages a guess chooses among: record-format.md's list (cp1252 stands
#: for latin-1 too).  A wider list guesses short samples worse (cp1250 for a
#: Turkish or Western name, whose letters it decodes differently).
_GUESSES = ("cp1251", "cp1252", "cp1254", "koi8_r")
#: Letters cp1252 puts where cp1254 has Turkish ğ Ğ ı İ ş Ş (0xF0 0xD0 0xFD 0xDD 0xFE 0xDE).
_ICELANDIC = "ðÐýÝþÞ"


def split_lines(blocks: Iterable[str]) -> Iterator[str]:
    """Lines of a stream of text blocks (each block split once: linear in the
    text, however long a line is): ``\\n`` ends a line, a final ``\\r`` is
    dropped, a BOM that starts a line is ignored (at the start of the text,
    or of a second export pasted after the first: decisions H6), a DOS
    end-of-file character (``^Z``, U+001A) that ends the text is the end of
    the file (decisions H5)."""
    pieces: list[str] = []
    line_start = True
    for block in blocks:
        if not block:
            continue
        if line_start and block[0] == "\ufeff":
            block = block[1:]
        if "\ufeff" in block:
            block = block.replace("\n\ufeff", "\n")
        if not block:
            continue
        line_start = block[-1] == "\n"
        parts = block.split("\n")
        if len(parts) == 1:
            pieces.append(block)
            continue
        if pieces:
            pieces.append(parts[0])
            parts[0] = "".join(pieces)
            pieces = []
        tail = parts.pop()
        if tail:
            pieces.append(tail)
        for part in parts:
            yield part[:-1] if part.endswith("\r") else part
    if pieces:
        part = "".join(pieces)
        if part.endswith("\x1a"):  # DOS end of file (decisions H5)
            part = part[:-1]
        if part:
            yield part[:-1] if part.endswith("\r") else part


def _cr_line_ends(blocks: Iterable[str]) -> Iterator[str]:
    """Blocks of a file whose lines end with CR alone (old Mac programs: a
    ``\\r`` followed by something other than ``\\n``, and no ``\\n`` before) with
    each ``\\r`` made ``\\n``; other files' blocks as they are: there a lone
    ``\\r`` is text, shown where it stands (decisions H8).  A ``\\r`` ending a
    block is held until the next one says whether an ``\\n`` follows it."""
    cr_only: bool | None = None
    carried = ""
    for block in blocks:
        if cr_only is None:
            block, carried = carried + block, ""
            if "\n" in block:
                cr_only = False
            elif "\r" in block[:-1]:
                cr_only = True
            elif block.endswith("\r"):
                block, carried = block[:-1], "\r"
        yield block.replace("\r", "\n") if cr_only else block
    if carried:
        yield carried


def _python_name(encoding: str) -> str:
    try:
        return codecs.lookup(encoding).name
    except LookupError:
        return encoding


def _check_source(source: object, text: object) -> None:
    """TypeError unless ``text`` is a ``str``, or ``source`` a path (``str``,
    ``os.PathLike`` of ``str``) or an open file (it has ``read``)."""
    given = text if text is not None else source
    if isinstance(given, str) or (text is None and hasattr(source, "read")):
        return
    if text is None and isinstance(source, os.PathLike) and isinstance(os.fspath(source), str):
        return
    hint = " (decode it first: bytes.decode or os.fsdecode)" if isinstance(
        given, bytes | bytearray | os.PathLike) else ""
    raise TypeError("what is read is a path (str or os.PathLike), an open file or a text"
                    f" (str), not {type(given).__name__}{hint}")


class DecodedLines:
    """The lines of one source, decoded once (see the module docstring).

    Args:
        source: a path (``str``/``os.PathLike``; ``"-"`` is standard input), an
            open binary or text file, or ``text=`` for a string.
        encoding: the encoding of bytes with no byte-order mark that are
            not UTF-8 (``None``: a guess); a codec that does not read ASCII
            as ASCII (UTF-16, UTF-7) is used for all the bytes.
        name: the name findings carry (default: the path, the file's
            ``name``, ``"<stdin>"`` or ``"<string>"``).
        text: a string to read instead of ``source``.

    Iterating gives the lines (without their ends).  :meth:`take_findings`
    hands over the ``encoding`` warnings met so far, each once.  A path is
    opened lazily, on the first line asked for.

    Raises:
        TypeError: ``source`` is none of those (``bytes``, ``None``, a number),
            ``text`` is not a ``str``, ``encoding`` or ``name`` not a ``str``
            (at once, decisions R12).
        LookupError: ``encoding`` is not a codec Python knows (at once).
        OSError: a path cannot be opened or read (while iterating).
    """

    def __init__(
        self,
        source: Source | None = None,
        *,
        encoding: str | None = None,
        name: str | None = None,
        text: str | None = None,
    ) -> None:
        _check_source(source, text)
        if encoding is not None:
            if not isinstance(encoding, str):
                raise TypeError(f"encoding must be a str, not {type(encoding).__name__}")
            codecs.lookup(encoding)  # fail early on an unknown name
        if name is not None and not isinstance(name, str):
            raise TypeError(f"name must be a str, not {type(name).__name__}")
        self.encoding = encoding
        self.source = source
        self.text = text
        if name is None:
            if text is not None:
                name = "<string>"
            elif isinstance(source, (str, os.PathLike)):
                name = "<stdin>" if os.fspath(source) == STDIN else os.fspath(source)
            else:
                name = str(getattr(source, "name", "<stream>"))
        self.name = name
        #: The encoding the text was read with (``"utf-8"`` until known otherwise).
        self.used = "utf-8"
        self._findings: list[Finding] = []
        self._lines_before = 0  # line breaks in the text decoded so far

    # -- findings ---------------------------------------------------------------
    def take_findings(self) -> list[Finding]:
        """The ``encoding`` warnings met since the last call (each given once)."""
        found, self._findings = self._findings, []
        return found

    def _warn(self, text: str, at: int, message: str) -> None:
        # a block with CRs and no LF is an old Mac file's (H8): CR ends its lines
        end = "\r" if "\n" not in text and "\r" in text else "\n"
        line = self._lines_before + text.count(end, 0, max(at, 0)) + 1
        self._findings.append(Finding("encoding", message, file=self.name, line=line))

    # -- blocks -------------------------------------------------------------------
    def __iter__(self) -> Iterator[str]:
        return split_lines(self._counted(_cr_line_ends(self._blocks())))

    def _counted(self, blocks: Iterable[str]) -> Iterator[str]:
        for block in blocks:
            yield block
            self._lines_before += block.count("\n")

    def _blocks(self) -> Iterator[str]:
        if self.text is not None:
            yield self.text
            return
        source = self.source
        if isinstance(source, (str, os.PathLike)):
            if os.fspath(source) == STDIN:
                yield from self._stream(sys.stdin)
                return
            with open(source, "rb") as handle:
                yield from self._bytes(handle.read)
            return
        if source is None:
            return
        yield from self._stream(source)

    def _stream(self, stream: IO[Any]) -> Iterator[str]:
        if isinstance(stream, io.TextIOBase):
            buffer = getattr(stream, "buffer", None)
            if buffer is not None and stream is sys.stdin:
                # standard input: decoded as a file is, not by the locale
                yield from self._bytes(buffer.read)
                return
        first = stream.read(_BLOCK)
        if isinstance(first, str):
            yield first
            while True:
                block = stream.read(_BLOCK)
                if not block:
                    return
                yield block
        else:
            yield from self._bytes(stream.read, first)

    def _bytes(self, read: Any, first: bytes | None = None) -> Iterator[str]:
        data: bytes = read(_BLOCK) if first is None else first
        encoding = self.encoding
        label = None
        for bom, codec, shown in _BOMS:
            if data.startswith(bom):
                encoding, label = codec, shown
                break
        if label == "UTF-8" and self.encoding is None:
            # the mark is dropped and the text read as any other (record-format.md:
            # "ignored"): a cp1251 export pasted after it keeps its names (H13)
            yield from self._utf8_or_guess(read, data[len(codecs.BOM_UTF8):], letters=True)
            return
        if not label and encoding is not None and _ascii_transparent(encoding):
            # a stated code page stands in for the guess: a UTF-8 file (or line)
            # among the files it is given for is still UTF-8 (H17)
            yield from self._utf8_or_guess(read, data, stated=_python_name(encoding))
            return
        if encoding is None:
            wide = _utf32_without_mark(data) or _utf16_without_mark(data)
            if wide is not None:
                self.used = wide
                yield from self._decoded(read, data, wide, f"{wide} (a guess: no byte-order"
                                         " mark)", warn=True)
                return
            yield from self._utf8_or_guess(read, data)
            return
        if not label and _python_name(encoding) in ("utf-16", "utf-32"):
            # no mark to say the byte order: Python's codec refuses to start;
            # the zero bytes tell it (16 bits), else little-endian as Windows writes
            wide = _utf16_without_mark(data) if _python_name(encoding) == "utf-16" else None
            encoding = wide or _python_name(encoding) + "-le"
        self.used = "utf-8" if label == "UTF-8" else _python_name(encoding)
        why = "its byte-order mark" if label else "the encoding asked for"
        yield from self._decoded(read, data, encoding, f"{label or self.used} ({why})",
                                 warn=self.used != "utf-8")

    def _decoded(self, read: Any, data: bytes, encoding: str, shown: str, *,
                 warn: bool) -> Iterator[str]:
        """Decode with ``encoding``: one warning where the text stops being
        ASCII (when ``warn``), one where a byte could not be decoded."""
        decoder = codecs.getincrementaldecoder(encoding)(errors="replace")
        replaced = False
        while True:
            final = not data
            text = decoder.decode(data, final=final)
            if warn and text:
                at = next((i for i, c in enumerate(text) if c > "\x7f"), -1)
                if at >= 0 or encoding.startswith("utf-"):
                    self._warn(text, at if at >= 0 else 0,
                               f"the file is not UTF-8: read as {shown}")
                    warn = False
            if not replaced and "\ufffd" in text:
                replaced = True
                self._warn(text, text.index("\ufffd"),
                           f"bytes that are not {shown.split(' (')[0]} were replaced by"
                           " U+FFFD (\ufffd)")
            if text:
                yield text
            if final:
                return
            data = read(_BLOCK)

    def _utf8_or_guess(self, read: Any, data: bytes, *, letters: bool = False,
                       stated: str | None = None) -> Iterator[str]:
        """UTF-8 until a line is not; ``letters``: something already said UTF-8
        (characters outside ASCII read as UTF-8 so far, or a UTF-8 mark);
        ``stated``: the code page asked for, used where a guess would be."""
        decoder = codecs.getincrementaldecoder("utf-8")(errors="strict")
        while data:
            pending = decoder.getstate()[0] + data
            try:
                text = decoder.decode(data)
            except UnicodeDecodeError:
                yield from self._guessed(read, pending, stated)
                return
            if text:
                letters = letters or not text.isascii()  # O(1) on a str
                yield text
            data = read(_BLOCK)
        try:
            decoder.decode(b"", final=True)
        except UnicodeDecodeError:
            if not letters:
                yield from self._guessed(read, decoder.getstate()[0], stated)
                return
            # UTF-8 letters throughout, cut inside its last character: UTF-8
            # with a bad end, replaced and warned about, not a code page (H7)
            yield from self._decoded(read, decoder.getstate()[0], "utf-8", "UTF-8",
                                     warn=False)

    def _guessed(self, read: Any, pending: bytes, stated: str | None = None) -> Iterator[str]:
        """The rest of the text from ``pending`` on, line by line: a line that
        is UTF-8 stays UTF-8, any other is read with the ``stated`` code page
        or else the guessed one (a file pasted together from two exports:
        decisions H13, H17).  Either leaves ASCII as it is, line ends too."""
        encoding = stated or guess_encoding(pending)
        self.used = encoding
        shown = f"{encoding} ({'the encoding asked for' if stated else 'a guess'})"
        said: set[str] = set()
        held: list[bytes] = []  # a line that has not ended yet
        data = pending
        while True:
            final = not data
            cut = len(data) if final else max(data.rfind(b"\n"), data.rfind(b"\r")) + 1
            if not cut and not final:
                held.append(data)
                data = read(_BLOCK)
                continue
            body = b"".join([*held, data[:cut]])
            held = [data[cut:]] if cut < len(data) else []
            pieces: list[str] = []
            notes: list[tuple[int, str]] = []  # (offset in the text, warning)
            for line in _AFTER_LINE_END.split(body):
                text = _utf8(line)
                if text is None:
                    text = line.decode(encoding, "replace")
                    if "guess" not in said:
                        said.add("guess")
                        notes.append((_offset(pieces, text),
                                      f"the file is not UTF-8: read as {shown}"))
                    if "\ufffd" in text and "replaced" not in said:
                        said.add("replaced")
                        notes.append((_offset(pieces, text, text.index("\ufffd")),
                                      f"bytes that are not {encoding} were replaced by"
                                      " U+FFFD (\ufffd)"))
                elif not text.isascii() and "utf-8" not in said:
                    said.add("utf-8")
                    notes.append((_offset(pieces, text), f"the file mixes encodings: its lines"
                                  f" that are UTF-8 are read as UTF-8, the others as {shown}"))
                pieces.append(text)
            block = "".join(pieces)
            for at, message in notes:
                self._warn(block, at, message)
            if block:
                yield block
            if final:
                return
            data = read(_BLOCK)


#: Splits bytes after each line end (CR LF, LF or CR alone: decisions H8).
_AFTER_LINE_END = re.compile(rb"(?<=[\r\n])")


def _offset(pieces: list[str], text: str, inside: int = -1) -> int:
    """Where in the joined ``pieces + [text]`` the warning about ``text``
    points: its first letter outside ASCII, or ``inside``."""
    if inside < 0:
        inside = next((i for i, c in enumerate(text) if c > "\x7f"), 0)
    return sum(map(len, pieces)) + inside


#: The Cyrillic code pages among the guesses.
_CYRILLIC = frozenset({"cp1251", "koi8-r"})
#: A word (letters, no digits or underscores).
_WORD_RE = re.compile(r"[^\W\d_]+")


def _latin_in_disguise(text: str) -> bool:
    """Whether ``text``, read with a Cyrillic code page, is Western text in
    disguise: most of its words that hold Cyrillic letters hold ASCII letters
    too (``Mьller``, ``Съсez``), as a Latin name with an accent read so
    does; a Russian name is Cyrillic throughout (a Latin look-alike typed in
    one word, ``Kубок``, stays a minority)."""
    cyrillic = mixed = 0
    for word in _WORD_RE.findall(text):
        if not word.isascii():
            cyrillic += 1
            mixed += any(c.isascii() for c in word)
    return mixed * 2 > cyrillic


def _ascii_transparent(encoding: str) -> bool:
    """Whether ``encoding`` reads ASCII bytes as those ASCII characters
    (code pages, ``gbk``, ``shift_jis``; not UTF-16/32, UTF-7, ISO-2022;
    ``utf-8`` itself needs no such path)."""
    if _python_name(encoding) in ("utf-8", "utf-8-sig"):
        return False
    # with ISO-2022's and HZ's shifts, which turn ASCII bytes into other letters
    ascii_bytes = bytes(range(128)) + b"\x1b$B0!\x1b(B~{0!~}+AGE-"
    try:
        return ascii_bytes.decode(encoding) == ascii_bytes.decode("ascii")
    except (UnicodeDecodeError, LookupError):
        return False


def _utf32_without_mark(data: bytes) -> str | None:
    """``utf-32-le``/``utf-32-be`` for text that is UTF-32 without a mark (mostly
    ASCII: three bytes of every four are zero, the fourth is not), else
    ``None`` (decisions H18)."""
    sample = data[: 4096 - 4096 % 4]
    quads = len(sample) // 4
    if quads < 8:
        return None
    zeros = [sample[k::4].count(0) for k in range(4)]
    for low, high, name in ((0, (1, 2, 3), "utf-32-le"), (3, (0, 1, 2), "utf-32-be")):
        if zeros[low] <= quads // 20 and all(zeros[k] >= quads // 2 for k in high):
            return name
    return None


def _utf16_without_mark(data: bytes) -> str | None:
    """``utf-16-le``/``utf-16-be`` for text that is UTF-16 without a byte-order
    mark (records are mostly ASCII: every other byte is zero), else ``None``."""
    sample = data[:4096]
    half = len(sample) // 2
    if half < 8:
        return None
    odd, even = sample[1::2].count(0), sample[0::2].count(0)
    if odd >= half // 2 and even <= half // 20:
        return "utf-16-le"
    if even >= half // 2 and odd <= half // 20:
        return "utf-16-be"
    return None


def _utf8(line: bytes) -> str | None:
    """``line`` decoded as UTF-8, ``None`` when it is not UTF-8."""
    try:
        return line.decode("utf-8")
    except UnicodeDecodeError:
        return None


def guess_encoding(sample: bytes) -> str:
    """The single-byte code page ``sample`` (bytes that are not UTF-8) most
    likely is, among cp1251, cp1252, cp1254 and KOI8-R, by charset-normalizer;
    ``latin-1`` when nothing fits (it decodes every byte).  A guess: a few
    letters can fit several pages, hence the ``encoding`` warning."""
    from charset_normalizer import from_bytes

    # the lines holding bytes outside ASCII that are not UTF-8: the moves
    # around them, all ASCII, and lines in UTF-8 (a file pasted together from
    # two) would only blur the evidence (decisions H11)
    telling = b"\n".join(line for line in sample.split(b"\n")
                         if not line.isascii() and _utf8(line) is None)
    evidence = telling[: 4 * _BLOCK] or sample[:_BLOCK]
    matches = from_bytes(evidence, cp_isolation=list(_GUESSES))
    best = matches.best()
    if best is None:
        return "latin_1"
    name = _python_name(best.encoding)
    if name in _CYRILLIC and _latin_in_disguise(evidence.decode(name, "replace")):
        name = "cp1252"  # Western names a Cyrillic page turns into `Mьller` (H15)
    # cp1252 and cp1254 differ in six letters only, and the detector scores
    # them alike: bytes that cp1252 reads as Icelandic ð Ð ý Ý þ Þ are
    # Turkish ğ Ğ ı İ ş Ş in cp1254, far likelier among narde players.
    turkish = any(_python_name(m.encoding) == "cp1254" for m in matches)
    if name == "cp1252" and (turkish or _python_name(best.encoding) in _CYRILLIC) and any(
        letter in evidence.decode("cp1252", "replace") for letter in _ICELANDIC
    ):
        return "cp1254"
    return name
