"""The result field's keys for a played game scored ½-0, 0-½ or 0-0 (checklist Q180), next to 1 0 = + -."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt

from arbiter_app.gui.result_entry import KEY_WORDS, RESULT_KEYS, ResultEntry
from arbiter_app.services import parse_result


@pytest.mark.parametrize(
    ("key", "stored"),
    [("1", "1-0"), ("0", "0-1"), ("=", "1/2-1/2"), ("w", "1/2-0"), ("b", "0-1/2"), ("x", "0-0"), ("W", "1/2-0")],
)
def test_board_enter_key_gives_the_result(qtbot: Any, key: str, stored: str) -> None:
    entry = ResultEntry()
    qtbot.addWidget(entry)
    typed: list[tuple[int, str]] = []
    entry.result_typed.connect(lambda board, result: typed.append((board, result)))
    qtbot.keyClicks(entry, "7")
    qtbot.keyClick(entry, Qt.Key.Key_Return)
    qtbot.keyClicks(entry, key)
    assert len(typed) == 1 and typed[0][0] == 7
    result, forfeit = parse_result(typed[0][1])
    assert (result.value, forfeit) == (stored, False)
    assert entry.board is None and entry.text() == ""


def test_letters_do_not_end_a_board_number(qtbot: Any) -> None:
    entry = ResultEntry()
    qtbot.addWidget(entry)
    typed: list[tuple[int, str]] = []
    entry.result_typed.connect(lambda board, result: typed.append((board, result)))
    qtbot.keyClicks(entry, "1x2")  # a letter typed into the number is ignored: board 12, no result yet
    assert not typed and entry.text() == "12"


def test_the_hint_names_every_key() -> None:
    for key, result in RESULT_KEYS.items():
        shown = {"1/2": "½-½", "+-": "+/−", "-+": "−/+"}.get(result, result.replace("1/2", "½"))
        assert f"{key.replace('-', '−')} = {shown}" in KEY_WORDS, key
