"""The audit log's actions: one stable code per kind of change (stored in ``audit_log.action``, so the
values never change), each with its label for people, from the catalogue (docs/texts.md)."""

from __future__ import annotations

from enum import StrEnum

from texts import Text


class AuditAction(StrEnum):
    INIT = "init"
    SETTINGS = "settings"
    PLAYER_ADD = "player_add"
    PLAYER_UPDATE = "player_update"
    SUBSTITUTE = "substitute"
    SEATING_PLAN = "seating_plan"
    SEAT = "seat"
    SEAT_EDIT = "seat_edit"
    SEAT_SWAP = "seat_swap"
    SEAT_CORRECTION = "seat_correction"
    SEAT_DELETE = "seat_delete"
    RECORD = "record"
    CORRECT = "correct"
    DELETE = "delete"
    SIGN_OFF = "sign_off"
    IMPORT = "import"
    DEVICE_ISSUE = "device_issue"
    DEVICE_REVOKE = "device_revoke"
    CLOCK = "clock"
    CALL = "call"
    CALL_TAKE = "call_take"
    CALL_RESOLVE = "call_resolve"
    CALL_CANCEL = "call_cancel"
    PUBLIC_PAGE = "public_page"
    STAGE = "stage"
    CHECKIN = "checkin"
    STAND_IN = "stand_in"  # after {"session", "replaces": {substitute: no-show}}: who took whose seat

    @property
    def en(self) -> Text:
        """The label people read: English that says itself in any language (msgctxt "audit_action")."""
        return _LABELS[self]

    @property
    def zh(self) -> str:
        return _LABELS[self].in_language("zh")


_LABELS: dict[AuditAction, Text] = {
    AuditAction.INIT: Text("Tournament created", "audit_action"),
    AuditAction.SETTINGS: Text("Settings changed", "audit_action"),
    AuditAction.PLAYER_ADD: Text("Player added", "audit_action"),
    AuditAction.PLAYER_UPDATE: Text("Player changed", "audit_action"),
    AuditAction.SUBSTITUTE: Text("Substitute", "audit_action"),
    AuditAction.SEATING_PLAN: Text("Seating plan", "audit_action"),
    AuditAction.SEAT: Text("Seating", "audit_action"),
    AuditAction.SEAT_EDIT: Text("Seating edited", "audit_action"),
    AuditAction.SEAT_SWAP: Text("Seats swapped", "audit_action"),
    AuditAction.SEAT_CORRECTION: Text("Seat corrected", "audit_action"),
    AuditAction.SEAT_DELETE: Text("Seating removed", "audit_action"),
    AuditAction.RECORD: Text("Recorded", "audit_action"),
    AuditAction.CORRECT: Text("Corrected", "audit_action"),
    AuditAction.DELETE: Text("Deleted", "audit_action"),
    AuditAction.SIGN_OFF: Text("Sign-off", "audit_action"),
    AuditAction.IMPORT: Text("Restored from an export", "audit_action"),
    AuditAction.DEVICE_ISSUE: Text("Table link issued", "audit_action"),
    AuditAction.DEVICE_REVOKE: Text("Table link revoked", "audit_action"),
    AuditAction.CLOCK: Text("Session clock", "audit_action"),
    AuditAction.CALL: Text("Referee called", "audit_action"),
    AuditAction.CALL_TAKE: Text("Call taken", "audit_action"),
    AuditAction.CALL_RESOLVE: Text("Ruling", "audit_action"),
    AuditAction.CALL_CANCEL: Text("Call cancelled", "audit_action"),
    AuditAction.PUBLIC_PAGE: Text("Players' page settings", "audit_action"),
    AuditAction.STAGE: Text("Stage", "audit_action"),
    AuditAction.CHECKIN: Text("Check-in", "audit_action"),
    AuditAction.STAND_IN: Text("Substitutes seated", "audit_action"),
}
