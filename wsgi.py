"""The WSGI entry point: ``gunicorn wsgi:app`` (the corpus is $JUDGE_CORPUS or corpus/).

Configured by the environment (judge/web/serving.py): a worker serves what
``judge index`` built and builds nothing itself unless ``JUDGE_BUILD=1`` (and the
offline files unless ``JUDGE_OFFLINE_BUILD=1``); if the compiled corpus or the search
index is missing or stale it refuses to start, saying which command to run.  The app
answers a few searches before gunicorn forks its workers (``preload_app``), so a new or
restarted worker answers its first search at once.

Permalinks carry the whole board in the URL; for very large boards raise gunicorn's
request-line limit (``--limit-request-line 16384``).
"""
import gc

from judge.web import create_app
from judge.web.serving import NotReady, config_from_env, warm_up

try:
    app = create_app(config_from_env())
except NotReady as exc:
    raise SystemExit(str(exc)) from None
warm_up(app)
# What the master loaded (the corpus's tables, the index's columns, the app) lives as long
# as the workers: moved out of the collector's generations, so a worker's full
# collections no longer walk it (a fortieth of a new board's time) and do not write to
# the pages the workers share with the master.
gc.freeze()
