"""プレイしたものとして解決 (resolve as if played): steps 3 to 5 of the play procedure only.

"これは、「カードをプレイする方法」の手順3～5の手順のみを処理する" (vision/term/プレイ):
the card is put into the play area face up (step 3; a face-down card by its face side,
QA-346), a mode is chosen (4) and a target designated (5, at this moment: QA-110); no
cost is paid (QA-041).  It counts as played (QA-021) and as "played and resolved"
(QA-108); from 除外 it may still go onto the field (QA-341).

Whether the card's own restrictions (1 per turn, the world talisman limit, …) bind it
is the switch ``as_if_played_restrictions`` (QA-337 revision 1: ignored; revision 2:
they apply).  What happens to a card the granting effect discards or removes afterwards
is the switch ``as_if_played_voids_afterwards`` (QA-326, withdrawn).
"""
from __future__ import annotations

from judge.engine import Check, Choose, Cite, FieldSpec, Move, Note, Record, SetCard, action

from . import interpretations as I
from .cards import PLAY_PROPS, card_type, label
from .choices import given
from .resolution import resolve_played
from .restrictions import own_restrictions, record, wrong_timing
from .targets import is_legal_target, legal_targets, reference, target_kind
from .citations import PLAY_TERM, PROCEDURE, qa
from judge.i18n import joined
from .i18n import msg

AFTERWARDS = ("none", "discard", "remove")


def resolve_as_if_played(match, player: str, card, act, *, by: str = msg("an effect"),
                         cite=None, afterwards: str = "none",
                         timing_restricted: bool = False):
    """Resolve ``card`` as if ``player`` played it (see the module docstring).

    ``by`` names the granting effect for the log; ``cite`` is the step that grants it
    (テリブルスーヴニール's own entry), else the play page's sentence is cited.
    """
    yield Note(cite=cite or Cite(PLAY_TERM, match="手順3～5の手順のみを処理する"),
               event="as-if-played",
               detail=msg("{by} resolves {card} as if {player} played it: steps 3-5 "
                          "of the play procedure only",
                          by=by, card=card, player=player))
    origin = match.where_is(card)[1]
    if timing_restricted and not (yield from _timing(match, player, card)):
        return
    if not (yield from _restrictions(match, player, card)):
        return
    kind = target_kind(card)
    if kind and not legal_targets(match.state, card):
        yield Note(cite=Cite(PROCEDURE, "play-procedure.5").because(
                       I.AS_IF_PLAYED_FAILS_WITHOUT_TARGET), event="fail",
                   detail=msg("{card} has no legal target to designate: it fails to "
                              "resolve and stays in {origin}",
                              card=card, origin=msg.zone(origin)))
        return
    # Step 3: into the play area, face up (a face-down card by its face side: QA-346).
    if card.get("face_down"):
        yield Note(cite=Cite(qa(346), match="表側を参照"), event="face-down",
                   detail=msg("{name} is face down: its face side is referred to and "
                              "resolved", name=card.name))
    yield Move(card, "play_area", player=player,
               clear=("face_down", "asleep", "damage", "attached_to") + PLAY_PROPS,
               cite=Cite(PROCEDURE, "play-procedure.3"), event="reveal",
               detail=msg("{card} goes from {origin} into {player}'s play area face "
                          "up",
                          card=card, origin=msg.zone(origin), player=player))
    # Step 4: the mode.
    modes = [str(m) for m in card.get("modes", []) or []]
    if modes:
        mode = yield Choose("resolved_mode", modes, player=player,
                            cite=Cite(PROCEDURE, "play-procedure.4"))
        yield SetCard(card, {"mode": mode}, cite=Cite(PROCEDURE, "play-procedure.4"),
                      event="mode", detail=msg("{card}: mode {mode}", card=card, mode=mode))
    # Step 5: the target, designated now (QA-110).
    if kind:
        options = [reference(match.state, c) for c in legal_targets(match.state, card)]
        ref = given(act, "resolved_target")
        if ref is None:
            raise match.input_error(
                msg("{card} is resolved as if played and must designate a target now "
                    "(QA-110): the choice 'resolved_target' is open",
                    card=card), "resolved_target", options)
        target = match.card(ref, field="resolved_target")
        if not is_legal_target(match.state, card, target, kind):
            yield Check(ok=False, cite=Cite(PROCEDURE, "play-procedure.5"), event="target",
                        detail=msg("{target} is not a legal target of {card}",
                                   target=target, card=card))
        yield SetCard(card, {"target": target.uid}, cite=Cite(qa(110), match="解決時に指定"),
                      event="target", detail=msg("the target of {card} is designated "
                                                 "now: {target}",
                                                 card=card, target=target))
    yield Note(cite=Cite(qa(41), match="コストの支払いは発生しません"), event="no-cost",
               detail=msg("no cost is paid for {card}", card=card))
    yield Record(record(player, card, as_if_played=True), cite=Cite(qa(21), match="のみを"),
                 event="played", detail=msg("{card} counts as played by {player}",
                                            card=card, player=player))
    if origin == "removed" and (card_type(card) == "character" or kind == "character"
                                or "幻想生物" in str(card.get("keywords"))):
        yield Note(cite=Cite(qa(341), match="例外的に場に出す事が出来ます"), event="from-removed",
                   detail=msg("{card} was removed from the game, yet it may go onto "
                              "the field", card=card))
    yield from resolve_played(match, card, act)
    yield Note(cite=Cite(qa(108), match="適用できます"), event="played-and-resolved",
               detail=msg("{card} was played and resolved: effects conditioned on a "
                          "card being played and resolved apply",
                          card=card))
    yield from _afterwards(match, card, afterwards)


