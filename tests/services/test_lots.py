"""The simulated drawing of lots of the standings (checklist Q204, Q206; Arbiters' Manual, Tie-Break Regulations:
"If all tie-breaks fail, the tie shall be broken by drawing of lots"): seeded per tournament, the same order every
time for one tournament, another seed for another tournament."""

from __future__ import annotations

from pathlib import Path

from arbiter_app.persistence import Database, open_database, queries
from arbiter_app.services import drawing_of_lots, get_round, import_trf, ranked_standings
from arbiter_app.services.standings import lots_order
from arbiter_app.trf import parse_trf
from tests.services.conftest import HANDMADE
from tests.services.test_odd_results import one_round

ALL_DRAWN = one_round({1: ("=", "="), 2: ("=", "="), 3: ("=", "="), 4: ("=", "=")})
"""Eight players rated alike, four draws: equal on points and on every tie-break of C.07-2026's list."""


def _tied(db: Database) -> int:
    tid = import_trf(db, parse_trf(ALL_DRAWN, source="draws.trf"), confirmed=HANDMADE).tournament.id
    assert get_round(db, tid, 1).state == "completed"
    return tid


def test_a_tie_left_by_every_tie_break_is_drawn_by_lot_and_shown_so(db: Database) -> None:
    tid = _tied(db)
    table = ranked_standings(db, tid)
    assert [r.place_label for r in table.rows] == [str(k) for k in range(1, 9)]  # no shared place left
    assert all(r.by_lot for r in table.rows)
    assert [r.number for r in table.rows] == list(drawing_of_lots(db, tid))
    assert sorted(table.lots) == list(range(1, 9))


def test_the_same_tournament_draws_the_same_order(db: Database, db_path: Path) -> None:
    tid = _tied(db)
    first = [r.number for r in ranked_standings(db, tid).rows]
    assert [r.number for r in ranked_standings(db, tid).rows] == first
    db.dispose()
    reopened = open_database(db_path)  # the seed is stored with the tournament, not drawn per run
    try:
        assert [r.number for r in ranked_standings(reopened, tid).rows] == first
    finally:
        reopened.dispose()


def test_two_tournaments_with_the_same_tie_draw_with_their_own_seeds(db: Database) -> None:
    one, two = _tied(db), _tied(db)
    assert drawing_of_lots(db, one) != drawing_of_lots(db, two)  # 8! orders: a coincidence is 1 in 40,320
    with db.read() as s:
        seeds = {queries.tournament(s, one).lots_seed, queries.tournament(s, two).lots_seed}
    assert len(seeds) == 2 and 0 not in seeds


def test_a_players_lot_does_not_depend_on_who_else_is_tied() -> None:
    everyone = lots_order(12345, range(1, 9))
    some = lots_order(12345, (2, 5, 7))
    assert [n for n in everyone if n in (2, 5, 7)] == list(some)
    assert lots_order(12345, range(1, 9)) == everyone and lots_order(54321, range(1, 9)) != everyone
