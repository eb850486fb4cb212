"""Every translation uses the glossary's terms (docs/glossary.md), as an allow-list: wherever an English text
names a glossary concept, its Chinese says the concept's one term (点炮者 for a discarder, never 点和者 beside it),
and no catalogue entry contains a forbidden variant (e.g. 局次 or 轮 for a session, 违规 for a rule violation,
胡 for a win). Where an English word means something else (a hand's tiles, a database's tables, a command's
``--table``) the glossary's "Other senses" table says so, with the Chinese that sense takes."""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import texts

GLOSSARY = Path(__file__).resolve().parent.parent / "docs" / "glossary.md"
CHINESE = "zh"

# What an English text holds that is not words for people: placeholders, command options, quoted values,
# code and a file's columns (``{table}``, ``--table``, ``"win"``, ``'draw'``, `` `seat` ``,
# ``number,name[,team]``)
CODE = re.compile(r"\{[^}]*\}|(?<![\w-])--?[A-Za-z][\w-]*|\"[^\"]*\"|'[\w.-]*'|`[^`]*`|\S*,\S+")


@dataclass(frozen=True)
class Concept:
    """One row of the glossary's table: the English forms that name it, its Chinese term, the variants
    forbidden."""

    name: str
    english: tuple[str, ...]
    chinese: str
    forbidden: tuple[str, ...]


@dataclass(frozen=True)
class Sense:
    """An English phrase that names no glossary concept, or another sense of a glossary word ("Other
    senses" table): the Chinese it takes ("" when none is fixed, e.g. a database's tables)."""

    english: str
    chinese: str


def _rows(section: str, width: int) -> Iterator[list[str]]:
    """The table rows (cells) of the glossary's part ``section`` (the text up to the next "## " heading)."""
    text = GLOSSARY.read_text(encoding="utf-8")
    part = text.split(section, 1)[1].split("\n## ", 1)[0] if section else text.split("\n## ", 1)[0]
    for line in part.splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == width and line.lstrip().startswith("|") and not set(cells[0]) <= {"-"} \
                and cells[0] not in ("concept", "English"):
            yield cells


def _split(cell: str) -> tuple[str, ...]:
    return tuple(filter(None, (v.strip() for v in cell.split("·"))))


def concepts() -> list[Concept]:
    """The glossary's concepts (the first table; the column "English" lists the forms that name a concept,
    the first one its term; "中文" the one term, a parenthesis after it being a note)."""
    return [Concept(cells[0], _split(cells[1]), cells[2].split(" (")[0].strip(), _split(cells[3]))
            for cells in _rows("", 5)]


def other_senses() -> list[Sense]:
    return [Sense(cells[0], "" if cells[1] in ("—", "-") else cells[1]) for cells in _rows("## Other senses", 3)]


def frozen_names() -> dict[tuple[str | None, str], str]:
    """(context, English) -> the Chinese a contract keeps (the "Frozen names" table)."""
    return {(cells[0] or None, cells[1]): cells[2] for cells in _rows("## Frozen names", 4)
            if cells[0] != "context"}


def forbidden_variants() -> dict[str, str]:
    """variant -> the concept's term."""
    return {variant: c.chinese for c in concepts() for variant in c.forbidden}


def _pattern(english: str) -> re.Pattern[str]:
    """The English phrase as whole words, any case, singular or plural (not part of a file name such as
    tournament.sqlite)."""
    return re.compile(rf"(?<![\w-]){re.escape(english)}(?:s|es)?(?![\w-]|\.\w)", re.IGNORECASE)


def all_senses() -> dict[str, tuple[str, ...]]:
    """English phrase (lower case) -> the Chinese terms of its senses: one of them must be said. A word two
    concepts share (hand: 盘 the deal, 牌 its tiles) takes either; a phrase of "Other senses" marked "—" asks
    for nothing."""
    senses: dict[str, list[str]] = {}
    for c in concepts():
        for english in c.english:
            senses.setdefault(english.lower(), []).append(c.chinese)
    for s in other_senses():
        senses.setdefault(s.english.lower(), []).append(s.chinese)
    return {english: tuple(filter(None, chinese)) for english, chinese in senses.items()}


