"""Build-time tool for the text catalogue (docs/texts.md), run by make, with Babel (the dev extra):

- ``extract``: the template ``resources/locales/mcr.pot`` from the code: the refusal templates of
  ``db.messages`` (msgctxt = the code), the engine's hand problems (``hand.<reason>``), the tile names, and
  every literal passed to ``texts.Text`` / ``texts.translate`` / ``texts.gettext`` in the packages, the
  reports' ``two`` / ``second`` and the results website's ``bi`` / ``th`` / ``words`` (msgctxt "report");
- ``update``: each ``resources/locales/<lang>/LC_MESSAGES/mcr.po`` merged with the template (new entries
  empty, changed English marked fuzzy: both count as missing until translated), then the pseudo-locale
  ``xx`` rebuilt from the template (every text wrapped as ⟦…⟧, its placeholders kept);
- ``new LANG``: a new catalogue for LANG, every entry empty, to translate.

The app reads the ``.po`` files themselves at run time (``texts.po``): nothing is compiled.
"""

from __future__ import annotations

import sys
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import texts  # noqa: E402 - after the checkout is on the path
from db.messages import HAND_PROBLEMS, MESSAGES, Parts, Switch  # noqa: E402

LOCALES = ROOT / "resources" / "locales"
TEMPLATE = LOCALES / f"{texts.DOMAIN}.pot"
PACKAGES = ("texts", "scoring", "db", "reports", "web", "referee_app")
# the calls whose literal arguments are catalogue entries: name -> (msgid argument, (context argument, "c"))
KEYWORDS = {
    "Text": (1, (2, "c")),
    "translate": (2, (3, "c")),
    "gettext": (2, (3, "c")),
    "tr": None,  # referee_app.words.i18n.tr
    "NC_": ((1, "c"), 2),  # texts.NC_: the same with a context (web/api/page_texts.py)
    "N_": None,  # texts.N_: marked where written, translated where shown (referee_app/words/ui_words.py)
    "pgettext": ((1, "c"), 2),  # scoring's front-end hook (scoring/cli.py, scoring/mcr/explain.py): (context, English)
}


def literal_calls(folder: Path, names: set[str]) -> list[tuple[str, int, str]]:
    """(file, line, text) of every call of one of ``names`` (a function or a method) whose first argument is
    a string literal, in the Python files under ``folder``, inside f-strings too."""
    import ast

    found = []
    for path in sorted(folder.rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if not (isinstance(node, ast.Call) and node.args and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str) and node.args[0].value):
                continue
            func = node.func
            name = func.id if isinstance(func, ast.Name) else func.attr if isinstance(func, ast.Attribute) else ""
            if name in names:
                found.append((path.relative_to(ROOT).as_posix(), node.lineno, node.args[0].value))
    return sorted(found, key=lambda f: (f[0], f[1]))


def template() -> Catalog:
    cat = Catalog(project="MCR Referee", domain=texts.DOMAIN, charset="utf-8", fuzzy=False)
    cat.add("English", context="language", auto_comments=["this language's own name, shown in the language menu"])
    _add_data_texts(cat)
    _add_code_texts(cat)
    return cat


def _add_data_texts(cat: Catalog) -> None:
    """The texts that are data: the refusals' templates, the hand problems, the tiles, the hand shapes and
    Riichi's yaku."""
    for code, tmpl in MESSAGES.items():
        if isinstance(tmpl, Parts | Switch):
            for suffix, text in tmpl.pieces().items():
                cat.add(text, context=f"{code}.{suffix}", locations=[("db/messages.py", 0)])
        else:
            cat.add(tmpl, context=code, locations=[("db/messages.py", 0)])
    for reason, tmpl in HAND_PROBLEMS.items():
        cat.add(tmpl, context=f"hand.{reason}", locations=[("texts/hands.py", 0)])
    from scoring import tiles as T

    for t in range(34):
        cat.add(T.name_en(t), context="tile", auto_comments=[f"the tile {T.name(t)}"])
    from scoring.mcr.decompose import Form

    for form in Form:  # the engine's names of a hand's shape, in mcr-score's breakdown ("Read as: ...")
        cat.add(form.value, context="reading", locations=[("scoring/mcr/decompose.py", 0)])
    from scoring.riichi.yaku import YAKU

    for y in YAKU:  # Riichi's yaku: the English name, its romaji as the comment; zh says the Chinese name
        cat.add(y.en, context="yaku", auto_comments=[f"{y.romaji} ({y.id}); Chinese: {y.zh}"],
                locations=[("scoring/riichi/yaku.py", 0)])


