"""The page shell of the results website: one inline style sheet, the navigation bar, small helpers.

Every piece of text from the tournament goes through :func:`esc` (``html.escape``), so a player called
``<script>`` is text on the page. Pages are plain HTML: no JavaScript, no external CSS or fonts.
Labels are in the reports' two languages side by side (English, then Chinese), as on the printed sheets,
and come from the catalogue as theirs do (msgctxt "report", ``reports.pdf.base.LANGUAGES``; docs/texts.md):
:func:`bi`, :func:`th` and :func:`words` take the English msgid, or a :class:`texts.Text` for a text of
another context (a wind, a penalty kind, a site-only meaning).
"""

from __future__ import annotations

import functools
import html
from collections.abc import Iterable, Sequence
from string import Template

import texts
from reports.pdf import base
from reports.pdf.base import fmt_points, fmt_signed
from texts import Text

STYLE = """
:root{--ink:#1b2430;--muted:#5d6b7a;--line:#d5dde6;--band:#f3f6f9;--accent:#9b1c1c;--link:#0b57a4}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%}
body{margin:0;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Helvetica Neue",
 "PingFang SC","Microsoft YaHei","WenQuanYi Micro Hei",sans-serif;color:var(--ink);background:#fff}
header{background:var(--accent);color:#fff;padding:.6rem 1rem .5rem}
header .event{font-size:.85rem;opacity:.9;margin:0}
header h1{font-size:1.35rem;margin:.1rem 0 0;font-weight:600}
header .tag{color:#fff;border-color:rgba(255,255,255,.6);font-size:.8rem;vertical-align:middle}
nav{background:#7d1616;padding:.3rem .6rem;display:flex;flex-wrap:wrap;gap:.2rem .3rem}
nav a{color:#fff;text-decoration:none;padding:.3rem .55rem;border-radius:4px;font-size:.92rem;white-space:nowrap}
nav a:hover,nav a[aria-current]{background:rgba(255,255,255,.18)}
nav a[aria-current]{font-weight:600}
main{padding:.8rem 1rem 2rem;max-width:72rem}
h2{font-size:1.1rem;margin:1.4rem 0 .5rem}
p.note{color:var(--muted);font-size:.85rem;margin:.2rem 0 .8rem}
p.provisional{color:#b42318;margin:.2rem 0 .4rem}
a{color:var(--link)}
.scroll{overflow-x:auto;-webkit-overflow-scrolling:touch;margin:0 -1rem;padding:0 1rem}
table{border-collapse:collapse;font-size:.9rem;margin:.2rem 0 .6rem}
th,td{padding:.3rem .5rem;border-bottom:1px solid var(--line);text-align:left;vertical-align:top}
th{background:var(--band);font-weight:600;font-size:.8rem;line-height:1.25}
th small{display:block;font-weight:400;color:var(--muted);white-space:nowrap}
th small.nm{max-width:7rem;overflow:hidden;text-overflow:ellipsis;margin-left:auto}
td.tno{font-size:1.05rem;font-weight:600}
small.rw{display:block;color:var(--muted);white-space:nowrap}
td.n,th.n{text-align:right;font-variant-numeric:tabular-nums}
td.n{white-space:nowrap}
td.c,th.c{text-align:center}
tbody tr:nth-child(even){background:#fafbfc}
tr.top td{border-top:2px solid var(--ink)}
td.name{white-space:nowrap}
td.nw,span.nw{white-space:nowrap}
table.pairs tbody tr{background:none}
table.pairs tr.main td{border-bottom:0;padding-bottom:.05rem}
table.pairs tr.sub td{padding-top:0;font-size:.82rem;color:var(--muted)}
table.pairs tr.sub a{color:var(--link)}
table.sticky td.name,table.sticky th.name{position:sticky;left:0;background:#fff;z-index:1}
table.sticky tbody tr:nth-child(even) td.name{background:#fafbfc}
table.sticky th.name{background:var(--band)}
.neg{color:#b42318}
p.swipe{display:none}
.muted{color:var(--muted)}
.tag{display:inline-block;font-size:.75rem;padding:0 .35rem;border:1px solid var(--line);border-radius:3px;
 color:var(--muted);margin-left:.25rem}
dl.facts{display:grid;grid-template-columns:auto 1fr;gap:.2rem .8rem;margin:.2rem 0 1rem}
dl.facts dt{color:var(--muted)}dl.facts dd{margin:0;font-weight:600}
footer{color:var(--muted);font-size:.78rem;padding:1rem;border-top:1px solid var(--line)}
@media (max-width:40rem){
 body{font-size:14px}
 p.swipe{display:block}
 main{padding:.6rem .7rem 1.5rem}
 .scroll{margin:0 -.7rem;padding:0 .7rem}
 th,td{padding:.25rem .3rem}
 .wide{display:none}
 header h1{font-size:1.15rem}
 .sep{display:none}
 .mp{display:block;font-size:.8rem}
 th small.nm{max-width:3.6rem}
}
""".strip()

