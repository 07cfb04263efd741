"""docs/games/yugioh.md documents every interpretation, action, card field and zone."""
from pathlib import Path

from judge.games.yugioh import GAME

DOC = (Path(__file__).resolve().parents[3] / "docs" / "games" / "yugioh.md").read_text(
    encoding="utf-8")


def test_every_interpretation_is_documented_with_its_id():
    missing = [i for i in GAME.interpretations if f"`{i}`" not in DOC]
    assert missing == []


def test_every_action_card_field_and_zone_is_documented():
    game = GAME()
    names = list(game.actions) + list(GAME.card_fields) + list(GAME.zones)
    for spec in game.actions.values():
        names += list(spec.fields)
    assert [n for n in names if f"`{n}`" not in DOC] == []


def test_every_interpretation_has_a_reason_and_a_basis():
    for interp in GAME.interpretations.values():
        assert str(interp.reason).strip() and interp.basis.strip(), interp.id


def test_a_zone_has_one_name_on_the_board_and_in_the_steps():
    """Issue 11: the board's labels and the steps' zone words are the same, in ja and en,
    and the monster zone is the chapter's own word (fusion.2: モンスターカード置き場)."""
    from judge.i18n import Term
    for zone, labels in GAME.zone_labels.items():
        for lang in ("ja", "en"):
            assert Term("zone", zone, "judge.games.yugioh").render(lang) == labels[lang], \
                (zone, lang)
    assert GAME.zone_labels["monsters"]["ja"] == "モンスターカード置き場"
    fusion = (Path(__file__).resolve().parents[3] / "corpus" / "yugioh" / "rule"
              / "fusion.md").read_text(encoding="utf-8")
    assert "モンスターカード置き場" in fusion
