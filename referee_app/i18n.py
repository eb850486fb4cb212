"""The GUI's language, switchable at runtime, over the one text catalogue (``texts``, docs/texts.md).

``tr("Standings")`` returns the text in the current language from ``resources/locales/<lang>/LC_MESSAGES/
mcr.po`` (the English text is the msgid). Widgets that show text implement ``retranslate()`` and are
re-run when the language changes (``LANG.changed``). The choice is remembered in QSettings by
``settings.py``. A text used through a variable is marked in ``referee_app/ui_words.py``.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QLibraryInfo, QObject, QTranslator, Signal

import texts


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


_QT_TRANSLATOR: list[QTranslator] = []  # the installed one, kept alive


def _qt_translations(code: str) -> None:
    """Qt's own texts (OK / Cancel / Yes / No of standard buttons, file dialogs) in the language too; Qt
    re-labels standard buttons on the LanguageChange event this sends."""
    app = QCoreApplication.instance()
    if app is None:
        return
    for t in _QT_TRANSLATOR:
        QCoreApplication.removeTranslator(t)
        t.deleteLater()  # a child of the app: without this every switch left one more until the app's end
    _QT_TRANSLATOR.clear()
    if code not in (texts.DEFAULT, texts.PSEUDO):
        t = QTranslator(app)
        if t.load("qtbase_zh_CN" if code == "zh" else f"qtbase_{code}",
                  QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)):
            QCoreApplication.installTranslator(t)
            _QT_TRANSLATOR.append(t)


LANG = _Language()


def tr(text: str, **fmt: object) -> str:
    """``text`` in the current language (from the catalogue), formatted with ``fmt``."""
    out = texts.gettext(LANG.code, text)
    return texts.format_text(out, fmt, LANG.code) if fmt else out


def both(zh: str, en: str) -> str:
    """A name shown in both languages, the current one first."""
    return f"{zh}  {en}" if LANG.code == "zh" else f"{en}  {zh}"
