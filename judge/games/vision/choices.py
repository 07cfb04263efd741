"""選択 (a player's answers): what an action says for a choice a rule asks.

The engine's ``Choose`` answers yes/no and named options from the action's field of
that name or its ``choices:`` list.  Targets and blockers are cards, and naming one the
rules forbid is an illegal action (a cited ``legal: false`` step), not an input error;
so the procedures read those answers here and check them themselves.
"""
from __future__ import annotations


def given(act, name: str):
    """The action's answer for ``name``: its field, else the first ``choices`` entry.

    A ``choices`` entry is used up when read, as the engine's own choices are.
    """
    if act is None:
        return None
    if name in act.fields:
        return act.fields[name]
    for i, choice in enumerate(act.choices):
        if name in choice:
            return act.choices.pop(i)[name]
    return None
