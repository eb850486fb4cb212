"""The one catalogue of what users read, in every language: below every front end, above nothing.

The texts are gettext catalogues, ``resources/locales/<lang>/LC_MESSAGES/mcr.po``, made from the template
``resources/locales/mcr.pot`` (``make texts-extract``, ``make texts-update``; docs/texts.md). The English
text is the ``msgid`` (so English needs no catalogue); a ``msgctxt`` tells equal English apart where the
meaning differs, and names the refusal code for an error (``msgctxt "no_session"``). The ``.po`` files
are read as they are at run time (:mod:`texts.po`): nothing to compile, nothing but the standard library.

This package imports nothing of the project's, and every layer may import it: ``db`` renders its refusals
in a language (``db.messages.render``), the CLI picks the language from the environment
(:func:`env_language`), the server from ``Accept-Language`` (:func:`accept_language`), the GUI from its
language menu (:func:`languages` lists every catalogue found).

A value that must be said in the reader's language although it is made far from the reader (the cause of
a refusal, a hand problem inside a refusal) is a :class:`Text`: a ``str`` holding the English, which
knows its msgid and parameters and says itself in another language (:meth:`Text.in_language`).
"""

from __future__ import annotations

import functools
import os
import re
import string
import sys
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Any, Protocol, runtime_checkable

from texts.po import read_po

DOMAIN = "mcr"
DEFAULT = "en"  # the language of the msgids
PSEUDO = "xx"  # the pseudo-locale: every text wrapped as ⟦…⟧ (docs/texts.md)
PSEUDO_OPEN, PSEUDO_CLOSE = "⟦", "⟧"


def locales_dir() -> Path:
    """``resources/locales``: beside the packages (a checkout, an installed wheel) or in a PyInstaller
    bundle's data folder (the same places ``resources.root()`` looks; this package may not import it)."""
    here = Path(__file__).resolve().parent.parent / "resources" / "locales"
    if here.is_dir():
        return here
    bundle = getattr(sys, "_MEIPASS", None)
    if bundle and (Path(bundle) / "resources" / "locales").is_dir():
        return Path(bundle) / "resources" / "locales"
    return here


def po_path(lang: str) -> Path:
    return locales_dir() / lang / "LC_MESSAGES" / f"{DOMAIN}.po"


@functools.cache
def _installed() -> tuple[str, ...]:
    # read once a process: every API request asks (Accept-Language), and a folder's listing costs more than
    # the rest of the request's reading of the header
    folder = locales_dir()
    return tuple(sorted(p.parent.parent.name for p in folder.glob(f"*/LC_MESSAGES/{DOMAIN}.po"))
                 if folder.is_dir() else ())


def languages(*, pseudo: bool = False) -> tuple[str, ...]:
    """English, then every language with a catalogue, sorted (the pseudo-locale only when asked)."""
    return (DEFAULT, *(lang for lang in _installed() if lang != DEFAULT and (pseudo or lang != PSEUDO)))


@functools.cache
def catalogue(lang: str) -> Mapping[tuple[str | None, str], str]:
    """(context, English) → translation of ``lang``; empty for English or a language without a catalogue."""
    path = po_path(lang)
    if lang == DEFAULT or not path.is_file():
        return {}
    return read_po(path.read_text(encoding="utf-8"))


def lookup(lang: str, msgid: str, context: str | None = None) -> str | None:
    """The translation of ``msgid`` in ``lang``, or None when the catalogue lacks it."""
    return catalogue(lang).get((context, msgid))


def gettext(lang: str, msgid: str, context: str | None = None) -> str:
    """``msgid`` in ``lang`` (the English itself when there is no translation)."""
    return lookup(lang, msgid, context) or msgid


def language_name(lang: str) -> str:
    """The language's own name, as its catalogue gives it (msgctxt "language", msgid "English")."""
    return gettext(lang, "English", "language")


@runtime_checkable
class Said(Protocol):
    """Something that can say itself in a language (a :class:`Text`, a ``TournamentError``)."""

    def in_language(self, lang: str) -> str: ...


def said(value: Any, lang: str) -> Any:
    """``value`` in ``lang`` when it can say itself, else as it is."""
    return value.in_language(lang) if isinstance(value, Said) and not isinstance(value, type) else value


def format_text(template: str, params: Mapping[str, Any], lang: str) -> str:
    """``template.format(**params)``, each parameter that can say itself said in ``lang`` first."""
    return template.format(**{k: said(v, lang) for k, v in params.items()})


def translate(lang: str, msgid: str, context: str | None = None, **params: Any) -> str:
    """``msgid`` in ``lang``, formatted with ``params``."""
    return format_text(gettext(lang, msgid, context), params, lang)


