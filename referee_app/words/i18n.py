"""The GUI's language, switchable at runtime, over the one text catalogue (``texts``, docs/texts.md).

``tr("Standings")`` returns the text in the current language from ``resources/locales/<lang>/LC_MESSAGES/
mcr.po`` (the English text is the msgid). Widgets that show text implement ``retranslate()`` and are
re-run when the language changes (``LANG.changed``). The choice is remembered in QSettings by
``settings.py``. A text used through a variable is marked in ``referee_app/words/ui_words.py``.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QObject, QTranslator, Signal

import texts
from texts import NC_


class _Language(QObject):
    """The current language (a catalogue's code: "en", "zh", …) and a signal when it changes."""

    changed = Signal(str)

    def __init__(self) -> None:
        super().__init__()
        self.code = "en"

    def set(self, code: str) -> None:
        if code not in texts.languages(pseudo=True):
            raise ValueError(f"unknown language {code!r}: use one of {', '.join(texts.languages(pseudo=True))}")
        _qt_translations(code)
        if code != self.code:
            self.code = code
            self.changed.emit(code)


_QT_TRANSLATOR: list[QTranslator] = []  # the installed ones, kept alive

# Qt's own texts its Chinese catalogue (qtbase_zh_CN) leaves in English: Qt 6 added the mnemonic ("&Look in:")
# to strings translated without it ("Look in" in the Chinese file dialog). Worded in our
# catalogue, msgctxt "qt".
QT_GAPS = frozenset({("QFileDialog", NC_("qt", "&Look in:")), ("QFileDialog", NC_("qt", "Files of &type:"))})


class QtGaps(QTranslator):
    """Answers Qt for the texts of ``QT_GAPS`` in ``code`` (installed after qtbase's, so asked first); "" for
    every other text, which Qt then asks qtbase's catalogue for."""

    def __init__(self, code: str, parent: QObject) -> None:
        super().__init__(parent)
        self.code = code

    def translate(self, context: str, source_text: str, disambiguation: str | None = None,  # type: ignore[override]
                  n: int = -1) -> str | None:
        # None is Qt's null string, "not mine": Qt then asks the next translator ("" would be the answer)
        if (context, source_text) not in QT_GAPS:
            return None
        said = texts.gettext(self.code, source_text, "qt")
        return None if said == source_text else said

    def isEmpty(self) -> bool:  # noqa: N802 - Qt's name
        return False


def release_qt_translations() -> None:
    """Uninstall Qt's translators of ours (and delete them): at each switch, and when the app ends, so that
    Qt never calls ``QtGaps.translate`` into Python while the interpreter shuts down."""
    for t in _QT_TRANSLATOR:
        QCoreApplication.removeTranslator(t)
        t.deleteLater()  # a child of the app: without this every switch left one more until the app's end
    _QT_TRANSLATOR.clear()


def _qt_translations(code: str) -> None:
    """Qt's own texts (OK / Cancel / Yes / No of standard buttons, file dialogs) in the language too; Qt
    re-labels standard buttons on the LanguageChange event this sends."""
    app = QCoreApplication.instance()
    if app is None:
        return
    release_qt_translations()
    if code not in (texts.DEFAULT, texts.PSEUDO):
        t = QTranslator(app)
        if t.load("qtbase_zh_CN" if code == "zh" else f"qtbase_{code}",
                  QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
            QCoreApplication.installTranslator(t)
            _QT_TRANSLATOR.append(t)
        gaps = QtGaps(code, app)
        QCoreApplication.installTranslator(gaps)
        _QT_TRANSLATOR.append(gaps)


LANG = _Language()


def tr(text: str, **fmt: object) -> str:
    """``text`` in the current language (from the catalogue), formatted with ``fmt``."""
    out = texts.gettext(LANG.code, text)
    return texts.format_text(out, fmt, LANG.code) if fmt else out


def both(zh: str, en: str) -> str:
    """A name shown in both languages, the current one first."""
    return f"{zh}  {en}" if LANG.code == "zh" else f"{en}  {zh}"
