"""Fixtures shared by the test packages: the headless browser of the viewer
tests; the rules' cache emptied before each test of a mutation run; the
Hypothesis profile of mutation runs (``--hypothesis-profile=mutation``:
no deadline, since a mutated module runs several times slower, and the same
examples every run, so that a mutant's verdict does not depend on luck)."""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import settings

settings.register_profile("mutation", deadline=None, derandomize=True, database=None)


@pytest.fixture(autouse=True)
def _cold_rules_cache() -> None:
    """Under mutation testing (``NARDE_MUTATION=1``, set by benchmarks/mutation.py)
    every test starts with the rules' generation cache empty: mutmut forks each
    mutant's worker from a process that has run the tests, so results cached
    there by the unmutated code would hide a mutant of the search."""
    if os.environ.get("NARDE_MUTATION"):
        from narde_notation.rules import generation

        generation.clear_caches()


def _binary(*names: str) -> str | None:
    for name in names:
        found = shutil.which(name)
        if found:
            return found
    return None


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    webdriver = pytest.importorskip("selenium.webdriver")
    from selenium.webdriver.chrome.service import Service

    chromium = _binary("chromium", "chromium-browser")
    driver_path = _binary("chromedriver")
    if chromium is None or driver_path is None:
        why = "Chromium or chromedriver not installed (apt-get install chromium chromium-driver)"
        if os.environ.get("CI") == "true":
            pytest.fail(f"{why}: .ci/run installs them, so CI must run this test")
        pytest.skip(why)
    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1200,900"):
        options.add_argument(arg)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(options=options, service=Service(executable_path=driver_path))
    try:
        yield driver
    finally:
        driver.quit()
