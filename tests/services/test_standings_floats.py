"""One source for floats: cards and reports show the float the engine's own rule gives, edition by edition."""

from __future__ import annotations

from arbiter_app.pairing.model import Float
from arbiter_app.persistence import Database
from arbiter_app.services import import_trf, pair_next_round, round_floats
from arbiter_app.trf import parse_trf
from tests.services.conftest import HANDMADE, SEVEN


def test_a_forfeit_floats_under_2016_and_not_under_2026(db: Database) -> None:
    """SEVEN round 2: #3 won by forfeit against #7.  C.04.3 A.4.b (2016): neither played, both float down.
    C.04.3-2026 1.4.3-1.4.4: #3 scored more than a loss without playing (down), #7's forfeit loss is no float."""
    baku = import_trf(db, parse_trf(SEVEN, source="seven.trf"), confirmed=HANDMADE, edition="baku-2016").tournament.id
    fide = import_trf(db, parse_trf(SEVEN, source="seven.trf"), confirmed=HANDMADE, edition="fide-2026").tournament.id
    old, new = round_floats(db, baku), round_floats(db, fide)
    assert (old[3][2], old[7][2]) == (Float.DOWN, Float.DOWN)
    assert (new[3][2], new[7][2]) == (Float.DOWN, Float.NONE)
    # Round 1: #1 (0) against #4 (0): no float; the bye (#7) floats down under both.
    assert old[1][1] is new[1][1] is Float.NONE and old[7][1] is new[7][1] is Float.DOWN


def test_a_round_in_progress_shows_the_floats_of_its_pairing(db: Database) -> None:
    seven = import_trf(db, parse_trf(SEVEN, source="seven.trf"), confirmed=HANDMADE, edition="baku-2016").tournament.id
    draft = pair_next_round(db, seven)  # 5-1, 7-3, 6-2, bye 4
    floats = round_floats(db, seven)
    assert draft.bye == 4 and floats[4][3] is Float.DOWN
    # 7-3: #7 (1 point: the bye, then a forfeit loss) meets #3 (1½): #7 floats up, #3 down; 5-1: 2 points each.
    assert (floats[7][3], floats[3][3]) == (Float.UP, Float.DOWN)
    assert floats[5][3] is floats[1][3] is Float.NONE
