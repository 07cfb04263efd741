"""Every interpretation of the rules page: where it is silent or ambiguous, the choice.

A step's citation carries one of these :class:`~judge.engine.Interpretation` objects
(``rule(...).because(X)``); docs/games/gemchronicle.md lists them with the alternatives
a judge may prefer.
"""
from __future__ import annotations

from judge.engine import Interpretation

from .citations import GAME
from .i18n import msg


def _i(key: str, reason, basis: str) -> Interpretation:
    return Interpretation(f"{GAME}.{key}", reason, basis)


MANA_SCHEDULE = _i(
    "mana-schedule",
    msg("The mana text is ambiguous. The engine reads 増加数 as the amount gained in each of the "
        "player's own mana phases: 2 in the first, 4 in the second, then 4 more each phase "
        "(8, 12), never more than 12 at once (増加上限), and the mana held never above 24 "
        "(最大所持値); turns are counted per player."),
    "gemchronicle/rule/mana; the only reading in which 増加上限：１２ can ever apply")
CONTINUOUS_DAMAGE = _i(
    "continuous-damage-value",
    msg("The page does not say what continuous damage does while it lasts. The engine lowers "
        "the value the unit fights with (ATK in attack position, DEF in defense position) by "
        "its damage, and a unit whose damage reaches that value when damage is dealt is broken."),
    "gemchronicle/rule/continuous-damage (damage stays until healed) and the battle table "
    "(a unit breaks when the opposing value reaches its own)")
LOSING_ATTACKER_DAMAGE = _i(
    "losing-attacker-damage",
    msg("The page says a losing attacker still leaves continuous damage on its target but not "
        "how much; the engine uses the attacker's attacking value (the damage its attack dealt)."),
    "gemchronicle/rule/positions (attack-vs-attack, attack-vs-defense)")
DEFENSE_PARAGRAPH = _i(
    "defense-paragraph",
    msg("The 守備表示 paragraph says a defender whose DEF is higher sends the excess to the "
        "attacking player and nothing changes for the attacker; it does not mention the "
        "continuous damage that the attack paragraph says the attacker still gives. The engine "
        "follows the attack paragraph: the defender keeps the attacker's value as continuous "
        "damage."),
    "gemchronicle/rule/positions#attack-vs-defense, gemchronicle/rule/continuous-damage")
NO_COUNTER = _i(
    "no-counter-damage",
    msg("'反撃ダメージを受けずに' is read as: nothing the target's value does back to the "
        "attacker happens (the attacker is not broken and its player takes no excess); what the "
        "attack does to the target is unchanged."),
    "gemchronicle/rule/attack-types (shooter, blaster); the excess is the overflow of that "
    "counter damage")
NEIGHBOURS = _i(
    "neighbours",
    msg("両隣 is read as the units in the battle-zone squares left and right of the target "
        "(squares 1-5 as the page's board drawing shows them); an empty square gives no "
        "neighbour, a stealth unit counts as absent, and half the ATK is rounded down."),
    "gemchronicle/rule/attack-types (breaker, blaster); the board drawing of game-flow")
FACE_DOWN_DEFENSE = _i(
    "face-down-defense",
    msg("A unit set face-down is in defense position (the page places units in attack position "
        "face-up); a face-down unit that is attacked is turned face-up before the battle is "
        "judged, since its DEF decides the battle."),
    "gemchronicle/rule/units, gemchronicle/rule/set; public-facts.md (classic Yu-Gi-Oh! "
    "flips a face-down defender first)")
POSITION_CHANGE = _i(
    "position-change",
    msg("'セットされた後、１ターンに一度だけ' names no waiting turn, so a unit may change its "
        "position once in each turn, the turn it was set included; the change is made in its "
        "controller's tactics phases."),
    "gemchronicle/rule/units, gemchronicle/rule/tactics-phase")
TACTICS_ACTIONS = _i(
    "tactics-actions",
    msg("Summoning, setting cards, changing positions, activating skills and casting 詠唱 spells "
        "are done in one's own tactics phases (the page names that phase for them); "
        "アクセラレーション and 結界 spells, which may be cast on the opponent's turn, may be cast "
        "in any phase."),
    "gemchronicle/rule/tactics-phase")
