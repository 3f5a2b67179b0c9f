"""The hall's server under a round entered at once (issue 31 item 7): each page made once per change and served as
bytes (ETag, ``304``, gzip) yet never older than a change made before it was asked for; the round's data read
again for results only; deputies' results written together in one transaction, each with its own audit entry
under its deputy's name, a refused one leaving nothing and the others untouched."""

from __future__ import annotations

import gzip
import re
import threading

import httpx

from arbiter_app import services as sv
from arbiter_app.persistence import Database
from arbiter_app.services import deputies as dp
from arbiter_app.services import hall as hv


def test_a_page_is_served_with_its_etag_and_304_while_nothing_changed(db: Database, tid: int, server: str) -> None:
    first = httpx.get(server + "/")
    etag = first.headers["etag"]
    assert first.status_code == 200 and first.headers["cache-control"] == "no-cache"
    again = httpx.get(server + "/", headers={"if-none-match": etag})
    assert again.status_code == 304 and again.headers["etag"] == etag and again.content == b""
    assert "default-src 'self'" in again.headers["content-security-policy"]  # the 304 keeps the guards
    with httpx.Client() as client, client.stream("GET", server + "/", headers={"accept-encoding": "gzip"}) as raw:
        assert raw.headers["content-encoding"] == "gzip" and raw.headers["vary"] == "accept-encoding"
        assert gzip.decompress(b"".join(raw.iter_raw())) == first.content
    plain = httpx.get(server + "/", headers={"accept-encoding": "identity"})
    assert "content-encoding" not in plain.headers and plain.content == first.content


def test_a_page_made_before_a_result_is_not_served_after_it(db: Database, tid: int, server: str) -> None:
    before = httpx.get(server + "/")
    assert "1-0" not in before.text
    sv.enter_result(db, tid, 1, 1, "1-0")  # committed before the next request is sent
    after = httpx.get(server + "/", headers={"if-none-match": before.headers["etag"]})
    assert after.status_code == 200 and after.headers["etag"] != before.headers["etag"]
    assert re.search(r'id="board-1".*?1-0', after.text, re.DOTALL)
    assert httpx.get(server + "/", headers={"if-none-match": after.headers["etag"]}).status_code == 304


def test_a_card_is_answered_304_while_nothing_of_his_changed(db: Database, tid: int, server: str) -> None:
    boards = sv.get_round(db, tid, 1).boards
    mine, other = boards[0].white, boards[1]
    card = httpx.get(f"{server}/player/{mine}")
    sv.enter_result(db, tid, 1, other.number, "1-0")  # another board: his card shows the same
    assert httpx.get(f"{server}/player/{mine}", headers={"if-none-match": card.headers["etag"]}).status_code == 304
    sv.enter_result(db, tid, 1, boards[0].number, "0-1")  # his own board
    changed = httpx.get(f"{server}/player/{mine}", headers={"if-none-match": card.headers["etag"]})
    assert changed.status_code == 200 and changed.headers["etag"] != card.headers["etag"]


def test_a_deputys_page_is_never_kept(db: Database, tid: int, server: str) -> None:
    new = dp.add_deputy(db, tid, "Ann Lee", (1, 2), 12)
    page = httpx.get(f"{server}/deputy/{new.token}")
    assert page.headers["cache-control"] == "no-store" and "etag" not in page.headers


def test_the_view_read_again_for_results_only_is_the_view_read_whole(db: Database, tid: int) -> None:
    first = hv.hall_view(db, tid)
    sv.enter_result(db, tid, 1, 2, "0-1")
    sv.enter_result(db, tid, 1, 3, "1/2 unrated")
    again = hv.hall_view(db, tid, first)
    assert again.basis == first.basis  # only results changed: the rest was kept
    assert again == hv.hall_view(db, tid)
    assert again.round is not None and [b.result for b in again.round.boards][:3] == ["", "0-1", "½-½ unrated"]
    assert hv.card_of(again.published, again.players, again.round.boards[1].black.number).lines[0].result == "1"
    number = again.round.boards[0].white.number
    sv.edit_player(db, tid, number, name="Renamed Player")  # not a result: everything read again
    renamed = hv.hall_view(db, tid, again)
    assert renamed.basis != again.basis and renamed == hv.hall_view(db, tid)
    assert renamed.round is not None and renamed.round.boards[0].white.name == "Renamed Player"


