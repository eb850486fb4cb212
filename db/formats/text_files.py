"""Text files users give (a players CSV, a results JSON-lines file, an export): their lines and encoding.

- Lines end with ``\\r\\n`` (Windows), ``\\n`` (Unix) or a lone ``\\r`` (old Mac and Excel for Mac's
  "CSV (Macintosh)"), the same for every reader; nothing else ends a line (a U+2028 inside a JSON string
  does not).
- The command line reads UTF-8, a BOM allowed. A file is read as a stream of lines, each decoded alone, so
  a bad byte is named by its line and file offset, a results file rejects only that line, and a file past
  its size limit is refused before it is read to the end.
- The app's players import also takes what Excel writes elsewhere (:func:`decode_guess`): UTF-16 with a
  BOM ("Unicode text"), GBK / GB18030 (Chinese Windows), Windows-1252 (Western Europe), and says which.

Imports only ``errors``.
"""

from __future__ import annotations

import codecs
import errno
import os
import re
import stat
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from db.errors import TournamentError
from db.storage.files import refuse_live

_LINE_END = re.compile(r"\r\n|\r|\n")
_BYTES_END = re.compile(rb"\r\n|\r|\n")
_CHUNK = 64 * 1024


def split_lines(text: str) -> Iterator[str]:
    """The lines of ``text``, each with its ending kept (``\\r\\n``, ``\\r`` or ``\\n``).

    >>> list(split_lines("a\\r\\nb\\rc\\nd")), list(split_lines("x\\u2028y\\n"))
    (['a\\r\\n', 'b\\r', 'c\\n', 'd'], ['x\\u2028y\\n'])
    """
    start = 0
    for m in _LINE_END.finditer(text):
        yield text[start:m.end()]
        start = m.end()
    if start < len(text):
        yield text[start:]


@dataclass(frozen=True, slots=True)
class RawLine:
    """One line of a file as bytes (its ending kept), its number (from 1) and where it starts in the file.
    ``cut``: a line over the reader's ``line_limit`` is not kept: ``data`` is then its ending alone and ``cut``
    the size of what came before it (see :func:`byte_lines`)."""

    number: int
    offset: int
    data: bytes
    cut: int = 0


