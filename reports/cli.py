"""Entry point of ``mcr-tournament``: the db commands plus ``report`` (which needs this layer).

    mcr-tournament --db T.sqlite report scoresheets --session 1 [--table 3] [--blank] -o sheets.pdf
    mcr-tournament --db T.sqlite report results --session 1 -o results.pdf
    mcr-tournament --db T.sqlite report penalties --session 1 -o penalties.pdf
    mcr-tournament --db T.sqlite report seating --session 2 -o seating.pdf
    mcr-tournament --db T.sqlite report standings [--after 3] [--teams | --stage NAME] -o standings.pdf
    mcr-tournament --db T.sqlite report awards -o prizes.pdf
    mcr-tournament --db T.sqlite export results.xlsx --format xlsx
    mcr-tournament --db T.sqlite export results.csv --format ema     (db's, see db/formats/ema_csv.py)
    mcr-tournament --db T.sqlite publish -o site/

Each command reads plain views from ``db.read.queries`` in one read-only session, renders, and writes the
file (via a temporary file, so a failed run never leaves half a PDF behind).
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

import texts
from db.commands import cli as db_cli
from db.errors import InputError, TournamentError
from db.read import queries
from db.read.games import game_sheets, in_thousands, is_game
from db.read.views import TournamentInfo
from db.storage.database import Database
from db.storage.files import write_atomic

if TYPE_CHECKING:
    from sqlalchemy.orm import Session

    from reports.pdf.standings import StageStandings

# The renderers (ReportLab, openpyxl) are imported in the functions that use them: the command line is set up,
# and every other command runs, without loading them (docs/architecture.md, "Start-up").


def _check_session(s: Session, session: int) -> TournamentInfo:
    """The tournament, once ``session`` is known to be one of its sessions."""
    info = queries.tournament_info(s)
    if not 1 <= session <= info.sessions:
        raise TournamentError(code="no_session", session=session, sessions=info.sessions)
    return info


def _seated(s: Session, session: int) -> TournamentInfo:
    info = _check_session(s, session)
    if not queries.seating(s, session):
        raise TournamentError(code="report_not_seated", session=session)
    return info


def build_scoresheets(s: Session, args: argparse.Namespace) -> bytes:
    from db.service.devices import active_links, check_base_url
    from reports.pdf.scoresheet import ScoreSheetReport

    _seated(s, args.session)
    if is_game(queries.settings(s)):  # a game's sheet: its hands with the state each started from
        from reports.pdf.game_sheet import game_sheets_pdf

        games = game_sheets(s, args.session, args.table)
        if not games:
            raise TournamentError(code="no_table", session=args.session, table=args.table)
        return game_sheets_pdf(games, texts.env_language())
    sheets = queries.table_sheets(s, args.session, args.table)
    if not sheets:
        raise TournamentError(code="no_table", session=args.session, table=args.table)
    links = {}
    if getattr(args, "base_url", None):  # each table's device link (issued by `devices`) as a QR code
        base = check_base_url(args.base_url)
        links = {(link.session, link.table): link.url(base) for link in active_links(s, args.session)}
    return ScoreSheetReport(blank=args.blank, links=links).render(sheets)


def build_results(s: Session, args: argparse.Namespace) -> bytes:
    from reports.pdf.results import ResultsReport, SessionResults

    name = _seated(s, args.session).name
    if is_game(queries.settings(s)):  # a game's results: its points, places, uma, penalties and scores
        from reports.pdf.game_results import GameResultsReport, GameSessionResults

        return GameResultsReport().render(GameSessionResults(name, args.session, game_sheets(s, args.session)))
    return ResultsReport().render(SessionResults(name, args.session, queries.table_sheets(s, args.session)))


def build_penalties(s: Session, args: argparse.Namespace) -> bytes:
    from db.service.calls import calls_stored, list_calls
    from reports.pdf.penalties import PenaltiesReport, PenaltyRecord

    name = _check_session(s, args.session).name
    return PenaltiesReport().render(PenaltyRecord(name, args.session, queries.penalties(s, args.session),
                                                  list_calls(s, session=args.session) if calls_stored(s) else []))


def build_seating(s: Session, args: argparse.Namespace) -> bytes:
    from db.service.devices import check_base_url
    from reports.pdf.seating import SeatingReport, SessionSeating

    name = _seated(s, args.session).name
    url = check_base_url(args.base_url) + "/" if getattr(args, "base_url", None) else None  # the players' page
    names = {p.number: p.name for p in queries.players(s)}
    replaces = {new: f"{old} {names.get(old, '')}".rstrip() for new, old in queries.replacements(s, args.session).items()}
    return SeatingReport().render(SessionSeating(name, args.session, queries.seating(s, args.session), url, replaces))


def build_standings(s: Session, args: argparse.Namespace) -> bytes:
    from reports.pdf.standings import Standings, StandingsReport

    info = queries.tournament_info(s)
    if args.after is not None:
        _check_session(s, args.after)
    if getattr(args, "stage", None) is not None:
        return build_stage_standings(s, args.stage, args.after, args.teams)
    players = queries.standings(s, args.after)
    played = max((e.session for r in players for e in r.sessions), default=0)
    after = args.after if args.after is not None else played
    playing = queries.still_playing(s, args.after)
    report = StandingsReport
    if in_thousands(queries.settings(s)):  # a game's ranking: the scores, the points, each session's result
        from reports.pdf.game_results import GameStandingsReport

        report = GameStandingsReport
    if not args.teams:
        return report().render(Standings(info.name, after, players, still_playing=playing))
    names = {r.number: r.name for r in players}
    teams = [dataclasses.replace(t, members=tuple(f"{names.get(m, '')} ({m})".strip() for m in t.members))
             for t in queries.team_standings(s, args.after)]
    return report().render(Standings(info.name, after, (), teams, still_playing=playing))


def stage_standings_data(s: Session, name: str, after: int | None = None) -> StageStandings:
    """One stage's ranking as its PDF shows it (``report standings --stage``, the GUI's Reports); refuses
    an unknown stage (naming the stages) or one whose players are not known yet (saying why)."""
    from reports.pdf.standings import StageStandings

    view = next((v for v in queries.stages(s, after) if v.name == name), None)
    rows = queries.stage_standings(s, name, after)  # refuses what is not a stage, or not ready
    assert view is not None
    return StageStandings(queries.tournament_info(s).name, name, view.first_session, view.last_session, rows,
                          still_playing=queries.still_playing(s, after))


def build_stage_standings(s: Session, name: str, after: int | None, teams: bool) -> bytes:
    from reports.pdf.standings import StandingsReport

    if teams:
        raise InputError("--stage", code="stage_teams")
    report = StandingsReport
    if in_thousands(queries.settings(s)):  # a game's stage: its scores and points
        from reports.pdf.game_results import GameStandingsReport

        report = GameStandingsReport
    return report().render(stage_standings_data(s, name, after))


def build_awards(s: Session, args: argparse.Namespace) -> bytes:
    from reports.pdf.awards import AwardsReport, PrizeList

    return AwardsReport().render(PrizeList(queries.tournament_info(s).name, queries.awards(s)))


def _command(build: Callable[[Session, argparse.Namespace], bytes]) -> db_cli.Command:
    def run(args: argparse.Namespace, db: Database) -> int:
        from reports.pdf.fonts import MissingFontError

        try:
            with db.reader() as s:
                pdf = build(s, args)
        except MissingFontError as exc:
            print(f"mcr-tournament: {exc}", file=sys.stderr)
            return 1
        out = Path(args.output)
        write_atomic(out, pdf)
        print(f"{out}: {len(pdf) // 1024 + 1} KiB")
        return 0

    return run


def add_report_commands(sub: argparse._SubParsersAction) -> None:
    report = sub.add_parser("report", help="print score sheets, results, penalties, seating, standings as PDF")
    kinds = report.add_subparsers(dest="report_command", required=True)

    def add(name: str, help_text: str, build: Callable[[Session, argparse.Namespace], bytes],
            session: bool = True) -> argparse.ArgumentParser:
        q = kinds.add_parser(name, help=help_text)
        if session:
            q.add_argument("--session", type=int, required=True)
        q.add_argument("-o", "--output", required=True, metavar="FILE.pdf", help="the PDF to write")
        q.set_defaults(func=_command(build))
        return q

    q = add("scoresheets", "score sheets, one A4 page per table (R98 annex 5)", build_scoresheets)
    q.add_argument("--table", type=int, help="only this table")
    q.add_argument("--blank", action="store_true", help="before play: names and seats, empty grid")
    q.add_argument("--base-url", metavar="URL", help="print each table's device link (from `devices`) as a QR "
                                                     "code, e.g. http://192.168.1.20:8765")
    add("results", "a session's results per table and its best scores", build_results)
    add("penalties", "a session's penalty record (R98 annex 4)", build_penalties)
    q = add("seating", "a session's seating by table and alphabetically by player", build_seating)
    q.add_argument("--base-url", metavar="URL", help="print the players' page (the server's address) as a QR code "
                                                     "on the list by player, e.g. http://192.168.1.20:8765")
    q = add("standings", "individual ranking with the per-session breakdown, or --teams", build_standings,
            session=False)
    q.add_argument("--after", type=int, metavar="SESSION", help="standings after this session (default: all)")
    q.add_argument("--teams", action="store_true", help="the team ranking instead of the individual one")
    q.add_argument("--stage", metavar="NAME", help="one stage's ranking, with the points it carried "
                                                  "(as `standings --stage`)")
    add("awards", "the prize list: best hands, best of each session, chicken hands, most wins, best team",
        build_awards, session=False)


def cmd_publish(args: argparse.Namespace, db: Database) -> int:
    from reports.site import publish
    from reports.snapshot import read_snapshot

    with db.reader() as s:
        snap = read_snapshot(s)
    folder = Path(args.output)
    count = publish(snap, folder)
    print(f"{folder}: {count} pages (open {folder / 'index.html'})")
    return 0


def export_workbook(args: argparse.Namespace, db: Database) -> int:
    from reports.snapshot import read_snapshot
    from reports.workbook import render_workbook

    with db.reader() as s:
        data = render_workbook(read_snapshot(s))
    out = Path(args.file)
    write_atomic(out, data)
    print(f"{out}: {len(data) // 1024 + 1} KiB")
    return 0


def add_publish_commands(sub: argparse._SubParsersAction) -> None:
    """``publish -o DIR``, and ``--format xlsx`` on db's ``export`` (the workbook needs this layer).

    ``export`` is db's command with its own ``--format json|ema``: this adds ``xlsx`` to that option and
    keeps db's function for the others, so db/commands/cli.py does not change.
    """
    q = sub.add_parser("publish", help="write the results website (static HTML, no JavaScript) into a folder")
    q.add_argument("-o", "--output", required=True, metavar="DIR", help="the folder to write (created if missing)")
    q.set_defaults(func=cmd_publish)

    export = sub.choices.get("export")
    if export is None:  # db has no export command: offer the workbook alone
        export = sub.add_parser("export", help="the results workbook (.xlsx)")
        export.add_argument("file")
    db_export = export.get_default("func")

    def run_export(args: argparse.Namespace, db: Database) -> int:
        fmt = args.format or ("xlsx" if args.file.lower().endswith(".xlsx") or db_export is None else "json")
        return export_workbook(args, db) if fmt == "xlsx" else db_export(args, db)

    fmt = next((a for a in export._actions if a.dest == "format"), None)
    if fmt is None:
        export.add_argument("--format", choices=["json", "xlsx"], default=None)
        fmt = export._actions[-1]
    else:  # db's own formats (json, ema) stay db's; this layer adds the workbook
        assert isinstance(fmt.choices, list)
        fmt.choices.append("xlsx")
    fmt.help = (f"{(fmt.help or '').rstrip('.')}; xlsx: the results workbook (standings, teams, sessions, "
                "hands, penalties; default for a .xlsx file name)")
    export.set_defaults(func=run_export)


def main(argv: Sequence[str] | None = None) -> int:
    return db_cli.main(argv, extensions=[add_report_commands, add_publish_commands])


if __name__ == "__main__":
    sys.exit(main())
