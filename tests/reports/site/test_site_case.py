"""The results website on the case-insensitive disks of Windows and macOS: "A1.html" and
"a1.html" are one file there. Simulated on Linux: the page names compared without case, and the stale-page
cleanup watched as it deletes."""

from __future__ import annotations

import contextlib
import io
from pathlib import Path

import pytest

from reports.cli import main
from reports.site import write_site
from reports.site.pages import player_path

NUMBERS = ["A1", "a1", "B-2", "b-2", "17", "Zz", "zZ", "张3"]


@pytest.fixture(scope="module")
def published(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, dict[str, str]]:
    tmp = tmp_path_factory.mktemp("site-case")
    db = tmp / "case.mcr"
    names = {n: f"Player {i}" for i, n in enumerate(NUMBERS)}
    (tmp / "players.csv").write_text("number,name\n" + "".join(f"{n},{names[n]}\n" for n in NUMBERS),
                                     encoding="utf-8")
    with contextlib.redirect_stdout(io.StringIO()):
        for argv in (["init", "--name", "Case Open", "--sessions", "2"], ["players", "import", str(tmp / "players.csv")],
                     ["seat", "1"], ["publish", "-o", str(tmp / "site")]):
            assert main(["--db", str(db), *argv]) == 0, argv
    return tmp / "site", names


def test_player_pages_differ_in_more_than_case(published: tuple[Path, dict[str, str]]) -> None:
    root, names = published
    files = [p.relative_to(root).as_posix() for p in (root / "players").glob("*.html")]
    assert len(files) == len(NUMBERS)
    assert len({f.casefold() for f in files}) == len(files)  # none would overwrite another on NTFS / APFS
    for number, name in names.items():
        assert name in (root / player_path(number)).read_text(encoding="utf-8")


def test_the_page_names_depend_on_the_number_alone() -> None:
    assert player_path("17") == "players/17.html" and player_path("A-3") == "players/A-3.html"
    assert player_path("a1") == "players/_61_1.html"


def test_republishing_never_deletes_a_page_that_differs_in_case_only(tmp_path: Path,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    # On NTFS / APFS an old "players/a1.html" IS the page "players/A1.html" after it was written over (the
    # old name's case may stay): the cleanup must not delete it. Linux keeps both files, so the deletions
    # are watched instead.
    (tmp_path / "players").mkdir()
    (tmp_path / "players" / "a1.html").write_text("the page, as the disk names it", encoding="utf-8")
    (tmp_path / "players" / "gone.html").write_text("a player deleted since", encoding="utf-8")
    deleted: list[str] = []
    real_unlink = Path.unlink

    def unlink(self: Path, missing_ok: bool = False) -> None:
        deleted.append(self.name)
        real_unlink(self, missing_ok=missing_ok)

    monkeypatch.setattr(Path, "unlink", unlink)
    write_site(tmp_path, {"index.html": "<p>", "players/A1.html": "<p>A1</p>"})
    assert "a1.html" not in deleted and "gone.html" in deleted