PAGE = Template("""<!DOCTYPE html>
<html lang="$lang">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>$title · $event</title>
<style>
$style
</style>
</head>
<body>
<header><p class="event">$event</p><h1>$heading</h1></header>
<nav aria-label="Site">$nav</nav>
<main>
$body
</main>
<footer>$footer</footer>
</body>
</html>
""")


def esc(value: object) -> str:
    """Text for the page: ``<``, ``>``, ``&`` and quotes become entities.

    >>> esc('<script>alert("x")</script>')
    '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;'
    """
    return html.escape("" if value is None else str(value), quote=True)


def html_lang(lang: str) -> str:
    """The ``lang`` attribute for a catalogue's language (Chinese is written in simplified characters, and
    the browser picks its font by it)."""
    return {"zh": "zh-Hans"}.get(lang, lang)


def say(text: str, **params: object) -> tuple[str, str]:
    """``text`` in the reports' two languages (``reports.pdf.base.LANGUAGES``, read now: the pseudo-locale test
    sets both to ``xx``): an English msgid of msgctxt "report" formatted with ``params``, or a
    :class:`texts.Text`, which carries its own context and parameters."""
    if isinstance(text, Text):
        if text.params or str(text) != text.msgid:  # its own parameters or English: as it says itself
            first, second = (text.in_language(lang) for lang in base.LANGUAGES)
            return first, second
        return _said(tuple(base.LANGUAGES), text.msgid, text.context, ())
    return _said(tuple(base.LANGUAGES), text, "report", tuple(params.items()))


@functools.lru_cache(maxsize=4096)
def _said(languages: tuple[str, ...], msgid: str, context: str | None,
          params: tuple[tuple[str, object], ...]) -> tuple[str, str]:
    """Kept: a site of 1,000 pages says "Table", "E" and "from" tens of thousands of times (the catalogues
    themselves are read once, ``texts.catalogue``)."""
    first, second = (texts.translate(lang, msgid, context, **dict(params)) for lang in languages)
    return first, second


def words(text: str, **params: object) -> str:
    """Plain text (a ``<title>``, a cell), the two languages side by side; one when both say it alike
    (as ``reports.pdf.base.two``): ``words("Table")`` is "Table", a space, and the catalogue's Chinese."""
    first, second = say(text, **params)
    return first if first == second else f"{first} {second}"


def both(first: str, second: str) -> str:
    """Two texts already said in the two languages (escaped here), the second marked as such for the
    browser's font choice; one when they are alike."""
    return _both(first, second, base.LANGUAGES[1])


@functools.lru_cache(maxsize=4096)
def _both(first: str, second: str, lang: str) -> str:  # kept, as _said
    if first == second:
        return esc(first)
    return f'{esc(first)} <span lang="{html_lang(lang)}">{esc(second)}</span>'


def bi(text: str, **params: object) -> str:
    """A label in both languages (:func:`say`), as :func:`both` writes them: ``bi("Table")`` is
    ``Table <span lang="zh-Hans">`` and the catalogue's Chinese."""
    return both(*say(text, **params))


def th(text: str, cls: str = "", **params: object) -> str:
    """A header cell: the first language on top, the second below."""
    return _th(*say(text, **params), base.LANGUAGES[1], cls)


@functools.lru_cache(maxsize=1024)
def _th(first: str, second: str, lang: str, cls: str) -> str:  # kept, as _said
    attr = f' class="{cls}"' if cls else ""
    below = "" if first == second else f'<small lang="{html_lang(lang)}">{esc(second)}</small>'
    return f"<th{attr}>{esc(first)}{below}</th>"


def link(href: str, text: str, cls: str = "") -> str:
    """``<a>`` with escaped ``text``; ``href`` is built by the site (safe file names only)."""
    attr = f' class="{cls}"' if cls else ""
    return f'<a href="{esc(href)}"{attr}>{text}</a>'


def signed(value: float) -> str:
    """Match points as a number cell: +24, 0, and -8 in red."""
    cls = "n neg" if value < 0 else "n"
    return f'<td class="{cls}">{fmt_signed(value)}</td>'


def points(value: float) -> str:
    return f'<td class="n">{fmt_points(value)}</td>'


def num(value: object) -> str:
    return f'<td class="n">{esc(value)}</td>'


def td(text: str, cls: str = "") -> str:
    """A cell of ready HTML (escape text first)."""
    attr = f' class="{cls}"' if cls else ""
    return f"<td{attr}>{text}</td>"


def table(header: Sequence[str], rows: Iterable[str], cls: str = "") -> str:
    """A scrollable table: ``header`` cells from :func:`th`, ``rows`` as ready ``<tr>…</tr>``."""
    attr = f' class="{cls}"' if cls else ""
    return (f'<div class="scroll"><table{attr}><thead><tr>{"".join(header)}</tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div>')


def page(*, event: str, title: str, heading: str, nav: str, body: str, footer: str) -> str:
    """The whole page; ``event``/``title`` are plain text (escaped here), the rest ready HTML."""
    return PAGE.substitute(title=esc(title), event=esc(event), heading=heading, nav=nav, body=body,
                           footer=footer, style=STYLE, lang=esc(html_lang(base.LANGUAGES[0])))
