"""Reports from the GUI: the Reports menu's dialog previews a report, prints it and saves it."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtPrintSupport import QPrintDialog, QPrinter
from PySide6.QtWidgets import QDialogButtonBox

from arbiter_app.gui.main_window import MainWindow
from arbiter_app.gui.report_dialog import TITLES, ReportDialog, report_rounds
from tests.gui.conftest import on_modal
from tests.pdf_tools import all_text

pdf_text = all_text


def pdf_printer(path: Path, dialog: ReportDialog) -> QPrinter:
    printer = dialog.new_printer()
    printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
    printer.setOutputFileName(str(path))
    return printer


@pytest.mark.parametrize("kind", [kind for kind in TITLES if kind != "rounds"])
def test_every_report_is_previewed_for_the_rounds_it_can_show(window: MainWindow, kind: str) -> None:
    window.open_example()  # the Arbiters' Manual tournament: nine rounds, every result in
    assert window.context is not None
    dialog = ReportDialog(window.context, kind, window)
    assert [number for _, number in report_rounds(window.context, kind)] == list(range(9, 0, -1))
    text = dialog.preview.toPlainText()
    heading = {
        "standings": "Standings after round 9",
        "crosstable": "Crosstable after round 9",
        "wallchart": "Wall chart after round 9",
        "cards": "Pairing cards after round 9",
        "pairings": "Pairings of round 9",
        "results": "Results of round 9",
    }[kind]
    assert heading in text and dialog.print_button.isEnabled()
    dialog.round_box.setCurrentIndex(dialog.round_box.findData(3))
    assert heading.replace("9", "3") in dialog.preview.toPlainText()


def test_the_table_of_all_rounds(window: MainWindow) -> None:
    """All rounds: one view, every round paired (a round robin adds its rounds to come, tests/gui/test_round_robin.py)."""
    window.open_example()
    assert window.context is not None
    dialog = ReportDialog(window.context, "rounds", window)
    assert report_rounds(window.context, "rounds") == [("every round", 0)]
    text = dialog.preview.toPlainText()
    assert "All rounds" in text and "Round 1" in text and dialog.print_button.isEnabled()
    assert "Round 9" in dialog.html and "to come" not in dialog.html  # the whole report; the preview in parts


def test_printing_lays_the_report_out_on_the_printer(window: MainWindow, tmp_path: Path) -> None:
    window.open_example()
    assert window.context is not None
    dialog = ReportDialog(window.context, "wallchart", window)
    target = tmp_path / "printed.pdf"
    pages = dialog.print_to(pdf_printer(target, dialog))
    text = pdf_text(target)
    assert pages >= 1 and f"page 1 of {pages}" in text and "Wall chart after round 9" in text
    for name in ("Alice", "Leonard"):
        assert name in text


def test_the_print_dialog_prints_what_it_was_given(window: MainWindow, tmp_path: Path, qtbot: Any) -> None:
    """Reports menu, then Print…: the print dialog opens on an A4 printer turned as the report's width asks
    (the manual's standings fit portrait); accepted, it prints."""
    window.open_example()
    target = tmp_path / "from-dialog.pdf"

    def in_print_dialog(print_dialog: QPrintDialog) -> None:
        printer = print_dialog.printer()
        assert printer.pageLayout().orientation().name == "Portrait"
        printer.setOutputFormat(QPrinter.OutputFormat.PdfFormat)
        printer.setOutputFileName(str(target))
        print_dialog.done(QPrintDialog.DialogCode.Accepted)

    def in_report_dialog(dialog: ReportDialog) -> None:
        on_modal(QPrintDialog, in_print_dialog)
        dialog.print_report()
        dialog.reject()

    seen = on_modal(ReportDialog, in_report_dialog)
    standings = next(a for a in window.report_actions if a.text().startswith("Standings"))
    standings.trigger()
    assert seen and target.exists()
    assert "Standings after round 9" in pdf_text(target)


def test_saving_writes_pdf_and_html(window: MainWindow, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from PySide6.QtWidgets import QFileDialog

    window.open_example()
    assert window.context is not None
    dialog = ReportDialog(window.context, "cards", window)
    chosen = iter([str(tmp_path / "cards"), str(tmp_path / "cards.html")])
    monkeypatch.setattr(QFileDialog, "getSaveFileName", staticmethod(lambda *a, **k: (next(chosen), "")))
    dialog.save_as(".pdf")
    pdf = dialog.saved
    # issue 28: saving says where the file went
    assert dialog.status.text() == f"Saved as PDF: {tmp_path / 'cards.pdf'}"
    dialog.save_as(".html")
    html = dialog.saved
    assert dialog.status.text() == f"Saved as HTML: {tmp_path / 'cards.html'}"
    assert pdf == tmp_path / "cards.pdf" and pdf.read_bytes().startswith(b"%PDF")
    assert html is not None and "Pairing cards after round 9" in html.read_text(encoding="utf-8")


def test_a_long_report_is_previewed_in_parts(window: MainWindow) -> None:
    """Issue 28: the preview lays out a part of the report at a time; printing and saving take it whole."""
    window.open_example()
    assert window.context is not None
    dialog = ReportDialog(window.context, "cards", window)
    assert not dialog.is_loading and dialog.html
    whole = dialog.html
    from arbiter_app.reports.html import document_parts

    parts = document_parts(whole, 30)
    assert len(parts) > 2
    # every player's card is in exactly one part, and every part opens with the report's header
    for number in range(1, 13):
        assert sum(f'<th class="card" colspan="6">{number} ' in part for part in parts) == 1
    assert all("<header>" in part for part in parts)
    # the dialog previews the same parts, one at a time
    assert len(dialog.parts) > 1 and dialog.part_box.count() == len(dialog.parts)
    assert "part 1 of" in dialog.part_box.currentText()
    dialog.part_box.setCurrentIndex(len(dialog.parts) - 1)
    assert "12 " in dialog.preview.toPlainText()


def test_a_preview_part_holds_at_most_its_table_lines(window: MainWindow) -> None:
    """Issue 28: a part the preview lays out on the window's thread holds at most PREVIEW_LINES (20) lines of the
    table, the table's heading repeated in each; together the parts hold every line of the report once."""
    from arbiter_app.reports import PREVIEW_LINES, report_preview

    window.open_example()
    ctx = window.context
    assert ctx is not None and PREVIEW_LINES == 20
    dialog = ReportDialog(ctx, "pairings", window)
    assert not dialog.is_loading and dialog.html
    preview = report_preview(ctx.db, ctx.tournament_id, "pairings", dialog.round_number, 4)
    assert preview.html == dialog.html and len(preview.parts) > 1

    def rows(text: str) -> int:
        return text.count("<tr") - text.count("<thead><tr")

    assert max(rows(part) for part in preview.parts) <= 4
    assert sum(rows(part) for part in preview.parts) == rows(preview.html) > 4
    assert all(part.count("<thead><tr") == 1 for part in preview.parts)


def test_tournament_settings_are_edited_and_refused_with_a_reason(window: MainWindow) -> None:
    """Edit → Tournament settings: federation, time control and round dates saved; a bad date keeps the dialog open."""
    from arbiter_app import services as sv
    from arbiter_app.gui.tournament_dialog import SettingsDialog

    window.open_example()
    assert window.context is not None

    def refused(d: SettingsDialog) -> None:
        d.round_dates.setText("2026-07-01, 1st of July")
        d.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Save).click()
        assert d.isVisible() and "'1st of July' is not a date" in d.errors.text()
        d.federation.setText("NOR")
        d.time_control.setText("90 min + 30 s/move")
        d.round_dates.setText("2026-07-01, 2026-07-02")
        d.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Save).click()

    seen = on_modal(SettingsDialog, refused)
    window.settings_action.trigger()
    assert seen
    t = window.context.read(sv.get_tournament)
    assert (t.federation, t.time_control, len(t.round_dates)) == ("NOR", "90 min + 30 s/move", 2)
    assert window.context.tournament.federation == "NOR"  # the views see the change


