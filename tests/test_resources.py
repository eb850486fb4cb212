"""resources/: found beside the packages (checkout, wheel) or in a PyInstaller bundle's data folder."""

from __future__ import annotations

import sys

import resources


def test_resources_are_beside_the_packages_in_a_checkout():
    assert resources.root() == resources.FONTS.parent
    assert (resources.FONTS / "wqy-microhei.ttc").is_file()
    assert resources.APP_ICON_SVG.is_file()


def test_the_tile_faces_are_all_there_with_their_glyphs_as_outlines():
    names = {p.stem for p in resources.TILES.glob("*.svg")}
    kinds = {f"{r}{s}" for s in "msp" for r in range(10)} | set("ESWNCFP")  # 0: Riichi's red fives
    assert names == kinds | {f"flower{i}" for i in range(1, 5)} | {f"season{i}" for i in range(1, 5)} | {"back"}
    for p in resources.TILES.glob("*.svg"):
        text = p.read_text(encoding="utf-8")
        assert text.startswith("<svg") and "<text" not in text and "font" not in text, p.name  # no viewer's font


def test_a_frozen_bundle_finds_them_in_its_data_folder(tmp_path, monkeypatch):
    bundle = tmp_path / "_internal"
    (bundle / "resources" / "fonts").mkdir(parents=True)
    monkeypatch.setattr(sys, "_MEIPASS", str(bundle), raising=False)
    code_only = tmp_path / "pyz" / "resources"  # modules in an archive: no data beside them
    code_only.mkdir(parents=True)
    assert resources.root(code_only) == bundle / "resources"
