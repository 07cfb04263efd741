"""Resolving an effect (効果) a scenario gives a card, in the words of effect_text.py.

The chapter's rule for effects is "follow the card's instructions each time" (その都度
カードの指示にしたがってください); since no card text is cited, the instruction is the
scenario's ``effect`` / ``flip_effect``.  Choices an effect needs (which card to
destroy) are asked of the card's controller and answered by the action's field or its
``choices:`` (``target`` for a spell or trap, ``flip_target`` for a flip effect).
"""
from __future__ import annotations

from judge.engine import Card, Choose, Cite, Note

from .board import face_up, labels, monsters
from .cards import from_card_list
from .effect_text import parse_effect
from .graveyard import destroy, return_to_hand
from .interpretations import CARD_DATA, EFFECT_DESTRUCTION
from .life_points import lose_life
from .citations import DESTROYED_FACE_DOWN, FLIP, FUSION, RITUAL, TO_GRAVEYARD, card_entry
from .turn import draw_cards
from .i18n import msg

CARD_INSTRUCTIONS = Cite(FLIP, match="カードの指示にしたがってください")
EFFECT_TO_GRAVEYARD = TO_GRAVEYARD.because(EFFECT_DESTRUCTION)
CHAPTER_MENTIONS = {
    "光の護封剣": Cite(FLIP, "flip-effects.1", match="光の護封剣"),
    "サンダー・ボルト": Cite(FLIP, "flip-effects.1", match="サンダー・ボルト"),
    "落とし穴": Cite(FUSION, match="落とし穴"),
    "スカルライダー": Cite(RITUAL, match="スカルライダー」(儀式モンスターカード)"),
    "スカルライダーの復活": Cite(RITUAL, match="スカルライダーの復活」(魔法・儀式カード)"),
}


def card_cite(match, name: str) -> Cite | None:
    """The text that speaks of a card the chapter names: its card entry if that has text,
    else the chapter's sentence that names it (the card entries hold no card text)."""
    entry = card_entry(name)
    if entry in match.corpus and match.corpus.get(entry).current.text.strip():
        return Cite(entry)
    return CHAPTER_MENTIONS.get(name)


def effect_cite(match, card: Card, key: str) -> Cite:
    """What a card's effect step cites: the chapter on that card when its effect is the
    one public facts give it (an interpretation), else "follow the card's instructions"."""
    cite = card_cite(match, card.name) if from_card_list(card, key) else None
    return cite.because(CARD_DATA) if cite else CARD_INSTRUCTIONS


def resolve(match, source: Card, controller: str, text: str, choice: str, cite: Cite):
    """Carry out one effect of ``source`` for ``controller`` (see effect_text.py)."""
    verb, arg = parse_effect(text)
    opponent = match.state.opponent(controller)
    if verb == "destroy":
        target = yield from _choose(match, source, controller, choice, cite, msg("destroy"),
                                    _field_cards(match, source))
        if target is not None:
            yield from destroy(match, target, EFFECT_TO_GRAVEYARD,
                               msg("{target} is destroyed by {source}: to {owner}'s "
                                   "graveyard",
                                   target=target, source=source, owner=target.owner))
    elif verb == "bounce":
        target = yield from _choose(match, source, controller, choice, cite,
                                    msg("return to the hand"),
                                    [c for p in match.state.players
                                     for c in monsters(match.state, p) if c is not source])
        if target is not None:
            yield from return_to_hand(match, target, cite,
                                      msg("{target} returns to {owner}'s hand",
                                          target=target, owner=target.owner))
    elif verb == "destroy_all":
        for monster in list(monsters(match.state, opponent)):
            if not face_up(monster) and monster.get("flip_effect"):
                yield Note(cite=DESTROYED_FACE_DOWN,
                           detail=msg("{monster} is destroyed face-down: it is not "
                                      "turned face-up, so its flip effect does not "
                                      "trigger",
                                      monster=monster),
                           event="no-flip-effect")
            yield from destroy(match, monster, EFFECT_TO_GRAVEYARD,
                               msg("{monster} is destroyed by {source}: to {owner}'s "
                                   "graveyard",
                                   monster=monster, source=source, owner=monster.owner))
    elif verb == "flip_all":
        from .flip_effects import turned_face_up
        hidden = [m for m in monsters(match.state, opponent) if not face_up(m)]
        if not hidden:
            yield Note(cite=cite, detail=msg("{opponent} has no face-down monster to "
                                             "turn face-up",
                                             opponent=opponent))
        for monster in hidden:
            if monster in monsters(match.state, opponent) and not face_up(monster):
                yield from turned_face_up(match, monster, "effect", source=source, cite=cite)
    elif verb == "draw":
        yield from draw_cards(match, controller, arg, cite,
                              msg("the effect of {source}", source=source))
    elif verb == "damage":
        yield from lose_life(match, opponent, arg, cite,
                             msg("{opponent} loses {arg} life points by the effect "
                                 "of {source}",
                                 opponent=opponent, arg=arg, source=source), event="effect-damage")
    else:
        yield Note(cite=cite, detail=msg("the effect of {source} resolves: 「{arg}」 "
                                         "(a description: the engine changes nothing "
                                         "for it)",
                                         source=source, arg=arg),
                   event="effect")


def _field_cards(match, source: Card) -> list[Card]:
    return [c for p in match.state.players for z in ("monsters", "spells", "field")
            for c in match.zone(p, z) if c is not source]


def _choose(match, source, controller, choice, cite, what, cards):
    options = labels(cards)
    if not options:
        yield Note(cite=cite, detail=msg("the effect of {source} has no card to "
                                         "{what}",
                                         source=source, what=what),
                   event="effect")
        return None
    # No detail: the engine then logs the answer itself ("target: 草原").
    answer = yield Choose(choice, list(options), player=controller, cite=cite,
                          event="choice")
    return options[answer]
