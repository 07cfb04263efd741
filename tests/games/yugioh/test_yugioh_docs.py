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
