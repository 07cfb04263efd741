"""カードをプレイする方法 (how to play a card): the seven steps, each checked and cited.

    １．プレイ条件を確認する。            -> play conditions (restrictions.py)
    ２．必要ノード以上のノードがノードエリアにある事を確認する。
    ３．プレイするカードを公開する / プレイエリアに表向きで置く。
    ４．複数の効果から１つを選ぶカードの場合、効果を選択する。
    ５．目標を指定するカードの場合、目標を指定する。
    ６．宣言を求められる効果の場合、その宣言を行う。
    ７．カードに書かれているコストを支払う。

Before step 3 the card-type supplement applies: a play whose required nodes, cost or
target cannot be met is not even declared (play-supplement).  A card whose required
nodes and cost are "-" cannot be played (card-play.3).  After step 7 the card is a
played card waiting in the play area (played-card) until both players pass; a node
count that drops below the requirement by paying does not undo the play (card-play.2).
"""
from __future__ import annotations

from judge.engine import Check, Choose, Cite, FieldSpec, Move, Note, Record, SetCard, action
from judge.i18n import N_

from . import interpretations as I
from .cards import CardList, card_type, face_value, is_character, label, name_key, number_of
from .choices import given
from .resolution import next_stack, resolve_all
from .restrictions import own_restrictions, record, type_rules
from .targets import KINDS, is_legal_target, legal_targets, reference, target_kind
from .citations import CARD_PLAY, PLAY_TERM, PLAYED_CARD, PROCEDURE, SUPPLEMENT, qa
from .i18n import msg


def step(n: int) -> Cite:
    """Step ``n`` of カードをプレイする方法."""
    return Cite(PROCEDURE, f"play-procedure.{n}")


def caster_of(match, card) -> str | None:
    """The caster (術者) the card list names for a spell (its ``user``), if any."""
    if card.get("caster"):
        return str(card.get("caster"))
    entry = CardList.of(match.corpus).numbered(str(card.get("number") or ""))
    user = str(((entry.data or {}).get("user") if entry is not None else "") or "").strip()
    return user if user and user != "-" else None


def by_caster_rule(match, player: str, card, act):
    """術者のルール: with the spell's caster on one's field, ignore its required nodes and
    cost (both); it is still a play (vision/term/プレイ).  Returns whether it applies."""
    if given(act, "caster") not in ("yes", True):
        return False
    caster = caster_of(match, card)
    on_field = [c for c in match.zone(player, "field") if is_character(c) and caster
                and name_key(c.name).replace(" ", "") == name_key(caster).replace(" ", "")]
    cite = Cite(PLAY_TERM, match="術者のルールによりコストを支払わなかった場合もプレイである")
    yield Check(ok=card_type(card) == "spell" and bool(on_field),
                cite=cite.because(I.CASTER), event="caster",
                detail=msg("{card}'s caster {caster} is on {player}'s field: its required "
                           "nodes and cost are ignored, and it is still a play",
                           card=card, caster=caster, player=player) if on_field else
                msg("{card} has no caster on {player}'s field (caster: {caster}): the "
                    "caster rule does not apply", card=card, player=player,
                    caster=caster or "-"))
    return True


