"""裁定の前提 (what a ruling needs of the engine): the switch values each answer assumes.

A ruling whose answer holds only under one value of a ruleset switch says so here; a
ruling in force on a day when the switch has another value cannot hold in the engine
that day, and ``judge lint`` reports the pair (judge/app/editorial/conflicts.py).

QA-041 sets a second world talisman in one turn on the field from 冥界 "because such an
effect processes only steps 3-5, so it is not affected by play conditions": it needs
``as_if_played_restrictions`` to be ``ignored`` (QA-337 revision 1).  The page kept
QA-041 unchanged when QA-337 was answered the other way (revision 2, 2014-04-10).
"""
from __future__ import annotations

from judge.engine.game import Assumption

from .i18n import msg


ASSUMPTIONS = (
    Assumption(
        "vision/qa/QA-041", "as_if_played_restrictions", "ignored", "はい、セットされます",
        msg("QA-041 sets a second world talisman in one turn: a card resolved as if played "
            "is not bound by the limit on world talismans per turn (プレイ条件の影響を受けません)")),
)
