"""The venue (会場): phones join the head judge's laptop over the venue's network.

``judge serve --lan`` listens on every address of the laptop and sets ``VENUE_URLS`` to
the addresses a phone can reach it at; ``/venue`` shows the first as a QR code for the
head judge to hold up (the terminal prints the same code).  The addresses come from the
laptop's network interfaces (psutil, on every OS); nothing is sent anywhere to find them.
"""
from __future__ import annotations

import ipaddress
from dataclasses import dataclass

from flask import Blueprint, current_app, jsonify, render_template, request

bp = Blueprint("venue", __name__)

# Interfaces no phone on the venue's Wi-Fi reaches: containers, virtual machines, VPNs.
_VIRTUAL = ("docker", "br-", "veth", "virbr", "vboxnet", "vmnet", "lxc", "lxd", "podman",
            "cni", "flannel", "tailscale", "zt", "tun", "tap", "utun", "wg", "awdl", "llw",
            "vethernet", "virtualbox", "vmware", "hyper-v", "loopback")


@dataclass(frozen=True)
class Interface:
    """One IPv4 address of one network interface, as the OS reports it."""

    name: str
    address: str
    up: bool = True


def interfaces() -> list[Interface]:
    """Every IPv4 address of this machine's interfaces (psutil)."""
    import socket

    import psutil
    stats = psutil.net_if_stats()
    found = []
    for name, addresses in psutil.net_if_addrs().items():
        up = stats[name].isup if name in stats else True
        found.extend(Interface(name, a.address, up) for a in addresses
                     if a.family == socket.AF_INET)
    return found


def lan_addresses(found: list[Interface]) -> list[str]:
    """The addresses a phone on the venue's network may reach this machine at, likeliest
    first: private (192.168/16, 10/8, 172.16/12) on a physical interface, then other
    private ones, then the rest; never loopback, link-local (169.254/16) or a down
    interface."""
    ranked = []
    for i, iface in enumerate(found):
        try:
            ip = ipaddress.IPv4Address(iface.address)
        except ValueError:
            continue
        if not iface.up or ip.is_loopback or ip.is_link_local or ip.is_unspecified \
                or ip.is_multicast:
            continue
        virtual = iface.name.lower().startswith(_VIRTUAL)
        ranked.append((virtual, not ip.is_private, i, iface.address))
    seen: list[str] = []
    for *_, address in sorted(ranked):
        if address not in seen:
            seen.append(address)
    return seen


def urls(host: str, port: int, found: list[Interface] | None = None) -> list[str]:
    """The addresses to give the phones for a server bound to ``host``: every LAN address
    when it listens on all of them (0.0.0.0), else the one it is bound to."""
    if host in ("0.0.0.0", "", "::"):
        addresses = lan_addresses(interfaces() if found is None else found)
    else:
        addresses = [host]
    return [f"http://{a}:{port}/" for a in addresses]


def qr(url: str):
    """The QR code of ``url`` (segno; error correction M, readable from a held-up phone)."""
    import segno
    return segno.make(url, error="m", micro=False)


def terminal_qr(url: str) -> str:
    """The QR code as text for a terminal (two rows per line, half blocks)."""
    import io
    out = io.StringIO()
    qr(url).terminal(out=out, compact=True, border=2)
    return out.getvalue()


def init_app(app) -> None:
    app.register_blueprint(bp)


@bp.get("/venue")
def page():
    """The page the head judge holds up: the address as a QR code, for the phones."""
    from .pages import as_json
    configured = current_app.config.get("VENUE_URLS") or []
    # Without --lan the page still shows the address it was opened at: right when the
    # head judge opened it from the venue's network, loopback otherwise (then it says so).
    addresses = list(configured) or [request.host_url]
    local = not configured and request.host.split(":")[0] in ("127.0.0.1", "localhost", "[::1]")
    data = {"urls": addresses, "lan": bool(configured), "loopback_only": local}
    if as_json():
        return jsonify(data)
    code = qr(addresses[0]).svg_inline(scale=8, border=2, dark="#000", light="#fff",
                                       title=addresses[0])
    return render_template("venue.html", qr_svg=code, **data)
