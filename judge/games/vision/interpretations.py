"""解釈 (interpretations): where the Vision texts are silent and the engine had to choose.

Each :class:`~judge.engine.cite.Interpretation` says what the engine does and why, and
names what it rests on: a public fact (``../shared/notes/public-facts.md``, Vision
section), the nearest rule of the corpus, or a ruling.  A step that rests on one cites
the nearest corpus text with ``Cite(...).because(<interpretation>)``, so the step log
shows ``interpretation: true`` and this reason.  docs/games/vision.md lists them all.
"""
from __future__ import annotations

from judge.engine import Interpretation

from .i18n import msg

PUBLIC = "public-facts.md (Vision)"

STARTING_LIFE = Interpretation(
    "vision.starting-life",
    msg("A player whose life the scenario does not give starts with 25 life; a scenario's "
        "deck is what it says (the 50-card construction size is not a default)."),
    f"{PUBLIC}: 'Deck 50 cards, at most 3 of a name; starting life 25.'")

DEFAULT_PHASE = Interpretation(
    "vision.default-phase",
    msg("A scenario that names no phase is in the active player's main phase (メインフェイズ), "
        "the phase in which the rulings' situations arise."),
    f"{PUBLIC}: turn = active, maintenance, draw, main, discard, end")

COMBAT = Interpretation(
    "vision.combat",
    msg("An attack is made in its player's own main phase by an active character of that "
        "player's field, which goes to sleep and attacks the opposing player; the defender "
        "may block with an active character of their field, which goes to sleep. Blocked "
        "characters deal damage equal to their attack to each other at once (a 先制 "
        "character first, and a character destroyed by it deals none); unblocked, the damage "
        "goes to the player. An attack without `resolve: no` is the whole combat in one "
        "action (the attack, the block and the graze choice, nobody interfering); with "
        "`resolve: no` the attack waits and the players may interfere first "
        "(`vision.combat-interference`)."),
    f"{PUBLIC}, Combat; the texts only presuppose attacks (6.5.1 'attack', 6.5.2.a)")

LETHAL_DAMAGE = Interpretation(
    "vision.lethal-damage",
    msg("Damage is marked on a character; when its marked damage reaches its toughness it is "
        "決死 (destroyed) and goes to its owner's 冥界, losing its marked damage; cards "
        "attached to it go to their owners' 冥界 too."),
    f"{PUBLIC}, Combat: 'Damage equal to toughness makes a character 決死 (destroyed)'")

PIERCING = Interpretation(
    "vision.piercing",
    msg("貫通: the attack in excess of the blocker's remaining toughness (toughness minus "
        "damage already marked) is dealt to the defending player at the same time; it counts "
        "as battle damage but is piercing damage, so it cannot be grazed (6.5.2.b)."),
    f"{PUBLIC}, Combat (official QA-001 as mirrored): '貫通: the excess … counts as "
    "battle damage … but cannot be grazed'")

GRAZE_SHORT_DECK = Interpretation(
    "vision.graze-short-deck",
    msg("Under the comprehensive rules (6.5, revision 2) a player whose deck holds fewer than "
        "X cards cannot graze: 6.5.3.b puts exactly X cards into the node area, and the page "
        "says grazing is all or nothing (no fewer than X). With exactly X cards the player may "
        "graze and the deck becomes empty (an empty deck alone is no loss)."),
    "vision/term/グレイズ ('グレイズは行うか行わないかの二択'; no grazing fewer cards); "
    "rulebook Ver.2.0 said 'X or fewer: no graze'; "
    f"{PUBLIC}: 'an empty deck alone is no loss'")

COST_PAYMENT = Interpretation(
    "vision.cost-payment",
    msg("A cost is paid by putting that many active nodes of the node area to sleep (the "
        "first active ones in node-area order: nodes are interchangeable for this); the "
        "required nodes count every node, active or asleep. A card whose cost is X takes the "
        "action's `x`."),
    f"{PUBLIC}, Nodes: 'the cost is paid by putting that many active nodes to sleep'")

