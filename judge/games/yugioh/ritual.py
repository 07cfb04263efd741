"""儀式: a ritual monster brought to the field by its ritual spell and tributes.

yugioh/rule/ritual: a ritual monster needs its own ritual card (a spell) and tributes
from the field or the hand whose levels (星の数) add up to at least its level; the
tributes and the spell go to the graveyard at once, and the ritual monster comes to the
field (ritual.2).  Like a fusion, a ritual is not a normal summon: 落とし穴 does not
answer it.  The example of the text is スカルライダー with スカルライダーの復活.
"""
from __future__ import annotations

from judge.engine import Check, Cite, FieldSpec, Move, Record, action, require
from judge.i18n import N_

from .board import MONSTER_ZONES, ON_FIELD_PROPS, fact, is_monster, monsters
from .cards import from_card_list
from .interpretations import CARD_DATA, RITUAL_FROM_HAND, SPECIAL_POSITION, ZONES
from .citations import RITUAL
from .turn import require_main_phase
from .i18n import msg

OWN_RITUAL_CARD = Cite(RITUAL, match="専用の儀式カード")
LEVELS = Cite(RITUAL, match="星の数以上になるよう")
TO_GRAVEYARD = Cite(RITUAL, "ritual.2", match="すぐに墓地へ送られます")
DESCEND = Cite(RITUAL, "ritual.2", match="フィールド上に降臨させることができます")


@action("ritual",
        spell=FieldSpec("card", required=True, doc=N_("the ritual spell (儀式カード) in the hand")),
        tributes=FieldSpec("cards", required=True, doc=N_("tributes from the field or the hand")),
        monster=FieldSpec("card", required=True, doc=N_("the ritual monster in the hand")),
        position=FieldSpec("choice", options=("attack", "defense"), doc=N_("default attack")),
        doc=N_("Bring a ritual monster to the field with its ritual spell and tributes."))
def ritual(match, act):
    """The ritual procedure of chapter 2 (儀式の手順)."""
    p = act.player
    yield from require_main_phase(match, p, msg("perform a ritual"))
    spell = match.card(act.get("spell"), player=p, zones=("hand",), field="spell")
    if spell.get("spell_type") != "ritual":
        raise match.input_error(msg("{spell} is not a ritual spell (儀式カード): give it spell_type: ritual",
                                    spell=spell), field="spell")
    monster = match.card(act.get("monster"), player=p, zones=("hand",), field="monster")
    if monster.get("kind") != "ritual":
        raise match.input_error(msg("{monster} is not a ritual monster (kind: ritual)",
                                    monster=monster),
                                field="monster")
    if monster.get("level") is None:
        raise match.input_error(msg("{monster} needs its level for the ritual", monster=monster),
                                field="monster")
    tributes = [match.card(r, player=p, zones=("monsters", "hand"), field="tributes")
                for r in act.get("tributes")]
    if len({t.uid for t in tributes}) != len(tributes) or monster in tributes:
        raise match.input_error(msg("a tribute is named twice, or is the ritual monster itself"),
                                field="tributes")
    for t in tributes:
        if not is_monster(t):
            raise match.input_error(msg("{t} is not a monster card", t=t), field="tributes")
        if t.get("level") is None:
            raise match.input_error(msg("the tribute {t} needs its level", t=t), field="tributes")
    called = spell.get("ritual_monster")
    yield Check(ok=called in (None, monster.name), cite=OWN_RITUAL_CARD,
                detail=msg("{spell} is the ritual card of 「{called}」", spell=spell,
                           called=called or monster.name)
                if called in (None, monster.name) else
                msg("{spell} is the ritual card of 「{called}」, not of {monster}",
                    spell=spell, called=called, monster=monster))
    total = sum(t.get("level") for t in tributes)
    level = monster.get("level")
    sums = dict(levels=" + ".join(str(t.get("level")) for t in tributes), total=total,
                monster=monster, level=level)
    levels_cite = LEVELS.because(CARD_DATA) if from_card_list(monster, "level") else LEVELS
    yield Check(ok=total >= level, cite=levels_cite,
                detail=(msg("the tributes' levels add up to {levels} = {total}; {monster} is "
                            "level {level}", **sums) if total >= level else
                        msg("the tributes' levels add up to {levels} = {total}; {monster} is "
                            "level {level}: not enough", **sums)))
    on_field = sum(1 for t in tributes if match.where_is(t)[1] == "monsters")
    yield from require(len(monsters(match.state, p)) - on_field < MONSTER_ZONES,
                       DESCEND.because(ZONES), msg("{player}'s five monster zones "
                                                   "are full",
                                                   player=p))
    for t in tributes:
        yield Move(t, "graveyard", clear=ON_FIELD_PROPS, cite=TO_GRAVEYARD, event="tribute",
                   detail=msg("{t} is offered as a tribute: to {owner}'s graveyard",
                              t=t, owner=t.owner))
    yield Move(spell, "graveyard", cite=TO_GRAVEYARD, event="to-graveyard",
               detail=msg("the ritual card {spell} goes to {owner}'s graveyard",
                          spell=spell, owner=spell.owner))
    position = act.get("position") or "attack"
    yield Move(monster, "monsters", player=p, props={"position": position},
               cite=DESCEND.because(RITUAL_FROM_HAND), event="ritual",
               detail=msg("{monster} descends to the field from {player}'s hand in "
                          "{position} position (ATK {value} / DEF {value2})",
                          monster=monster, player=p, position=msg.term("position", position), value=monster.get('atk', 0), value2=monster.get('def', 0)))
    yield Record(fact(p, "ritual_summon", monster),
                 cite=DESCEND.because(SPECIAL_POSITION) if act.get("position") else
                 Cite(RITUAL, match="通常の召喚とは異なるため"),
                 detail=msg("{monster} was brought by a ritual: not a normal summon",
                            monster=monster))
