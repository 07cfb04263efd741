"""Security headers on every response.

The Content-Security-Policy allows scripts, styles and images from the app itself only,
with no inline script or style at all: text from the corpus or a scenario that slipped
past the sanitiser still could not run.  Data a script needs is passed in
``<script type="application/json">`` blocks, which are data, not code.
"""
from __future__ import annotations

from flask import Flask

CSP = "; ".join([
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "font-src 'self'",
    "connect-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
])

HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "X-Frame-Options": "DENY",
    # A permalink carries the whole board: never leak it to another site.
    "Referrer-Policy": "no-referrer",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=()",
}


def init_app(app: Flask) -> None:
    """Add the headers to every response."""
    wanted = [(name.lower(), name, value) for name, value in HEADERS.items()]

    @app.after_request
    def _headers(response):
        # one pass over the response's headers, not a search of them per header
        have = {key.lower() for key in response.headers.keys()}
        response.headers.extend([(name, value) for key, name, value in wanted
                                 if key not in have])
        return response
