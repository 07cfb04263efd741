"""Issue 28: `judge serve` on waitress (graceful stop) and `--lan` (the address, its QR
code in the terminal and on /venue).  Every server here listens on loopback only; the
choice of the LAN address is tested on addresses handed in, not on this machine's."""
from __future__ import annotations

import http.client
import os
import signal
import socket
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from judge.web import server as serving, venue
from judge.web.venue import Interface

ROOT = Path(__file__).resolve().parents[2]


# --- the address a phone opens -----------------------------------------------------------

def test_the_venue_address_is_the_wifi_one_not_loopback_docker_or_link_local():
    found = [Interface("lo", "127.0.0.1"), Interface("docker0", "172.17.0.1"),
             Interface("eth0", "169.254.10.2"), Interface("wlan0", "192.168.1.23"),
             Interface("utun3", "10.8.0.2"), Interface("en5", "203.0.113.7")]
    assert venue.lan_addresses(found) == ["192.168.1.23", "203.0.113.7", "172.17.0.1",
                                          "10.8.0.2"]


def test_a_down_interface_and_a_repeated_address_are_left_out():
    found = [Interface("wlan0", "192.168.1.23", up=False), Interface("eth0", "10.0.0.5"),
             Interface("eth1", "10.0.0.5"), Interface("Wi-Fi", "not an address")]
    assert venue.lan_addresses(found) == ["10.0.0.5"]


def test_windows_and_macos_interface_names_rank_like_linux_ones():
    found = [Interface("vEthernet (WSL)", "172.29.16.1"), Interface("Wi-Fi", "192.168.0.12"),
             Interface("en0", "10.1.2.3")]
    assert venue.lan_addresses(found)[0] in ("192.168.0.12", "10.1.2.3")
    assert venue.lan_addresses(found)[-1] == "172.29.16.1"


def test_urls_are_every_lan_address_for_all_interfaces_and_the_bound_one_otherwise():
    found = [Interface("wlan0", "192.168.1.23")]
    assert venue.urls("0.0.0.0", 5000, found) == ["http://192.168.1.23:5000/"]
    assert venue.urls("127.0.0.1", 8000, found) == ["http://127.0.0.1:8000/"]
    assert venue.urls("0.0.0.0", 5000, [Interface("lo", "127.0.0.1")]) == []


def test_the_terminal_code_is_a_square_of_blocks():
    lines = venue.terminal_qr("http://192.168.1.23:5000/").splitlines()
    # compact: two modules per character row; a version-2 code (25 modules) + borders
    assert len(lines) >= 12 and len({len(line) for line in lines}) == 1
    assert set("".join(lines)) <= set("█▀▄ ")


# --- the page the head judge holds up ----------------------------------------------------

@pytest.fixture
def venue_client(corpus_dir):
    from judge.web import create_app
    app = create_app({"TESTING": True, "CORPUS_DIR": str(corpus_dir), "SEARCH_EAGER": False})
    return app


def test_venue_page_shows_the_lan_address_as_a_code_and_as_text(venue_client):
    venue_client.config["VENUE_URLS"] = ["http://192.168.1.23:5000/", "http://10.0.0.5:5000/"]
    client = venue_client.test_client()
    page = client.get("/venue")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert "<svg" in html and "http://192.168.1.23:5000/" in html and "http://10.0.0.5:5000/" in html
    assert "judge serve --lan" not in html
    data = client.get("/venue?format=json").get_json()
    assert data == {"urls": ["http://192.168.1.23:5000/", "http://10.0.0.5:5000/"],
                    "lan": True, "loopback_only": False}


def test_venue_page_without_lan_says_how_to_reach_the_phones(venue_client):
    client = venue_client.test_client()
    html = client.get("/venue", base_url="http://127.0.0.1:5000").get_data(as_text=True)
    assert "judge serve --lan" in html
    # opened from the venue's network, the address it was opened at is the right one
    data = client.get("/venue?format=json", base_url="http://192.168.1.23:5000").get_json()
    assert data["urls"] == ["http://192.168.1.23:5000/"] and not data["loopback_only"]


# --- the server: a stop answers what was asked first -------------------------------------

