"""Reading PDFs back: text per page and the fonts each page uses."""

from __future__ import annotations

import io
from datetime import UTC, datetime

import pytest
from pypdf import PdfReader
from pypdf.generic import DictionaryObject

GENERATED_AT = datetime(2026, 11, 29, 18, 5, tzinfo=UTC)


def pages_text(pdf: bytes) -> list[str]:
    return [page.extract_text() or "" for page in PdfReader(io.BytesIO(pdf)).pages]


def fonts(pdf: bytes) -> dict[str, bool]:
    """Every font used on any page -> whether its program is embedded (/FontFile2 for TrueType)."""
    found: dict[str, bool] = {}
    for page in PdfReader(io.BytesIO(pdf)).pages:
        resources = page["/Resources"].get_object()
        assert isinstance(resources, DictionaryObject)
        for font in resources.get("/Font", {}).values():
            font = font.get_object()
            descriptor = font.get("/FontDescriptor")
            if descriptor is None and "/DescendantFonts" in font:
                descriptor = font["/DescendantFonts"][0].get_object().get("/FontDescriptor")
            embedded = descriptor is not None and any(
                k in descriptor.get_object() for k in ("/FontFile", "/FontFile2", "/FontFile3")
            )
            found[str(font["/BaseFont"])] = embedded
    return found


@pytest.fixture
def generated_at() -> datetime:
    return GENERATED_AT


def unwrapped_words(text: str, data: list[str]) -> list[str]:
    """The words of a report made in the pseudo-locale that are neither wrapped (⟦…⟧) nor ``data`` (names,
    teams, the tournament, fan names…): each one is user-facing text that did not come from the catalogue.
    The PDF font has no ⟦ ⟧: pypdf reads the missing glyphs back as NUL, so a wrapped text is found between
    two NULs (or the brackets themselves, in a workbook)."""
    import re

    while (inner := re.sub(r"⟦[^⟦⟧]*⟧", " ", text)) != text:  # a wrapped text inside another: "⟦⟦E⟧ No.⟧"
        text = inner
    text = re.sub(r"\x00[^\x00]*\x00", " ", text)
    for known in sorted(filter(None, [*data, *(w for d in data for w in d.split())]), key=len, reverse=True):
        text = text.replace(known, " ")
    return re.findall(r"[A-Za-z\u4e00-\u9fff]{2,}", text)
