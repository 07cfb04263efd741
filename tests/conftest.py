"""Session-wide settings: the compiled corpus cache goes to a temporary folder, so the
tests' many temporary corpora do not pile caches up in the checkout's .cache/."""
from __future__ import annotations

import os
import tempfile


def pytest_configure(config):
    if "JUDGE_CACHE_DIR" not in os.environ:
        os.environ["JUDGE_CACHE_DIR"] = tempfile.mkdtemp(prefix="judge-cache-")
