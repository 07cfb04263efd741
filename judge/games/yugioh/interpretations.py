"""Where chapter 2 is silent and a playable scenario still needs a rule: the choices made.

Each :class:`Interpretation` is cited by the steps that rest on it
(``Cite(...).because(X)``), so the step log says ``interpretation: true`` with the reason.
The basis names the public fact (``/work/shared/notes/public-facts.md``, "Classic
Yu-Gi-Oh! OCG") or the nearest rule; docs/games/yugioh.md lists them all.
"""
from __future__ import annotations

from judge.engine import Interpretation

from .i18n import msg

PF = "public-facts.md (Classic Yu-Gi-Oh! OCG)"

STARTING_LIFE = Interpretation(
    "yugioh.starting-life",
    msg("Chapter 2 speaks of life points but never of their starting value; a player starts "
        "with 8000 unless the scenario says otherwise."),
    f"{PF}: 'Life points 8000 in OCG rulebooks.'")

LIFE_ZERO = Interpretation(
    "yugioh.life-zero",
    msg("Chapter 2 does not say when a duel ends. Life points do not go below 0, and a player "
        "whose life points reach 0 loses the duel."),
    "The general OCG rule (not in public-facts.md); the chapter only subtracts damage "
    "from life points.")

DUEL_OVER = Interpretation(
    "yugioh.duel-over",
    msg("Chapter 2 does not say when a duel ends. Once a player has won (the opponent's life "
        "points reached 0, or the opponent had to draw from an empty deck), the duel is over "
        "and no action can be taken."),
    "The general OCG rule (not in public-facts.md); yugioh.life-zero and yugioh.deck-out "
    "say when a player loses.")

PHASES = Interpretation(
    "yugioh.phases",
    msg("Chapter 2 names no phases. A turn is draw → standby → main1 → battle → main2 → end; "
        "phases only go forward, and ending the turn passes it to the opponent (their draw "
        "phase)."),
    "The OCG turn structure of later rulebooks (not in public-facts.md); the chapter's "
    "own words are 'デュエル中に戦闘した' and '次の自分のターン'.")

TURN_PLAYER = Interpretation(
    "yugioh.turn-player",
    msg("Summons, sets, spells, fusions, rituals, attacks and phase changes are the turn "
        "player's; battles happen in the battle phase, everything else in a main phase. The "
        "opponent acts only by activating a set trap card (落とし穴)."),
    "The OCG turn structure; the chapter says a flip by one's own will happens on '次の"
    "自分のターン' and an attack on the opponent's turn.")

FIRST_TURN = Interpretation(
    "yugioh.first-turn-no-attack",
    msg("The player who goes first cannot attack on turn 1."),
    "The rule of later OCG rulebooks; chapter 2 and public-facts.md are silent on the "
    "first turn of the 3rd edition.")

ATTACK_POSITION_ONLY = Interpretation(
    "yugioh.attack-position-only",
    msg("Only a monster in attack position (攻撃表示) can declare an attack: the damage table "
        "compares 'the attacking monster's ATK' with a target in attack or defense position, "
        "and a monster in defense position (守備表示) is the one that is attacked."),
    "The names of the positions and the shape of the damage table; public-facts.md is "
    "silent.")

ATTACK_ONCE = Interpretation(
    "yugioh.attack-once",
    msg("Each monster can attack once a turn."),
    "The general OCG rule; chapter 2 is silent.")

ONE_NORMAL_SUMMON = Interpretation(
    "yugioh.one-normal-summon",
    msg("A player may normal summon or set one monster a turn (setting a monster face-down "
        "in defense position uses that normal summon). Fusion and ritual summons are not "
        "normal summons (the chapter says so) and do not count."),
    f"The general OCG rule; the chapter distinguishes 通常の召喚 from fusion and ritual. "
    f"{PF}: 'Ritual and fusion summons are special summons'.")

TRIBUTES = Interpretation(
    "yugioh.tributes",
    msg("A normal summon or set of a level 5-6 monster needs one tribute, level 7 or more "
        "two; levels 1-4 none. Tributes are the player's own monsters on the field and go to "
        "the graveyard."),
    f"{PF}: 'Eras differ in tributes (none in the first 1999 rules; later level 5-6 "
    "one, 7+ two)'. The later rule is used; the chapter only speaks of 生け贄 for rituals.")

