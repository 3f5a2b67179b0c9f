"""Debian's Chromium driven by Selenium through Debian's chromedriver (packages ``chromium`` and
``chromium-driver``): headless, with a fresh profile, nothing fetched from outside."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

CHROMIUM = "/usr/bin/chromium"
CHROMEDRIVER = "/usr/bin/chromedriver"


def missing() -> str | None:
    """Why no browser test can run here (naming the Debian packages), or None."""
    lacking = [package for package, binary in (("chromium", CHROMIUM), ("chromium-driver", CHROMEDRIVER))
               if not (Path(binary).exists() or shutil.which(Path(binary).name))]  # fmt: skip
    if lacking:
        return "needs Debian's " + " and ".join(lacking) + " (apt-get install chromium chromium-driver)"
    try:
        import selenium  # noqa: F401
    except ImportError:
        return "needs the Python package selenium (pip install selenium)"
    return None


def chromium(profile: Path, width: int, height: int) -> Any:
    """A headless Chromium with a fresh profile in ``profile``, its window ``width`` x ``height``."""
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM if Path(CHROMIUM).exists() else str(shutil.which("chromium"))
    for argument in ("--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
                     "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-dev-shm-usage",
                     f"--user-data-dir={profile}", f"--window-size={width},{height}", "--hide-scrollbars"):  # fmt: skip
        options.add_argument(argument)
    driver_path = CHROMEDRIVER if Path(CHROMEDRIVER).exists() else str(shutil.which("chromedriver"))
    driver = webdriver.Chrome(service=Service(executable_path=driver_path), options=options)
    # A headless window is at least 500 px wide: a phone's screen is emulated as phones show pages.
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride",
        {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600},
    )
    return driver