SUMMON_SOURCE = _i(
    "summon-source",
    msg("Units are summoned from the hand; forbidden units (whose special conditions are their "
        "own card text, not on this page) from the forbidden deck: a scenario that summons one "
        "asserts its condition is met. Cards in the deck or the break zone cannot be summoned."),
    "gemchronicle/rule/forbidden-deck, gemchronicle/rule/break-zone")
ACCELERATION_FROM_HAND = _i(
    "acceleration-from-hand",
    msg("The アクセラレーション category says 'set: also on the opponent's turn' and 'from the "
        "hand: yes' without naming the turn; the attribute paragraph says acceleration cards may "
        "be activated on the opponent's turn, so the engine allows it from the hand too."),
    "gemchronicle/rule/attributes#acceleration")
EQUIP_TIMING = _i(
    "equip-timing",
    msg("The page gives equip cards no category; the engine uses them on one's own turn in the "
        "tactics phases (like 詠唱), attaches them to the unit they target, keeps them face-up "
        "in the magic zone and sends them to the break zone when that unit leaves the field."),
    "gemchronicle/rule/magic-zone, gemchronicle/rule/break-zone (used-up equip cards)")
STATUS_COUNTDOWN = _i(
    "status-countdown",
    msg("A status lasts a number of mana phases (a stun 1, a freeze lock its turns, a burn 1 "
        "unless its card says more), counted in every mana phase of either player like "
        "continuous damage; in a mana phase the damage heals (unless burning) before the "
        "statuses count down, and a cure costs the phases still left."),
    "gemchronicle/rule/status-effects, gemchronicle/rule/continuous-damage (自他問わず)")
STUN_ACTIONS = _i(
    "stun-actions",
    msg("行動不能 is read as every action of the unit, changing its position included (the "
        "freeze lock lists position changes among the actions)."),
    "gemchronicle/rule/status-effects#stun, #freeze-lock")
CONSECUTIVE_SUM = _i(
    "consecutive-sum",
    msg("The hits of a consecutive attack are added up and judged once, at the last hit, as one "
        "attack of that total value; a Breaker's or Blaster's neighbours still take half the "
        "unit's ATK once."),
    "gemchronicle/rule/attributes#consecutive")
CHARGED_AFTER_BATTLE = _i(
    "charged-after-battle",
    msg("A charged unit stuns the opposing unit of lower ML once the battle has been judged, "
        "if that unit is still on the field, whether the charged unit attacked or was attacked."),
    "gemchronicle/rule/attributes#charged")
ATTACK_RESPONSE = _i(
    "attack-response",
    msg("The defending player's answer to an attack (an アクセラレーション or 結界 spell) is "
        "written in the attack action and resolves before the battle is judged; if the target "
        "then goes into stealth or leaves the field, the attack ends without a battle (the "
        "attacker has attacked and its mana is spent)."),
    "gemchronicle/rule/attributes#stealth (対象から外れ)")
FIELD_REACTIVATION = _i(
    "field-reactivation",
    msg("The automatic, free activation is the field card's first; after it has returned "
        "face-down it comes back only by paying 12 mana in its owner's mana phase."),
    "gemchronicle/rule/field-zone (その後、…１２マナを使用することで再発動)")
REMOVAL = _i(
    "removal",
    msg("The page names removal from the game (除外) only in the field card's exception; the "
        "engine moves a removed card to the removed zone, from where nothing returns."),
    "gemchronicle/rule/field-zone")
DECK_EXTRA_CARDS = _i(
    "deck-extra-cards",
    msg("Forbidden units belong to the forbidden deck (an extra deck for cards used only under "
        "special conditions), so one in the 40-card deck is reported; equip cards count as 魔法 "
        "for the one-of-a-name rule."),
    "gemchronicle/rule/forbidden-deck, gemchronicle/rule/deck")
SPELL_COST = _i(
    "spell-cost",
    msg("The page asks mana for units (ML) and attacks only; a spell or skill costs the mana "
        "its own card text asks for (the card's cost field, 0 if none)."),
    "gemchronicle/rule/skills (マナが必要な場合)")
GAME_OVER = _i(
    "game-over",
    msg("Once a player has won, the tuning is over (調律終了) and no further action is taken."),
    "gemchronicle/rule/game-flow")
