"""A reader of gettext ``.po`` files: what the catalogue needs at run time, nothing more.

The catalogues are loaded as ``.po`` text (no compiled ``.mo`` to build or ship, no run-time dependency):
``msgctxt``, ``msgid``, ``msgstr`` with their continued lines and C escapes; an entry marked ``fuzzy`` or
with an empty ``msgstr`` is left out, as gettext does; plural forms are not used by this app.

>>> read_po('msgctxt "a"\\nmsgid "x {n}"\\nmsgstr ""\\n"y {n}"\\n\\n#, fuzzy\\nmsgid "z"\\nmsgstr "w"\\n')
{('a', 'x {n}'): 'y {n}'}
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

_ESCAPE = re.compile(r"\\(.)", re.DOTALL)  # a backslash and the character it escapes (a lone last one stays)
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", '"': '"', "\\": "\\", "a": "\a", "b": "\b", "f": "\f", "v": "\v"}


def unquote(text: str) -> str:
    """The value of one quoted ``.po`` string (``"..."`` with C escapes)."""
    text = text.strip()
    if len(text) < 2 or text[0] != '"' or text[-1] != '"':
        raise ValueError(f"not a quoted string: {text!r}")
    body = text[1:-1]
    if "\\" not in body:  # most strings: nothing to unescape (a catalogue is read at each command's start)
        return body
    return _ESCAPE.sub(lambda m: _ESCAPES.get(m.group(1), m.group(1)), body)


@dataclass
class Entry:
    """One entry of a ``.po`` file as read."""

    context: str | None = None
    msgid: str | None = None
    msgstr: str | None = None
    flags: set[str] = field(default_factory=set)
    obsolete: bool = False


def entries(text: str) -> list[Entry]:
    """Every entry of a ``.po`` file's text, the header (empty msgid) included."""
    found: list[Entry] = []
    entry = Entry()
    part: str | None = None

    def close() -> None:
        nonlocal entry, part
        if entry.msgid is not None:
            found.append(entry)
        entry, part = Entry(), None

    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            close()
            continue
        if line.startswith("#~"):
            entry.obsolete = True
            continue
        if line.startswith("#,"):
            if entry.msgid is not None:
                close()
            entry.flags.update(f.strip() for f in line[2:].split(","))
            continue
        if line.startswith("#"):
            if entry.msgid is not None:
                close()
            continue
        keyword, _, rest = line.partition(" ")
        if keyword in ("msgctxt", "msgid", "msgstr"):
            if keyword in ("msgctxt", "msgid") and entry.msgstr is not None:
                close()
            part = keyword
            setattr(entry, {"msgctxt": "context", "msgid": "msgid", "msgstr": "msgstr"}[keyword], unquote(rest))
        elif line.startswith('"') and part is not None:
            attr = {"msgctxt": "context", "msgid": "msgid", "msgstr": "msgstr"}[part]
            setattr(entry, attr, (getattr(entry, attr) or "") + unquote(line))
        # msgid_plural / msgstr[n]: not used by this app, skipped
    close()
    return found


def read_po(text: str) -> dict[tuple[str | None, str], str]:
    """(context, msgid) → msgstr of the translated entries: not the header, not fuzzy, not obsolete, not
    empty."""
    return {(e.context, e.msgid): e.msgstr for e in entries(text)
            if e.msgid and e.msgstr and "fuzzy" not in e.flags and not e.obsolete}
