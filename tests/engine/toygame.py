"""A tiny made-up game for testing the engine core without any real game's rules.

Two players, zones deck/hand/board/discard; ``draw`` moves the top card of the deck to
the hand; ``discard`` moves a named card from the hand (illegal if the hand holds fewer
than ``min_hand`` cards, a switch whose value changed between two revisions of the toy
rule); ``hit`` asks a yes/no choice and costs 1 life on yes.
"""
from __future__ import annotations

from datetime import date

from judge.corpus import Corpus, Entry, Revision, RevisionDate
from judge.engine import (Check, Choose, Cite, FieldSpec, Game, Interpretation, LifeChange,
                          Move, Switch, Variant, action)

RULE = "vision/rule/toy"   # a game id the corpus accepts; the toy lives in a tmp corpus


def toy_corpus() -> Corpus:
    """A corpus holding the toy rule in two revisions (min hand 0, later 2)."""
    old = Revision(1, RevisionDate(date(2010, 1, 1)), {"document": "toy"},
                   "{#draw} Draw the top card.\n{#discard} Discard any card from the hand.",
                   status="superseded")
    new = Revision(2, RevisionDate(date(2020, 1, 1)), {"document": "toy"},
                   "{#draw} Draw the top card.\n{#discard} Discard only with 2 cards or more "
                   "in the hand.\n{#hit} A hit costs one life.")
    return Corpus([Entry(RULE, "vision", "rule", "toy", "Toy rules", [new, old])])


GUESS = Interpretation("toy.hit-choice", "The toy rule does not say who chooses.")


@action("draw", doc="Draw the top card of the deck.")
def draw(match, act):
    deck = match.zone(act.player, "deck")
    yield Check(ok=bool(deck), cite=Cite(RULE, "draw"), detail="the deck is not empty")
    yield Move(deck[0], "hand", cite=Cite(RULE, "draw"), detail="draws", event="draw")


@action("discard", card=FieldSpec("card", required=True))
def discard(match, act):
    card = match.card(act.get("card"), player=act.player, zones=("hand",), field="card")
    minimum = match.ruleset.value("min_hand")
    yield Check(ok=len(match.zone(act.player, "hand")) >= minimum,
                cite=match.ruleset.cite("min_hand"), detail=f"hand has {minimum}+ cards")
    yield Move(card, "discard", cite=Cite(RULE, "discard"), detail=f"discards {card.name}")


@action("hit", target=FieldSpec("player", required=True), hit=FieldSpec("yesno"))
def hit(match, act):
    answer = yield Choose("hit", ["yes", "no"], cite=Cite(RULE, "hit").because(GUESS))
    if answer == "yes":
        yield LifeChange(act.get("target"), -1, cite=Cite(RULE, "hit"), event="damage")


class ToyGame(Game):
    name = "toy"
    titles = {"ja": "トイ", "en": "Toy"}
    zones = ("deck", "hand", "board", "discard")
    zone_labels = {"deck": {"ja": "デッキ", "en": "deck"}, "hand": {"ja": "手札", "en": "hand"},
                   "board": {"ja": "場", "en": "board"},
                   "discard": {"ja": "捨て札", "en": "discard pile"}}
    board_layout = {"main": ("board",), "hand": ("hand",), "piles": ("deck", "discard")}
    counted_zones = ("deck",)
    phases = ("main",)
    card_fields = {"power": FieldSpec("int")}
    starting_life = 5
    procedures = (draw, discard, hit)
    switches = {"min_hand": Switch("min_hand", "cards needed in hand to discard", (
        Variant(0, RULE, 1, "discard"), Variant(2, RULE, 2, "discard")))}
    interpretations = {GUESS.id: GUESS}


GAME = ToyGame
