"""Browser tests: the real app on a loopback port, driven by Debian's headless Chromium.

Skipped, with the reason, when /usr/bin/chromium is missing (the README's test command
installs it).  Screenshots go to tests/artifacts/ (ignored by git).
"""
from __future__ import annotations

import os
import threading
from pathlib import Path

import pytest

CHROMIUM = Path(os.environ.get("JUDGE_CHROMIUM", "/usr/bin/chromium"))
ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"
HERE = Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    if CHROMIUM.exists():
        return
    if os.environ.get("JUDGE_REQUIRE_BROWSER"):
        # CI sets this: there a missing Chromium is a broken setup, not a reason to skip.
        raise pytest.UsageError(f"{CHROMIUM} is missing and JUDGE_REQUIRE_BROWSER is set")
    skip = pytest.mark.skip(reason=f"{CHROMIUM} is missing: install Debian's chromium "
                                   "package (the README's test command does) to run the "
                                   "browser tests")
    for item in items:
        if "browser" in item.keywords and HERE in Path(str(item.fspath)).parents:
            item.add_marker(skip)


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    return {**browser_type_launch_args, "executable_path": str(CHROMIUM), "headless": True,
            "args": ["--headless", "--no-sandbox", "--disable-gpu",
                     "--disable-background-networking", "--disable-component-update",
                     "--disable-sync", "--no-first-run"]}


@pytest.fixture(scope="session")
def live_url():
    """The app on the real corpus, served by werkzeug on a free loopback port."""
    from werkzeug.serving import make_server

    from judge.web import create_app
    app = create_app({"OFFLINE_WARM": False})
    # the offline files (search bundle, every entry page pre-rendered) are built before
    # the server starts, not in its background while other tests time their pages
    offline = app.extensions["judge-offline"]
    offline.bundle_gz()
    offline.pages_gz()
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(5)


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture(scope="session")
def browser_context_args(browser_context_args):
    # A Japanese judge's browser asks for Japanese (Accept-Language: ja-JP); headless
    # Chromium would ask for en-US and the app would answer in English.
    return {**browser_context_args, "locale": "ja-JP"}