def _add_code_texts(cat: Catalog) -> None:
    """The texts marked in the code: the translate calls of every package, the hall's ``say``, the reports'
    ``two`` / ``first`` / ``second`` and the results website's ``bi`` / ``th`` / ``words``."""
    for package in PACKAGES:
        for filename, lineno, message, comments, context in extract_from_dir(
                ROOT / package, method_map=[("**.py", "python")], keywords=KEYWORDS, comment_tags=("TRANSLATORS:",),
                strip_comment_tags=True):
            if isinstance(message, str) and message:
                cat.add(message, context=context, locations=[(f"{package}/{filename}", lineno)],
                        auto_comments=comments)
    # the hall display's texts: say(lang, text, ...) in referee_app/hall, msgctxt "hall"
    for filename, lineno, message, _comments, _ in extract_from_dir(
            ROOT / "referee_app" / "hall", method_map=[("**.py", "python")], keywords={"say": (2,)}):
        if isinstance(message, str) and message:
            cat.add(message, context="hall", locations=[(f"referee_app/hall/{filename}", lineno)])
    # the bilingual reports' texts: two(text, ...) / first(text, ...) / second(text, ...) in reports/, msgctxt "report"
    for filename, lineno, message, comments, _ in extract_from_dir(
            ROOT / "reports", method_map=[("**.py", "python")], keywords={"two": (1,), "second": (1,), "first": (1,)},
            comment_tags=("TRANSLATORS:",), strip_comment_tags=True):
        if isinstance(message, str) and message:
            cat.add(message, context="report", locations=[(f"reports/{filename}", lineno)], auto_comments=comments)
    # the results website's: bi(text, ...) / th(text, ...) / words(text, ...) (reports/site/layout.py), msgctxt
    # "report"; read with ast, as most of them sit inside f-strings, where Babel does not look
    for filename, lineno, message in literal_calls(ROOT / "reports" / "site", {"bi", "th", "words"}):
        cat.add(message, context="report", locations=[(filename, lineno)])


def write(cat: Catalog, path: Path) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    with path.open("wb") as f:
        write_po(f, cat, width=0, omit_header=False, include_lineno=False, sort_output=False)


def pseudo(tmpl: Catalog) -> Catalog:
    cat = Catalog(locale=None, project="MCR Referee", domain=texts.DOMAIN, charset="utf-8", fuzzy=False)
    cat._set_locale = None  # type: ignore[method-assign,assignment]  # Babel types it as a method
    for m in tmpl:
        if m.id:
            cat.add(m.id, string=f"{texts.PSEUDO_OPEN}{m.id}{texts.PSEUDO_CLOSE}", context=m.context)
    return cat


def extract() -> None:
    write(template(), TEMPLATE)
    print(f"{TEMPLATE.relative_to(ROOT)}: {len(template())} entries")


def update() -> None:
    with TEMPLATE.open("rb") as f:
        tmpl = read_po(f)
    for lang in texts.languages():
        if lang in (texts.DEFAULT, texts.PSEUDO):
            continue
        path = texts.po_path(lang)
        with path.open("rb") as f:
            cat = read_po(f, locale=lang)
        cat.update(tmpl, update_header_comment=False)
        write(cat, path)
        missing = sum(1 for m in cat if m.id and (not m.string or m.fuzzy))
        print(f"{path.relative_to(ROOT)}: {len(cat)} entries, {missing} to translate")
    write(pseudo(tmpl), texts.po_path(texts.PSEUDO))


def new(lang: str) -> None:
    with TEMPLATE.open("rb") as f:
        tmpl = read_po(f)
    path = texts.po_path(lang)
    if path.exists():
        raise SystemExit(f"{path} exists already")
    cat = Catalog(locale=lang, project="MCR Referee", domain=texts.DOMAIN, charset="utf-8", fuzzy=False)
    for m in tmpl:
        if m.id:
            cat.add(m.id, context=m.context, auto_comments=m.auto_comments)
    write(cat, path)
    print(f"{path.relative_to(ROOT)}: {len(cat)} entries to translate")


if __name__ == "__main__":
    command = sys.argv[1] if len(sys.argv) > 1 else ""
    if command == "extract":
        extract()
    elif command == "update":
        update()
    elif command == "new" and len(sys.argv) == 3:
        new(sys.argv[2])
    else:
        raise SystemExit("usage: make_texts.py extract | update | new LANG")
