"""Errors a judge can fix: a scenario that cannot be read or run as written."""
from __future__ import annotations

from judge.i18n import _, message_json, render


class ScenarioError(Exception):
    """Bad input in a scenario: says the file, line and field, and what would be accepted.

    Raised for YAML errors, unknown cards, zones, players, actions or fields, wrong
    types, and choices the scenario leaves open.  Never for an action the rules forbid:
    that is a step with ``legal: false``.
    """

    def __init__(self, message: str, *, file: str | None = None, line: int | None = None,
                 field: str | None = None, accepted: list | str | None = None):
        self.message, self.file, self.line, self.field = message, file, line, field
        # The accepted values one by one (legal moves branch over an open choice's).
        self.options = [str(a) for a in accepted] \
            if isinstance(accepted, (list, tuple)) else None
        if isinstance(accepted, (list, tuple, set)):
            accepted = ", ".join(str(a) for a in accepted)
        self.accepted = accepted
        super().__init__(str(self))

    def located(self, file: str | None = None, line: int | None = None,
                field: str | None = None) -> "ScenarioError":
        """The same error with a location filled in where it had none."""
        self.file = self.file or file
        self.line = self.line or line
        self.field = self.field or field
        return self

    def as_dict(self) -> dict:
        """The error as JSON for the API and the workbench (line is 1-based)."""
        said = message_json(self.message)
        return {"error": render(self.message), "error_id": said["message"],
                "error_params": said["params"], "file": self.file, "line": self.line,
                "field": self.field,
                "accepted": render(self.accepted) if self.accepted is not None else None}

    def __str__(self) -> str:
        where = self.file or "<scenario>"
        if self.line:
            where += f":{self.line}"
        message = render(self.message)
        text = f"{where}: {message}"
        if self.field:
            text = f"{where}: {self.field}: {message}"
        if self.accepted:
            text += _(" (accepted: {accepted})", accepted=self.accepted)
        return text


class EngineInvariantError(AssertionError):
    """The engine broke one of its own invariants (a card lost or duplicated): a bug."""
