"""How a server starts (起動): what the environment configures, and what is built before.

Serving never builds.  The compiled corpus (:mod:`judge.corpus.database`), the search
index and the offline files are made by ``judge index`` (one command, once per corpus,
before the workers start or are shipped); a worker that finds one of the first two
missing or stale refuses to start with a message naming that command, rather than
spending minutes and gigabytes in the serving path.  ``judge serve`` on a laptop calls
:func:`build_before_serve` first, with progress bars, so it starts in a fresh clone.

``gunicorn wsgi:app`` reads its configuration from the environment
(:func:`config_from_env`):

- ``JUDGE_CORPUS``: the corpus folder; ``JUDGE_INDEX_DIR``, ``JUDGE_CACHE_DIR``: where
  the index and the compiled corpus are (the same values ``judge index`` was run with);
- ``JUDGE_BUILD=1``: a worker may build what is missing itself (a one-machine setup that
  accepts a slow first start), default off;
- ``JUDGE_OFFLINE_BUILD=1``: a worker may build the offline files (the phone's bundle and
  pages) when they are missing, default off: they are answered 404 with the command to
  run, and ``judge index`` builds them;
- ``JUDGE_CACHE_MB``: the megabytes a worker's caches may hold, split among them
  (:mod:`judge.common.cache_budget`, default 40); a value that is not a positive number
  stops the server with a message naming it.
"""
from __future__ import annotations

import os
from pathlib import Path
from typing import Mapping

from judge.app.services import NotReady  # noqa: F401 - what wsgi.py catches
from judge.common.cache_budget import budget_error

_ON = ("1", "yes", "on", "true")


def flag(environ: Mapping[str, str], name: str, default: bool = False) -> bool:
    """An on/off environment variable (``1``, ``yes``, ``on``, ``true`` are on)."""
    value = environ.get(name)
    return default if value in (None, "") else value.strip().lower() in _ON


def config_from_env(environ: Mapping[str, str] | None = None) -> dict:
    """The app's configuration for ``gunicorn wsgi:app`` (see the module's docstring)."""
    env = os.environ if environ is None else environ
    problem = budget_error(env)
    if problem is not None:
        raise NotReady(f"judge: cannot serve: {problem}.")
    build = flag(env, "JUDGE_BUILD")
    offline = flag(env, "JUDGE_OFFLINE_BUILD")
    config = {"BUILD": build, "OFFLINE_BUILD": offline, "OFFLINE_WARM": offline}
    if env.get("JUDGE_INDEX_DIR"):
        config["INDEX_DIR"] = env["JUDGE_INDEX_DIR"]
    return config


# what the first searches of a worker would pay for (MeCab's dictionary mapped, the
# postings cached, the "did you mean" vocabulary opened (or, without the file judge
# index writes beside the index, made), the kana-typo matcher made, the templates
# compiled): a plain query, a kana typo, and one that matches nothing
WARM_QUERIES = ("グレイズ 攻撃", "ぐれいづ", "zzqx 攻撃")


def warm_up(app) -> None:
    """Ask the app's search page the :data:`WARM_QUERIES` once, in the gunicorn master
    before it forks (``wsgi.py``): every worker, a restarted one too, starts with what
    they load already made and shared, and answers its first search as fast as its
    hundredth.  Only pages that touch no database are asked (a connection opened
    before the fork must not be shared by the workers)."""
    client = app.test_client()
    for query in WARM_QUERIES:
        client.get("/search", query_string={"q": query})


def build_before_serve(corpus_dir: str | Path, index_dir: str | Path | None = None,
                       progress: bool = True, offline: bool = True) -> list[str]:
    """Build the compiled corpus, the search index and (``offline``) the offline files of
    ``corpus_dir`` if they are missing or stale, with progress bars; returns what was
    built, one line each.  ``judge index`` and ``judge serve`` call it."""
    from judge.corpus import Corpus
    from judge.search import build_index
    corpus = Corpus.load(corpus_dir)
    done = []
    stats = build_index(corpus, progress=progress, index_dir=index_dir)
    if stats.built:
        done.append(stats.summary())
    if offline:
        done += build_offline(corpus_dir, index_dir)
    return done


def build_offline(corpus_dir: str | Path, index_dir: str | Path | None = None) -> list[str]:
    """Build the offline files (the search bundle and the pages within their budget)
    where they are missing; returns what was built."""
    from . import create_app
    config = {"CORPUS_DIR": str(corpus_dir), "OFFLINE_WARM": False, "OFFLINE_BUILD": True,
              "BUILD": False}
    if index_dir is not None:
        config["INDEX_DIR"] = str(index_dir)
    app = create_app(config)
    return app.extensions["judge-offline"].build_files()