def byte_lines(stream: BinaryIO, source: str, limit: int | None = None,
               line_limit: int | None = None) -> Iterator[RawLine]:
    """The lines of a binary stream, read a chunk at a time; past ``limit`` bytes in all,
    ``TournamentError("file_too_large")`` before the rest is read. Linear in the file's size: each byte is
    scanned once and a line is joined once, however long (a 200 MB line without a newline took minutes when
    each chunk re-scanned the line so far). A line longer than ``line_limit`` bytes (its ending
    aside) is not kept in memory: it comes as ``RawLine(cut=its size)`` for the reader to refuse.

    >>> import io
    >>> [(x.number, x.data, x.cut) for x in byte_lines(io.BytesIO(b"a\\r\\n" + b"b" * 9 + b"\\rc"), "f", line_limit=4)]
    [(1, b'a\\r\\n', 0), (2, b'\\r', 9), (3, b'c', 0)]
    """
    number, offset, total = 0, 0, 0
    parts: list[bytes] = []  # the current line so far (no line ending in it)
    held = 0  # bytes in ``parts``
    cut = 0  # bytes of the current line not kept (over ``line_limit``)
    lead = b""  # a "\r" that ended the last chunk: it may be the first half of "\r\n"

    def keep(piece: bytes) -> None:
        nonlocal held, cut
        if cut or (line_limit is not None and held + len(piece) > line_limit + 2):
            cut += held + len(piece)
            parts.clear()
            held = 0
        else:
            parts.append(piece)
            held += len(piece)

    while True:
        chunk = stream.read(_CHUNK)
        total += len(chunk)
        if limit is not None and total > limit:
            raise TournamentError(code="file_too_large", path=source, limit=limit, mib=limit // 2**20)
        data, lead = lead + chunk, b""
        if chunk and data.endswith(b"\r"):
            data, lead = data[:-1], b"\r"
        start = 0
        for m in _BYTES_END.finditer(data):
            keep(data[start:m.start()])
            number += 1
            line = RawLine(number, offset, b"".join(parts) + m.group(), cut) if cut else \
                RawLine(number, offset, b"".join(parts) + m.group())
            offset += cut + len(line.data)
            yield line
            parts.clear()
            held = cut = 0
            start = m.end()
        if start < len(data):
            keep(data[start:])
        if not chunk:
            if parts or cut:
                yield RawLine(number + 1, offset, b"".join(parts), cut)
            return


def decode_utf8_line(line: RawLine, source: str) -> str:
    """One line as text (a BOM dropped on the first), or ``TournamentError("file_not_utf8")`` naming the
    file, the line and the byte offset in the file (and UTF-16 or GBK when the file looks like it)."""
    try:
        text = line.data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if line.number == 1 and line.data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
            raise TournamentError(code="file_utf16", path=source) from exc
        code = "file_looks_gbk" if _looks_chinese(line.data) else "file_not_utf8"
        raise TournamentError(code=code, path=source, line=line.number, byte=line.offset + exc.start) from exc
    return text.removeprefix("\ufeff") if line.number == 1 else text


def utf8_lines(stream: BinaryIO, source: str, limit: int | None = None) -> Iterator[str]:
    """The lines of a UTF-8 stream as text (endings kept); the first non-UTF-8 line stops it with
    ``file_not_utf8`` (see :func:`decode_utf8_line`)."""
    for line in byte_lines(stream, source, limit):
        yield decode_utf8_line(line, source)


def open_input(path: str | Path) -> BinaryIO:
    """``path`` opened for reading in binary, or a one-line ``TournamentError`` (missing, a folder,
    permission denied, ...) naming it."""
    refuse_live(path)  # closing it would drop SQLite's locks on the open tournament (db.storage.files)
    try:
        # A regular file or a pipe (``printf ... | mcr-tournament players import /dev/stdin``, ``<(...)``, a
        # named pipe). A device or a socket is refused before it is opened: /dev/zero never ends, and opening
        # some devices does something. A pipe is opened without waiting for a writer (a plain open waits for
        # ever), then read blocking: with no writer it reads as empty at once.
        if not _readable_kind(os.stat(path).st_mode):
            raise TournamentError(code="file_not_regular", path=str(path))
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0))
        try:
            mode = os.fstat(fd).st_mode  # what was opened, if the path changed since the stat
            if stat.S_ISDIR(mode):
                raise IsADirectoryError(errno.EISDIR, "it is a folder")
            if not _readable_kind(mode):
                raise TournamentError(code="file_not_regular", path=str(path))
            if stat.S_ISFIFO(mode):
                os.set_blocking(fd, True)
            return os.fdopen(fd, "rb")  # the caller closes it (``with open_input(p) as f``)
        except BaseException:
            os.close(fd)
            raise
    except FileNotFoundError as exc:
        raise TournamentError(code="file_missing", path=str(path)) from exc
    except IsADirectoryError as exc:
        raise TournamentError(code="file_unreadable", path=str(path), problem="it is a folder") from exc
    except OSError as exc:
        raise TournamentError(code="file_unreadable", path=str(path), problem=(exc.strerror or str(exc)).lower()) \
            from exc


def _readable_kind(mode: int) -> bool:
    """Whether a file of this ``st_mode`` may be read as input: a regular file or a pipe (a folder is
    named as a folder when opened)."""
    return stat.S_ISREG(mode) or stat.S_ISFIFO(mode) or stat.S_ISDIR(mode)


def read_utf8(path: str | Path) -> str:
    """A whole UTF-8 file as text (a BOM dropped), or ``file_not_utf8`` / ``file_missing`` / ... naming it."""
    with open_input(path) as f:
        try:
            return "".join(utf8_lines(f, str(path)))
        except OSError as exc:
            raise TournamentError(code="file_unreadable", path=str(path),
                                  problem=(exc.strerror or str(exc)).lower()) from exc