RESURRECTION_COST = Interpretation(
    "vision.resurrection-cost",
    msg("リザレクション (No.298, cost X): its cost is paid with X sleeping nodes, which are put "
        "into 冥界 (so the node count can drop below its required nodes after payment)."),
    "vision/term/プレイ, comment on step 7: 'リザレクションのコストとしてスリープノードを使用し、"
    "それによって冥界に置かれたカード'; the card text is not in the corpus")

RESTRICTION_KEYWORDS = Interpretation(
    "vision.restriction-keywords",
    msg("The card list's restriction keywords are read by their names: 【自分ターン１枚制限】 "
        "own turn only and one card of that name per turn; 【ターン１枚制限】 one of that name per "
        "turn; 【相手ターン１枚制限】 opponent's turn only, one per turn; 【自分ターン制限】 own turn "
        "only; 【相手ターン制限】 opponent's turn only. 'Per turn' counts the player's plays this "
        "turn (`this_turn`), resolutions as if played included (QA-021)."),
    "play-procedure.1 (example 「自分ターン１枚制限」); the card list's keywords")

WORLD_TALISMAN_LIMIT = Interpretation(
    "vision.world-talisman-limit",
    msg("A player may play one card with 【世界呪符】 per turn (plays as if played included)."),
    "vision/term/プレイ lists 世界呪符 among the limits on how many cards may be played in "
    "a turn, and QA-041 asks about a second world talisman in a turn; the number is not in "
    "the corpus")

PLAY_CONDITION = Interpretation(
    "vision.play-condition",
    msg("A card's own 'cannot be played unless …' condition (威力偵察 and the like) is not in "
        "the corpus; the scenario states whether it is met with the card field `condition` "
        "(default yes)."),
    "vision/term/プレイ, comment on step 1")

COMMAND_TIMING = Interpretation(
    "vision.command-timing",
    msg("Every action of a scenario happens at a moment when its player may act, so a command "
        "(全てのフェイズ中に、干渉を行えるタイミングで) may be played at any action."),
    "play-supplement command.1; the scenario format has no priority passes")

INTERFERENCE = Interpretation(
    "vision.interference",
    msg("A played card waits in the play area while the other player may interfere (干渉); "
        "`resolve` (or a play with `resolve: yes`, the default) means both players pass: the "
        "cards in the play areas resolve newest first. Interference is pending while a play "
        "area holds a card."),
    f"{PUBLIC}, Priority: 'when both players pass in a row the interference resolves, "
    "plays and effects newest first'")

TARGETS = Interpretation(
    "vision.target-kinds",
    msg("What a card may designate as its target (目標) is in its text, which the corpus does "
        "not hold: 【装備】/【呪符】 target a character on a field; the cards the rulings "
        "describe target what the rulings say; any other card whose range is 目標 may target "
        "any card on a field unless the scenario gives `target_kind`. A card never targets "
        "itself."),
    "play-supplement spell.3.I; vision/term/プレイ (comments on steps 4-5); public facts")

LOST_TARGET = Interpretation(
    "vision.lost-target-destination",
    msg("A played card whose resolution fails (目標の喪失) has no effect and goes to its "
        "owner's 冥界."),
    "vision/term/プレイ ('目標の喪失となり、解決に失敗する'); where the card goes is not said")

ATTACHMENT = Interpretation(
    "vision.attachment",
    msg("An equipment or talisman that resolves goes to its controller's field with "
        "`attached_to` naming the character it is set on (whichever field that character is "
        "on); a card resolved as if played is controlled by the player who resolved it."),
    "play-supplement spell.3.I / command.3.I; docs/engine.md (attachments are props)")

