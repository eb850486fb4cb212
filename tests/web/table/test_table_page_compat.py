"""A static scan of the table page's files for what Safari 15+ (iOS) and Firefox 115+ might not run.

Those browsers cannot run here (the browser tests use Debian's Chromium), so this is a list of features
known to be missing or different in them, checked in the text of ``web/static/table/*.js`` and ``web/static/table.{css,html}``.
It proves only that none of these is used; docs/table-page.md "Other browsers" says what was reviewed.
"""

from __future__ import annotations

import re

import pytest

from web.api.app import STATIC

# (pattern, why it is not used): newer than Safari 15.0 / Firefox 115, or unlike them on a phone
JS = [
    (r"\bstructuredClone\s*\(", "structuredClone: Safari 15.4"),
    (r"\.at\s*\(", "Array.prototype.at: Safari 15.4"),
    (r"\.findLast(Index)?\s*\(", "findLast: Safari 15.4, Firefox 104"),
    (r"Object\.hasOwn\s*\(", "Object.hasOwn: Safari 15.4"),
    (r"\.replaceAll\s*\(", "String.replaceAll: Safari 13.1; kept out with ES2017"),
    (r"\.to(Sorted|Reversed|Spliced)\s*\(", "change-array-by-copy: Safari 16, Firefox 115"),
    (r"randomUUID\s*\(", "crypto.randomUUID: a secure context only (the LAN server is plain http)"),
    (r"\?\.|\?\?", "optional chaining / nullish coalescing: the page is ES2017"),
    (r"\bshowModal\s*\(|<dialog", "<dialog>: Safari 15.4"),
    (r"\b(window\.)?(confirm|alert|prompt)\s*\(", "blocking dialogs: suppressible, unlike each other on phones"),
    (r"requestIdleCallback", "requestIdleCallback: not in Safari"),
    (r"navigator\.clipboard|navigator\.share", "clipboard/share: a secure context only"),
    (r"<script[^>]*type=\"importmap\"|\bimport\s*\(|\bimport\.meta\b",
     "import maps (Safari 16.4), and no import() or import.meta: static imports of relative files only"),
    (r"^\s*(import|export)\b.*\b(with|assert)\s*\{", "import attributes (JSON, CSS modules): Safari 17.2, after Firefox 115"),
    (r"^await\s|^\s*(var|let|const)\s+\w+\s*=\s*await\s", "top-level await: the modules stay ES2017"),
    (r"\bserviceWorker\b", "service workers: a secure context only"),
]
CSS = [
    (r":has\(", ":has(): Safari 15.4, Firefox 121"),
    (r"\binset\s*:", "inset: Safari 14.1; spelled out as top/right/bottom/left"),
    (r"&", "CSS nesting: Safari 16.5, Firefox 117"),
    (r"@container|@layer", "container queries / cascade layers: Safari 16 / 15.4"),
    (r"\b\d+(\.\d+)?(dvh|svh|lvh|dvw|svw|lvw)\b", "dynamic viewport units: Safari 15.4"),
    (r"\b100vh\b", "100vh: taller than the visible area on iOS Safari"),
    (r"color-mix\(|\blch\(|\boklch\(", "new colour functions: Safari 16.2"),
    (r":focus-visible", ":focus-visible: Safari 15.4"),
    (r"overflow\s*:\s*clip", "overflow: clip: Safari 16"),
    (r"text-wrap\s*:", "text-wrap: Safari 17.4"),
    (r"(?<!-webkit-)backdrop-filter", "backdrop-filter: Safari needs -webkit- (before 18)"),
    (r"aspect-ratio", "aspect-ratio: Safari 15 (kept out: the tiles have their own size)"),
]


SAMPLES_JS = [
    'var c = structuredClone(x);',
    'xs.at(-1)',
    'xs.findLast(f)',
    'Object.hasOwn(o, "k")',
    's.replaceAll("a", "b")',
    'xs.toSorted()',
    'crypto.randomUUID()',
    'a?.b',
    'd.showModal()',
    'if (window.confirm("ok?"))',
    'requestIdleCallback(f)',
    'navigator.clipboard.writeText(s)',
    '<script type="importmap">',
    'import data from "./d.json" with { type: "json" };',
    'var x = await f();',
    'navigator.serviceWorker.register("/sw.js")',
]
SAMPLES_CSS = [
    'li:has(img) {}',
    '.a { inset: 0; }',
    '.a { & .b { color: red } }',
    '@container (min-width: 1px) {}',
    '.a { height: 100dvh; }',
    '.a { height: 100vh; }',
    '.a { color: color-mix(in srgb, red, blue); }',
    '.a:focus-visible {}',
    '.a { overflow: clip; }',
    '.a { text-wrap: balance; }',
    '.a { backdrop-filter: blur(2px); }',
    '.a { aspect-ratio: 3 / 4; }',
]


def test_the_scan_finds_what_it_looks_for() -> None:
    for (pattern, why), sample in [*zip(JS, SAMPLES_JS, strict=True), *zip(CSS, SAMPLES_CSS, strict=True)]:
        assert re.search(pattern, sample), why
    assert not re.search(CSS[10][0], ".a { -webkit-backdrop-filter: blur(2px); }")


def _text(name: str) -> str:
    text = (STATIC / name).read_text(encoding="utf-8")
    # comments say what is avoided and why; only the code is scanned
    if name.endswith(".css"):
        return re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    if name.endswith(".js"):
        text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
        return re.sub(r"(?m)(^|[^:\"'])//.*$", r"\1", text)
    return re.sub(r"<!--.*?-->", "", text, flags=re.S)


MODULES = sorted(f"table/{p.name}" for p in (STATIC / "table").glob("*.js"))


def test_the_scan_reads_every_module_of_the_page() -> None:
    assert [f"table/{n}.js" for n in ("chinese_entry", "entry", "game", "game_entry", "hand", "main", "page", "requests", "sheet")] == MODULES


@pytest.mark.parametrize(("name", "pattern", "why"),
                         [(m, p, w) for m in MODULES for p, w in JS] +
                         [("table.html", p, w) for p, w in JS if "dialog" in w or "importmap" in p] +
                         [("table.css", p, w) for p, w in CSS])
def test_the_table_page_uses_nothing_safari_15_or_firefox_115_lacks(name: str, pattern: str, why: str) -> None:
    found = lines_using(name, pattern)
    assert not found, f"{name}: {why}: {found}"


def lines_using(name: str, pattern: str) -> list[str]:
    """The lines of code (comments left out) in the static file ``name`` that match ``pattern``."""
    return [line for line in _text(name).splitlines() if re.search(pattern, line)]


def flex_rows_with_gap(name: str) -> list[str]:
    """The selectors of the stylesheet ``name`` whose flex containers are spaced with ``gap`` (Safari 14.1)."""
    return [selector.strip() for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", _text(name))
            if re.search(r"display\s*:\s*(inline-)?flex", body)
            and re.search(r"(^|;|\s)(row-|column-)?gap\s*:", body)]


def test_flex_rows_are_spaced_without_flex_gap() -> None:
    """``gap`` in a flex container came to Safari in 14.1; grid gaps are older and fine."""
    assert flex_rows_with_gap("table.css") == []


def test_overflow_wrap_anywhere_has_its_fallback() -> None:
    """``overflow-wrap: anywhere`` came to Safari in 15.4: ``word-break: break-word`` goes before it."""
    for selector, body in re.findall(r"([^{}]+)\{([^{}]*)\}", _text("table.css")):
        if "overflow-wrap: anywhere" in body:
            assert body.index("word-break: break-word") < body.index("overflow-wrap: anywhere"), selector
