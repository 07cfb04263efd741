"""Deck rules (デッキ, 禁呪デッキ, フィールドカード): every violation reported at once."""
import pytest
import yaml

from judge.engine import ScenarioError
from judge.games.gemchronicle.deck import check_deck_file, check_deck_text


def deck_text(deck, forbidden=(), field=None, **more):
    data = {"game": "gemchronicle", "deck": list(deck), **more}
    if forbidden:
        data["forbidden_deck"] = list(forbidden)
    if field is not None:
        data["field"] = field
    return yaml.safe_dump(data, allow_unicode=True, sort_keys=False)


def forty(prefix="ユニット"):
    return [f"{prefix}{i}" for i in range(20)] + \
        [{"name": f"魔法{i}", "kind": "魔法", "category": "詠唱"} for i in range(20)]


def rules(report):
    return sorted(v.rule.rsplit("/", 1)[1] for v in report.violations)


def test_a_legal_deck_has_no_violation(corpus):
    report = check_deck_text(deck_text(forty(), forbidden=[f"禁呪{i}" for i in range(12)],
                                       field={"name": "宝石の神殿", "kind": "field"}), "deck.yaml")
    assert report.ok, report.text(corpus)
    assert report.counts == {"deck": 40, "forbidden_deck": 12}
    assert "keeps every deck rule" in report.text(corpus)


def test_every_violation_is_reported_with_its_rule_and_line(corpus):
    cards = forty()
    cards[1] = "ユニット0"                                             # a unit twice
    cards[21] = {"name": "魔法0", "kind": "spell", "category": "詠唱"}  # a spell twice
    cards.append({"name": "宝石の神殿", "kind": "フィールド"})          # a field card in the deck
    cards.append({"name": "禁呪・紅蓮の魔女", "kind": "禁呪ユニット"})     # belongs elsewhere
    report = check_deck_text(deck_text(cards, forbidden=[f"禁呪{i}" for i in range(13)]),
                             "deck.yaml")
    assert rules(report) == ["deck", "deck", "deck", "field-zone", "forbidden-deck",
                             "forbidden-deck"]
    messages = " / ".join(str(v.message) for v in report.violations)
    assert "42 cards" in messages and "「ユニット0」" in messages and "「魔法0」" in messages
    assert "holds 13" in messages
    dup = next(v for v in report.violations if "ユニット0" in str(v.message))
    assert dup.line and dup.where.startswith("deck[")
    data = report.as_json(corpus)
    assert not data["ok"]
    assert all(v["quote"] for v in data["violations"]), data["violations"]
    interp = [v for v in data["violations"] if v["interpretation"]]
    assert [v["interpretation"] for v in interp] == ["gemchronicle.deck-extra-cards"]


def test_a_unit_and_a_spell_may_share_a_name_but_units_never():
    """ユニットの同名カードは…複数存在しません: counted across the deck and forbidden deck."""
    cards = forty()
    cards[0] = {"name": "魔法5", "kind": "unit"}
    report = check_deck_text(deck_text(cards), "d")
    assert report.ok
    report = check_deck_text(deck_text(forty(), forbidden=[{"name": "ユニット3",
                                                             "kind": "forbidden_unit"}]), "d")
    assert rules(report) == ["deck"]


def test_an_anonymous_deck_of_a_number_is_counted():
    assert check_deck_text("deck: 40\n", "d").ok
    assert rules(check_deck_text("deck: 39\n", "d")) == ["deck"]


def test_a_before_the_game_scenario_is_checked_per_player(tmp_path):
    path = tmp_path / "sc.yaml"
    path.write_text(yaml.safe_dump({
        "game": "gemchronicle",
        "setup": {"phase": "setup", "players": {
            "A": {"deck": 40, "field": [{"name": "神殿", "face_down": True}]},
            "B": {"deck": 41, "forbidden_deck": [{"name": "騎士", "kind": "unit"}]}}}},
        allow_unicode=True), encoding="utf-8")
    report = check_deck_file(path)
    assert report.counts["A.deck"] == 40 and report.counts["B.deck"] == 41
    assert [v.where for v in report.violations] == ["setup.players.B.deck",
                                                    "setup.players.B.forbidden_deck[0]"]


@pytest.mark.parametrize("text, field", [
    ("deck: [{name: 騎士, colour: red}]\n", "colour"),
    ("deck: [{name: 騎士, kind: 罠}]\n", "kind"),
    ("deck: {oops\n", None),
    ("game: yugioh\ndeck: 40\n", "game"),
    ("forbidden_deck: 3\n", "deck"),
    ("deck: [[1, 2]]\n", "deck[0]"),
])
def test_bad_input_is_an_error_saying_where(text, field):
    with pytest.raises(ScenarioError) as err:
        check_deck_text(text, "bad.yaml")
    assert "bad.yaml" in str(err.value)
    if field:
        assert field in (err.value.field or "")


def test_a_missing_file_is_an_error(tmp_path):
    with pytest.raises(ScenarioError, match="no such deck file"):
        check_deck_file(tmp_path / "nothing.yaml")


def test_check_deck_command_lists_every_violation(tmp_path):
    """`judge check-deck` exits 1 and names each broken deck rule (40 cards, one name)."""
    import json as _json

    from click.testing import CliRunner

    from judge.cli import main
    deck = tmp_path / "deck.yaml"
    deck.write_text("deck:\n" + "".join(f"  - {{name: 幻石{i}, kind: unit}}\n" for i in range(38))
                    + "  - {name: 幻石1, kind: unit}\n", encoding="utf-8")
    result = CliRunner().invoke(main, ["check-deck", str(deck), "--json"])
    assert result.exit_code == 1, result.output
    report = _json.loads(result.output)
    text = _json.dumps(report, ensure_ascii=False)
    assert "gemchronicle/rule/deck" in text and "幻石1" in text
    missing = CliRunner().invoke(main, ["check-deck", str(tmp_path / "nope.yaml")])
    assert missing.exit_code == 2 and "そのデッキファイルはありません" in missing.output   # ja, the default