def _timing(match, player, card):
    """「タイミングが正しくないカードは解決出来ない」: the granting effect's own limit.

    QA-337 revision 1: even while restrictions are ignored, such a limit is followed
    (その制限に従います); revision 2: the limit checks the card's timing beside the
    restrictions that bind it anyway (vision.wrong-timing).
    """
    old = match.ruleset.variant("as_if_played_restrictions").value == "ignored"
    checks = wrong_timing(match, player, card)
    for ok, own, detail in checks:
        # Revision 1 states the limit; under revision 2 it rests on the public facts.
        rule = (Cite(qa(337), match="その制限に従います") if old else own).because(
            I.WRONG_TIMING)
        if not ok:
            yield Note(cite=rule, event="fail",
                       detail=msg("a card with the wrong timing cannot be resolved: "
                                  "{detail}; {card} fails to resolve",
                                  detail=detail, card=card))
            return False
    rule = (Cite(qa(337), match="その制限に従います") if old else
            Cite(PROCEDURE, "play-procedure.1")).because(I.WRONG_TIMING)
    yield Note(cite=rule, event="timing",
               detail=msg("a card with the wrong timing cannot be resolved: {card}'s "
                          "timing is right", card=card))
    return True


def _restrictions(match, player, card):
    """QA-337: the card's own restrictions, ignored (revision 1) or applied (revision 2)."""
    variant = match.ruleset.variant("as_if_played_restrictions")
    checks = own_restrictions(match, player, card)
    if variant.value == "ignored":
        if checks:
            broken = [d for ok, _, d in checks if not ok]
            yield Note(cite=variant.cite(), event="restrictions",
                       detail=msg("{card}'s restrictions are ignored ({broken})", card=card,
                                  broken=joined(broken)) if broken else
                       msg("{card}'s restrictions are ignored", card=card))
        return True
    for ok, rule, detail in checks:
        if not ok:
            yield Note(cite=variant.cite().because(I.AS_IF_PLAYED_RESTRICTIONS),
                       event="fail", detail=msg("{card} cannot ignore its "
                                                "restrictions: {detail}; it fails to "
                                                "resolve",
                                                card=card, detail=detail))
            return False
    if checks:
        yield Note(cite=variant.cite().because(I.AS_IF_PLAYED_RESTRICTIONS),
                   event="restrictions", detail=msg("{card} meets its restrictions",
                                                    card=card))
    return True


def _afterwards(match, card, afterwards: str):
    """QA-326: a discard / removal the card was under, after it resolves as if played."""
    if afterwards == "none":
        return
    zone = match.where_is(card)[1]
    variant = match.ruleset.variant("as_if_played_voids_afterwards")
    if variant.value and zone == "field":
        yield Note(cite=variant.cite().because(I.QA326_AFTERWARDS), event="void",
                   detail=msg("{card} stays on the field: the {afterwards} it was "
                              "under is void",
                              card=card, afterwards=afterwards))
        return
    dest, done = (("graveyard", msg("discarded to 冥界")) if afterwards == "discard" else
                  ("removed", msg("removed from the game")))
    if zone == dest:
        return
    yield Move(card, dest, player=card.owner, clear=("attached_to", "asleep", "damage"),
               cite=Cite(PLAY_TERM, match="プレイしたものとして解決する").because(
                   I.QA326_AFTERWARDS), event=afterwards,
               detail=msg("{card} is {done}, as the effect says", card=card, done=done))


@action("resolve_as_if_played",
        doc="An effect resolves a card as if played (プレイしたものとして解決): `card` from "
            "冥界, 除外, the hand…; `by` names the effect (for the log); `afterwards` what "
            "the effect does to the card after it resolves (none, discard, remove); "
            "`timing_restricted: yes`: the effect says 「タイミングが正しくないカードは解決"
            "出来ない」.",
        card=FieldSpec("card", required=True, doc="the card resolved as if played"),
        by=FieldSpec("str", doc="the card or effect that does it (for the log)"),
        afterwards=FieldSpec("choice", options=AFTERWARDS),
        timing_restricted=FieldSpec("yesno", doc="yes: the effect says 「タイミングが正しく"
                                                 "ないカードは解決出来ない」"),
        resolved_target=FieldSpec("card"), resolved_mode=FieldSpec("str"))
def resolve_as_if_played_action(match, act):
    """Resolve a card as if played (the granting effect's text is not in the corpus)."""
    card = match.card(act.get("card"), field="card")
    zone = match.where_is(card)[1]
    if zone == "play_area":
        raise match.input_error(msg("{card} is a played card waiting in the play area; resolve it with `resolve`",
                                    card=card), "card")
    yield from resolve_as_if_played(match, act.player, card, act,
                                    by=act.get("by") or msg("an effect"),
                                    afterwards=act.get("afterwards", "none"),
                                    timing_restricted=act.get("timing_restricted") == "yes")
