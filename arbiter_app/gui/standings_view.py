"""Standings after a round: score, then the tie-breaks the tournament uses (``arbiter_app.standings``)."""

from __future__ import annotations

from PySide6.QtWidgets import QAbstractItemView, QComboBox, QHBoxLayout, QLabel, QTableView, QVBoxLayout, QWidget

from arbiter_app import services as sv
from arbiter_app import standings as tb
from arbiter_app.gui.rounds_model import points_text
from arbiter_app.gui.standings_model import StandingColumn, StandingLine, StandingsModel
from arbiter_app.gui.view_base import ContextView, blocked, button_row, fit_width, heading, tune_table, widen
from arbiter_app.services.dto import RoundInfo
from arbiter_app.standings.reports import format_points

class StandingsView(ContextView):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.model = StandingsModel(self)
        self.table = QTableView()
        self.table.setObjectName("standingsTable")
        self.table.setModel(self.model)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        tune_table(self.table, scale=1.1, stretch_last=False)
        self.after = QComboBox()
        self.after.setMinimumContentsLength(26)
        self.after.currentIndexChanged.connect(self._on_after_changed)
        self.note = QLabel()
        self.note.setStyleSheet("color: palette(mid);")
        self.note.setWordWrap(True)
        layout = QVBoxLayout(self)
        layout.addLayout(button_row(heading("Standings"), QLabel("after"), self.after))
        table_row = QHBoxLayout()
        table_row.addWidget(self.table, 1)
        table_row.addStretch(0)
        layout.addLayout(table_row, 1)
        layout.addWidget(self.note)

    def refresh(self) -> None:
        if self.context is None:
            self.model.set_lines([], (), {})
            return
        rounds = self.context.read(sv.list_rounds)
        published = [r for r in rounds if r.state != "draft"]
        wanted = self.after.currentData()
        with blocked(self.after):
            self.after.clear()
            self.after.addItem("registration", 0)
            for r in published:
                self.after.addItem(
                    f"round {r.number}" + (" (results coming in)" if r.state != "completed" else ""), r.number
                )
            index = self.after.findData(wanted) if wanted is not None else -1
            if index < 0:  # the last round with every result in (its tie-breaks), else the last one
                index = self.after.findData(sv.last_complete(rounds)) if sv.last_complete(rounds) else self.after.count() - 1
            self.after.setCurrentIndex(index)
        self.show_after(self.after.currentData(), rounds)

    def show_after(self, after: int, rounds: tuple[RoundInfo, ...] | None = None) -> None:
        if self.context is None:
            return
        rounds = rounds if rounds is not None else self.context.read(sv.list_rounds)
        codes = sv.tiebreak_codes(self.context.tournament.tie_breaks)
        complete = sv.last_complete(rounds)
        names = {c: tb.ARBITERS_MANUAL.tiebreaks[c].name for c in codes}
        if 0 < after <= complete:
            table = self.context.read(sv.ranked_standings, after)
            lines = [
                StandingLine(
                    r.place_label,
                    r.number,
                    r.name,
                    r.rating,
                    format_points(r.score),
                    tuple(format_points(v) for v in r.tiebreaks),
                    r.by_lot,
                )
                for r in table.rows
            ]
            self.note.setText(
                f"Tie-breaks ({tb.ARBITERS_MANUAL.name}): "
                + "; ".join(f"{c} = {names[c]}" for c in codes)
                + ". Equal on everything: shared place."
            )
            self.model.set_lines(lines, codes, names)
        else:
            rows = self.context.read(sv.standings, after_round=after)
            lines = [StandingLine(str(r.rank), r.number, r.name, r.rating, points_text(r.points)) for r in rows]
            codes = ()
            self.model.set_lines(lines, (), {})
            if after == 0:
                self.note.setText("Before round 1: players in pairing-number order.")
            else:
                self.note.setText(
                    f"Round {after} still lacks results: score and pairing number only; "
                    "the tie-breaks come when every result is in."
                )
        widen(self.table, {StandingColumn.NAME: 260, **{len(StandingColumn) + k: 56 for k in range(len(codes))}})
        fit_width(self.table)

    def _on_after_changed(self, index: int) -> None:
        if index >= 0:
            self.show_after(self.after.itemData(index))
