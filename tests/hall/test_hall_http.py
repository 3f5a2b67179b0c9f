"""The hall's server on a free loopback port, its pages fetched over HTTP (issue 31): the round, the standings, a
player's card and why he was paired so, the hall screen, the events pushed, and deputies' results with their
token, CSRF field, conflicts, revocation, expiry and rate limit."""

from __future__ import annotations

import re
import threading
import time

import httpx
import pytest

from arbiter_app import services as sv
from arbiter_app.persistence import Database
from arbiter_app.services import deputies as dp

from .conftest import NAMES


def _round(db: Database, tid: int) -> sv.dto.RoundInfo:
    return sv.get_round(db, tid, 1)


def test_the_round_by_board_and_by_name(db: Database, tid: int, server: str) -> None:
    r = _round(db, tid)
    page = httpx.get(server + "/").text
    assert "Round 1 of 5" in page
    for b in r.boards:  # every board, in order, with both players
        assert re.search(rf'id="board-{b.number}".*?{re.escape(b.white_name)}.*?'
                         rf'{re.escape(b.black_name.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;"))}',
                         page, re.DOTALL)  # fmt: skip
    names = httpx.get(server + "/names").text
    order = [m for m in re.findall(r'<a href="/player/\d+">([^<]+)</a>', names)]
    assert order == sorted(order, key=str.casefold) and len(order) == len(NAMES)


def test_free_text_is_escaped_everywhere(db: Database, tid: int, server: str) -> None:
    number = next(p.number for p in sv.list_players(db, tid) if p.name.startswith("<b>"))
    for path in ("/", "/names", "/standings", f"/player/{number}", "/screen"):
        page = httpx.get(server + path).text
        assert "<b>Jon</b>" not in page, path
        assert "&lt;b&gt;Jon&lt;/b&gt; &amp; Kim" in page, path


def test_pages_are_local_and_guarded(server: str) -> None:
    response = httpx.get(server + "/")
    assert "default-src 'self'" in response.headers["content-security-policy"]
    assert response.headers["x-content-type-options"] == "nosniff"
    assert not re.search(r'(src|href)="(https?:)?//', response.text)  # no outside asset (no CDN)
    for asset in re.findall(r'(?:src|href)="(/static/[^"]+)"', response.text):
        assert httpx.get(server + asset).status_code == 200
    assert httpx.get(server + "/static/../services/hall.py").status_code == 404
    assert httpx.get(server + "/hall.db").status_code == 404


def test_a_draft_is_not_shown(db: Database, tid: int, server: str) -> None:
    sv.enter_results(db, tid, 1, [(b.number, "1-0") for b in _round(db, tid).boards])
    sv.pair_next_round(db, tid)  # round 2: a draft
    page = httpx.get(server + "/").text
    assert "Round 1 of 5" in page and "Round 2" not in page


def test_standings_with_the_tie_break_legend(db: Database, tid: int, server: str) -> None:
    before = httpx.get(server + "/standings").text
    assert "Tie-breaks are shown once a round has every result" in before
    sv.enter_results(db, tid, 1, [(b.number, "1-0") for b in _round(db, tid).boards])
    page = httpx.get(server + "/standings").text
    assert "Standings after round 1" in page
    rules, legend = sv.tournament_tiebreaks(db, tid)
    assert legend and f"Tie-breaks ({rules})" in page
    for entry in legend:
        assert f"<dt>{entry.code}</dt>" in page and entry.name in page
    winners = {b.white_name for b in _round(db, tid).boards}
    first_five = re.findall(r'<a href="/player/\d+">([^<]+)</a>', page)[:5]
    assert set(first_five) == winners


def test_a_players_card_and_why_this_pairing(db: Database, tid: int, server: str) -> None:
    board = _round(db, tid).boards[0]
    sv.enter_result(db, tid, 1, board.number, "1-0")
    card = httpx.get(server + f"/player/{board.white}").text
    assert f"white against {board.black_name}" in card
    assert re.search(r"<td>1</td><td>1</td><td>w</td>", card)  # round 1, board 1, white
    why = httpx.get(server + f"/player/{board.white}/why").text
    assert f"#{board.white} plays #{board.black} {board.black_name} on board {board.number} with white" in why
    assert f"#{board.white} does not float: he is paired against #{board.black}" in why
    assert httpx.get(server + "/player/99").status_code == 404


def test_the_hall_screen_pages(db: Database, tid: int, server: str) -> None:
    page = httpx.get(server + "/screen").text
    assert page.count('<section class="page">') == 2  # the boards, then the players by name
    assert "/static/screen.js" in page and 'data-seconds="12"' in page


def test_an_event_within_two_seconds_of_a_result(db: Database, tid: int, server: str) -> None:
    events: list[tuple[float, str]] = []
    with httpx.Client(timeout=10) as client, client.stream("GET", server + "/events") as stream:
        lines = stream.iter_lines()
        first = next(line for line in lines if line.startswith("data:"))
        sent = time.monotonic()
        threading.Thread(target=sv.enter_result, args=(db, tid, 1, 1, "1-0")).start()
        for line in lines:
            if line.startswith("data:") and line != first:
                events.append((time.monotonic() - sent, line))
                break
    assert events and events[0][0] < 2.0
    assert "1-0" in httpx.get(server + "/").text


def _deputy_form(server: str, token: str) -> tuple[str, httpx.Response]:
    page = httpx.get(f"{server}/deputy/{token}")
    found = re.search(r'name="csrf" value="([0-9a-f]+)"', page.text)
    return (found.group(1) if found else ""), page


