"""プレイ条件 (play conditions): step 1 of カードをプレイする方法, and what this turn holds.

Step 1 checks timing (自分ターン, 相手ターン, メインフェイズ, 干渉), limits on how many cards
may be played in a turn (「1枚制限」, 世界呪符) and "cannot be played unless" conditions.
The per-type rules (play-supplement character.1-2, spell.1-2, command.1-2) are checked
here too.  A card's own restrictions (:func:`own_restrictions`) are what QA-337 is
about: whether a card resolved as if played is bound by them is a ruleset switch.

What already happened this turn is the state's ``this_turn`` list; a play is recorded
as ``{player: A, played: N75, name: マナの生成, type: command}`` (a setup may write only
``{player: A, played: N75}``: the rest is looked up in the card list).
"""
from __future__ import annotations

import weakref
from dataclasses import dataclass

from judge.engine import Card, Cite

from . import interpretations as I
from .cards import CardList, card_type, facts, has_keyword, keywords, name_key, number_key
from .citations import PLAY_TERM, PROCEDURE, SUPPLEMENT
from .i18n import msg


@dataclass
class PlayFact:
    """One card a player played this turn, as far as the rules need it."""

    player: str
    name: str
    number: str | None
    type: str | None
    keywords: set


def record(player: str, card: Card, key: str = "played", **extra) -> dict:
    """The ``this_turn`` record of a play (``key`` played) or a resolution (resolved)."""
    fact = {"player": player, key: card.get("number") or card.name, "name": card.name}
    if card_type(card):
        fact["type"] = card_type(card)
    words = sorted(w for w in keywords(card) if "制限" in w or w == "世界呪符")
    if words:
        fact["keywords"] = words
    fact.update(extra)
    return fact


def plays_this_turn(match, player: str) -> list[PlayFact]:
    """The cards ``player`` played this turn (as if played included)."""
    return list(_plays(match).get(player, ()))


# Per match, the plays read so far from this_turn, kept up as records are added: looking
# each record's card up again at every check made a long turn quadratic.
_READ: "weakref.WeakKeyDictionary" = weakref.WeakKeyDictionary()


def _plays(match) -> dict[str, list[PlayFact]]:
    turn = match.state.this_turn
    memo = _READ.get(match)
    if (memo is None or memo[0] is not turn or memo[1] > len(turn)
            or (memo[1] and turn[memo[1] - 1] is not memo[2])):
        # a new turn, or records undone (an illegal action rolled back): read afresh
        memo = [turn, 0, None, {}]
        _READ[match] = memo
    if memo[1] < len(turn):
        cards = CardList.of(match.corpus)
        for fact in turn[memo[1]:]:
            play = _play_fact(cards, fact)
            if play is not None:
                memo[3].setdefault(play.player, []).append(play)
        memo[1], memo[2] = len(turn), turn[-1]
    return memo[3]


def _play_fact(cards: CardList, fact: dict) -> PlayFact | None:
    if "played" not in fact:
        return None
    player = str(fact.get("player"))
    ref = str(fact["played"])
    entry = cards.numbered(number_key(ref) or "") if number_key(ref) else None
    if entry is None:
        named = cards.named(ref)
        entry = named[0] if len(named) == 1 else None
    known = facts(entry) if entry is not None else {}
    name = str(fact.get("name") or (CardList.card_name(entry) if entry else ref))
    words = set(fact.get("keywords") or [])
    if not words and known.get("keywords"):
        words = keywords(Card("-", name, player, {"keywords": known["keywords"]}))
    return PlayFact(player, name, known.get("number") or number_key(ref),
                    fact.get("type") or known.get("type"), words)


def same_card(fact: PlayFact, card: Card) -> bool:
    """Whether a play this turn was a card of the same name (「1枚制限」 counts names)."""
    if fact.number and card.get("number") and fact.number == card.get("number"):
        return True
    return name_key(fact.name) == name_key(card.name)


def attack_under_way(match):
    """The character whose attack waits (``attacking``, declared with ``resolve: no``)."""
    for p in match.state.players:
        for card in match.zone(p, "field"):
            if card.get("attacking"):
                return card
    return None


def interference_pending(match) -> bool:
    """Whether a card waits in a play area or an attack waits (an interference is under
    way: vision.interference, vision.combat-interference)."""
    return (any(match.zone(p, "play_area") for p in match.state.players)
            or attack_under_way(match) is not None)


def by_surprise(match, player: str, card: Card) -> bool:
    """奇襲: a character with 奇襲 played in interference to the opponent's attack."""
    attacker = attack_under_way(match)
    return (card_type(card) == "character" and has_keyword(card, "奇襲")
            and attacker is not None and match.where_is(attacker)[0] != player)


SURPRISE_CITE = Cite(PLAY_TERM, match="戦術「奇襲」の効果でこちらの攻撃に干渉して")


RESTRICTIONS = {
    # keyword: (own turn only, opponent's turn only, one per turn)
    "自分ターン1枚制限": (True, False, True),
    "ターン1枚制限": (False, False, True),
    "相手ターン1枚制限": (False, True, True),
    "自分ターン制限": (True, False, False),
    "相手ターン制限": (False, True, False),
}


