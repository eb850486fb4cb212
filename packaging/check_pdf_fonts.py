"""``python packaging/check_pdf_fonts.py FILE.pdf``: exit 1 unless every font the PDF uses is embedded.

For the release workflow's Windows and macOS smoke tests, where poppler's ``pdffonts`` is not at hand
(the Linux smoke test uses pdffonts). Needs pypdf in the Python that runs it, not in the bundle.
"""

from __future__ import annotations

import sys

from pypdf import PdfReader


def fonts(path: str) -> dict[str, bool]:
    """Base font name -> embedded?"""
    found: dict[str, bool] = {}
    for page in PdfReader(path).pages:
        resources = page.get("/Resources")
        font_dict = resources.get_object().get("/Font") if resources else None
        for ref in (font_dict.get_object().values() if font_dict else []):
            font = ref.get_object()
            descendants = font.get("/DescendantFonts")
            inner = descendants.get_object()[0].get_object() if descendants else font
            desc = inner.get("/FontDescriptor")
            desc = desc.get_object() if desc else {}
            found[str(font.get("/BaseFont"))] = any(k in desc for k in ("/FontFile", "/FontFile2", "/FontFile3"))
    return found


def main() -> int:
    found = fonts(sys.argv[1])
    for name, embedded in found.items():
        print(f"{name}: {'embedded' if embedded else 'NOT embedded'}")
    return 0 if found and all(found.values()) else 1


if __name__ == "__main__":
    sys.exit(main())
