"""A real browser on the hall's pages (issue 31): Debian's Chromium driven by Selenium loads the players'
page at 360 px, searches a name as it is typed, sees a result appear without reloading, and a deputy enters a
result from his page; screenshots at 360 px and 1920 px."""

from __future__ import annotations

import threading
from pathlib import Path
from typing import Any

import pytest

from arbiter_app import services as sv
from arbiter_app.persistence import Database
from arbiter_app.services import deputies as dp

from .browser import chromium, missing

if (_reason := missing()) is not None:
    pytest.skip(_reason, allow_module_level=True)

from selenium.common.exceptions import StaleElementReferenceException
from selenium.webdriver.common.by import By
from selenium.webdriver.support.ui import Select, WebDriverWait


@pytest.fixture
def phone(tmp_path: Path) -> Any:
    driver = chromium(tmp_path / "profile", 360, 780)
    yield driver
    driver.quit()


def visible_rows(driver: Any) -> list[str]:
    """The rows shown, read in one script: the page replaces its rows when a result comes, so elements found one
    call earlier may be gone (a stale element)."""
    rows: list[str] = driver.execute_script(
        "return [...document.querySelectorAll('tr[data-search]')]"
        ".filter(r => r.getClientRects().length > 0).map(r => r.dataset.search)"
    )
    return rows


def wait(driver: Any, seconds: float = 5) -> WebDriverWait:
    """A wait that looks again when the element it read was replaced meanwhile."""
    return WebDriverWait(driver, seconds, ignored_exceptions=(StaleElementReferenceException,))


def test_a_phone_searches_sees_a_result_come_and_a_deputy_enters_one(
    db: Database, tid: int, server: str, phone: Any, tmp_path: Path
) -> None:
    r = sv.get_round(db, tid, 1)
    phone.get(server + "/")
    assert phone.execute_script("return document.documentElement.scrollWidth") <= 360  # nothing wider than a phone
    board = r.boards[2]
    search = phone.find_element(By.ID, "search")
    search.send_keys(board.black_name.split()[0][:4])
    wait(phone).until(lambda d: len(visible_rows(d)) == 1)
    assert board.black_name.lower() in visible_rows(phone)[0]
    phone.save_screenshot(str(tmp_path / "hall-360.png"))

    phone.execute_script("window.notReloaded = true")
    threading.Thread(target=sv.enter_result, args=(db, tid, 1, board.number, "0-1")).start()
    cell = f"td.res[data-board='{board.number}']"
    wait(phone).until(lambda d: d.find_element(By.CSS_SELECTOR, cell).text == "0-1")
    assert phone.execute_script("return window.notReloaded") is True  # the page was not reloaded
    assert len(visible_rows(phone)) == 1  # and the search still holds

    new = dp.add_deputy(db, tid, "Ann Lee", (1, 2), 12)
    phone.get(f"{server}/deputy/{new.token}")
    form = phone.find_element(By.CSS_SELECTOR, "#board-2 form")
    Select(form.find_element(By.NAME, "result")).select_by_value("1/2")
    form.find_element(By.TAG_NAME, "button").click()
    wait(phone).until(lambda d: "round 1 board 2: ½-½ entered" in d.find_element(By.TAG_NAME, "main").text)
    assert sv.get_round(db, tid, 1).boards[1].result_text == "½-½"
    entered = {e.summary: e.arbiter for e in sv.audit_log(db, tid) if e.action == "results"}
    assert entered == {
        f"round 1: board {board.number} 0-1": "Chief Arbiter",
        "round 1: board 2 ½-½": "Ann Lee (deputy)",
    }


def test_the_hall_screen_at_1920_pages_by_itself(db: Database, tid: int, server: str, tmp_path: Path) -> None:
    driver = chromium(tmp_path / "profile", 1920, 1080)
    try:
        driver.get(server + "/screen")
        wait(driver).until(lambda d: d.find_element(By.TAG_NAME, "body").get_attribute("data-page"))
        assert driver.find_element(By.TAG_NAME, "body").get_attribute("data-page") == "1/2"
        pages = driver.find_elements(By.CSS_SELECTOR, "section.page")
        assert [p.is_displayed() for p in pages] == [True, False]
        driver.execute_script("document.dispatchEvent(new Event('hall:refreshed'))")  # shown again, not turned
        driver.save_screenshot(str(tmp_path / "screen-1920.png"))
        assert (tmp_path / "screen-1920.png").stat().st_size > 5000
    finally:
        driver.quit()