AS_IF_PLAYED_RESTRICTIONS = Interpretation(
    "vision.as-if-played-restrictions",
    msg("Where the restrictions of a card resolved as if played apply (QA-337 revision 2), "
        "they are the card's own: its restriction keywords, the world talisman limit and its "
        "'unless' condition, checked when the granting effect resolves; failing one makes the "
        "resolution fail and the card stays where it was. Card-type timing and the one "
        "character per turn rule (character.1-2, spell.1, command.1) are play rules of step 1, "
        "which resolving as if played skips under every ruleset."),
    f"{PUBLIC}, 'Resolve as if played (CR 5.3)'; vision/term/プレイ ('手順3～5の手順のみ')")

AS_IF_PLAYED_FAILS_WITHOUT_TARGET = Interpretation(
    "vision.as-if-played-no-target",
    msg("A card resolved as if played that must designate a target and has none fails to "
        "resolve and stays where it was."),
    f"{PUBLIC}, 'no legal target means it fails'")

QA326_AFTERWARDS = Interpretation(
    "vision.qa326-afterwards",
    msg("`afterwards` (discard / remove) is what the granting effect does to the card after "
        "it resolves (No.689 古明地 さとり's effect, whose text is not in the corpus). While "
        "QA-326 stood, a card that stays on the field is not discarded or removed; after its "
        "withdrawal the engine applies `afterwards` as the effect says."),
    "vision/qa/QA-326 (withdrawn: 古いテキスト及びルールでの質問のため削除)")

PUT_ONTO_FIELD = Interpretation(
    "vision.put-onto-field",
    msg("`put_onto_field` is a card effect (スペルブレイク, 西行妖、開花…, …) putting a card onto "
        "a field without playing it; the card's effect text is not in the corpus, so the "
        "scenario says whose field (default its owner's) and whether it enters asleep."),
    "vision/term/プレイ; QA-021")

NEGATION = Interpretation(
    "vision.negation",
    msg("瞋怒 (No.142), 断罪裁判 (No.096) and 作戦阻止 (No.083) negate the play of a character / "
        "any card / a command card being played and destroy it (to its owner's 冥界); their "
        "card text is not in the corpus: modelled from the rulings (they can target only a "
        "card in the play area) and the public facts."),
    f"{PUBLIC}: 'No.142 瞋怒, No.096 断罪裁判, No.083 作戦阻止: negate and destroy a "
    "character / any / command card being played'; vision/term/プレイ")

MANA_GENERATION = Interpretation(
    "vision.card.N75",
    msg("マナの生成 (No.075) resolves by putting itself into its controller's node area, "
        "active; its card text is not in the corpus."),
    f"{PUBLIC}: 'マナの生成 (No.075) adds itself active'")

TERRIBLE_SOUVENIR = Interpretation(
    "vision.card.N364",
    msg("想起「テリブルスーヴニール」 (No.364) targets a spell in a 冥界 (not another テリブル"
        "スーヴニール) and resolves it as if played (steps 3-5); its card text is not in the "
        "corpus."),
    f"{PUBLIC}: 'resolves a spell from a 冥界 as if played (not another テリブルスーヴニール)'; "
    "QA-041, QA-110")

CUCUMBER = Interpretation(
    "vision.card.N203",
    msg("河童「お化けキューカンバー」 (No.203): battle damage it would deal to a player is "
        "negated. (Its controller's opponent also draws as many cards; not modelled.)"),
    f"vision/term/グレイズ; {PUBLIC}: 'its battle damage to a player is negated and that "
    "player draws as many'")

SEA_SPLITTING = Interpretation(
    "vision.card.N345",
    msg("開海「海が割れる日」 (No.345): while its lasting effect is in force (flag "
        "`海が割れる日: <controller>`, set when it resolves), battle damage to its controller's "
        "opponent is negated. (The milling that replaces it is not modelled.)"),
    f"vision/term/グレイズ; {PUBLIC}: 'battle damage to the opposing player is negated and "
    "replaced by milling'")

FLOWER_TANK = Interpretation(
    "vision.card.N1125",
    msg("ふらわ～戦車 (No.1125, set 13): its battle damage is treated as effect damage "
        "(the player loses life, but no battle damage was received)."),
    f"vision/term/グレイズ; {PUBLIC}: 'its battle damage is treated as effect damage'")