# ------------------------------------------------------------------------- the app's encoding guess


@dataclass(frozen=True, slots=True)
class Decoded:
    """A file's text and the encoding it was read in, as the preview names it."""

    text: str
    encoding: str  # "UTF-8", "UTF-8 (BOM)", "UTF-16", "GBK", "Windows-1252"


def _in_gb2312(ch: str) -> bool:
    try:
        ch.encode("gb2312")
    except UnicodeEncodeError:
        return False
    return True


def _looks_chinese(data: bytes) -> bool:
    """Whether ``data`` reads as GBK / GB18030 Chinese: it decodes, and most of its characters beyond ASCII
    (80 % or more) are among the 7,445 of GB2312, as in names. Latin text in Windows-1252 may decode as GBK too ("Hélène"
    as "H閘鑞e"), but into rarer characters, so it is not taken for Chinese."""
    try:
        text = data.decode("gb18030")
    except UnicodeDecodeError:
        return False
    wide = [ch for ch in text if ord(ch) > 0x7F]
    return bool(wide) and 5 * sum(1 for ch in wide if _in_gb2312(ch)) >= 4 * len(wide)  # 80 % or more


def decode_guess(data: bytes, source: str) -> Decoded:
    """The text of a spreadsheet's export in the encoding it was most likely saved in: UTF-8 (with or without
    a BOM), UTF-16 with a BOM, GBK/GB18030 when it decodes as Chinese, else Windows-1252; or a
    ``TournamentError`` saying why it cannot be read (``file_binary``, ``file_encoding_unknown``).

    >>> decode_guess("Zoé".encode("utf-8"), "p.csv"), decode_guess("张伟".encode("gbk"), "p.csv").encoding
    (Decoded(text='Zoé', encoding='UTF-8'), 'GBK')
    >>> decode_guess("Hélène".encode("cp1252"), "p.csv").encoding, decode_guess("Zoé".encode("utf-16"), "p.csv").text
    ('Windows-1252', 'Zoé')
    """
    if data.startswith(codecs.BOM_UTF8):
        return Decoded(_strict(data[3:], "utf-8", "UTF-8 (BOM)", source), "UTF-8 (BOM)")
    if data.startswith((codecs.BOM_UTF16_LE, codecs.BOM_UTF16_BE)):
        return Decoded(_strict(data, "utf-16", "UTF-16", source), "UTF-16")
    try:
        return Decoded(data.decode("utf-8"), "UTF-8")
    except UnicodeDecodeError:
        pass
    if b"\x00" in data:  # UTF-16 without its BOM, or not text at all
        raise TournamentError(code="file_binary", path=source)
    if _looks_chinese(data):
        return Decoded(data.decode("gb18030"), "GBK")
    try:
        return Decoded(data.decode("cp1252"), "Windows-1252")
    except UnicodeDecodeError as exc:
        raise TournamentError(code="file_encoding_unknown", path=source, byte=exc.start) from exc


def _strict(data: bytes, codec: str, name: str, source: str) -> str:
    try:
        return data.decode(codec)
    except UnicodeDecodeError as exc:
        raise TournamentError(code="file_bad_bytes", path=source, encoding=name, byte=exc.start) from exc


def read_guessed(path: str | Path, limit: int) -> Decoded:
    """A file of at most ``limit`` bytes read as :func:`decode_guess` reads it (no more than ``limit`` + 1
    bytes are read: a bigger file is refused with ``file_too_large``)."""
    source = Path(path).name
    with open_input(path) as f:
        try:
            data = f.read(limit + 1)
        except OSError as exc:
            raise TournamentError(code="file_unreadable", path=str(path),
                                  problem=(exc.strerror or str(exc)).lower()) from exc
    if len(data) > limit:
        raise TournamentError(code="file_too_large", path=source, limit=limit, mib=limit // 2**20)
    return decode_guess(data, source)
