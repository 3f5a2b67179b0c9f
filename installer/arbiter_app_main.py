"""The bundled executable's entry point: ``arbiter-app`` (PyInstaller analyses the imports from here)."""

import sys

from arbiter_app.app import main

if __name__ == "__main__":
    sys.exit(main())
