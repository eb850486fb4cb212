"""The audit log (the Log page), in the user's language and in words."""

from __future__ import annotations

from typing import Any

from db.actions import AuditAction
from db.read.views import AuditEntry
from referee_app.models.base import RowsModel
from referee_app.words.i18n import LANG
from referee_app.words.log_words import change_text, what_text


def action_name(code: str) -> str:
    """The store's audit action worded for people (``db.actions.AuditAction``'s label); an unknown code
    (written by another version) shows as it is."""
    try:
        action = AuditAction(code)
    except ValueError:
        return code
    return action.en.in_language(LANG.code)


class AuditModel(RowsModel[AuditEntry]):
    COL_TIME, COL_STATION, COL_REFEREE, COL_ACTION, COL_WHAT, COL_BEFORE, COL_AFTER, COL_REASON = range(8)
    HEADERS = ["Time", "Station", "Referee", "Action", "What", "Before", "After", "Reason"]

    def cell(self, r: AuditEntry, col: int) -> Any:
        # in the user's language and in words; the stored JSON stays in the tooltip (issue 19 §9)
        return (r.at.strftime("%Y-%m-%d %H:%M:%S"), r.station, r.referee, action_name(r.action), what_text(r),
                change_text(r.before), change_text(r.after), r.reason or "")[col]

    def tooltip(self, r: AuditEntry, col: int) -> Any:
        if col == self.COL_BEFORE and r.before:
            return f"{self.cell(r, col)}\n\n{r.before}"
        if col == self.COL_AFTER and r.after:
            return f"{self.cell(r, col)}\n\n{r.after}"
        return self.cell(r, col) if col >= self.COL_WHAT else None
