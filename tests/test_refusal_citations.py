"""Citations that decide: every refusal cites a sentence that speaks of what it refuses,
or says plainly that it rests on an interpretation.

Over every game, the refusals come from two places a judge sees them: the illegal steps
of every corpus scenario (`judge run`, the board) and every refused move of the boards
those scenarios leave (`judge moves --refused`, the board's move buttons).  For each, the
quoted sentence must share a word with the refusal as the judge reads it in Japanese
(the action's name and the step's explanation: 攻撃, ドロー, フェイズ, ターン, 召喚…), or
the step is marked as an interpretation (documented, with its reason, in
docs/games/<game>.md).  A quote of the damage sentence for 「攻撃できるのはバトル
フェイズだけ」 fails this unless it is marked as the interpretation it is.
"""
from __future__ import annotations

import re
import unicodedata

import pytest

from judge.corpus import Corpus
from judge.engine.moves import legal_moves
from judge.engine.runner import run_scenario, scenario_paths
from judge.engine.scenario import load_scenario
from judge.i18n import Term, use_locale

CORPUS = Corpus.load()
PATHS = scenario_paths(CORPUS)
# A word: a run of two or more kanji, or of two or more katakana (ー included).
WORD = re.compile(r"[\u4e00-\u9fff々]{2,}|[\u30a1-\u30fa\u30fc]{2,}")


def words(text: str) -> set[str]:
    """The kanji and katakana words of a text (NFKC: ﾄﾞﾛｰ is ドロー)."""
    return set(WORD.findall(unicodedata.normalize("NFKC", text or "")))


def speaks_of(quote: str, refusal_words: set[str]) -> bool:
    """Whether the quote holds one of the refusal's words, or a two-character piece of
    one (攻撃 in 攻撃力, フェイズ in ドローフェイズ)."""
    quote = unicodedata.normalize("NFKC", quote or "")
    pieces = {w[i:i + 2] for w in refusal_words for i in range(len(w) - 1)
              if not re.fullmatch(r"[\u30a1-\u30fa\u30fc]{2}", w[i:i + 2])}
    return any(w in quote for w in refusal_words) or any(p in quote for p in pieces)


def refusals(path):
    """(where, action label, step JSON) of each refusal of a scenario and its board."""
    scenario = load_scenario(path, CORPUS)
    result = run_scenario(scenario, CORPUS)
    game = scenario.game
    from judge.engine.match import game_package
    package = game_package(game)
    for step in result.as_json()["steps"]:
        if not step["legal"]:
            yield "run", step.get("action_label") or step["action"], step
    if result.state.winner:
        return
    listed = legal_moves(game, result.state, result.ruleset, CORPUS)
    for move in listed.refused:
        label = Term("action", move.action["do"], package).render()
        yield f"moves {move.action}", label, move.step


@pytest.mark.parametrize("path", PATHS, ids=lambda p: f"{p.parts[-3]}/{p.stem}")
def test_every_refusal_cites_what_it_refuses_or_an_interpretation(path):
    bad = []
    with use_locale("ja"):
        for where, label, step in refusals(path):
            if step.get("interpretation"):
                continue
            said = words(label) | words(step.get("detail", ""))
            # the sentence is read under its heading: 「この場所に送られたカード…」 of
            # the entry ブレイクゾーン speaks of the break zone
            title = CORPUS.get(step["rule"]).title if step.get("rule") in CORPUS else ""
            if not speaks_of(f"{title} {step.get('quote', '')}", said):
                bad.append((where, step.get("detail"), step.get("rule"), step.get("clause"),
                            step.get("quote")))
    assert not bad, "\n".join(map(str, bad[:8]))


def test_the_word_test_tells_the_issues_examples_apart():
    """The issue's examples: the damage sentence does not speak of the battle phase."""
    damage = "デュエル中に戦闘したモンスターのダメージは、次の6つの場合に分けられます。"
    assert not speaks_of(damage, words("攻撃") | words("ドローフェイズ：Aが攻撃できるのは"
                                                     "バトルフェイズだけ"))
    assert speaks_of("相手モンスターに攻撃を仕掛けたとき", words("攻撃"))
