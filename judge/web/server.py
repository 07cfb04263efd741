"""`judge serve`'s server: waitress, a production WSGI server in pure Python that runs the
same on the venue's laptop whatever its OS (gunicorn does not run on Windows).

Sized for a venue: a few dozen phones, each keeping several connections open; the
threads only run the app (waitress reads and writes the sockets itself, so a phone on a
weak signal holds no thread).  A stop (Ctrl-C, SIGTERM) is graceful: no new connection
is accepted, the requests already read are answered and their answers sent, then the
process ends.
"""
from __future__ import annotations

import os
import signal
import threading
import time
from collections.abc import Callable

THREADS = 8                 # the app is CPU-bound Python: more threads buy nothing
CONNECTIONS = 400           # 50 phones x 6 connections (a browser's per-host maximum)
GRACE = 30.0                # seconds a stop waits for the answers in progress


def threads_default() -> int:
    """``JUDGE_THREADS`` (as for gunicorn.conf.py), else 8."""
    try:
        return max(1, int(os.environ.get("JUDGE_THREADS", THREADS)))
    except ValueError:
        return THREADS


def make_server(app, host: str, port: int, threads: int):
    """A waitress server bound to ``host:port`` (port 0: a free one, see
    ``server.effective_port``)."""
    import select

    from waitress import create_server
    return create_server(app, host=host, port=port, threads=threads,
                         connection_limit=CONNECTIONS, ident="judge",
                         # poll(), where the OS has it: select() fails outright on a
                         # socket numbered 1024 or more (a busy process, 400 connections)
                         asyncore_use_poll=hasattr(select, "poll"),
                         # the access log is the app's business; waitress logs its own
                         # errors through logging
                         clear_untrusted_proxy_headers=True)


def _map(server) -> dict:
    """The socket map of a server (one address) or of a MultiSocketServer (several)."""
    return server.map if hasattr(server, "map") else server._map


def _listeners(server) -> list:
    from waitress.server import BaseWSGIServer
    return [d for d in _map(server).values() if isinstance(d, BaseWSGIServer)]


def bound(server) -> list[tuple[str, int]]:
    """The addresses the server listens on (the real port when asked for port 0)."""
    return [(d.effective_host, d.effective_port) for d in _listeners(server)]


def _busy(server) -> bool:
    """Whether a connection still has a request being answered or an answer to send."""
    for channel in list(_map(server).values()):
        if not hasattr(channel, "requests"):
            continue
        if channel.requests or channel.total_outbufs_len:
            return True
    return False


def run(server, stop: threading.Event, grace: float = GRACE) -> None:
    """Serve until ``stop`` is set, then stop gracefully (at most ``grace`` seconds)."""
    from waitress import wasyncore
    sockets, poll = _map(server), server.adj.asyncore_use_poll
    while not stop.is_set():
        # one poll at a time, so that a stop is seen within half a second
        wasyncore.loop(timeout=0.5, use_poll=poll, map=sockets, count=1)
    # no new connections: the listening sockets go, the connections stay
    for listener in _listeners(server):
        wasyncore.dispatcher.close(listener)
    deadline = time.monotonic() + grace
    while _busy(server) and time.monotonic() < deadline:
        wasyncore.loop(timeout=0.1, use_poll=poll, map=sockets, count=1)
    server.task_dispatcher.shutdown(cancel_pending=True, timeout=1)
    wasyncore.close_all(sockets)


def serve_until_signalled(server, on_stop: Callable[[], None] | None = None) -> None:
    """Run ``server`` in this (the main) thread until Ctrl-C or SIGTERM."""
    stop = threading.Event()

    def _stop(_signum, _frame):
        if on_stop and not stop.is_set():
            on_stop()
        stop.set()
    signal.signal(signal.SIGINT, _stop)
    signal.signal(signal.SIGTERM, _stop)
    if hasattr(signal, "SIGBREAK"):              # Ctrl-Break in a Windows console
        signal.signal(signal.SIGBREAK, _stop)
    run(server, stop)
