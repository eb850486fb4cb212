"""Font discovery: the override, the search, and the message when nothing is found."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from reports.pdf.fonts import ENV_VAR, SHIPPED_DIR, FontSpec, MissingFontError, find_cjk_font, fonts

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


def test_the_shipped_font_is_found_without_any_system_font() -> None:
    spec, font = find_cjk_font(env={}, system=())
    assert spec == FontSpec(SHIPPED_DIR / "wqy-microhei.ttc")
    assert font.face.name.decode() == "WenQuanYiMicroHei"
    assert (SHIPPED_DIR / "LICENSE-wqy-microhei.txt").is_file()


# Builds a real score sheet in a fresh interpreter where no system font location is searched (as on a
# machine without CJK or symbol fonts): the PDF must embed the font shipped in resources/fonts/.
_NO_SYSTEM_FONTS = """
import json, sys
import reports.pdf.fonts as f
f.SYSTEM_CANDIDATES = ()
f.SYMBOL_CANDIDATES = ()
from tests.reports import samples
from reports.pdf.scoresheet import ScoreSheetReport
from tests.reports.conftest import fonts, pages_text
pdf = ScoreSheetReport().render([samples.sheet(1)])
json.dump({"spec": str(f.fonts().main_spec), "fonts": fonts(pdf), "text": pages_text(pdf)[0]}, sys.stdout)
"""


def test_a_report_without_system_fonts_embeds_the_shipped_font() -> None:
    root = Path(__file__).resolve().parents[3]
    env = {k: v for k, v in os.environ.items() if k != ENV_VAR}
    out = subprocess.run([sys.executable, "-c", _NO_SYSTEM_FONTS], cwd=root, env=env, capture_output=True,
                         text=True, check=True)
    got = json.loads(out.stdout)
    assert got["spec"] == str(SHIPPED_DIR / "wqy-microhei.ttc")
    assert got["fonts"] and all(got["fonts"].values()), got["fonts"]  # every font embedded
    # One font for everything (ReportLab names each 256-glyph subset "+WenQuanYiMicroHei-N"), the marks
    # included: no symbol font was searched.
    assert all("+WenQuanYiMicroHei-" in name for name in got["fonts"]), got["fonts"]
    assert "张伟" in got["text"] and "Table 桌" in got["text"]