def test_a_stop_answers_the_request_in_progress_and_refuses_new_ones():
    entered, release = threading.Event(), threading.Event()

    def slow_app(environ, start_response):
        entered.set()
        release.wait(20)
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"answered " * 1000]
    server = serving.make_server(slow_app, "127.0.0.1", 0, threads=2)
    port = serving.bound(server)[0][1]
    stop = threading.Event()
    runner = threading.Thread(target=serving.run, args=(server, stop, 20), daemon=True)
    runner.start()
    answer = {}

    def ask():
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        conn.request("GET", "/")
        response = conn.getresponse()
        answer["status"], answer["body"] = response.status, response.read()
    client = threading.Thread(target=ask)
    client.start()
    assert entered.wait(20)
    stop.set()
    # the listening socket closes while the request is still being answered
    refused = False
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
        except OSError:
            refused = True
            break
        time.sleep(0.05)
    assert refused, "the stopping server still accepted a new connection"
    assert runner.is_alive(), "the server stopped before answering the request in progress"
    release.set()
    client.join(20)
    runner.join(20)
    assert answer == {"status": 200, "body": b"answered " * 1000}
    assert not runner.is_alive()


# --- `judge serve --lan` for real, on loopback -------------------------------------------

def _start(args, tmp_path):
    env = dict(os.environ, JUDGE_DATABASE_URL=f"sqlite:///{tmp_path / 'record.sqlite3'}",
               JUDGE_SECRET_KEY="test-secret", PYTHONUNBUFFERED="1")
    judge = str(Path(sys.executable).with_name("judge"))
    return subprocess.Popen([judge, "--lang", "en", "serve", *args], cwd=ROOT,
                            env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def _read_until(stream, needle: str, deadline: float) -> str:
    seen = ""
    while time.monotonic() < deadline:
        line = stream.readline()
        if not line:
            break
        seen += line
        if needle in line:
            return seen
    raise AssertionError(f"{needle!r} never printed; got:\n{seen[-2000:]}")


def test_judge_serve_lan_prints_the_address_and_code_serves_and_stops_gracefully(tmp_path):
    proc = _start(["--lan", "--host", "127.0.0.1", "--port", "0"], tmp_path)
    try:
        out = _read_until(proc.stdout, "(Ctrl-C", time.monotonic() + 180)
        url = out.split("http://", 1)[1].split("/", 1)[0]
        assert url.startswith("127.0.0.1:") and "█" in out        # the QR code, in blocks
        conn = http.client.HTTPConnection(*url.split(":"), timeout=60)
        conn.request("GET", "/venue?format=json")
        response = conn.getresponse()
        assert response.status == 200
        assert response.getheader("Server") == "judge"             # waitress, not werkzeug
        import json
        assert json.loads(response.read())["urls"] == [f"http://{url}/"]
        conn.close()
        proc.send_signal(signal.SIGTERM)
        assert proc.wait(60) == 0
        assert "judge: stopped" in proc.stderr.read()
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()


def test_judge_serve_debug_is_flasks_development_server(tmp_path):
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    proc = _start(["--debug", "--host", "127.0.0.1", "--port", str(port)], tmp_path)
    try:
        _read_until(proc.stdout, "(Ctrl-C", time.monotonic() + 180)
        for _ in range(100):
            try:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
                conn.request("GET", "/venue?format=json")
                break
            except OSError:
                time.sleep(0.1)
        assert "Werkzeug" in conn.getresponse().getheader("Server")
    finally:
        proc.terminate()
        proc.wait(30)


def test_the_server_answers_on_a_socket_numbered_past_1024():
    """A busy process (a venue's 400 connections, or this test run's own files) gets
    socket numbers past select()'s limit: the server must still answer (it polls)."""
    import resource
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 1300:
        pytest.skip(f"this system allows {hard} open files")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 1300), hard))
    held = [os.open(os.devnull, os.O_RDONLY) for _ in range(1100)]
    try:
        def app(environ, start_response):
            start_response("200 OK", [("Content-Type", "text/plain")])
            return [b"ok"]
        server = serving.make_server(app, "127.0.0.1", 0, threads=2)
        stop = threading.Event()
        runner = threading.Thread(target=serving.run, args=(server, stop, 5), daemon=True)
        runner.start()
        conn = http.client.HTTPConnection("127.0.0.1", serving.bound(server)[0][1], timeout=20)
        conn.request("GET", "/")
        assert conn.getresponse().read() == b"ok"
        conn.close()
        stop.set()
        runner.join(20)
    finally:
        for fd in held:
            os.close(fd)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
