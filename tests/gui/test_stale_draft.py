"""Publish in the window never publishes a draft paired before a result it reads changed (issue 29, D1): it says
what changed and offers to pair the round again."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from arbiter_app import services as sv
from arbiter_app.gui.main_window import MainWindow
from arbiter_app.persistence import open_database
from arbiter_app.trf import parse_trf
from tests.services.conftest import HANDMADE, SEVEN


def test_publish_names_the_change_and_pairs_the_draft_again(
    window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "seven.db"
    db = open_database(path, create=True)
    try:  # round 3 published with its results, round 4 a draft
        tid = sv.import_trf(db, parse_trf(SEVEN, source="seven.trf"), confirmed=HANDMADE).tournament.id
        sv.pair_next_round(db, tid)
        sv.publish_round(db, tid)
        sv.enter_results(db, tid, 3, [(1, "1-0"), (2, "0-1"), (3, "1/2")])
        sv.pair_next_round(db, tid)
    finally:
        db.dispose()
    assert window.open_file(path)
    context = window.context
    assert context is not None
    view = window.rounds_view
    context.call(sv.enter_result, 3, 1, "0-1")
    view.show_round(4)
    answers = [QMessageBox.StandardButton.Yes, QMessageBox.StandardButton.No]  # publish? yes; pair again? no
    asked: list[str] = []

    def question(parent: object, title: str, text: str, *args: object) -> QMessageBox.StandardButton:
        asked.append(text)
        return answers.pop(0)

    monkeypatch.setattr(QMessageBox, "question", staticmethod(question))
    view.round_actions.publish.trigger()
    stale = [text for text in asked if "was paired before" in text]
    assert stale and "round 4 was paired before the results or colours of round 3 changed" in stale[0]
    assert "Pair round 4 again now?" in stale[0]
    assert context.read(sv.get_round, 4).state == "draft"  # not published
    assert "not published: pair it again first" in view.feedback.text()
    answers[:] = [QMessageBox.StandardButton.Yes] * 3
    view.round_actions.publish.trigger()  # Yes: paired again (still a draft, to be checked)
    assert context.read(sv.get_round, 4).state == "draft"
    assert "paired as a draft" in view.feedback.text()
    view.round_actions.publish.trigger()
    assert context.read(sv.get_round, 4).state == "published"