DIRECT_ATTACK_VALUE = _i(
    "direct-attack-value",
    msg("'数値分のダメージ' is read as the attacking unit's ATK (less its continuous damage), "
        "the value it attacks with."),
    "gemchronicle/rule/combat, gemchronicle/rule/direct-attack")
OWN_TURN = _i(
    "own-turn",
    msg("Each player takes the phases of their own turn; the active player moves the turn on."),
    "gemchronicle/rule/game-flow")

PASSIVE_IN_FORCE = _i(
    "passive-in-force",
    msg("A passive skill 'works at all times on either turn' (自他問わず常に発動している): the "
        "engine keeps a unit's declared passive skills in force while the unit is on the field, "
        "face-up or face-down, an equip card's while it is face-up in the magic zone attached "
        "to its unit, a field card's while it is active (face-up). A stunned unit's passive "
        "skills stay in force (stun stops activations, not what is always in force)."),
    "gemchronicle/rule/skills, gemchronicle/rule/field-zone, gemchronicle/rule/status-effects")
PASSIVE_MANA = _i(
    "passive-mana",
    msg("'If the effect needs mana, it cannot be activated without mana': a passive skill that "
        "is always in force and declares a mana cost works while its controller holds at least "
        "that much mana; nothing is spent, since the page names no moment of paying."),
    "gemchronicle/rule/skills (ただし効果発動にマナが必要な場合、マナがなければ発動できません)")
OVERLAP_PRIORITY = _i(
    "overlap-priority",
    msg("重複 is read for effects of the same kind on one unit (two ATK raises, two DEF "
        "lowerings): only one counts, the higher one; when every overlapping effect comes from "
        "a unit, the one of the unit with the higher mana level counts (the higher effect on "
        "equal ML). A raise and a lowering do not overlap: both count."),
    "gemchronicle/rule/overlap")
PIERCE_HINDER = _i(
    "pierce-hinder",
    msg("貫通 ignores 'effects that hinder an attack, including effects already active on the "
        "field'. The engine counts as such: a standing effect declared as `hinder_attack` (the "
        "unit cannot attack); and, in the defending player's answer to the attack, an effect "
        "that would stop the attacker (break, bounce, remove, stun, freeze lock) or take the "
        "target out of the attack (break, bounce, remove, stealth). The answering card is "
        "still used (its mana paid, to the break zone) but its effect is negated. A unit "
        "already in stealth is not a hindering effect but a unit the attacker cannot see."),
    "gemchronicle/rule/attributes#pierce")
BOOST_USERS = _i(
    "boost-users",
    msg("A boost attack is 'a skill forbidden units, equip cards and ace units can use': the "
        "engine allows it only to a forbidden unit, an equip card, or a unit its card declares "
        "ace (エース級 is not defined on the page), and handles it like an active skill."),
    "gemchronicle/rule/boost-attack")
DECLARED_SKILL = _i(
    "declared-skill",
    msg("A skill's effect is its card text, which the page does not give: a card may declare "
        "its active skill or boost attack (effect, amount, turns, cost) and the skill action "
        "uses that declaration; an action that names another effect is refused as input."),
    "gemchronicle/rule/skills (魔法カードのスキルはスキル説明文…に準拠)")

INTERPRETATIONS = {i.id: i for i in (
    PASSIVE_IN_FORCE, PASSIVE_MANA, OVERLAP_PRIORITY, PIERCE_HINDER, BOOST_USERS,
    DECLARED_SKILL,
    MANA_SCHEDULE, CONTINUOUS_DAMAGE, LOSING_ATTACKER_DAMAGE, DEFENSE_PARAGRAPH, NO_COUNTER,
    NEIGHBOURS, FACE_DOWN_DEFENSE, POSITION_CHANGE, TACTICS_ACTIONS, SUMMON_SOURCE,
    ACCELERATION_FROM_HAND, EQUIP_TIMING, STATUS_COUNTDOWN, STUN_ACTIONS, CONSECUTIVE_SUM,
    CHARGED_AFTER_BATTLE, ATTACK_RESPONSE, FIELD_REACTIVATION, REMOVAL, DECK_EXTRA_CARDS,
    SPELL_COST, GAME_OVER, DIRECT_ATTACK_VALUE, OWN_TURN)}
