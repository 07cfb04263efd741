"""The session cookie, opened only when the request brings one.

Flask's signed-cookie session builds its signer (a key derivation) on every request,
cookie or not; most requests at a table (search, entries, boards) carry none, and for a
page served from the cache that was a tenth of its time.  A request without the cookie
gets an empty session at once; one with it is read exactly as Flask reads it.  An
empty session nobody changed is saved as Flask saves it, without the cookie settings
Flask looks up first.
"""
from __future__ import annotations

from flask.sessions import SecureCookieSessionInterface

from .assets import SAME_FOR_EVERYONE


class CookieSessions(SecureCookieSessionInterface):
    """Flask's session interface, with the signer made only for a request that has the cookie."""

    def open_session(self, app, request):
        # no Cookie header at all (most requests): no session cookie, without parsing
        # the request's headers for one
        if app.secret_key and (not request.environ.get("HTTP_COOKIE")
                               or not request.cookies.get(self.get_cookie_name(app))):
            return self.session_class()
        return super().open_session(app, request)

    def get_cookie_secure(self, app) -> bool:
        """Secure whenever the request came over TLS (behind a proxy: PROXY_HOPS)."""
        from flask import request
        return bool(app.config["SESSION_COOKIE_SECURE"] or request.is_secure)

    def save_session(self, app, session, response) -> None:
        from flask import request
        if request.endpoint in SAME_FOR_EVERYONE and not session.modified:
            # a static file or the offline bundle is the same whoever asks: no cookie,
            # no Vary: Cookie, or a phone's cache misses it once the cookie changes
            # (logging in to record a call; judge/web/assets.py)
            return
        if not session and not session.modified:
            if session.accessed and not _varies_by_cookie(response.headers.get("Vary")):
                response.vary.add("Cookie")
            return
        super().save_session(app, session, response)


def _varies_by_cookie(vary: str | None) -> bool:
    """Whether a Vary header already names Cookie (as the language hook writes it on
    every page): ``response.vary.add`` would parse it and leave it as it is."""
    return bool(vary) and '"' not in vary and \
        "cookie" in {v.strip().lower() for v in vary.split(",")}
