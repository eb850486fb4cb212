"""Font discovery: the override, the search, and the message when nothing is found."""

from __future__ import annotations

from pathlib import Path

import pytest

from reports.fonts import ENV_VAR, FontSpec, MissingFontError, find_cjk_font, fonts

WQY = Path("/usr/share/fonts/truetype/wqy/wqy-microhei.ttc")
DEJAVU = Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf")


def test_no_font_names_what_to_install(tmp_path: Path) -> None:
    with pytest.raises(MissingFontError) as err:
        find_cjk_font(env={}, candidates=[FontSpec(tmp_path / "absent.ttf")])
    message = str(err.value)
    assert "No CJK font found" in message
    assert "fonts-wqy-microhei" in message and ENV_VAR in message


def test_override_to_missing_file_names_the_path(tmp_path: Path) -> None:
    missing = tmp_path / "nope.ttc"
    with pytest.raises(MissingFontError, match=f"{ENV_VAR}={missing}: no such font file"):
        find_cjk_font(env={ENV_VAR: str(missing)})


def test_override_to_a_non_font_file(tmp_path: Path) -> None:
    junk = tmp_path / "junk.ttf"
    junk.write_bytes(b"not a font at all" * 10)
    with pytest.raises(MissingFontError, match="not a TrueType font"):
        find_cjk_font(env={ENV_VAR: str(junk)})


@pytest.mark.skipif(not DEJAVU.is_file(), reason="needs DejaVu Sans")
def test_override_to_a_font_without_chinese() -> None:
    with pytest.raises(MissingFontError, match="no Chinese characters"):
        find_cjk_font(env={ENV_VAR: str(DEJAVU)})


@pytest.mark.skipif(not WQY.is_file(), reason="needs WenQuanYi Micro Hei")
def test_override_picks_a_collection_member() -> None:
    spec, font = find_cjk_font(env={ENV_VAR: f"{WQY}#1"})
    assert spec == FontSpec(WQY, 1)
    assert "Mono" in font.face.name.decode()


def test_search_skips_unusable_candidates(tmp_path: Path) -> None:
    junk = tmp_path / "junk.ttf"
    junk.write_bytes(b"\0" * 100)
    real = fonts().main_spec
    spec, _ = find_cjk_font(env={}, candidates=[FontSpec(tmp_path / "absent.ttf"), FontSpec(junk), real])
    assert spec == real