def _post(server: str, token: str, csrf: str, board: int, result: str, **headers: str) -> httpx.Response:
    return httpx.post(f"{server}/deputy/{token}/result", data={"csrf": csrf, "round": "1", "board": str(board),
                      "result": result}, headers=headers, follow_redirects=True)  # fmt: skip


def test_a_deputy_enters_a_result_of_his_boards(db: Database, tid: int, server: str) -> None:
    new = dp.add_deputy(db, tid, "Ann Lee", (1, 2), 12)
    csrf, page = _deputy_form(server, new.token)
    assert page.status_code == 200 and page.text.count("<form") == 2
    done = _post(server, new.token, csrf, 1, "1/2", origin=server)
    assert "round 1 board 1: ½-½ entered" in done.text
    assert _round(db, tid).boards[0].result_text == "½-½"
    entry = next(e for e in sv.audit_log(db, tid) if e.action == "results")
    assert entry.arbiter == "Ann Lee (deputy)"
    refused = _post(server, new.token, csrf, 3, "1-0")
    assert refused.status_code == 403 and "board 3 is not yours (boards 1-2)" in refused.text
    assert _round(db, tid).boards[2].result is None
    assert dp.token_hash(new.token) != new.token
    assert db.path is not None
    stored = b"".join(f.read_bytes() for f in db.path.parent.glob(db.path.name + "*"))
    assert new.token.encode() not in stored and dp.token_hash(new.token).encode() in stored  # stored hashed only


def test_a_result_entered_by_someone_else_becomes_a_conflict(db: Database, tid: int, server: str) -> None:
    new = dp.add_deputy(db, tid, "Ann Lee", (1, 5), 12)
    csrf, _ = _deputy_form(server, new.token)
    sv.enter_result(db, tid, 1, 2, "0-1")  # the main desk first
    answer = _post(server, new.token, csrf, 2, "1-0")
    assert "0-1 was already entered by someone else" in answer.text
    assert _round(db, tid).boards[1].result_text == "0-1"  # never overwritten
    (conflict,) = dp.list_conflicts(db, tid)
    assert (conflict.deputy, conflict.board, conflict.result, conflict.previous) == ("Ann Lee", 2, "1-0", "0-1")
    # His own result he may correct; the same result again is no conflict.
    _post(server, new.token, csrf, 3, "1-0")
    assert "was already entered" in _post(server, new.token, csrf, 3, "1-0").text
    _post(server, new.token, csrf, 3, "0-1")
    assert _round(db, tid).boards[2].result_text == "0-1" and len(dp.list_conflicts(db, tid)) == 1
    dp.decide_conflict(db, tid, conflict.id, accept=True)
    assert _round(db, tid).boards[1].result_text == "1-0" and not dp.list_conflicts(db, tid)


def test_writes_need_the_token_and_the_csrf_field(db: Database, tid: int, server: str) -> None:
    new = dp.add_deputy(db, tid, "Ann Lee", (1, 5), 12)
    csrf, _ = _deputy_form(server, new.token)
    other = dp.add_deputy(db, tid, "Bo Ek", (1, 5), 12)
    assert _post(server, new.token, "", 1, "1-0").status_code == 403
    assert _post(server, new.token, csrf.replace(csrf[0], "0" if csrf[0] != "0" else "1"), 1, "1-0").status_code == 403
    assert _post(server, other.token, csrf, 1, "1-0").status_code == 403  # bound to his token
    assert _post(server, new.token, csrf, 1, "1-0", origin="http://evil.example").status_code == 403
    assert _post(server, "A" * 22, csrf, 1, "1-0").status_code == 403
    assert httpx.get(f"{server}/deputy/{'A' * 22}").status_code == 403
    assert all(b.result is None for b in _round(db, tid).boards)


def test_revoked_and_expired_links_stop_working(db: Database, tid: int, server: str) -> None:
    new = dp.add_deputy(db, tid, "Ann Lee", (1, 5), 12)
    csrf, _ = _deputy_form(server, new.token)
    dp.revoke_deputy(db, tid, "Ann Lee")
    refused = _post(server, new.token, csrf, 1, "1-0")
    assert refused.status_code == 403 and "revoked" in refused.text
    short = dp.add_deputy(db, tid, "Bo Ek", (1, 5), 1 / 3600)  # one second
    csrf, page = _deputy_form(server, short.token)
    assert page.status_code == 200
    time.sleep(1.2)
    expired = _post(server, short.token, csrf, 1, "1-0")
    assert expired.status_code == 403 and "expired" in expired.text
    assert all(b.result is None for b in _round(db, tid).boards)


def test_writes_are_limited_in_rate(db: Database, tid: int, server: str) -> None:
    from arbiter_app.hall.app import WRITES_PER_MINUTE

    new = dp.add_deputy(db, tid, "Ann Lee", (1, 5), 12)
    csrf, _ = _deputy_form(server, new.token)
    codes = [_post(server, new.token, csrf, 1, "1-0").status_code for _ in range(WRITES_PER_MINUTE + 1)]
    assert 429 not in codes[:WRITES_PER_MINUTE] and codes[-1] == 429


def test_a_deputy_enters_results_of_the_round_in_progress_only(db: Database, tid: int, server: str) -> None:
    """A correction once the next round is published is the main desk's (Level 3, C.04.2.D.8)."""
    new = dp.add_deputy(db, tid, "Ann Lee", (1, 5), 12)
    sv.enter_results(db, tid, 1, [(b.number, "1-0") for b in _round(db, tid).boards])
    sv.pair_next_round(db, tid)
    sv.publish_round(db, tid)
    with pytest.raises(dp.DeputyRefused, match="round 1 is not in progress"):
        dp.deputy_enter_result(db, tid, new.token, 1, 1, "0-1")
    assert _round(db, tid).boards[0].result_text == "1-0"
