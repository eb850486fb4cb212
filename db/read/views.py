"""Plain, frozen read models the store hands to reports, the GUI and the JSON command line.

No ORM objects leave the db layer: query functions in ``db.read.queries`` build these. Fields may be added;
existing names stay (reports and the GUI depend on them).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from datetime import date, datetime
from typing import Any

from db.rules.names import name_key, split_name
from scoring.played import Fan, Payment
from scoring.systems import SeatResult
from texts import Text

SEATS = ("E", "S", "W", "N")


@dataclass(frozen=True, slots=True)
class TournamentInfo:
    name: str
    profile: str  # "cmr1998" | "gb"
    sessions: int
    hands_per_session: int
    flowers: bool
    start_date: date | None = None


def number_key(number: str) -> tuple[int, int, str]:
    """The order of player numbers everywhere: numerically when they are numbers ("2" before "10"),
    then the others as text.

    >>> sorted(["10", "B", "2", "A1"], key=number_key)
    ['2', '10', 'A1', 'B']
    """
    return (0, int(number), "") if number.isascii() and number.isdigit() else (1, 0, number)


def next_free_number(numbers: Iterable[str]) -> str:
    """The number a new player is offered: one more than the highest number made of digits (numbers are
    handed out in order; a gap left by a player removed is not reused, so a number never names two people
    over an event), "1" when there is none.

    >>> next_free_number(["1", "2", "10", "A7"]), next_free_number([]), next_free_number(["B"])
    ('11', '1', '1')
    """
    return str(max((int(n) for n in numbers if n.isascii() and n.isdigit()), default=0) + 1)


def player_order(name: str, number: str) -> tuple[tuple[str, int, str], tuple[int, int, str]]:
    """The order of players by name everywhere: :func:`db.rules.names.name_key` (pinyin for Chinese names,
    accents and case ignored), then :func:`number_key` for equal names ("2" before "10").

    >>> sorted([("Li", "10"), ("Ann", "3"), ("Li", "2")], key=lambda p: player_order(*p))
    [('Ann', '3'), ('Li', '2'), ('Li', '10')]
    """
    return name_key(name), number_key(number)


def last_hand(hands_per_session: int, time_called_after: int | None) -> int:
    """The last hand that counts at a table: all of them, or the hand time was called after (the hands
    completed, or under the clock's ``finish_hand`` the hand in progress). The one rule for "finished"
    (the sheet, the progress, the devices, the session-end backups): recorded >= last_hand.

    >>> last_hand(16, None), last_hand(16, 9), last_hand(16, 17)
    (16, 9, 16)
    """
    return hands_per_session if time_called_after is None else min(time_called_after, hands_per_session)


@dataclass(frozen=True, slots=True)
class PlayerFields:
    """A player as entered (``db.service.players.PlayerInput``) and as shown (:class:`PlayerView`)."""

    number: str
    name: str
    team: str | None = None
    country: str | None = None  # ISO 3166-1 alpha-2 (db.rules.countries); older files may hold free text
    substitute: bool = False  # a reserve, seated only once they replace a player
    ema_number: str | None = None  # the 8-digit EMA number
    first_name: str | None = None  # None: split from ``name`` (db.rules.names.split_name, see ``names``)
    last_name: str | None = None

    @property
    def names(self) -> tuple[str, str]:
        """(first name, last name): as entered, else split from ``name`` (db.rules.names.split_name).

        >>> PlayerFields("1", "张伟 Zhang Wei").names, PlayerFields("2", "Anna Smith", last_name="Smith-Jones").names
        (('Wei', 'Zhang'), ('Anna', 'Smith-Jones'))
        """
        first, last = split_name(self.name)
        return (first if self.first_name is None else self.first_name,
                last if self.last_name is None else self.last_name)


@dataclass(frozen=True, slots=True)
class PlayerView(PlayerFields):
    withdrawn_from: int | None = None  # first session the player no longer plays


@dataclass(frozen=True, slots=True)
class TableSeating:
    """One table of a session: ``players`` at starting seats E, S, W, N."""

    session: int
    table: int
    players: tuple[PlayerView, PlayerView, PlayerView, PlayerView]


@dataclass(frozen=True, slots=True)
class FanView:
    id: str
    zh: str
    en: str
    points: int
    count: int = 1


@dataclass(frozen=True, slots=True)
class HandRow:
    """One recorded hand of a table. ``deltas`` follow the table's starting-seat order (E, S, W, N).

    ``kind`` is "win" or "draw". ``winds[i]`` is the seat wind of starting-seat player i in this hand.
    """

    hand: int
    kind: str
    prevailing: str
    dealer: int  # index 0-3 into the table's players
    winds: tuple[str, str, str, str]
    winner: int | None = None
    discarder: int | None = None
    self_drawn: bool = False
    fan_total: int = 0
    flowers: int = 0
    fans: tuple[FanView, ...] = ()
    notation: str | None = None
    deltas: tuple[int, int, int, int] = (0, 0, 0, 0)
    session: int = 0
    table: int = 0
    fourth_tile: bool = False
    kong_related: bool = False
    last_tile_of_wall: bool = False
    flowers_known: bool = True  # False for a totals-only win entered without its flower count
    station: str = ""  # who recorded it: the station (a desk, a table's phone) and its referee
    referee: str = ""
    corrected: bool = False  # changed by a correction (audited); set by ``queries.table_sheet``


@dataclass(frozen=True, slots=True)
class PenaltyRow:
    session: int
    table: int
    hand: int | None
    player: PlayerView
    seat: str  # starting seat
    kind: str  # e.g. "false_win", "rule_violation", "lateness", "custom"
    points: int
    settlement: str  # "deducted" | "others" | "player"
    to_player: PlayerView | None
    reason: str
    deltas: tuple[int, int, int, int]  # effect on the table, starting-seat order
    id: int = 0  # for corrections (service.correct_penalty / delete_penalty)


@dataclass(frozen=True, slots=True)
class TableSheet:
    """Everything on one table's score sheet (TOURNAMENT.md "Score sheet")."""

    tournament: str
    session: int
    table: int
    players: tuple[PlayerView, PlayerView, PlayerView, PlayerView]  # starting seats E, S, W, N
    round_seats: tuple[tuple[str, str, str, str], ...]  # round_seats[i] = seat of player i in rounds E,S,W,N
    hands_per_session: int
    hands: tuple[HandRow, ...] = ()
    penalties: tuple[PenaltyRow, ...] = ()
    match_points: tuple[int, int, int, int] = (0, 0, 0, 0)  # hands + penalties
    session_scores: tuple[int, int, int, int] = (500, 500, 500, 500)  # 500 + match points (display only)
    ranks: tuple[int, int, int, int] = (1, 1, 1, 1)
    table_points: tuple[float, float, float, float] = (1.75, 1.75, 1.75, 1.75)
    time_called_after: int | None = None
    signed_off: bool = False
    version: int = 0  # optimistic-locking version of the table
    session_date: date | None = None
    start_time: datetime | None = None
    end_time: datetime | None = None

    @property
    def next_hand(self) -> int | None:
        """The hand to record next, or None when play at this table is over (all hands, or the last
        after time was called)."""
        n = len(self.hands) + 1
        return n if n <= last_hand(self.hands_per_session, self.time_called_after) else None


@dataclass(frozen=True, slots=True)
class SessionEntry:
    session: int
    table: int
    seat: str
    match_points: float  # whole; a game's points may hold a share of leftover deposits (a third of 1,000)
    table_points: float  # the rule system's session score (MCR: table points; Riichi: the score in thousands)
    result: SeatResult | None = None  # the system's whole session result (a game's raw points, uma, penalty)


@dataclass(frozen=True, slots=True)
class StagePlace:
    """What places a player in a staged event's final ranking (``db.read.queries.standings``): the deepest
    stage they were ranked in (``QUALIFYING``, "qualifying", for those cut at the first stage) and that
    stage's totals, the carried points included (the ranking's keys), and the part of them carried."""

    stage: str
    table_points: float
    match_points: float  # a carried half may leave .5
    carried_table_points: float = 0.0
    carried_match_points: float = 0.0

    @property
    def label(self) -> str:
        """The stage's name as shown: the organiser's name, or the qualifying stage's in the reader's
        language (a ``texts.Text``)."""
        return stage_label(self.stage)


@dataclass(frozen=True, slots=True)
class StandingRow:
    rank: int  # 0 for a substitute's row (``substitute``): listed for the team totals only, never ranked
    number: str
    name: str
    team: str | None
    table_points: float
    match_points: float  # whole (``int``) but for a game's share of deposits (``table_scores.points_total``)
    sessions: tuple[SessionEntry, ...] = ()
    substitute: bool = False
    stage: StagePlace | None = None  # a staged event's final ranking: what places the player; None without stages


def stage_label(name: str) -> str:
    """A stage's name as shown: the qualifying stage (``db.rules.stages.QUALIFYING``) in the reader's language."""
    return Text("Qualifying", "stage") if name == "qualifying" else name


def staged(rows: Iterable[StandingRow]) -> bool:
    """Whether a ranking is a staged event's final ranking (its places decided stage by stage)."""
    return any(r.stage is not None for r in rows)


def ranking_rule(rows: Iterable[StandingRow]) -> Text:
    """The rule line under a ranking, the one every output (GUI, PDF, websites, hall, workbook) prints:
    how its places are decided. A staged event's places are not its whole-event totals' order."""
    if staged(rows):
        return staged_rule()
    return Text("ranking by table points, then match points", "ranking")


def staged_rule() -> Text:
    """The rule line under a staged event's final ranking (MCR's totals)."""
    return Text("places: the stage reached first, then that stage's table points, then its match points "
                "(carried points included)", "ranking")


def stage_rule() -> Text:
    """The rule line under one stage's ranking (``standings --stage``, its PDF and page)."""
    return Text("ranking by the stage's table points, then its match points (carried points included), "
                "then the rank in the previous stage", "ranking")


def played_sessions(standings: Iterable[StandingRow]) -> int:
    """The sessions played so far: the last session with any result in the standings (0 before play).

    >>> played_sessions([StandingRow(1, "1", "A", None, 4, 100, (SessionEntry(2, 1, "E", 100, 4),))])
    2
    """
    return max((e.session for r in standings for e in r.sessions), default=0)


@dataclass(frozen=True, slots=True)
class TeamStandingRow:
    rank: int
    team: str
    table_points: float
    match_points: float  # as ``StandingRow.match_points``
    members: tuple[str, ...] = ()
    member_names: tuple[str, ...] = ()  # the members' names, in the order of ``members`` (numbers)


@dataclass(frozen=True, slots=True)
class AuditEntry:
    id: int
    at: datetime
    station: str
    referee: str
    action: str
    what: str
    before: str | None
    after: str | None
    reason: str | None
    # ``what`` as data (db/audit_what.py): the place, the message's code and its other parameters
    session: int | None = None
    table: int | None = None
    hand: int | None = None
    player: str | None = None
    what_code: str | None = None
    what_params: dict[str, Any] | None = None


@dataclass(frozen=True, slots=True)
class TableProgress:
    """Where a table stands in a session (the GUI's overview and the referee's "next hand")."""

    session: int
    table: int
    players: tuple[str, str, str, str]  # numbers at starting seats E, S, W, N
    hands_recorded: int
    penalties: int
    time_called_after: int | None
    finished: bool  # all hands played or time called
    next_hand: int | None  # None when finished
    signed_off: bool
    version: int
    # a game table (``db.read.games``): the round it plays next ("S3"), "" once its game is over; None at
    # fixed hands (their progress is the hands recorded of the session's hands)
    game_round: str | None = None


@dataclass(frozen=True, slots=True)
class StageView:
    """A stage added after the qualifying stage (``db.rules.stages``). ``players`` (ranking order) is known once
    the previous stage is complete and any tie at the cut decided; until a tie is decided ``tied`` lists
    the players sharing the line and ``places`` how many of them go through."""

    name: str
    first_session: int
    sessions: int
    cut: int
    carry: str
    seating: str
    players: tuple[str, ...] | None
    tied: tuple[str, ...] = ()
    places: int = 0
    previous_complete: bool = False
    complete: bool = False
    previous: str = "qualifying"  # the stage it cuts from

    @property
    def last_session(self) -> int:
        return self.first_session + self.sessions - 1


@dataclass(frozen=True, slots=True)
class StageStandingRow:
    """A player's line in a stage's ranking: ``table_points``/``match_points`` are the stage's totals,
    the carried points included (a half may leave .5 match points); ``sessions`` the stage's own."""

    rank: int
    number: str
    name: str
    team: str | None
    table_points: float
    match_points: float
    sessions: tuple[SessionEntry, ...]
    carried_table_points: float
    carried_match_points: float


@dataclass(frozen=True, slots=True)
class StageRanking:
    """A stage's own ranking with where it sits (``db.read.queries.stage_rankings``: the stages whose players are
    known), for the outputs that print each stage's page."""

    name: str
    first_session: int
    last_session: int
    rows: tuple[StageStandingRow, ...]


@dataclass(frozen=True, slots=True)
class CheckInView:
    """The check-in desk of one session: players marked present (``late``: after the session started, so
    their seat stays with whoever took it), marked absent, and expected but not seen yet."""

    session: int
    present: tuple[str, ...]
    absent: tuple[str, ...]
    not_seen: tuple[str, ...]
    late: tuple[str, ...] = ()

    @property
    def marked(self) -> bool:
        return bool(self.present or self.absent)


@dataclass(frozen=True, slots=True)
class AwardHand:
    """A winning hand on the prize list."""

    session: int
    table: int
    hand: int
    player: str  # the winner's number
    name: str
    fan: int  # the fan total as recorded (flowers included); a game's: the han
    fans: tuple[FanView, ...]  # empty when only the total was entered; a game's: its yaku (points: their han)
    value: GameValue | None = None  # a game's win (``db.read.games.is_game``): what ranks it


@dataclass(frozen=True, slots=True)
class GameValue:
    """A game's win as the prize list ranks it: yakuman first, then the limit (a haneman typed from a paper
    sheet without its han is still a haneman), then han, then fu, then the points it paid (its winner's
    change, honba and deposits included)."""

    han: int
    fu: int
    yakuman: int
    limit: str | None
    points: int
    unit: str = "han"  # what ``han`` counts: Riichi's han, or a Chinese system's total ("total"; fu 0, no limit)

    LIMITS = (None, "mangan", "haneman", "baiman", "sanbaiman", "yakuman")  # lowest first

    @property
    def key(self) -> tuple[int, int, int, int, int]:
        """Larger is better (the prize list sorts by it).

        >>> GameValue(0, 0, 0, "haneman", 18000).key > GameValue(5, 30, 0, "mangan", 12000).key
        True
        """
        limit = self.LIMITS.index(self.limit) if self.limit in self.LIMITS else 0
        return (self.yakuman, limit, self.han, self.fu, self.points)


@dataclass(frozen=True, slots=True)
class AwardCount:
    player: str
    name: str
    count: int


@dataclass(frozen=True, slots=True)
class Awards:
    """The prize list (``db.read.queries.awards``): the ten best hands, the best of each session (all tied
    hands), chicken hands (无番和) and wins per player (most first), and the best team (None without
    teams)."""

    best_hands: tuple[AwardHand, ...]
    best_by_session: tuple[AwardHand, ...]
    chicken_hands: tuple[AwardCount, ...]
    most_wins: tuple[AwardCount, ...]
    best_team: TeamStandingRow | None
    substitutes_count: bool
    game: bool = False  # a game's prize list: hands ranked by ``AwardHand.value``, no chicken hands (no fans)
    # a game whose sessions are scores in thousands (Riichi; ``in_thousands``): its team's score and points; a
    # Chinese system's are MCR's table points and match points
    thousands: bool = True


# ------------------------------------------------------------------------------------- a game table's sheet


@dataclass(frozen=True, slots=True)
class GameWinView:
    """One winner of a hand of a game table (Riichi): the value as recorded or scored from the tiles."""

    player: int  # index 0-3 into the table's players (starting seats E, S, W, N)
    han: int
    fu: int
    yakuman: int
    limit: str | None  # "mangan" ... "yakuman"; None below a mangan
    yaku: tuple[tuple[str, int], ...] = ()  # (yaku id, han) when scored from the tiles; () for totals only
    tiles: str | None = None  # the hand as written (NOTATION.md + red fives) when scored from the tiles
    pao: int | None = None  # the liable player, index into the table's players
    # when scored from the tiles: each yaku's tiles (as ``yaku``) and the fu's parts (reason, fu); the phone's
    # live preview shows them (web/api/game_api.py)
    yaku_tiles: tuple[tuple[str, ...], ...] = field(default=(), compare=False)
    fu_parts: tuple[tuple[str, int], ...] = field(default=(), compare=False)
    total: int = 0  # a Chinese system's total (its answer's "total"; Riichi: 0)
    fans: tuple[Fan, ...] = ()  # a Chinese system's fans or hand types
    unit: str = "han"  # what the value counts: "han" (Riichi) or "total" (a Chinese system's)


@dataclass(frozen=True, slots=True)
class GameHandView:
    """One recorded hand of a game table, with the state it started from (derived, never typed).

    ``kind``: "ron" | "tsumo" | "draw" | "abortive" | "nagashi" | "chombo". Player fields are indexes 0-3 into
    the table's players. ``deltas`` are each player's change in this hand, riichi sticks and deposits
    included; ``scores`` the points after it."""

    hand: int
    round: str  # "E1" ... "S4", "W1" ...
    dealer: int
    honba: int
    deposits: int  # riichi sticks on the table at the start of the hand
    kind: str
    riichi: tuple[int, ...] = ()
    winners: tuple[GameWinView, ...] = ()
    discarder: int | None = None
    tenpai: tuple[int, ...] = ()
    nagashi: tuple[int, ...] = ()
    reason: str | None = None  # an abortive draw's kind
    chombo: int | None = None
    deltas: tuple[int, int, int, int] = (0, 0, 0, 0)
    scores: tuple[int, int, int, int] = (0, 0, 0, 0)
    station: str = ""
    referee: str = ""
    line: dict[str, Any] = field(default_factory=dict, hash=False, compare=False)  # its result line, by number
    payments: tuple[Payment, ...] = ()  # what was paid and why (a Chinese system's kongs, horses, checks)


@dataclass(frozen=True, slots=True)
class GameSeatResult:
    """One player's session at a game table: in thousands of points (floats of one decimal's precision)."""

    raw: float  # the points at the end, leftover deposits included, in points (not thousands)
    place: int
    uma: float  # uma and oka, in thousands
    penalty: float  # chombo and other penalties, in thousands (negative)
    score: float  # (raw - return) / 1000 + uma + penalty
    fixed: bool = False  # a replacement player's: uma and score fixed by the preset (docs/riichi.md)


@dataclass(frozen=True, slots=True)
class GameSheet:
    """Everything on a game table's score sheet (Riichi): the hands with their derived state, the state of the
    next hand (None when the game is over) and, once it is over or time has ended it, the session results."""

    tournament: str
    profile: str
    session: int
    table: int
    players: tuple[PlayerView, PlayerView, PlayerView, PlayerView]  # starting seats E, S, W, N
    start_points: int
    hands: tuple[GameHandView, ...] = ()
    next_round: str | None = "E1"  # the state before the next hand; None when the game is over
    next_dealer: int | None = 0
    next_honba: int = 0
    next_deposits: int = 0
    scores: tuple[int, int, int, int] = (0, 0, 0, 0)  # the points now
    results: tuple[GameSeatResult, ...] = ()  # by player, once the game is over; () before
    time_called_after: int | None = None  # the hand in play at the gong
    time_last_hand: int | None = None  # the last hand the time call leaves, by the rules (None: no call)
    signed_off: bool = False
    version: int = 0
    session_date: date | None = None
    # how the outputs say the session (``db.read.game_state.in_thousands``): Riichi's score in thousands with uma,
    # or MCR's table points on the points (a Chinese system); and the words its lines' kinds are said in
    # (``GameSystem.wording``, for ``game_words.outcome``)
    thousands: bool = True
    wording: str = "riichi"


def score_rule() -> Text:
    """The rule line under a game tournament's ranking (``db.read.games.is_game``): the system's session
    scores summed, then the points (its profile's tie-breaks, ``db.rules.profiles``: table points = the score,
    match points = the points)."""
    return Text("ranking by score, then points", "ranking")