CAGE_OF_ATONEMENT = Interpretation(
    "vision.card.N743",
    msg("贖罪の檻 (No.743): while it is on a field, every character's graze is 3."),
    f"vision/term/グレイズ; {PUBLIC}: 'every character's graze becomes 3'")

FIST_SMASH = Interpretation(
    "vision.card.N824",
    msg("拳打「げんこつスマッシュ」 (No.824): the character it is attached to has graze 0 "
        "(applied after 贖罪の檻). Its attack/toughness modifiers in the card list are not "
        "applied: no text in the corpus says how."),
    f"vision/term/グレイズ; {PUBLIC}: 'the equipped character's graze becomes 0'")

TURN = Interpretation(
    "vision.turn",
    msg("A turn is the active, maintenance, draw, main, discard and end phases, in that "
        "order; the turn player moves them on (`next_phase`, `end_turn`) when no played card "
        "waits. In the active phase the turn player's characters and world talismans become "
        "active (nodes do not); in the draw phase the turn player draws one card, except the "
        "first player on turn 1; at the end of the turn damage is removed from characters; "
        "then the opponent's turn begins. The maintenance and discard phases do nothing here: "
        "what they do is not in the texts. The seeds only presuppose 'one's own main phase' "
        "and 'one a turn'."),
    f"{PUBLIC}: 'Turn: active, maintenance, draw (the first player skips the draw on turn "
    "1), main, discard, end. At turn end, damage is removed from characters'; 'Nodes do not "
    "become active again in the active phase (characters and world talismans do)'")

LIFE_ZERO = Interpretation(
    "vision.life-zero",
    msg("A player at 0 life or less loses, checked after every action (the rules check it "
        "when a player would receive priority); when both are, neither wins. After a win "
        "nothing more may be done."),
    f"{PUBLIC}: 'A player loses at life 0 or less (checked when a player would receive "
    "priority, since the 2011 rules)'")

DECK_OUT = Interpretation(
    "vision.deck-out",
    msg("A player who must draw from an empty deck loses; an empty deck alone is no loss."),
    f"{PUBLIC}: 'or when required to draw from an empty deck (an empty deck alone is no "
    "loss)'")

SET_NODE = Interpretation(
    "vision.set-node",
    msg("Once a turn, in their own main phase with no interference, a player may set a card "
        "from their hand in their node area. It is set active: the texts do not say its "
        "state, and the node area holds active nodes unless a text says asleep (a graze "
        "adds them asleep)."),
    f"{PUBLIC}: 'One node may be set from hand per turn in the main phase'")

CASTER = Interpretation(
    "vision.caster",
    msg("The caster rule (術者): with a character of the spell's caster (the card list's "
        "術者 of the spell) on their field, a player may play the spell ignoring both its "
        "required nodes and its cost (`caster: yes`); it is still a play. The term page "
        "states only that such a play is a play; what the rule allows is a public fact."),
    f"vision/term/プレイ ('術者のルールによりコストを支払わなかった場合もプレイである'); "
    f"{PUBLIC}: 'with the named caster character on your field you may ignore a spell's "
    "required nodes and cost (both or neither)'")

COMBAT_INTERFERENCE = Interpretation(
    "vision.combat-interference",
    msg("An attack declared with `resolve: no` waits, as a played card does: while it "
        "waits an interference is under way (no character or spell may be played, no "
        "node set, no phase ended, no other attack made), commands may be played, the "
        "defender may play a character with 奇襲 and declares the block (`block`) once. "
        "`resolve` with cards in a play area resolves them, newest first, and the attack "
        "still waits, so a 奇襲 character that has resolved can then block; `resolve` "
        "with no card waiting (or a `block` without `resolve: no`) resolves the combat: "
        "no block declared means the attack is unblocked. An attacker that has left the "
        "field deals no damage; an attack whose blocker has left the field stays blocked "
        "and deals no damage to the player."),
    f"{PUBLIC}, Priority: 'attack, block, playing a card … start or join an interference; "
    "when both players pass in a row the interference resolves, plays and effects newest "
    "first, then the combat'; vision/term/プレイ (a 奇襲 character played in interference "
    "to an attack is a card being played, and blocks). The order within the combat "
    "(when the block is declared, what a vanished blocker or attacker does) is not in the "
    "texts.")