CHANGE_POSITION = Interpretation(
    "yugioh.change-position",
    msg("A face-up monster changes between attack and defense position once a turn, in a "
        "main phase, not on the turn it came to the field nor after it attacked; a face-down "
        "monster is turned face-up with `flip`."),
    "The general OCG rule; chapter 2 is silent.")

ZONES = Interpretation(
    "yugioh.zone-limits",
    msg("A player has five monster zones and five spell & trap zones: a summon, set, fusion, "
        "ritual or equip that needs a sixth is illegal."),
    "The OCG duel field; chapter 2 names the モンスターカード置き場 but not its size.")

ATTACK_LOWER = Interpretation(
    "yugioh.attack-lower-transcription",
    msg("The clause as transcribed (自分の攻撃力<敵の攻撃力) subtracts the defender's ATK from "
        "the attacker's and charges 'the attacked opponent' — a negative amount to the wrong "
        "player, copied from the clause above it. The editor's note on "
        "yugioh/rule/damage-calculation and the rest of the table (the weaker monster's "
        "controller takes the difference; defense-lower charges the attacking player "
        "DEF − ATK) give the correct rule: the attacker is destroyed and its controller "
        "takes the difference (defender's ATK − attacker's ATK)."),
    f"{PF}: 'attack vs attack: higher destroys the lower, whose controller takes the "
    "difference'.")

EQUIP_FOLLOWS = Interpretation(
    "yugioh.equip-follows-monster",
    msg("An equip spell laid over a monster (重ねるようにして出します) goes to the graveyard "
        "when that monster leaves the field; while on the field it adds its ATK/DEF "
        "modifiers to that monster (its ATK or DEF never goes below 0)."),
    "Nearest rule: used spell cards go to the graveyard (yugioh/rule/graveyard).")

TERRAIN_MODIFIERS = Interpretation(
    "yugioh.terrain-modifiers",
    msg("A field card's terrain is a game-wide flag holding the modifiers the scenario gives "
        "the card (field_atk, field_def, for the monsters named in field_types, or all); it "
        "applies to face-up monsters of both players while the card is on the field."),
    "The chapter: a field card changes the terrain (地形を変化させる) and only the last "
    "one played is in effect; the card texts are not in the corpus.")

EFFECT_DESTRUCTION = Interpretation(
    "yugioh.effect-destruction",
    msg("A card destroyed by an effect goes to its owner's graveyard, like one destroyed in "
        "battle."),
    "Nearest rule: yugioh/rule/graveyard (battle) and yugioh/rule/fusion (a destroyed "
    "fusion monster goes to the graveyard).")

USED_TRAP = Interpretation(
    "yugioh.used-trap",
    msg("A trap card that has been activated goes to the graveyard like a used spell card."),
    "Nearest rule: yugioh/rule/graveyard speaks of used spell cards.")

FUSION_MATERIALS = Interpretation(
    "yugioh.fusion-materials-hand-or-field",
    msg("Fusion materials may be the player's monster cards in the hand or on the field "
        "(自分のモンスターカード２枚以上)."),
    f"{PF}: 'Eras differ in ... whether fusion materials may come from the hand'; the "
    "chapter says 'own monster cards' without naming the zone.")

SPECIAL_POSITION = Interpretation(
    "yugioh.special-summon-position",
    msg("A fusion or ritual monster comes to the field face-up, in attack position unless "
        "the action asks for defense."),
    "The chapter says the monster is placed (出します, 降臨させる) without naming its "
    "position.")

RITUAL_FROM_HAND = Interpretation(
    "yugioh.ritual-monster-from-hand",
    msg("The ritual monster is called from its owner's hand."),
    "The chapter says it is brought to the field (フィールド上に降臨させる) without naming "
    "where from; public-facts.md: 'summoned by スカルライダーの復活'.")