def own_restrictions(match, player: str, card: Card,
                     timing_only: bool = False) -> list[tuple[bool, Cite, str]]:
    """The card's own restrictions: ``(ok, cite, detail)`` for each that applies.

    Its restriction keywords, the world talisman limit and its "unless" condition;
    ``timing_only``: only the turn part of its keywords (自分ターン, 相手ターン).
    """
    out = []
    step1 = Cite(PROCEDURE, "play-procedure.1")
    own_turn = match.state.active == player
    played = plays_this_turn(match, player)
    for word, (own_only, opp_only, once) in RESTRICTIONS.items():
        if not has_keyword(card, word):
            continue
        cite = step1.because(I.RESTRICTION_KEYWORDS)
        if own_only:
            out.append((own_turn, cite, msg("【{word}】: it is {player}'s own turn",
                                            word=word, player=player)
                        if own_turn else msg("【{word}】: not {player}'s own turn",
                                             word=word, player=player)))
        if opp_only:
            out.append((not own_turn, cite, msg("【{word}】: it is the opponent's turn",
                                                word=word)
                        if not own_turn else msg("【{word}】: it is {player}'s own turn",
                                                 word=word, player=player)))
        if once and not timing_only:
            before = [f for f in played if same_card(f, card)]
            out.append((not before, cite,
                        msg("【{word}】: {player} has played no 「{name}」 this turn",
                            word=word, player=player, name=card.name)
                        if not before else
                        msg("【{word}】: {player} already played 「{name}」 this turn",
                            word=word, player=player, name=card.name)))
    if timing_only:
        return out
    if has_keyword(card, "世界呪符"):
        before = [f for f in played if "世界呪符" in f.keywords]
        cite = Cite(PLAY_TERM, match="世界呪符").because(I.WORLD_TALISMAN_LIMIT)
        out.append((not before, cite,
                    msg("【世界呪符】: {player} has played no world talisman this turn",
                        player=player)
                    if not before else
                    msg("【世界呪符】: {player} already played 「{name}」, a world talisman, "
                        "this turn",
                        player=player, name=before[0].name)))
    if card.get("condition") in ("no", False):
        cite = Cite(PLAY_TERM, match="しない限りプレイできない").because(I.PLAY_CONDITION)
        out.append((False, cite, msg("{name}'s own condition for playing is not met",
                                     name=card.name)))
    return out


def type_rules(match, player: str, card: Card) -> list[tuple[bool, Cite, str]]:
    """The per-type rules of step 1 (play-supplement character.1-2, spell.1, command.1)."""
    kind = card_type(card)
    state = match.state
    out = []
    if by_surprise(match, player, card):
        out.append((True, SURPRISE_CITE.because(I.SURPRISE),
                    msg("奇襲: {card} is played in interference to the opponent's attack "
                        "(not in {player}'s main phase)", card=card, player=player)))
    elif kind in ("character", "spell"):
        main = state.active == player and state.phase == "main"
        out.append((main, Cite(SUPPLEMENT, f"{kind}.1"),
                    msg("it is {player}'s main phase", player=player) if main else
                    msg("not {player}'s main phase (turn of {active}, phase {phase})",
                        player=player, active=state.active, phase=msg.phase(state.phase))))
        pending = interference_pending(match)
        out.append((not pending, Cite(SUPPLEMENT, f"{kind}.1"),
                    msg("no interference is under way") if not pending else
                    msg("an interference is under way (a card waits in a play area)")))
    if kind == "character":
        before = [f for f in plays_this_turn(match, player) if f.type == "character"]
        out.append((not before, Cite(SUPPLEMENT, "character.2"),
                    msg("{player} has played no character this turn", player=player) if not before else
                    msg("{player} already played 「{name}」 this turn",
                        player=player, name=before[0].name)))
    if kind == "command":
        out.append((True, Cite(SUPPLEMENT, "command.1").because(I.COMMAND_TIMING),
                    msg("a command may be played in any phase where interference is "
                        "possible")))
    if kind in ("spell", "command"):
        out.append((True, Cite(SUPPLEMENT, f"{kind}.2"),
                    msg("no limit on how many per turn beyond nodes and cost")))
    return out


def wrong_timing(match, player: str, card: Card) -> list[tuple[bool, Cite, str]]:
    """「タイミングが正しくないカードは解決出来ない」: the resolved card's timing.

    The turn part of its restriction keywords and its type's phase (character.1,
    spell.1), not the number per turn nor the 'no interference' condition
    (interpretation ``vision.wrong-timing``).
    """
    out = own_restrictions(match, player, card, timing_only=True)
    own_turn = match.state.active == player
    kind = card_type(card)
    if kind in ("character", "spell"):
        main = own_turn and match.state.phase == "main"
        out.append((main, Cite(SUPPLEMENT, f"{kind}.1").because(I.WRONG_TIMING),
                    msg("it is {player}'s main phase", player=player) if main else
                    msg("not {player}'s main phase (turn of {active}, phase {phase})",
                        player=player, active=match.state.active,
                        phase=msg.phase(match.state.phase))))
    return out
