"""Seating plans across sessions (TOURNAMENT.md, "Seating across sessions").

Pure Python: no SQLAlchemy, no Qt. The tournament store calls these functions. This package's interface
is the names below; its modules, one step each:

* ``model``: the types (``Table``, ``SeatingPlan``, ``SeatingError``), the input checks and the figures;
* ``design``: sessions from transversal designs over finite fields, teams packed into the groups;
* ``bounds``: the lower bounds no plan can beat (the search's target);
* ``search``: the tabu search over swaps, with the played sessions' meetings fixed;
* ``plan``: ``plan_tournament`` and ``plan_sessions_after``, one core with the played sessions as input;
* ``seats``: starting seats balanced (de Werra), ``seat_balance_assign``;
* ``standings``: ``seat_by_standings`` (高高碰).

Order of goals, as the rules give them:

1. hard: teammates never share a table (always met when every team has at most ``n/4`` members);
2. no two players meet twice (``repeated_pairs``, counted per extra meeting);
3. each player's starting seats spread over E/S/W/N (``seat_imbalance`` <= 1, always met).

Method (see docs/seating.md):

* **Construction.** For ``n = 4m`` players the four groups of ``m`` players of a transversal design built on
  the finite fields of ``m``'s prime-power factors give up to ``m`` sessions in which no pair meets twice
  (for ``m = 4`` the groups themselves make a fifth session: the affine plane AG(2,4) of R98 annex 7).
  Teams are packed into the groups (or, for teams of at most 4 that do not fit, into the tables of one
  parallel class left out), so teammates never meet.
* **Search.** When no construction covers the request (odd sizes, awkward teams, more sessions than the
  construction has), a tabu search swaps players inside a session to remove repeated pairs, starting from
  the construction's sessions or from team-aware random deals, until the proven lower bound is reached
  or its deterministic budget (at worst the time limit) runs out.
* **Later sessions.** plan_sessions_after does the same after some sessions were played, counting the
  pairs that already met (players may have left or come in) and the seats already used; it is the one
  core, and plan_tournament is plan_sessions_after with nothing played.
* **Seats.** Starting seats are an equitable edge colouring of the player/table graph (de Werra): every
  player's seat counts differ by at most one, whatever the tables are.

Everything random comes from ``random.Random(seed)``; nothing depends on set or dict-of-string order, so
the same input and seed give the same plan (unless the time limit cut a search short).
"""

from db.seating.bounds import lower_bounds
from db.seating.model import (
    SEATS,
    SeatingError,
    SeatingPlan,
    Table,
    count_repeats,
    count_teammate_conflicts,
    missing_substitutes,
    seat_imbalance,
)
from db.seating.plan import plan_sessions_after, plan_tournament
from db.seating.seats import seat_balance_assign
from db.seating.standings import seat_by_standings

__all__ = [
    "SEATS",
    "SeatingError",
    "SeatingPlan",
    "Table",
    "count_repeats",
    "count_teammate_conflicts",
    "lower_bounds",
    "missing_substitutes",
    "plan_sessions_after",
    "plan_tournament",
    "seat_balance_assign",
    "seat_by_standings",
    "seat_imbalance",
]
