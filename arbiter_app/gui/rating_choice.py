"""A player the tournament's main rating list does not hold: the ratings of the other lists, one to pick
(checklist Q128-Q129)."""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtWidgets import QDialog, QDialogButtonBox, QLabel, QListWidget, QVBoxLayout, QWidget

from arbiter_app.services.rating_lists import ListedRating


class RatingChoiceDialog(QDialog):
    """The ratings of the other lists for a player the main list does not hold: pick one, or none."""

    def __init__(self, name: str, ratings: Sequence[ListedRating], parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Rating from another list")
        self._ratings = tuple(ratings)
        self.list = QListWidget()
        for r in self._ratings:
            self.list.addItem(f"{r.source}: {r.rating}" + ("  (national rating)" if r.national else ""))
        self.list.addItem("none: enter the rating by hand")
        self.list.setCurrentRow(0)
        self.list.itemDoubleClicked.connect(lambda _item: self.accept())
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Use")
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(QLabel(f"{name} is not in the tournament's main list. The other lists give:"))
        layout.addWidget(self.list)
        layout.addWidget(buttons)

    @property
    def chosen(self) -> ListedRating | None:
        row = self.list.currentRow()
        return self._ratings[row] if 0 <= row < len(self._ratings) else None
