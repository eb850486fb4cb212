"""Every translation uses the glossary's terms (docs/glossary.md): no catalogue entry contains a forbidden
variant (e.g. 局次 or 轮 for a session, 违规 for a rule violation, 胡 for a win)."""

from __future__ import annotations

from pathlib import Path

import texts

GLOSSARY = Path(__file__).resolve().parent.parent / "docs" / "glossary.md"


def forbidden_variants() -> dict[str, str]:
    """variant -> the concept's term, from the glossary's table (column "forbidden", separated by " · ")."""
    found: dict[str, str] = {}
    for line in GLOSSARY.read_text(encoding="utf-8").splitlines():
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) != 5 or cells[0] in ("concept", "") or set(cells[0]) <= {"-"}:
            continue
        for variant in filter(None, (v.strip() for v in cells[3].split("·"))):
            found[variant] = cells[2]
    return found


def test_the_glossary_names_the_seed_terms() -> None:
    forbidden = forbidden_variants()
    assert len(forbidden) > 40
    assert {"局次", "轮", "场次", "违规", "胡牌"} <= set(forbidden)
    text = GLOSSARY.read_text(encoding="utf-8")
    for term in ("| 盘 |", "| 局 |", "| 圈 |", "| 标准分 |", "| 比赛分 |", "| 基本分 |", "| 底分 |", "| 罚分 |", "| 错和 |"):
        assert term in text


def test_no_translation_uses_a_forbidden_variant() -> None:
    forbidden = forbidden_variants()
    wrong = [(lang, ctx, msgstr, variant, forbidden[variant])
             for lang in texts.languages() if lang != texts.DEFAULT
             for (ctx, _), msgstr in texts.catalogue(lang).items()
             for variant in forbidden if variant in msgstr]
    assert wrong == []
