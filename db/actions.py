"""The audit log's actions: one stable code per kind of change (stored in ``audit_log.action``, so the
values never change), each with its English and Chinese label for people."""

from __future__ import annotations

from enum import StrEnum


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

    @property
    def en(self) -> str:
        return _LABELS[self][0]

    @property
    def zh(self) -> str:
        return _LABELS[self][1]


_LABELS: dict[AuditAction, tuple[str, str]] = {
    AuditAction.INIT: ("Tournament created", "创建比赛"),
    AuditAction.SETTINGS: ("Settings changed", "修改设置"),
    AuditAction.PLAYER_ADD: ("Player added", "添加选手"),
    AuditAction.PLAYER_UPDATE: ("Player changed", "修改选手"),
    AuditAction.SUBSTITUTE: ("Substitute", "替补上场"),
    AuditAction.SEATING_PLAN: ("Seating plan", "座位计划"),
    AuditAction.SEAT: ("Seating", "座位表"),
    AuditAction.SEAT_EDIT: ("Seating edited", "编辑座位"),
    AuditAction.SEAT_SWAP: ("Seats swapped", "调换座位"),
    AuditAction.SEAT_CORRECTION: ("Seat corrected", "更正座位"),
    AuditAction.SEAT_DELETE: ("Seating removed", "删除座位"),
    AuditAction.RECORD: ("Recorded", "记录"),
    AuditAction.CORRECT: ("Corrected", "更正"),
    AuditAction.DELETE: ("Deleted", "删除"),
    AuditAction.SIGN_OFF: ("Sign-off", "签字确认"),
    AuditAction.IMPORT: ("Restored from an export", "从导出文件恢复"),
    AuditAction.DEVICE_ISSUE: ("Table link issued", "发放桌位链接"),
    AuditAction.DEVICE_REVOKE: ("Table link revoked", "撤销桌位链接"),
    AuditAction.CLOCK: ("Session clock", "比赛计时"),
    AuditAction.CALL: ("Referee called", "呼叫裁判"),
    AuditAction.CALL_TAKE: ("Call taken", "裁判接手"),
    AuditAction.CALL_RESOLVE: ("Ruling", "裁决"),
    AuditAction.CALL_CANCEL: ("Call cancelled", "取消呼叫"),
    AuditAction.PUBLIC_PAGE: ("Players' page settings", "选手页面设置"),
    AuditAction.STAGE: ("Stage", "比赛阶段"),
    AuditAction.CHECKIN: ("Check-in", "检录"),
}