def test_results_of_several_deputies_in_one_transaction(db: Database, tid: int) -> None:
    ann = dp.add_deputy(db, tid, "Ann Lee", (1, 2), 12)
    bo = dp.add_deputy(db, tid, "Bo Ek", (3, 5), 12)
    outcomes = dp.deputy_enter_results(db, tid, [
        dp.DeputyResult(ann.token, 1, 1, "1-0"),
        dp.DeputyResult(ann.token, 1, 3, "0-1"),  # not his board: refused, nothing of it kept
        dp.DeputyResult(bo.token, 1, 3, "1/2"),
        dp.DeputyResult(bo.token, 1, 4, "2-0"),  # no such result
        dp.DeputyResult("A" * 22, 1, 5, "1-0"),  # no such deputy
    ])  # fmt: skip
    assert [type(o).__name__ for o in outcomes] == [
        "DeputyOutcome", "DeputyRefused", "DeputyOutcome", "ArbiterError", "DeputyRefused"]  # fmt: skip
    assert [b.result_text for b in sv.get_round(db, tid, 1).boards] == ["1-0", "", "½-½", "", ""]
    entries = [e for e in sv.audit_log(db, tid) if e.action == "results"]
    assert sorted((e.arbiter, e.summary) for e in entries) == [
        ("Ann Lee (deputy)", "round 1: board 1 1-0"), ("Bo Ek (deputy)", "round 1: board 3 ½-½")]  # fmt: skip
    assert [(e.deputy, e.board) for e in dp.list_conflicts(db, tid, all_entries=True)] == [("Ann Lee", 1), ("Bo Ek", 3)]
    report = sv.verify_audit_chain(db)
    assert report.intact, report


def test_a_round_posted_at_once_is_entered_once(db: Database, tid: int, server: str) -> None:
    """Every board's result posted at the same moment by its own deputy: each entered once, in the audit log
    once under his name, and the round page shows them all."""
    boards = sv.get_round(db, tid, 1).boards
    tokens = [dp.add_deputy(db, tid, f"Deputy {b.number}", (b.number, b.number), 12).token for b in boards]
    forms = {t: re.search(r'name="csrf" value="([0-9a-f]+)"', httpx.get(f"{server}/deputy/{t}").text) for t in tokens}
    start = threading.Barrier(len(tokens))
    answers: dict[int, str] = {}

    def post(token: str, board: int) -> None:
        found = forms[token]
        assert found is not None
        start.wait()
        answers[board] = httpx.post(f"{server}/deputy/{token}/result", headers={"accept": "application/json"},
                                    data={"csrf": found.group(1), "round": "1", "board": str(board),
                                          "result": "0-1"}).text  # fmt: skip

    threads = [threading.Thread(target=post, args=(t, b.number)) for t, b in zip(tokens, boards)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(30)
    assert all(answers[b.number] == f"round 1 board {b.number}: 0-1 entered" for b in boards), answers
    assert all(b.result_text == "0-1" for b in sv.get_round(db, tid, 1).boards)
    logged = sorted(e.arbiter for e in sv.audit_log(db, tid) if e.action == "results")
    assert logged == sorted(f"Deputy {b.number} (deputy)" for b in boards)
    page = httpx.get(server + "/").text
    assert all(re.search(rf'id="board-{b.number}".*?0-1', page, re.DOTALL) for b in boards)
    assert sv.verify_audit_chain(db).intact
