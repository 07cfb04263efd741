"""gunicorn settings for running judge at an event: `gunicorn wsgi:app` (from the checkout).

gunicorn reads this file from the working directory by itself (or `-c gunicorn.conf.py`).
Every value can be overridden by an environment variable (JUDGE_BIND, JUDGE_WORKERS, …)
without editing the file.  README.md ("Production") says why each is what it is.
"""
from __future__ import annotations

import multiprocessing
import os

from judge.common.malloc_arenas import Trimmer, limit_arenas, malloc_settings

# Loopback by default: put a reverse proxy (TLS) in front, or set JUDGE_BIND=0.0.0.0:8000.
bind = os.environ.get("JUDGE_BIND", "127.0.0.1:8000")

# Threads in a few processes: the engine is CPU-bound and the GIL shares one core per
# process, so processes ≈ cores; threads let slow clients and quick pages not queue
# behind one long replay.  Every scenario run is bounded by its budget (docs/budgets.md),
# so no request holds a thread for long.
worker_class = "gthread"
workers = int(os.environ.get("JUDGE_WORKERS", multiprocessing.cpu_count()))
threads = int(os.environ.get("JUDGE_THREADS", 4))

# The corpus and the index are read once, before forking: workers share the pages.
preload_app = True

# A request taking longer than this is a bug (runs stop at JUDGE_BUDGET_SECONDS, 2 s):
# gunicorn restarts the worker.  graceful_timeout: time to finish requests on reload.
timeout = int(os.environ.get("JUDGE_TIMEOUT", 30))
graceful_timeout = 30
keepalive = 5

# Request limits.  A permalink (/board?s=…) of a real board is a few hundred to a few
# thousand characters; 8190 is gunicorn's maximum request line.
limit_request_line = 8190
limit_request_fields = 50
limit_request_field_size = 8190

# Restart each worker now and then so memory a long event's caches hold stays bounded.
max_requests = 5000
max_requests_jitter = 500

# A worker's memory after a day (judge/common/malloc_arenas.py, docs/scaling.md): one
# malloc arena for its threads (glibc; JUDGE_MALLOC_ARENAS, 0 for glibc's own default of
# up to eight a core), where each thread's own arena kept the high-water mark of the
# temporaries its requests made; and what malloc holds free given back after a request,
# at most once a second (JUDGE_MALLOC_TRIM_SECONDS, 0: never), so its cost stays bounded
# (1-3 ms a time at 100,000 entries, after the answer is sent).  With it, the pages of
# the postings files the worker's searches mapped are unmapped (they stay in the page
# cache, shared by the workers; judge.search.postings.release_mapped_pages).
try:
    malloc_arenas, malloc_trim_seconds = malloc_settings(os.environ)
except ValueError as exc:
    raise SystemExit(str(exc)) from None

accesslog = os.environ.get("JUDGE_ACCESS_LOG", "-")
errorlog = "-"
loglevel = os.environ.get("JUDGE_LOG_LEVEL", "info")
proc_name = "judge"


def post_fork(server, worker):
    """Before the worker starts its threads: its malloc arenas (see above)."""
    limit_arenas(malloc_arenas)


_trimmer = Trimmer(malloc_trim_seconds)


def post_request(worker, req, environ, resp):
    """After an answer is sent: malloc's free memory and the postings files' mapped
    pages given back (see above)."""
    if _trimmer.after_request():
        from judge.search.postings import release_mapped_pages
        release_mapped_pages()


def post_worker_init(worker):
    """Give gunicorn's own error answers (400, 414, 431, 500 it writes itself, without the
    app) the app's security headers, as every answer of the app has them."""
    from judge.web.gunicorn_errors import install
    install()
