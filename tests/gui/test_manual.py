"""The user manual (checklist Q11-Q14): shipped with the program, opened by Help > User manual and F1 at the
page of the view on screen, its links leading somewhere, and covering every menu entry and every command line
(so that it cannot fall behind the program without a test failing).  The interface speaks English (Q7-Q10)."""

from __future__ import annotations

import argparse
import ast
import fnmatch
import re
import tomllib
import unicodedata
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QUrl
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMenu

from arbiter_app.cli import arbiter, pairings, tiebreaks
from arbiter_app.gui.help_viewer import MANUAL_DIR, ManualWindow, anchor, pages, sections
from arbiter_app.gui.main_window import MainWindow

ROOT = Path(__file__).resolve().parents[2]
LINK = re.compile(r"\]\(([^)\s]*)\)")


def manual_text() -> str:
    return "\n".join((MANUAL_DIR / page).read_text(encoding="utf-8") for page in pages())


def plain(text: str) -> str:
    """A menu text as the manual writes it: no mnemonic ampersand, no ellipsis, "round n" for the round it names."""
    return re.sub(r"\bround \d+", "round n", text.replace("&", "").replace("…", "")).strip()


def menu_actions(menu: QMenu) -> list[QAction]:
    """Every action of ``menu`` and its submenus, separators and the list of recent files aside."""
    found = []
    for action in menu.actions():
        if action.isSeparator():
            continue
        found.append(action)
        sub = action.menu()
        if isinstance(sub, QMenu) and plain(action.text()) != "Open recent":
            found += menu_actions(sub)
    return found


def all_actions(window: MainWindow) -> list[QAction]:
    return [a for top in window.menuBar().actions() for a in [top, *menu_actions(top.menu())]]  # type: ignore[arg-type]


def shown_section(manual: ManualWindow) -> str:
    """The heading the manual's cursor stands on, provided it is on screen."""
    cursor = manual.browser.textCursor()
    assert manual.browser.viewport().rect().contains(manual.browser.cursorRect(cursor).topLeft())
    return cursor.block().text() if cursor.block().blockFormat().headingLevel() else ""


# --- F1 and Help > User manual ----------------------------------------------------------------------------------------


def test_f1_opens_the_manual_at_the_page_of_the_view_on_screen(window: MainWindow, qtbot: Any) -> None:
    qtbot.keyClick(window, Qt.Key.Key_F1)
    manual = window.manual
    assert manual is not None and manual.isVisible()
    assert (manual.page, shown_section(manual)) == ("getting-started.md", "The welcome page")
    window.open_example()
    for view, page, section in [
        (window.rounds_view, "rounds.md", ""),
        (window.standings_view, "standings.md", ""),
        (window.audit_view, "rounds.md", "The audit log"),
        (window.cards_view, "explain.md", "The pairing cards view"),
        (window.players_view, "players.md", ""),
    ]:
        window.show_view(view)
        window.activateWindow()
        qtbot.keyClick(window, Qt.Key.Key_F1)
        assert manual.page == page, view
        if section:
            assert shown_section(manual) == section
        else:
            assert manual.browser.verticalScrollBar().value() == 0
    assert window.manual is manual  # one manual window, brought forward
    window.manual_action.trigger()  # Help > User manual
    assert manual.page == "players.md" and window.manual_action.shortcut().toString() == "F1"


def test_the_explain_panel_moved_to_f2(window: MainWindow, qtbot: Any) -> None:
    window.open_example()
    qtbot.keyClick(window, Qt.Key.Key_F2)
    assert window.explain_dock.isVisible()


# --- the manual window ------------------------------------------------------------------------------------------------


def test_every_link_of_the_manual_leads_to_a_page_and_a_heading() -> None:
    anchors = {page: {s.anchor for s in sections(page)} for page in pages()}
    assert set(pages()) == {p.name for p in MANUAL_DIR.glob("*.md")}  # every page is in the contents
    links = 0
    for page in pages():
        for target in LINK.findall((MANUAL_DIR / page).read_text(encoding="utf-8")):
            name, _, fragment = target.partition("#")
            name = name or page
            assert name in anchors, (page, target)
            assert not fragment or fragment in anchors[name], (page, target)
            links += 1
    assert links > 60
    assert anchor("Overrides: changing a pairing by hand") == "overrides-changing-a-pairing-by-hand"


def test_links_contents_back_and_forward(qtbot: Any) -> None:
    manual = ManualWindow()
    qtbot.addWidget(manual)
    manual.show()
    assert manual.page == "index.md" and manual.contents.topLevelItemCount() == len(pages())
    manual.browser.anchorClicked.emit(QUrl("trf.md#what-the-import-adjusts"))
    assert (manual.page, shown_section(manual)) == ("trf.md", "What the import adjusts")
    manual.browser.anchorClicked.emit(QUrl("#exporting"))  # a link inside the page
    assert (manual.page, shown_section(manual)) == ("trf.md", "Exporting")
    rounds = manual.contents.topLevelItem(pages().index("rounds.md"))
    undo = next(rounds.child(k) for k in range(rounds.childCount()) if rounds.child(k).text(0) == "Undo")
    manual.contents.itemClicked.emit(undo, 0)
    assert (manual.page, shown_section(manual)) == ("rounds.md", "Undo")
    manual.back()
    assert (manual.page, shown_section(manual)) == ("trf.md", "Exporting")
    manual.back()
    manual.forward()
    assert manual.page == "trf.md" and manual.forward_button.isEnabled()
    manual.browser.anchorClicked.emit(QUrl("https://example.org/"))  # offline: nothing leaves the manual
    assert manual.page == "trf.md"


