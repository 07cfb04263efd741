"""The corpus texts the Vision procedures cite, and the rules that changed (スイッチ).

Entry and clause ids follow docs/corpus-ids.md.  :func:`cite_rule` picks the clause of
the revision in force: the graze rule's revision 1 (rulebook Ver.2.0) is one quoted
paragraph (clause ``graze``), revision 2 (comprehensive rules) is numbered 6.5.1 …
6.5.3.b, so a step under an old ruleset quotes the old sentence, not the new clause.

Switches (each variant cites the revision it comes from; the date of that revision in
the corpus decides which is in force):

- ``graze_deck_limit``: rulebook Ver.2.0 (6.5 revision 1) forbids grazing when the deck
  holds X cards or fewer; the comprehensive rules (revision 2) do not say so.
- ``as_if_played_restrictions``: QA-337 revision 1 answered that a card resolved as if
  played ignores its restrictions (はい、できます); revision 2 answered that it does not
  (いいえ、出来ません).
- ``as_if_played_voids_afterwards``: QA-326 said that resolving as if played voids the
  discard / removal the card was under (revision 1); it was withdrawn later (revision 2).
"""
from __future__ import annotations

from judge.engine import Cite, Switch, Variant

GRAZE = "vision/rule/6.5"
GRAZE_TERM = "vision/term/グレイズ"
PLAY_TERM = "vision/term/プレイ"
CARD_PLAY = "vision/rule/card-play"
PROCEDURE = "vision/rule/play-procedure"
PLAYED_CARD = "vision/rule/played-card"
SUPPLEMENT = "vision/rule/play-supplement"


def qa(number: int) -> str:
    """The id of an official Q&A entry: ``qa(337)`` -> ``vision/qa/QA-337``."""
    return f"vision/qa/QA-{number:03d}"


# What revision 1 of the graze rule (one paragraph) says where revision 2 has a clause.
GRAZE_OLD_SENTENCE = {
    "6.5": "グレイズを行うことが出来る",
    "6.5.1": "グレイズを行うことが出来る",
    "6.5.2": "グレイズを行うことが出来る",
    "6.5.2.a": "１以上の戦闘ダメージを受けた場合",
    "6.5.2.b": "貫通",
    "6.5.3": "グレイズを行う場合",
    "6.5.3.a": "グレイズを行う場合",
    "6.5.3.b": "グレイズを行う場合",
    "x": "GRAZE値に等しい",
    "exactly": "任意に枚数を減らす",
    "deck": "山札がＸ枚以下",
}


def cite_rule(match, entry: str, clause: str, old: dict | None = None) -> Cite:
    """The citation of ``clause`` in the revision of ``entry`` in force.

    When that revision has no such clause (an older text), cite the sentence of its
    whole-text clause that ``old[clause]`` picks instead.
    """
    rev = match.corpus.get(entry).in_force(match.ruleset.day)
    clauses = rev.clauses
    if clause in clauses or not old:
        return Cite(entry, clause)
    whole = next(iter(clauses), None)
    return Cite(entry, whole, match=old.get(clause))


def graze_cite(match, clause: str) -> Cite:
    """A clause of 6.5 (グレイズ) as the revision in force words it."""
    return cite_rule(match, GRAZE, clause, GRAZE_OLD_SENTENCE)


def graze_rule_revision(match) -> int:
    """The number of the graze rule's revision in force (1: Ver.2.0, 2: 6.5)."""
    return match.corpus.get(GRAZE).in_force(match.ruleset.day).number


SWITCHES = {
    "graze_deck_limit": Switch(
        "graze_deck_limit",
        "Whether a player whose deck holds X cards or fewer may not graze (rulebook "
        "Ver.2.0) or the rule says nothing of the deck (comprehensive rules 6.5).",
        (Variant(True, GRAZE, 1, "graze", "山札がＸ枚以下"),
         Variant(False, GRAZE, 2, "6.5.3.b"))),
    "as_if_played_restrictions": Switch(
        "as_if_played_restrictions",
        "Whether a card resolved as if played (プレイしたものとして解決) ignores its own "
        "restrictions (turn, number per turn, conditions) or is bound by them.",
        (Variant("ignored", qa(337), 1, None, "はい、できます"),
         Variant("apply", qa(337), 2, None, "いいえ、出来ません"))),
    "as_if_played_voids_afterwards": Switch(
        "as_if_played_voids_afterwards",
        "Whether resolving a card as if played voids the discard / removal it was under "
        "(QA-326, later withdrawn).",
        (Variant(True, qa(326), 1, None, "無効になります"),
         Variant(False, qa(326), 2, None, None))),
}