SURPRISE = Interpretation(
    "vision.surprise",
    msg("奇襲: while an attack of the opponent waits, a player may play a character with "
        "奇襲 from their hand in interference to it, though it is not their main phase and "
        "an interference is under way (character.1). Every other step of the play holds: "
        "one character a turn (character.2), required nodes, cost; it is a card being "
        "played until it resolves, so 瞋怒 or 断罪裁判 may negate it."),
    "vision/term/プレイ: '戦術「奇襲」の効果でこちらの攻撃に干渉してキャラクターカードがプレイ"
    "されており、それらは「プレイされているカード」なので、瞋怒や断罪裁判でプレイを無効にする"
    "ことが可能である'; the card text of 奇襲 is not in the corpus")

QUICK = Interpretation(
    "vision.quick",
    msg("速攻: a character with 速攻 that entered its controller's field this turn by its "
        "play resolving may block though it entered asleep (character.3). The texts say "
        "only that a 奇襲 and 速攻 character played from the hand blocks thanks to 速攻; "
        "what else 速攻 does (attacking the turn it enters, say) is not in them and is not "
        "modelled."),
    "vision/term/プレイ: '奇襲と速攻を持つキャラクターを手札から出して防御した', and the "
    "editor's comment 'ちなみに防御できるのは速攻の効果によるものである'")

WRONG_TIMING = Interpretation(
    "vision.wrong-timing",
    msg("A granting effect that says 「タイミングが正しくないカードは解決出来ない」 "
        "(`timing_restricted: yes`) checks the resolved card's timing when it "
        "resolves: the own-turn / opponent's-turn part of its restriction keywords and its "
        "card type's phase (character.1, spell.1: the player's own main phase; a command "
        "has no phase). The number per turn is not timing: QA-337 revision 1 lets a second "
        "マナの生成 resolve in its own turn and names only the opponent's turn as wrong "
        "timing (the nested comment that a second one fails is a contributor's, not the "
        "answer). The 'no interference' part of character.1 / spell.1 is not checked: "
        "the granting effect always resolves within an interference."),
    "vision/qa/QA-337 revision 1 ('仮に「タイミングが正しくないカードは解決出来ない」が付与"
    "されていた場合、相手ターン中にマナの生成を解決することは出来ません'); public-facts.md "
    "(Vision), 'Resolve as if played (CR 5.3)': 'card-type timing is not checked unless the "
    "granting effect says \"a card with the wrong timing cannot be resolved\"'")

ALL = (STARTING_LIFE, DEFAULT_PHASE, COMBAT, LETHAL_DAMAGE, PIERCING, GRAZE_SHORT_DECK,
       COST_PAYMENT, RESURRECTION_COST, RESTRICTION_KEYWORDS, WORLD_TALISMAN_LIMIT,
       PLAY_CONDITION, COMMAND_TIMING, INTERFERENCE, TARGETS, LOST_TARGET, ATTACHMENT,
       AS_IF_PLAYED_RESTRICTIONS, AS_IF_PLAYED_FAILS_WITHOUT_TARGET, QA326_AFTERWARDS,
       PUT_ONTO_FIELD, NEGATION, MANA_GENERATION, TERRIBLE_SOUVENIR, CUCUMBER,
       SEA_SPLITTING, FLOWER_TANK, CAGE_OF_ATONEMENT, FIST_SMASH, TURN, LIFE_ZERO,
       DECK_OUT, SET_NODE, CASTER, COMBAT_INTERFERENCE, SURPRISE, QUICK,
       WRONG_TIMING)

INTERPRETATIONS = {i.id: i for i in ALL}
