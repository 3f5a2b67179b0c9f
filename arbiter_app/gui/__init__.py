"""The arbiter's desk: a PySide6 shell over :mod:`arbiter_app.services`.

Widgets show and collect; services decide.  Nothing here runs SQL or pairing
logic: every change goes through one service call, every view reads DTOs.

    from arbiter_app.gui.main_window import MainWindow
    window = MainWindow(); window.open_file(path); window.show()
"""
