"""A card's values on a board in the reader's words (issue 29): a list with 、, a mapping
as its words and numbers, an effect with its number, a text yes/no as はい/いいえ, the
game's vocabulary from its catalogue; never as Python writes them (['A', 'B'], {'stun': 1})."""
from __future__ import annotations

from judge.app.boardview import value_text
from judge.i18n import use_locale


def test_a_list_and_a_mapping_read_as_words_not_as_python():
    with use_locale("ja"):
        assert value_text("yugioh", ["モンスターA", "モンスターB"], "materials") == \
            "モンスターA、モンスターB"
        said = value_text("gemchronicle", {"stun": 1}, "statuses")
        assert "{" not in said and "'" not in said and said.endswith(" 1")
        assert value_text("vision", "yes", "declared") == "はい"
    with use_locale("en"):
        assert value_text("yugioh", ["A", "B"], "materials") == "A, B"


def test_a_yugioh_effect_and_where_its_data_came_from_are_in_the_catalogue():
    with use_locale("ja"):
        assert value_text("yugioh", "destroy", "effect") == "カード1枚を破壊"
        assert value_text("yugioh", "draw 1", "flip_effect") == "ドロー 1"
        assert value_text("yugioh", "public-facts", "data_from") == "公開情報"
    with use_locale("en"):
        assert value_text("yugioh", "draw 1", "flip_effect") == "draw 1"
        assert value_text("yugioh", "public-facts", "data_from") == "public facts"
    # a name stays as it is
    with use_locale("ja"):
        assert value_text("yugioh", "スカルライダー", "ritual_monster") == "スカルライダー"
