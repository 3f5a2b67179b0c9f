"""The bundled executable's entry point: ``arbiter-app`` (PyInstaller analyses the imports from here).

``arbiter-app pairings ...``, ``arbiter-app tiebreaks ...`` and ``arbiter-app arbiter ...`` run the command lines
``arbiter-pairings`` (pair, check ``-c``, generate ``-g``), ``arbiter-tiebreaks`` and ``arbiter`` (among them
``arbiter serve``, the hall network's server, which View > Hall network starts) from the bundle, without loading
the GUI.
"""

import sys

COMMANDS = ("pairings", "tiebreaks", "arbiter")


def run() -> int:
    if len(sys.argv) > 1 and sys.argv[1] in COMMANDS:
        command, arguments = sys.argv[1], sys.argv[2:]
        if command == "pairings":
            from arbiter_app.cli import pairings

            return pairings.main(arguments)
        if command == "arbiter":
            from arbiter_app.cli import arbiter

            return arbiter.main(arguments)
        from arbiter_app.cli import tiebreaks

        return tiebreaks.main(arguments)
    from arbiter_app.app import main

    return main()


if __name__ == "__main__":
    sys.exit(run())
