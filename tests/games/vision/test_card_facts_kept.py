"""A card entry's facts are read once per entry and handed out as new data each time: a
card built from them may change its own props (keywords gained, a stat changed) without
changing the next card of the same entry (issue 27 kept them)."""
from judge.games.vision.cards import CardList, _facts, facts


def _some_card_with_keywords(corpus):
    cards = CardList.of(corpus)
    for key in list(cards._number_ids)[:400]:
        entry = cards.numbered(key)
        if facts(entry).get("keywords"):
            return entry
    raise AssertionError("no Vision card with keywords in the first 400")


def test_facts_are_new_data_each_time(corpus):
    entry = _some_card_with_keywords(corpus)
    first = facts(entry)
    assert first == _facts(entry)                  # what reading the entry again gives
    first["keywords"].append("changed")
    first["attack"] = -1
    second = facts(entry)
    assert second == _facts(entry)
    assert "changed" not in second["keywords"] and second.get("attack") != -1
    assert second is not first and second["keywords"] is not first["keywords"]


def test_another_entry_object_is_read_afresh(corpus):
    entry = _some_card_with_keywords(corpus)
    facts(entry)
    copy = type(entry)(**{**entry.__dict__, "data": {**entry.data, "skill": "貫通"},
                          "key": entry.key})
    copy.data.pop("parsed", None)
    assert facts(copy) == _facts(copy)
    assert facts(copy).get("keywords") == ["貫通"]