CARD_DATA = Interpretation(
    "yugioh.card-data-public-facts",
    msg("The chapter names this card but gives neither its stats nor its effect; the engine "
        "uses the public facts (スカルライダー: ritual monster, level 6, ATK 1900 / DEF 1850; "
        "光の護封剣 turns the opponent's monsters face-up; サンダー・ボルト destroys all the "
        "opponent's monsters; 落とし穴 answers a normal summon), which a scenario may override."),
    f"{PF}: the entries for スカルライダー, 光の護封剣, サンダー・ボルト and 落とし穴.")

TRAP_WINDOW = Interpretation(
    "yugioh.trap-window",
    msg("落とし穴 answers a normal summon: it can be activated, from the spell & trap zone where "
        "it was set, against a monster normal summoned this turn; what it then does is the "
        "scenario's `effect:` (its card text is not in the corpus)."),
    f"{PF}: '落とし穴 (which answers a normal summon)'; the chapter: fusion and ritual "
    "monsters are not its targets.")

SET_SPELL = Interpretation(
    "yugioh.set-spell-trap",
    msg("A spell or trap card can be set face-down in a spell & trap zone in a main phase; a "
        "trap card is activated from there."),
    "The OCG duel field; chapter 2 is silent.")

DRAW = Interpretation(
    "yugioh.draw",
    msg("The turn player draws one card in the draw phase; an effect that draws more than the "
        "deck holds draws what is there (drawing in the draw phase from an empty deck: "
        "`yugioh.deck-out`)."),
    f"{PF}: 'Eras differ in ... deck-out'.")

ATTACKER_GONE = Interpretation(
    "yugioh.battle-ends-without-monster",
    msg("If a flip effect removes the attacking or the attacked monster from the field before "
        "damage calculation, there is no damage calculation."),
    "The chapter: the flip effect activates at the moment the monster is turned face-up, "
    "before the damage is judged between two monsters.")

DECK_OUT = Interpretation(
    "yugioh.deck-out",
    msg("A player who must draw in their draw phase from an empty deck loses. Chapter 2 says "
        "nothing of an empty deck; the public facts say the eras differ (early rules: the "
        "higher life wins; later: the player who cannot draw loses). The engine follows the "
        "later rule, the one every OCG rulebook since has kept; a judge of an event on the "
        "earliest rules compares life points instead."),
    f"{PF}: 'Eras differ in ... deck-out (higher life wins early; later the player who "
    "cannot draw loses)'.")

LIGHT_SWORD = Interpretation(
    "yugioh.light-sword",
    msg("光の護封剣 stays face-up in its controller's spell & trap zone after it is activated "
        "(it is not sent to the graveyard as a used spell); while it is there the opponent's "
        "monsters cannot attack; it goes to the graveyard at the end of the third turn of "
        "the opponent after its activation (`stays_turns`, default 3; `turns_left` counts "
        "down at the end of each of the opponent's turns). The rulebook chapter and the "
        "public facts gathered for this tool say only that it turns the opponent's monsters "
        "face-up: that it stays and stops attacks is what the real card is known to do, not "
        "a text at hand, and no text at hand states for how many turns: 3 of the opponent's "
        "turns is the engine's explicit choice, which a scenario may change with "
        "`stays_turns` or `turns_left`."),
    f"{PF}: '光の護封剣 turns the opponent's monsters face-up (flip effects trigger)' (no "
    "more); the chapter names it in flip-effects.1 only; the staying, the stopped attacks "
    "and the count are not in the corpus nor in public-facts.md.")

ALL = (STARTING_LIFE, LIFE_ZERO, PHASES, TURN_PLAYER, FIRST_TURN, ATTACK_POSITION_ONLY,
       ATTACK_ONCE, ONE_NORMAL_SUMMON, TRIBUTES, CHANGE_POSITION, ZONES, ATTACK_LOWER,
       EQUIP_FOLLOWS, TERRAIN_MODIFIERS, EFFECT_DESTRUCTION, USED_TRAP, FUSION_MATERIALS,
       SPECIAL_POSITION, RITUAL_FROM_HAND, CARD_DATA, TRAP_WINDOW, SET_SPELL, DRAW,
       ATTACKER_GONE, DECK_OUT, LIGHT_SWORD, DUEL_OVER)
