"""The bundled executable's entry point: ``arbiter-app`` (PyInstaller analyses the imports from here).

``arbiter-app pairings ...`` and ``arbiter-app tiebreaks ...`` run the command lines ``arbiter-pairings``
(pair, check ``-c``, generate ``-g``) and ``arbiter-tiebreaks`` from the bundle, without loading the GUI.
"""

import sys

COMMANDS = ("pairings", "tiebreaks")


def run() -> int:
    if len(sys.argv) > 1 and sys.argv[1] in COMMANDS:
        command, arguments = sys.argv[1], sys.argv[2:]
        if command == "pairings":
            from arbiter_app.cli import pairings

            return pairings.main(arguments)
        from arbiter_app.cli import tiebreaks

        return tiebreaks.main(arguments)
    from arbiter_app.app import main

    return main()


if __name__ == "__main__":
    sys.exit(run())
