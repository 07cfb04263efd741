"""Serving never builds (issue 27): a worker started by ``gunicorn wsgi:app`` reads what
``judge index`` built and refuses to start, naming that command, when it is missing;
the offline files are not built by such a worker either."""
from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from judge.web import create_app
from judge.web.serving import NotReady, config_from_env

ROOT = Path(__file__).resolve().parents[2]


def test_the_environment_configures_wsgi():
    assert config_from_env({}) == {"BUILD": False, "OFFLINE_BUILD": False,
                                   "OFFLINE_WARM": False}
    on = config_from_env({"JUDGE_BUILD": "1", "JUDGE_OFFLINE_BUILD": "yes",
                          "JUDGE_INDEX_DIR": "/srv/ix"})
    assert on == {"BUILD": True, "OFFLINE_BUILD": True, "OFFLINE_WARM": True,
                  "INDEX_DIR": "/srv/ix"}


def test_a_bad_cache_budget_stops_the_server_with_a_sentence():
    with pytest.raises(NotReady, match="JUDGE_CACHE_MB='lots': write the megabytes"):
        config_from_env({"JUDGE_CACHE_MB": "lots"})
    assert config_from_env({"JUDGE_CACHE_MB": "32"})["BUILD"] is False


def test_a_workers_page_caches_take_their_share_of_the_budget(corpus_dir, tmp_path,
                                                               monkeypatch):
    from judge.app.services import services
    monkeypatch.setenv("JUDGE_CACHE_MB", "32")
    app = create_app({"CORPUS_DIR": str(corpus_dir), "TESTING": True, "SEARCH_EAGER": False,
                      "INDEX_DIR": str(tmp_path / "index"), "OFFLINE_WARM": False})
    with app.app_context():
        kept = services()
        assert (kept.pages.budget, kept.searches.budget, kept.boards.budget) == \
            (3_200_000, 2_000_000, 800_000)


def test_a_worker_refuses_to_start_without_the_index(corpus_dir, tmp_path, monkeypatch):
    monkeypatch.setenv("JUDGE_CACHE_DIR", str(tmp_path / "cache"))
    config = {"CORPUS_DIR": str(corpus_dir), "INDEX_DIR": str(tmp_path / "index"),
              "BUILD": False, "TESTING": True}
    # (in the reader's language: the paths and the command are what every language shows)
    with pytest.raises(NotReady) as missing:
        create_app(config)
    assert f"judge --corpus {corpus_dir} index" in str(missing.value)
    assert str(tmp_path / "cache") in str(missing.value)
    from judge.corpus import Corpus
    Corpus.load(corpus_dir)                         # the corpus compiled, not the index
    with pytest.raises(NotReady) as missing:
        create_app(config)
    assert str(tmp_path / "index" / "ix-") in str(missing.value)
    assert not (tmp_path / "index").exists() or not any((tmp_path / "index").iterdir())


def test_wsgi_exits_with_the_command_to_run(corpus_dir, tmp_path):
    env = dict(os.environ, JUDGE_CORPUS=str(corpus_dir), JUDGE_CACHE_DIR=str(tmp_path / "c"),
               JUDGE_INDEX_DIR=str(tmp_path / "ix"), PYTHONPATH=str(ROOT))
    done = subprocess.run([sys.executable, "-c", "import wsgi"], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 1
    assert "index" in done.stderr and "Traceback" not in done.stderr


def test_offline_files_are_not_built_by_a_worker(app, tmp_path, monkeypatch):
    store = app.extensions["judge-offline"]
    monkeypatch.setitem(app.config, "OFFLINE_BUILD", False)
    monkeypatch.setattr(store, "folder", lambda: tmp_path / "offline")
    info = store.info()
    response = app.test_client().get(f"/offline/pages-{info['pages']}.json")
    assert response.status_code == 404
    assert "judge index" in response.get_data(as_text=True)
    assert not (tmp_path / "offline").exists()


def test_the_pages_budget_keeps_rules_first(app):
    from judge.offline.pages import page_keys, render_all
    corpus = app.extensions["judge"].corpus
    everything = render_all(app)
    assert set(everything) == set(page_keys(corpus))
    kinds = [key.split("/")[1] for key in page_keys(corpus) if "?rev=" not in key]
    assert kinds == sorted(kinds, key=["rule", "term", "qa", "card"].index)
    import zlib
    # room for about the first two pages, far from all of them (whatever a page weighs)
    keys = page_keys(corpus)
    two = len(zlib.compress((everything[keys[0]] + everything[keys[1]]).encode("utf-8"), 9))
    some = render_all(app, budget=two + 512)
    assert 0 < len(some) < len(everything)
    assert list(some) == page_keys(corpus)[:len(some)]


@pytest.mark.parametrize("budget", [100_000, 300_000])
def test_the_pages_file_a_phone_downloads_stays_within_its_budget(tmp_path, monkeypatch,
                                                                  budget):
    """The budget is what the phone downloads: the stored file (JSON, gzip), not the
    pages' HTML compressed on their own, whose quotes and line breaks the JSON escapes
    (measured so, the real corpus's file was 101.7 KB for a budget of 100 KB)."""
    import gzip
    import json

    from judge.web import create_app
    app = create_app({"TESTING": True, "OFFLINE_WARM": False, "OFFLINE_PAGES_BYTES": budget})
    store = app.extensions["judge-offline"]
    monkeypatch.setattr(store, "folder", lambda: tmp_path / "offline")
    stored = gzip.compress(store._build_pages(), 9, mtime=0)
    held = json.loads(gzip.decompress(stored))["pages"]
    assert len(held) >= 5
    assert len(stored) <= budget
    assert len(stored) > budget * 0.9          # cut where the budget is reached