def required_terms(msgid: str, senses: dict[str, tuple[str, ...]]) -> list[tuple[str, tuple[str, ...]]]:
    """(English phrase, its Chinese terms) for each phrase ``msgid`` uses, the longest first: a phrase found
    is taken out, so "table points" asks for 标准分 and not also 桌."""
    text = CODE.sub(" ", msgid)
    found = []
    for english in sorted(senses, key=lambda e: (-len(e), e)):
        pattern = _pattern(english)
        if pattern.search(text):
            text = pattern.sub(" ", text)
            found.append((english, senses[english]))
    return found


def wrong_terms(catalogue: dict[tuple[str | None, str], str]) -> list[str]:
    """One line per translation that misses the term of a concept its English names (a frozen name is
    checked against its table instead)."""
    senses = all_senses()
    frozen = frozen_names()
    return [f"[{ctx}] {msgid!r}: says {english!r}, so the Chinese needs {' or '.join(chinese)}: {msgstr!r}"
            for (ctx, msgid), msgstr in catalogue.items() if msgstr and (ctx, msgid) not in frozen
            for english, chinese in required_terms(msgid, senses)
            if chinese and not any(term in msgstr for term in chinese)]


def test_the_glossary_names_the_seed_terms() -> None:
    forbidden = forbidden_variants()
    assert len(forbidden) > 40
    assert {"局次", "轮", "场次", "违规", "胡牌"} <= set(forbidden)
    text = GLOSSARY.read_text(encoding="utf-8")
    for term in ("| 盘 |", "| 局 |", "| 圈 |", "| 标准分 |", "| 比赛分 |", "| 基本分 |", "| 底分 |", "| 罚分 |", "| 错和 |"):
        assert term in text
    assert len(other_senses()) > 10


def test_no_translation_uses_a_forbidden_variant() -> None:
    forbidden = forbidden_variants()
    wrong = [(lang, ctx, msgstr, variant, forbidden[variant])
             for lang in texts.languages() if lang != texts.DEFAULT
             for (ctx, _), msgstr in texts.catalogue(lang).items()
             for variant in forbidden if variant in msgstr]
    assert wrong == []


def test_every_concept_translates_to_its_one_term_in_every_context() -> None:
    wrong = wrong_terms(dict(texts.catalogue(CHINESE)))
    assert not wrong, f"{len(wrong)} translations miss the glossary's term:\n" + "\n".join(wrong)


def test_a_frozen_name_keeps_its_published_words() -> None:
    catalogue = texts.catalogue(CHINESE)
    changed = {key: (catalogue.get(key), chinese) for key, chinese in frozen_names().items()
               if catalogue.get(key) != chinese}
    assert changed == {}, "a contract's name changed: (now, the glossary's Frozen names)"
    assert frozen_names()[("workbook", "Discarder")] == "点和者"


def test_the_allow_list_catches_another_term_beside_the_glossarys() -> None:
    # the two the glossary test let through: 点和者 beside 点炮者, 付给一人 beside 付给一名选手
    assert wrong_terms({("table_page", "Discarder"): "点和者"}) == [
        "[table_page] 'Discarder': says 'discarder', so the Chinese needs 点炮者: '点和者'"]
    assert len(wrong_terms({(None, "paid to one player"): "付给一人"})) == 1
    assert wrong_terms({(None, "paid to one player"): "付给一名选手"}) == []
    # a longer concept is read first, and code is not words: {table} and --table ask for nothing
    assert required_terms("table points of {table} (--table), columns number,name[,team]", all_senses()) == [
        ("table points", ("标准分",))]
    assert [e for e, _ in required_terms("a self-drawn win", all_senses())] == ["self-drawn", "win"]