def test_no_two_actions_share_a_shortcut(window: MainWindow) -> None:
    """An ambiguous shortcut fires neither action: every shortcut of the menus is unique."""
    from PySide6.QtGui import QAction

    shortcuts = [a.shortcut().toString() for a in window.findChildren(QAction) if not a.shortcut().isEmpty()]
    assert shortcuts and len(shortcuts) == len(set(shortcuts)), sorted(shortcuts)


def test_the_pairing_rules_are_shown_and_changed_with_confirmation(window: MainWindow, boxes: Any) -> None:
    """The window names the edition the tournament is paired by.  Once rounds are paired the pairing system is frozen
    (checklist Q93): in FIDE mode the change is refused (Level 5); outside it the two-step Level-4 dialog asks, and
    a 'No' at its second step leaves the edition as it was."""
    from arbiter_app import services as sv
    from arbiter_app.gui.tournament_dialog import SettingsDialog
    from arbiter_app.gui.warning_dialogs import RefusedDialog, TwoStepDialog

    window.open_example()  # the manual's example: Baku 2016, nine rounds paired
    assert window.context is not None
    assert "Baku 2016 rules" in window.windowTitle()
    window.rounds_view.show_round(9)
    assert window.rounds_view.state_label.text().endswith("paired by the Baku 2016 rules")

    def change(d: SettingsDialog) -> None:
        d.edition.setCurrentIndex(d.edition.findData("fide-2026"))
        d.findChild(QDialogButtonBox).button(QDialogButtonBox.StandardButton.Save).click()

    refusals = on_modal(RefusedDialog, lambda d: d.accept())
    seen = on_modal(SettingsDialog, change)
    window.settings_action.trigger()
    assert seen and refusals and refusals[0].notice.rule == "checklist Q93"
    assert window.context.read(sv.get_tournament).edition == "baku-2016"

    window.context.call(sv.leave_fide_mode, confirmed=sv.Level.DOUBLE)

    def step_two_no(d: TwoStepDialog) -> None:
        assert "Rounds 1-9 were paired by the Baku 2016 rules and stay as paired" in d.consequences.text()
        d.understood.setChecked(True)
        d.continue_.click()
        d.no.click()

    asked = on_modal(TwoStepDialog, step_two_no)
    seen = on_modal(SettingsDialog, change)
    window.settings_action.trigger()
    assert seen and asked
    assert window.context.read(sv.get_tournament).edition == "baku-2016"

    def both_steps(d: TwoStepDialog) -> None:
        d.understood.setChecked(True)
        d.continue_.click()
        d.yes.click()

    asked = on_modal(TwoStepDialog, both_steps)
    seen = on_modal(SettingsDialog, change)
    window.settings_action.trigger()
    assert seen and asked and window.context.read(sv.get_tournament).edition == "fide-2026"
    assert window.context.tournament.edition == "fide-2026"
    assert any(e.action == "change edition" for e in window.context.read(sv.audit_log))


def test_a_report_closed_before_it_is_ready_is_left_alone(threaded_window: MainWindow, qtbot: Any) -> None:
    """The report is made off the window's thread: a dialog closed (and deleted) before it comes is not touched."""
    window = threaded_window
    window.open_example()
    assert window.context is not None
    qtbot.waitUntil(lambda: not window.context.reader.is_busy, timeout=60000)
    dialog = ReportDialog(window.context, "cards", window)
    assert dialog.is_loading
    dialog.close()
    dialog.deleteLater()
    qtbot.waitUntil(lambda: not window.context.reader.is_busy, timeout=60000)  # the answer came: nothing raised