def play_card(match, player: str, card, act):
    """The seven steps of playing ``card`` from ``player``'s hand (see the module doc)."""
    required, cost = face_value(card, "node"), face_value(card, "cost")
    if (yield from by_caster_rule(match, player, card, act)):
        required, cost = 0, 0
    dash = "-" in (required, cost)
    yield Check(ok=not dash, cite=Cite(CARD_PLAY, "card-play.3"), event="condition",
                detail=msg("{card}: required nodes {required}, cost {cost}: a card whose "
                           "required nodes and cost are '-' cannot be played", card=card,
                           required=required, cost=cost) if dash else
                msg("{card}: required nodes {required}, cost {cost}", card=card,
                    required=required, cost=cost))
    if not isinstance(required, int) or not (isinstance(cost, int) or cost == "X"):
        raise match.input_error(msg("the required nodes or cost of {card} are not known (node {required}, cost {cost}): give the card node and cost",
                                    card=card, required=required, cost=cost),
                                "card", "node: N, cost: N or X")
    # 1. Play conditions: timing, per-type rules, the card's own restrictions.
    for ok, cite, detail in type_rules(match, player, card) + \
            own_restrictions(match, player, card):
        yield Check(ok=ok, cite=cite, detail=detail, event="condition")
    yield Note(cite=step(1), event="step", detail=msg("step 1: {card} meets its play "
                                                      "conditions",
                                                      card=card))
    # 2. Required nodes against the node area (active and asleep alike).
    nodes = match.zone(player, "nodes")
    yield Check(ok=len(nodes) >= required, cite=step(2), event="nodes",
                detail=msg("step 2: {player}'s node area holds {nodes_count} nodes; "
                           "{card} requires {required}",
                           player=player, nodes_count=len(nodes), card=card, required=required))
    # The supplement: a play whose cost or target is certain to fail is not declared.
    x = _x_value(match, card, cost, act)
    payable, what = _can_pay(match, player, card, x)
    yield Check(ok=payable, cite=Cite(SUPPLEMENT, "play-supplement", match="コストが支払えない"),
                event="cost", detail=what)
    kind = target_kind(card)
    if kind:
        options = legal_targets(match.state, card)
        yield Check(ok=bool(options), cite=Cite(SUPPLEMENT, "play-supplement",
                                                match="目標を指定できない"), event="target",
                    detail=msg("{card} can designate {KINDS}",
                               card=card, KINDS=KINDS[kind]) if options else
                    msg("{card} must designate {KINDS} and there is none",
                        card=card, KINDS=KINDS[kind]))
    # 3. Reveal it into the play area, face up.
    yield Move(card, "play_area", player=player, props={"stack": next_stack(match)},
               clear=("face_down", "asleep"), cite=step(3), event="reveal",
               detail=msg("step 3: {player} reveals {card} and puts it into the play "
                          "area", player=player, card=card))
    # 4. Choose a mode.
    modes = [str(m) for m in card.get("modes", []) or []]
    if modes:
        mode = yield Choose("mode", modes, player=player, cite=step(4))
        yield SetCard(card, {"mode": mode}, cite=step(4), event="mode",
                      detail=msg("step 4: mode {mode}", mode=mode))
    else:
        yield Note(cite=step(4), event="step", detail=msg("step 4: no mode to choose"))
    # 5. Designate the target.
    yield from _designate(match, player, card, kind, act)
    # 6. Make the declaration.
    yield from _declare(match, card, act)
    # 7. Pay the cost.
    yield from _pay(match, player, card, cost, x, required)
    yield Record(record(player, card), cite=Cite(qa(21), match="カードをプレイする方法」に従って"),
                 event="played", detail=msg("{player} has played {card}",
                                            player=player, card=card))
    yield Note(cite=Cite(PLAYED_CARD, match="解決されるまで"), event="played",
               detail=msg("{card} is a played card in the play area until it resolves",
                          card=card))


def _x_value(match, card, cost, act):
    x = given(act, "x")
    if cost == "X":
        if x is None:
            raise match.input_error(msg("the cost of {card} is X: say how much with x",
                                        card=card),
                                    "x", "a whole number 0 or more")
        if x < 0:
            raise match.input_error(msg("x is 0 or more"), "x", "a whole number 0 or more")
        return x
    if x is not None:
        raise match.input_error(msg("x is only for a card whose cost is X; {card} costs {cost}",
                                    card=card, cost=cost), "x")
    return cost


def _can_pay(match, player, card, amount: int):
    nodes = match.zone(player, "nodes")
    if number_of(card) == "N298":
        asleep = [n for n in nodes if n.get("asleep")]
        return (len(asleep) >= amount,
                msg("cost {amount}: paid with sleeping nodes; {player} has "
                    "{asleep_count}",
                    amount=amount, player=player, asleep_count=len(asleep)))
    active = [n for n in nodes if not n.get("asleep")]
    return (len(active) >= amount, msg("cost {amount}: {player} has {active_count} "
                                       "active nodes",
                                       amount=amount, player=player, active_count=len(active)))


