"""A message's sentence is what string.Formatter would write from its template, whether
the template's plain ``{name}`` fields take the quick path or not (issue 27)."""
import random

import pytest

from judge.i18n import Message, Term, _Formatter, gettext

PARTS = ["{a}", "{b}", "{a!r}", "{b:>5}", "{0}", "{}", "{a.x}", "{c}", "{{", "}}", "}", "{",
         "text ", "「", "{名}", "{a[0]}", "{card}"]


def _formatter(message: Message, lang: str) -> str:
    # Message.render as it was: every template through the formatter
    template = gettext(message.id, message.package, lang=lang)
    try:
        return _Formatter(lang, message.package).vformat(template, (), message.params)
    except (KeyError, IndexError, ValueError):
        return _Formatter(lang, message.package).vformat(message.id, (), message.params)


def _outcome(render):
    try:
        return render()
    except Exception as exc:       # the same error class either way
        return type(exc)


@pytest.mark.parametrize("lang", ["ja", "en"])
def test_random_templates_render_as_the_formatter_does(lang):
    rng = random.Random(27)
    values = ["x", 1, True, False, ["p", "q"], Message("{b}", {"b": 2}),
              Term("zone", "graveyard"), None, 2.5]
    for _ in range(5000):
        template = "".join(rng.choice(PARTS) for _ in range(rng.randint(0, 5)))
        message = Message(template, {"a": rng.choice(values), "b": "y", "名": "z"})
        assert _outcome(lambda: message.render(lang)) == \
            _outcome(lambda: _formatter(message, lang)), template


def test_catalogue_sentences_render_as_the_formatter_does():
    # real ids of the catalogue, whose translations reorder and drop fields
    for text in ("{player} draws a card", "the key {key!r} appears twice",
                 "unknown player {player!r}", "the scenario is larger than {kib} KiB"):
        message = Message(text, {"player": "A", "key": "k", "kib": 256})
        for lang in ("ja", "en"):
            assert message.render(lang) == _formatter(message, lang)
