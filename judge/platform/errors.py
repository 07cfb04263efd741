"""Errors as a judge reads them: a clear 4xx page, or a JSON error, never a traceback.

A request wants JSON when its path is under ``/api/`` or it asks ``?format=json``
(docs/web.md); everything else gets an HTML page with the message, what would be
accepted and a way on (a search box, suggestions).  An unexpected exception is logged
and answered with a plain 500 page that shows nothing of the code.
"""
from __future__ import annotations

import logging

from flask import Flask, jsonify, make_response, render_template, request
from werkzeug.exceptions import HTTPException, InternalServerError

from judge.i18n import N_, Message, _, gettext, message_json, render

log = logging.getLogger(__name__)

TITLES = {
    400: N_("Bad request"),
    404: N_("Not found"),
    405: N_("Method not allowed"),
    413: N_("Too large"),
    422: N_("Over budget"),
    414: N_("URI too long"),
    431: N_("Headers too large"),
    500: N_("Internal error"),
}


class JudgeError(HTTPException):
    """An error with a message for the judge and extra fields for the JSON answer.

    A :class:`Message` is rendered in the request's locale; the JSON keeps its id and
    params beside the text (``error_id``, ``error_params``), as a scenario error does.
    """

    def __init__(self, status: int, message: "Message | str", *,
                 hints: list[str] | None = None,
                 links: list[tuple[str, str]] | None = None, **extra):
        if isinstance(message, Message):
            said = message_json(message)
            extra.setdefault("error_id", said["message"])
            extra.setdefault("error_params", said["params"])
            message = render(message)
        super().__init__(description=message)
        self.code = status
        self.hints = hints or []
        self.links = links or []
        self.extra = extra


def fail(status: int, message: "Message | str", **kwargs) -> None:
    """Stop the request with a clear error (see :class:`JudgeError`)."""
    raise JudgeError(status, message, **kwargs)


def wants_json() -> bool:
    """Whether this request is answered in JSON (the API, or ``?format=json``)."""
    return request.path.startswith("/api/") or request.args.get("format") == "json"


def error_response(status: int, message: str, *, hints=(), links=(), extra=None):
    """The error as JSON or as an HTML page, with the given status."""
    if wants_json():
        body = {"error": message, "status": status}
        body.update(extra or {})
        return make_response(jsonify(body), status)
    page = render_template("error.html", status=status,
                           title=gettext(TITLES[status]) if status in TITLES
                           else _("error {status}", status=status), message=message,
                           hints=list(hints), links=list(links), extra=extra or {})
    return make_response(page, status)


def answer_errors(app: Flask, *classes: type) -> None:
    """Answer each of ``classes`` (errors of a lower layer that carry ``as_dict()``) with
    a clear 4xx: its own ``status`` if it has one, else 400.

    The engine's errors are registered so by the app factory: a bad scenario is 400; a
    run over budget is 422 (the request is well-formed but asks more of the engine than
    one run may), or 413 when it is the text itself that is too large."""
    for cls in classes:
        app.register_error_handler(cls, lambda exc: error_response(
            getattr(exc, "status", 400), str(exc), extra=exc.as_dict()))


def init_app(app: Flask) -> None:
    """Register the handlers for every HTTP error and for anything unexpected."""

    @app.errorhandler(JudgeError)
    def _judge_error(exc: JudgeError):
        return error_response(exc.code, exc.description, hints=exc.hints, links=exc.links,
                              extra=exc.extra)

    @app.errorhandler(HTTPException)
    def _http_error(exc: HTTPException):
        status = exc.code or 500
        # werkzeug's own descriptions are English: say the status in the reader's words
        message = gettext(TITLES[status]) if status in TITLES else exc.description
        if status == 413:
            limit = app.config.get("MAX_CONTENT_LENGTH") or 0
            message = _("The request is larger than {limit} KiB.", limit=limit // 1024)
        if status >= 500:
            log.error("HTTP %s on %s: %s", status, request.path, exc)
        response = error_response(status, message)
        if status == 405 and getattr(exc, "valid_methods", None):
            response.headers["Allow"] = ", ".join(exc.valid_methods)
        return response

    @app.errorhandler(Exception)
    def _unexpected(exc: Exception):
        if isinstance(exc, HTTPException):    # pragma: no cover - handled above
            return _http_error(exc)
        log.exception("unexpected error on %s", request.path)
        return error_response(500, _("An unexpected error happened; it has been logged."))

    # Flask raises InternalServerError for errors inside error handling; keep it plain.
    app.register_error_handler(InternalServerError, _http_error)
