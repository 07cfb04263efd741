"""Status effects (各種状態異常): stun (スタン), freeze lock (凍結ロック), burn (燃焼).

A unit's ``statuses`` maps each status to the mana phases it has left (the page's
残りの継続フェイズ).  Stun and freeze lock stop every action of the unit; burn stops its
continuous damage from healing.  Every mana phase (of either player) counts them down
after the healing; a player may cure one in their own mana phase by paying the phases
left in mana (補足).  A status given again keeps the stronger (重複: 効果の高い方).
"""
from __future__ import annotations

from judge.engine import (FieldSpec, Note, ScenarioError, SetCard, SetCounter, action,
                          require)

from . import cards as C
from .common import require_game_on, require_own_turn
from .citations import rule
from .interpretations import STATUS_COUNTDOWN, STUN_ACTIONS
from judge.i18n import N_, joined
from .i18n import msg

CLAUSE = {"stun": "stun", "freeze_lock": "freeze-lock", "burn": "burn"}
JAPANESE = {"stun": "スタン", "freeze_lock": "凍結ロック", "burn": "燃焼"}


def status_cite(status: str, match_text: str | None = None):
    """The clause of a status."""
    return rule("status-effects", CLAUSE[status], match_text)


def require_can_act(match, card, what: str):
    """A stunned or freeze-locked unit takes no action (攻撃、スキル発動、表示形式の変更…)."""
    held = C.statuses(card)
    if "freeze_lock" in held:
        yield from require(False, status_cite("freeze_lock", "一切の行動を取れなくなります"),
                           msg("{card} is freeze-locked ({freeze_lock} mana phase(s) "
                               "left): it cannot {what}",
                               card=card, freeze_lock=held['freeze_lock'], what=what))
    if "stun" in held:
        cite = status_cite("stun", "行動不能")
        if what == msg("change its position"):
            cite = cite.because(STUN_ACTIONS)
        yield from require(False, cite, msg("{card} is stunned until the next mana "
                                            "phase: it cannot {what}",
                                            card=card, what=what))


def give(match, card, status: str, phases: int, *, cite, detail: str):
    """Give a unit a status for ``phases`` mana phases; overlapping, the stronger stays."""
    held = C.statuses(card)
    if held.get(status, 0) >= phases:
        yield Note(cite=rule("overlap", None, "効果の高い方が優先"),
                      detail=msg("{card} already has {JAPANESE} for {held} mana "
                                 "phase(s): the stronger effect stays",
                                 card=card, JAPANESE=JAPANESE[status], held=held[status]),
                      event="status")
        return
    held[status] = phases
    yield SetCard(card, {"statuses": dict(sorted(held.items()))}, cite=cite, detail=detail,
                  event="status")


def count_down(match):
    """Every unit's statuses lose one mana phase; those at zero are cured."""
    cite = rule("status-effects", "freeze-lock", "マナフェイズ経過で回復").because(STATUS_COUNTDOWN)
    for pname in match.state.players:
        for card in [c for z in ("battle", "forbidden") for c in match.zone(pname, z)]:
            held = C.statuses(card)
            if not held:
                continue
            left = {s: n - 1 for s, n in held.items() if n > 1}
            cured = [JAPANESE[s] for s in held if s not in left]
            parts = ([msg("cured of {statuses}", statuses=cured)] if cured else []) + \
                [msg("{status} {n} left", status=JAPANESE[st], n=n) for st, n in left.items()]
            yield SetCard(card, {"statuses": left or None}, cite=cite,
                          detail=msg("mana phase: {card} {words}", card=card,
                                     words=joined(parts)),
                          event="status")


@action("cure", unit=FieldSpec("card", required=True, doc=N_("the unit to cure")),
        status=FieldSpec("str", required=True, doc=N_("stun, freeze_lock or burn (any spelling)")),
        doc=N_("Cure a status in one's own mana phase by paying the mana phases it has left (補足)."))
def cure(match, act):
    """Cure a status in one's own mana phase by paying the mana phases it has left (補足)."""
    player = act.player
    yield from require_game_on(match)
    unit = match.card(act.get("unit"), player=player, zones=("battle", "forbidden"),
                      field="unit")
    try:
        status = C.canonical(C.STATUS_NAMES, act.get("status"), "status")
    except ScenarioError:
        raise match.input_error(msg("{value!r} is not a status", value=act.get('status')), "status",
                                accepted=["stun", "freeze_lock", "burn", "スタン", "凍結ロック",
                                          "燃焼"]) from None
    cite = rule("status-effects", "supplement", "自身のマナフェイズ")
    yield from require_own_turn(match, player, msg("cure a status"))
    yield from require(match.state.phase == "mana", cite,
                       msg("a status is cured in one's own mana phase, not in the "
                           "{phase} phase",
                           phase=msg.phase(match.state.phase)))
    held = C.statuses(unit)
    yield from require(status in held, cite, msg("{unit} has no {JAPANESE}",
                                                 unit=unit, JAPANESE=JAPANESE[status]))
    price = held[status]
    mana = match.state.players[player].counters["mana"]
    yield from require(mana >= price, cite, msg("curing {JAPANESE} costs {price} "
                                                "mana (the mana phases left); "
                                                "{player} has {mana}",
                                                JAPANESE=JAPANESE[status], price=price, player=player, mana=mana))
    yield SetCounter(player, "mana", mana - price, cite=cite,
                     detail=msg("{player} pays {price} mana ({mana} → {value})",
                                player=player, price=price, mana=mana, value=mana - price),
                     event="mana")
    del held[status]
    yield SetCard(unit, {"statuses": held or None}, cite=cite,
                  detail=msg("{unit} is cured of {JAPANESE}",
                             unit=unit, JAPANESE=JAPANESE[status]), event="status")
