"""Every word the engine, the web, the CLI and the API say has a Japanese and an English text.

The messages are extracted from the code and templates with Babel, as scripts/catalogues
does, and compared with the committed catalogues: a message without a translation, a
Japanese "translation" that is still the English source, or a translation that names a
parameter the code does not give fails here.
"""
from __future__ import annotations

import re
from pathlib import Path

import pytest
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po

from judge.engine.registry import game_names, get_game
from judge.i18n import Term, use_locale

ROOT = Path(__file__).resolve().parents[2]
GAMES = ("vision", "yugioh", "gemchronicle")
PACKAGES = {"judge": ROOT / "judge", **{g: ROOT / "judge" / "games" / g for g in GAMES}}
KEYWORDS = {"msg": None, "N_": None, "_": None, "pgettext": ((1, "c"), 2)}
JA = re.compile(r"[\u3040-\u30ff\u3400-\u9fff]")
FIELD = re.compile(r"\{(\w+)[^{}]*\}|%\((\w+)\)s")
# English words a Japanese text may keep as they are (the games' own abbreviations).
KEPT = {"ATK", "DEF", "LP", "ML", "Vision", "Q&A", "X", "judge", "OCG"}


def _extracted(name: str) -> dict[tuple[str | None, str], str]:
    """(context, msgid) -> where, as Babel extracts them."""
    folder = PACKAGES[name]
    if name == "judge":
        method_map = [("games/**", "ignore"), ("**.py", "python")]
        found = {}
        for base, mm, kw in ((folder, method_map, KEYWORDS),
                             (ROOT / "templates", [("**.html", "jinja2")], KEYWORDS),
                             (folder / "web" / "static", [("**.js", "javascript")],
                              {"t": None})):
            for filename, lineno, message, _comments, context in extract_from_dir(
                    base, mm, keywords=kw):
                found[(context, message)] = f"{filename}:{lineno}"
        return found
    return {(context, message): f"{filename}:{lineno}" for filename, lineno, message, _c,
            context in extract_from_dir(folder, [("**.py", "python")], keywords=KEYWORDS)}


def _catalogue(name: str, lang: str):
    path = PACKAGES[name] / "locale" / lang / "LC_MESSAGES" / "messages.po"
    with path.open("rb") as f:
        return read_po(f)


@pytest.mark.parametrize("name", list(PACKAGES))
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_every_extracted_message_is_translated(name, lang):
    catalogue = _catalogue(name, lang)
    missing = []
    for (context, msgid), where in _extracted(name).items():
        if isinstance(msgid, tuple) or not msgid.strip():
            continue
        found = catalogue.get(msgid, context=context)
        if found is None or not found.string:
            missing.append(f"{where}: {msgid!r}")
    assert not missing, f"{len(missing)} messages lack a {lang} text:\n" + "\n".join(missing)


@pytest.mark.parametrize("name", list(PACKAGES))
def test_japanese_texts_are_japanese(name):
    """A Japanese text is not the English source left as it was."""
    untranslated = []
    for message in _catalogue(name, "ja"):
        if not message.id or JA.search(message.id):
            continue
        words = set(re.findall(r"[A-Za-z][A-Za-z&!-]*", FIELD.sub("", message.id)))
        # a text that is only its fields (結論：{effects}, not 結論：結果：…) has no word left
        # in English
        only_fields = message.string and not FIELD.sub("", message.string).strip()
        if {w.upper() for w in words} - {k.upper() for k in KEPT} and \
                not JA.search(message.string) and not only_fields:
            untranslated.append(message.id)
    assert not untranslated, "still English in ja:\n" + "\n".join(untranslated)


@pytest.mark.parametrize("name", list(PACKAGES))
@pytest.mark.parametrize("lang", ["ja", "en"])
def test_a_translation_names_only_fields_the_message_gives(name, lang):
    wrong = []
    for message in _catalogue(name, lang):
        if not message.id or not message.string:
            continue
        given = {a or b for a, b in FIELD.findall(message.id)}
        used = {a or b for a, b in FIELD.findall(message.string)}
        if used - given:
            wrong.append(f"{message.id!r}: {sorted(used - given)}")
    assert not wrong, "\n".join(wrong)


@pytest.mark.parametrize("game", game_names())
def test_every_zone_and_action_of_a_game_has_its_names(game):
    package = f"judge.games.{game}"
    declared = get_game(game)
    for kind, keys in (("zone", declared.zones), ("action", sorted(declared.actions))):
        for key in keys:
            with use_locale("ja"):
                ja = Term(kind, key, package).render()
            with use_locale("en"):
                en = Term(kind, key, package).render()
            assert JA.search(ja), f"{game} {kind} {key!r} has no Japanese name ({ja!r})"
            assert en and not JA.search(en.split("(")[0]) or kind == "zone" and game == \
                "vision", f"{game} {kind} {key!r} has no English name ({en!r})"


def test_the_english_catalogue_translates_every_japanese_source():
    """The templates are written in Japanese: English needs a text for each."""
    for message in _catalogue("judge", "en"):
        if message.id and JA.search(message.id) and message.id == message.string:
            raise AssertionError(f"no English for {message.id!r}")


@pytest.mark.parametrize("game", GAMES)
def test_the_board_forms_help_texts_are_in_both_languages(game):
    """Every card field's and action's help (FieldSpec/ActionSpec ``doc``), shown by the
    board form, is in the game's catalogue in ja and en: a doc left unmarked (no N_()
    in its module) or untranslated fails here."""
    declared = get_game(game)
    docs = {f.doc for f in declared.card_fields.values()}
    for spec in declared.actions.values():
        docs |= {spec.doc} | {f.doc for f in spec.fields.values()}
    docs.discard("")
    missing = []
    for lang in ("ja", "en"):
        catalogue = _catalogue(game, lang)
        for doc in sorted(docs):
            found = catalogue.get(doc)
            if found is None or not found.string or lang == "ja" and not JA.search(found.string):
                missing.append(f"{lang}: {doc!r}")
    assert docs and not missing, "\n".join(missing)


def test_the_board_form_reads_the_help_in_the_readers_language():
    from judge.app.boards import game_spec
    with use_locale("ja"):
        ja = game_spec(get_game("yugioh"))
    with use_locale("en"):
        en = game_spec(get_game("yugioh"))
    assert ja["actions"]["attack"]["fields"]["attacker"]["doc"] == "攻撃するモンスター"
    assert en["actions"]["attack"]["fields"]["attacker"]["doc"] == "the attacking monster"
    assert JA.search(ja["actions"]["attack"]["doc"])