def _designate(match, player, card, kind, act):
    ref = given(act, "target")
    if kind is None:
        if ref is not None:
            raise match.input_error(msg("{card} designates no target (give the card target_kind if it should)",
                                        card=card), "target",
                                    sorted(KINDS))
        yield Note(cite=step(5), event="step", detail=msg("step 5: no target to "
                                                          "designate"))
        return
    if ref is None:
        options = [reference(match.state, c) for c in legal_targets(match.state, card)]
        raise match.input_error(msg("{card} must designate {KINDS}: the choice 'target' is open",
                                    card=card, KINDS=KINDS[kind]), "target", options)
    target = match.card(ref, field="target")
    ok = is_legal_target(match.state, card, target, kind)
    where = match.where_is(target)[1]
    cite, why = step(5), msg("{target} ({where}) is not {KINDS}",
                             target=target, where=msg.zone(where), KINDS=KINDS[kind])
    if kind.endswith("_being_played") and not ok:
        cite = Cite(PLAY_TERM, match="プレイされているカード」しか対象に出来ず")
        why = (msg("{target} is not being played (it is in {where}): an effect that "
                   "negates a play can target only a card being played",
                   target=target, where=msg.zone(where)))
    elif number_of(card) == "N298" and where == "nodes":
        cite = Cite(PLAY_TERM, match="手順7.であるため")
        why = (msg("{target} is still a node: the cost is paid at step 7, after the "
                   "target is designated at step 5", target=target))
    if not ok:
        yield Check(ok=False, cite=cite, event="target", detail=msg("step 5: {why}",
                                                                    why=why))
    yield SetCard(card, {"target": target.uid}, cite=step(5), event="target",
                  detail=msg("step 5: {card} designates {target} as its target",
                             card=card, target=target))
    if number_of(card) == "N364" and target_kind(target):
        yield Note(cite=Cite(qa(110), match="解決時に指定します"), event="target",
                   detail=msg("{target}'s own target, if any, is designated when "
                              "{card} resolves, not now",
                              target=target, card=card))


def _declare(match, card, act):
    value = given(act, "declare")
    if card.get("declaration") == "yes":
        if value is None:
            raise match.input_error(msg("{card} asks for a declaration: the choice 'declare' is open",
                                        card=card), "declare", "what is declared")
        yield SetCard(card, {"declared": str(value)}, cite=step(6), event="declare",
                      detail=msg("step 6: declares {value}", value=value))
        return
    if value is not None:
        raise match.input_error(msg("{card} asks for no declaration (give the card declaration: yes if it should)",
                                    card=card), "declare")
    yield Note(cite=step(6), event="step", detail=msg("step 6: no declaration to make"))


def _pay(match, player, card, cost, amount, required):
    nodes = match.zone(player, "nodes")
    paid = cost if cost == amount else "X=" + str(amount)
    yield Note(cite=step(7), event="step", detail=msg("step 7: {player} pays the cost {value}",
                                                      player=player, value=paid))
    if number_of(card) == "N298":
        for node in [n for n in nodes if n.get("asleep")][:amount]:
            yield Move(node, "graveyard", player=node.owner, clear=("asleep",),
                       cite=step(7).because(I.RESURRECTION_COST), event="cost",
                       detail=msg("a sleeping node ({name}) goes to 冥界 as the cost",
                                  name=node))
    else:
        for node in [n for n in nodes if not n.get("asleep")][:amount]:
            yield SetCard(node, {"asleep": True},
                          cite=Cite(CARD_PLAY, "card-play.1").because(I.COST_PAYMENT),
                          event="cost", detail=msg("a node ({name}) is put to sleep",
                                                   name=node))
    left = len(match.zone(player, "nodes"))
    if left < required:
        yield Note(cite=Cite(CARD_PLAY, "card-play.2"), event="nodes",
                   detail=msg("{player}'s node area now holds {left} nodes, fewer "
                              "than the {required} required: the play already made "
                              "stands",
                              player=player, left=left, required=required))


@action("play",
        doc=N_("Play a card from the hand (the seven steps). `target`, `mode`, `declare`, `x` "
            "answer steps 5, 4, 6 and an X cost; `resolve: no` leaves the card waiting in "
            "the play area so the other player may interfere (default: both pass at once); "
            "`resolved_target` / `resolved_mode` answer a card resolved as if played when "
            "this one resolves."),
        card=FieldSpec("card", required=True, doc=N_("the card in the hand")),
        caster=FieldSpec("yesno", doc=N_("yes: play a spell by the caster rule (術者)")),
        target=FieldSpec("card"), mode=FieldSpec("str"), declare=FieldSpec("str"),
        x=FieldSpec("int"), resolve=FieldSpec("yesno"),
        resolved_target=FieldSpec("card"), resolved_mode=FieldSpec("str"))
def play(match, act):
    """プレイ: play a card from the hand, then (unless ``resolve: no``) both players pass."""
    card = match.card(act.get("card"), player=act.player, zones=("hand",), field="card")
    yield from play_card(match, act.player, card, act)
    if act.get("resolve", "yes") == "yes":
        yield from resolve_all(match, act)
    else:
        yield Note(cite=Cite(PLAYED_CARD, match="解決されるまで").because(I.INTERFERENCE),
                   event="waits", detail=msg("{card} waits in the play area: the "
                                             "other player may interfere",
                                             card=card))
