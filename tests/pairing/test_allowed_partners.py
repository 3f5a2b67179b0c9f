"""The round's allowed pairs as bitsets (``criteria.allowed_partners``) say what C.1 and C.3 say, pair by pair.

Checked on every round of corpus files of both editions, last rounds
included (where topscorers may meet with the same absolute preference, C.3).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from arbiter_app.pairing.criteria import c1_have_met, c3_same_absolute_preference, may_meet
from arbiter_app.pairing.editions import BAKU_2016, FIDE_2026, DutchEdition
from arbiter_app.trf.reader import read_trf
from arbiter_app.trf.rounds import state_before_round

DATA = Path(__file__).resolve().parents[1] / "data" / "conformance"
FILES = [
    (BAKU_2016, DATA / "dutch-2016" / "irregular-1204-p48-r9.trf"),
    (BAKU_2016, DATA / "dutch-2016" / "large-1200-p219-r11.trf"),
    (FIDE_2026, DATA / "dutch-2026" / "d26-irregular-60121-p34-r9.trf"),
    (FIDE_2026, DATA / "dutch-2026" / "d26-large-60171-p219-r10.trf"),
]


@pytest.mark.parametrize(("edition", "path"), FILES, ids=[path.stem for _, path in FILES])
def test_partners_bitsets_agree_with_c1_and_c3_on_every_round(edition: DutchEdition, path: Path) -> None:
    doc = read_trf(path)
    rounds = max(len(p.rounds) for p in doc.players)
    refused = by_c3 = 0
    for r in range(1, rounds + 1):
        players = edition.contestants(state_before_round(doc, r))
        for a in players:
            assert a.partners is not None
            for b in players:
                if a is b:
                    assert not a.partners >> b.number & 1
                    continue
                by_articles = not c1_have_met(a, b) and not c3_same_absolute_preference(a, b)
                assert may_meet(a, b) == by_articles == may_meet(b, a), (r, a.number, b.number)
                refused += not by_articles
                by_c3 += c3_same_absolute_preference(a, b) and not c1_have_met(a, b)
    # The files exercise both articles: pairs refused, some of them by C.3 alone.
    assert refused > 100
    assert by_c3 > 0