def test_search_lists_the_pages_and_highlights_the_word(qtbot: Any) -> None:
    manual = ManualWindow()
    qtbot.addWidget(manual)
    manual.search.setText("Berger numbers")
    manual.find_text()
    found = [manual.results.item(k).text() for k in range(manual.results.count())]
    assert "Round robins" in found and "Command lines" in found and "Standings and tie-breaks" not in found
    manual.results.itemClicked.emit(manual.results.item(found.index("Round robins")))
    assert manual.page == "round-robin.md"
    assert manual.browser.textCursor().selectedText() == "Berger numbers"
    manual.search.setText("no such words in it")
    manual.find_text()
    assert [manual.results.item(k).text() for k in range(manual.results.count())] == ["Not found"]


# --- the manual cannot fall behind --------------------------------------------------------------------------------------


def test_every_menu_entry_of_the_main_window_is_in_the_manual(window: MainWindow) -> None:
    text = plain(manual_text())
    actions = all_actions(window)
    assert len(actions) > 45
    missing = [plain(a.text()) for a in actions if plain(a.text()) not in text]
    assert not missing
    menus = plain(Path(MANUAL_DIR / "menus.md").read_text(encoding="utf-8"))
    for action in actions:
        key = action.shortcut().toString()
        if key and action.menu() is None:
            assert f"| {plain(action.text())} | {key} |" in menus, (action.text(), key)


def subcommands(parser: argparse.ArgumentParser, prefix: str) -> list[str]:
    """``prefix name`` for every subcommand of ``parser``, nested ones too."""
    found = []
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                found.append(f"{prefix} {name}")
                found += subcommands(sub, f"{prefix} {name}")
    return found


def options(parser: argparse.ArgumentParser) -> list[str]:
    return [o for a in parser._actions for o in a.option_strings if o not in ("-h", "--help")]


def test_every_command_line_is_in_the_manual() -> None:
    text = (MANUAL_DIR / "command-line.md").read_text(encoding="utf-8")
    commands = subcommands(arbiter._parser(), "arbiter")
    assert len(commands) > 30 and "arbiter players import-csv" in commands
    assert not [c for c in commands if f"`{c}" not in text]
    for option in options(pairings._parser()) + sorted(pairings.EXPLAIN_OPTIONS) + ["--berger"]:
        assert f"{option}" in text, option
    for option in options(tiebreaks._parser()):
        assert option in text, option
    for key in re.findall(r"^  ([A-Z]\w+)", pairings.GENERATOR_HELP, re.MULTILINE):
        assert f"`{key}" in text, key


def test_the_manual_ships_inside_the_package_and_the_bundle() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    patterns = config["tool"]["setuptools"]["package-data"]["arbiter_app"]
    shipped = [p.relative_to(ROOT / "arbiter_app").as_posix() for p in MANUAL_DIR.iterdir()]
    assert shipped and all(any(fnmatch.fnmatch(name, pattern) for pattern in patterns) for name in shipped)
    spec = (ROOT / "installer" / "arbiter_app.spec").read_text(encoding="utf-8")
    assert 'data_entries(PACKAGE / "manual", "arbiter_app/manual")' in spec
    assert MANUAL_DIR == ROOT / "arbiter_app" / "manual"  # read from the package, where both put it


# --- English (Q7-Q10) ---------------------------------------------------------------------------------------------------


def foreign_letters(text: str) -> list[str]:
    """Letters outside ASCII (symbols such as ½, …, ▶ are not letters)."""
    return [c for c in text if ord(c) > 127 and unicodedata.category(c).startswith("L")]


def test_the_interface_speaks_english_only(window: MainWindow) -> None:
    """Every text the program writes is in its source as a literal: none holds a letter outside English's
    alphabet, so no message, dialog title, tooltip or help text is in another language.  Names and places come
    from the data."""
    for folder in ("gui", "cli", "services", "reports"):
        for path in sorted((ROOT / "arbiter_app" / folder).glob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if isinstance(node, ast.Constant) and isinstance(node.value, str):
                    assert not foreign_letters(node.value), (path.name, node.lineno, node.value)
    window.open_example()
    shown = [window.windowTitle(), *(window.tabs.tabText(k) for k in range(window.tabs.count()))]
    shown += [t for a in all_actions(window) for t in (a.text(), a.toolTip(), a.statusTip())]
    assert not [t for t in shown if foreign_letters(t)]
    assert not foreign_letters(manual_text())
