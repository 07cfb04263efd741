"""A server for the browser tests of the offline download: its pages file held."""
from __future__ import annotations

import contextlib
import threading


@contextlib.contextmanager
def pages_held():
    """The app on the real corpus on a loopback port, whose offline pages file is held
    until released (the download stays in the middle): yields ``(url, asked, release,
    server)``; ``asked`` is set when a device asks for the pages."""
    from werkzeug.serving import make_server

    from judge.web import create_app
    app = create_app({"OFFLINE_WARM": False})
    store = app.extensions["judge-offline"]
    store.bundle_gz()
    store.pages_gz()                       # built now: only the hold delays it
    asked, release = threading.Event(), threading.Event()
    real = store.pages_gz

    def held():
        asked.set()
        release.wait(300)
        return real()
    store.pages_gz = held
    server = make_server("127.0.0.1", 0, app, threaded=True)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_port}", asked, release, server
    finally:
        release.set()
        server.shutdown()
        server.server_close()
        thread.join(5)