class Text(str):
    """English text (the ``str`` itself) that says itself in another language through the catalogue.

    ``english`` overrides the English made from the msgid (a message worded elsewhere, e.g. by the
    scoring engine, whose meaning the msgid template gives).

    >>> t = Text("{n} hands", "example", n=3)
    >>> t, t.in_language("en")
    ('3 hands', '3 hands')
    """

    msgid: str
    context: str | None
    params: dict[str, Any]

    def __new__(cls, msgid: str, context: str | None = None, /, *, english: str | None = None,
                **params: Any) -> Text:
        self = super().__new__(cls, english if english is not None else format_text(msgid, params, DEFAULT))
        self.msgid, self.context, self.params = msgid, context, params
        return self

    def in_language(self, lang: str) -> str:
        found = lookup(lang, self.msgid, self.context)
        return str(self) if found is None else format_text(found, self.params, lang)

    def __reduce__(self) -> Any:  # pickled (multiprocessing) as its English
        return (str, (str(self),))


class Joined(str):
    """Texts joined by a separator that is itself translated (", " in English, "、" in Chinese)."""

    items: tuple[Any, ...]
    sep: Text

    def __new__(cls, items: Iterable[Any], sep: Text) -> Joined:
        items = tuple(items)
        self = super().__new__(cls, str(sep).join(map(str, items)))
        self.items, self.sep = items, sep
        return self

    def in_language(self, lang: str) -> str:
        return self.sep.in_language(lang).join(str(said(i, lang)) for i in self.items)

    def __reduce__(self) -> Any:
        return (str, (str(self),))


def placeholders(template: str) -> set[str]:
    """The ``str.format`` fields of a template, with conversion and spec: ``{"n", "value!r", "limit:,"}``."""
    found: set[str] = set()
    for _, name, spec, conversion in string.Formatter().parse(template):
        if name is not None:
            found.add(name + (f"!{conversion}" if conversion else "") + (f":{spec}" if spec else ""))
    return found


# ---------------------------------------------------------------------------------- which language


def resolve(tag: str, available: Iterable[str] | None = None) -> str | None:
    """The available language for a locale or language tag (``zh_CN.UTF-8``, ``zh-Hans-CN``, ``en``), or
    None. The tag is tried from the most specific to its language alone."""
    known = {lang.lower(): lang for lang in (languages(pseudo=True) if available is None else available)}
    parts = re.split(r"[-_]", tag.split(".")[0].split("@")[0].strip())
    for n in range(len(parts), 0, -1):
        found = known.get("_".join(parts[:n]).lower())
        if found:
            return found
    return None


def env_language(environ: Mapping[str, str] | None = None) -> str:
    """The command line's language: the first of ``LANGUAGE`` (a colon list, its first language that has
    a catalogue), ``LC_ALL``, ``LC_MESSAGES``, ``LANG`` that is set decides; English when that is ``C`` /
    ``POSIX`` or a language without a catalogue."""
    env = os.environ if environ is None else environ
    for var in ("LANGUAGE", "LC_ALL", "LC_MESSAGES", "LANG"):
        value = env.get(var, "")
        if not value:
            continue
        for tag in value.split(":") if var == "LANGUAGE" else [value]:
            if tag in ("C", "POSIX") or tag.startswith("C."):
                return DEFAULT
            found = resolve(tag)
            if found:
                return found
        if var != "LANGUAGE":  # LANGUAGE without a known language leaves it to the locale
            return DEFAULT
    return DEFAULT


def accept_language(header: str | None) -> str:
    """The language an HTTP ``Accept-Language`` header prefers among those with a catalogue (English
    when none fits). The one reading of the header for the API, the table page and the players' page; its
    first 20 entries only, so a hostile header costs no more than a browser's.

    >>> accept_language("zh-CN,zh;q=0.9,en;q=0.8"), accept_language("en-GB,en;q=0.9,zh;q=0.5")
    ('zh', 'en')
    >>> accept_language("fr-FR,fr;q=0.9,zh-TW;q=0.8"), accept_language("*"), accept_language(None)
    ('zh', 'en', 'en')
    """
    available = languages(pseudo=True)
    ranked: list[tuple[float, int, str]] = []
    for i, item in enumerate((header or "").split(",")[:20]):
        tag, _, params = item.strip().partition(";")
        q = 1.0
        for p in params.split(";"):
            key, _, val = p.strip().partition("=")
            if key == "q":
                try:
                    q = float(val)
                except ValueError:
                    q = 0.0
        if tag and q > 0:
            ranked.append((-q, i, tag))
    for _, _, tag in sorted(ranked):
        if tag == "*":
            return DEFAULT
        found = resolve(tag, available)
        if found:
            return found
    return DEFAULT


def N_(text: str) -> str:
    """Marks ``text`` for the catalogue where it is written, translated later where it is shown (gettext's
    ``N_``): returns it unchanged."""
    return text


def NC_(context: str, text: str) -> str:
    """``N_`` with a context (gettext's ``pgettext`` marker): returns ``text`` unchanged."""
    return text
