"""The hall's pages in Debian's Chromium, to PNG files under ``resources/screenshots/``.

    python tests/hall/screenshots.py [OUT_DIR]

Not a test (pytest does not collect it): the pictures are for the README and the manual.  A phone (360 px):
the round by board (``hall-360.png``), the standings (``hall-standings-360.png``), a player's "why this
pairing?" (``hall-why-360.png``), a deputy's page (``hall-deputy-360.png``); a hall screen (1920 px,
``hall-screen-1920.png``) and the round on a desk's screen (``hall-1920.png``).  The tournament is the
Arbiters' Manual example after round 4, round 5 published with three results in.
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from arbiter_app import services as sv
from arbiter_app.hall.server import HallServer
from arbiter_app.persistence import open_database
from arbiter_app.services import deputies as dp
from tests.gui.screenshots import build_tournament
from tests.hall.browser import chromium, missing


def main(out: Path) -> None:
    reason = missing()
    if reason is not None:
        raise SystemExit(reason)
    out.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "hall.db"
        build_tournament(path)
        db = open_database(path)
        tid = sv.only_tournament(db, None).id
        token = dp.add_deputy(db, tid, "Ann Lee", (1, 6), 12).token
        shots = [
            (360, 780, "/", "hall-360.png"),
            (360, 780, "/standings", "hall-standings-360.png"),
            (360, 780, "/player/4/why", "hall-why-360.png"),
            (360, 780, f"/deputy/{token}", "hall-deputy-360.png"),
            (1920, 1080, "/screen", "hall-screen-1920.png"),
            (1920, 1080, "/", "hall-1920.png"),
        ]
        with HallServer(db, tid) as server:
            for width, height, page, name in shots:
                driver = chromium(Path(folder) / f"profile-{name}", width, height)
                try:
                    driver.get(server.url + page)
                    driver.save_screenshot(str(out / name))
                finally:
                    driver.quit()
                print(out / name)
        db.dispose()


if __name__ == "__main__":
    main(Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "resources" / "screenshots")
