"""One search, not two (issue 28): the offline search (judge/web/static/offline-*.js),
run by Node on the bundle Python builds, against golden files Python writes for every
relevance query: the entries of the results page and the passages of the ranking.  A
change to judge/search that breaks the offline results fails here, without a browser.
"""
from __future__ import annotations

import gzip
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest
import yaml

from relevance_eval import load

ROOT = Path(__file__).resolve().parents[2]
STATIC = ROOT / "judge" / "web" / "static"
QUESTIONS = Path(__file__).with_name("questions.yaml")
HELD_OUT = Path(__file__).with_name("questions_held_out.yaml")
HELD_OUT_2 = Path(__file__).with_name("questions_held_out_2.yaml")
LEXICON = Path(__file__).with_name("questions_lexicon.yaml")
PHONE = Path(__file__).with_name("questions_phone.yaml")
BLIND_3 = Path(__file__).with_name("questions_blind_3.yaml")
ODD = ["constructor", "__proto__", "game:constructor", "toString:x",
       "kind:hasOwnProperty グレイズ", '"', "「", "-", "OR", "ＱＡ－９９９",
       "グレイズ " * 40, "🃏 グレイズ", "before:2099 after:1999 プレイ",
       # a bare number: the ids it may be (QA-337, No.337), then the texts
       "337", "75", "３３７", "4000", "9999",
       # a rule number whose entry has no such clause: no redirect, a notice (6.5.3.b is)
       "6.5.9", "6.5.3.b",
       # either word: each group's word in a row, not every word of the query
       "貫通 OR ノード", "貫通 ノード OR グレイズ", "プレイ OR 干渉"]
# romaji a judge types on a phone (a word that matches nothing is read as kana)
ROMAJI = ["gureizu", "noodo", "kyarakutaa", "supelu kaado", "gureizu dekimasu ka", "doroo",
          "shoukan", "bochi", "ribaasu kouka",
          # English words a lone consonant would make っ words of: no reading at all
          "bat", "rev", "hit"]
# measured 2026-12-03 (see the test): the second held-out set's pages as the server's, and
# its first three entries (the server: 41/48 in the top 3 for the judge's answer)
# 2026-12-07: 46 and 46, now that the server reads a stretch after a katakana word after it
# (継続ダメージはいつ治る: は + いつ, as the phone does)
FLOOR_HELD_OUT_2 = (46, 46)
# measured 2026-12-03: snippets of the same results pages that differ, 28 of 2,304 (62
# before the offline marks kept to whole numbers and Latin words, as the server's)
FLOOR_SNIPPETS = 28
# ... and the third blind set's pages (2026-12-07): 2 more of its 53 pages' snippets
FLOOR_SNIPPETS += 2
# ... 4 fewer (2026-12-07): an older revision's hit shown as the server's own
# _current_first shows it (6.5's graze clause, gone from the current revision)
FLOOR_SNIPPETS -= 4
# measured 2026-12-03 (see the test): the lexicon questions' pages as the server's, and
# their first three entries
FLOOR_LEXICON = (24, 25)
# measured 2026-12-03: 41/44 pages and first three as the server's; where they differ,
# the second or third entry (the answer is first on both)
FLOOR_PHONE = (41, 41)
# measured 2026-12-07 (session 41), before any change for it: the third blind set's
# pages and first three entries as the server's, 50/53 both; 51 since the bundle knows
# the question words the corpus never writes (ライフはいくら: は + いくら on both)
FLOOR_BLIND_3 = (51, 51)
NODE = shutil.which("node") or shutil.which("nodejs")
pytestmark = pytest.mark.skipif(NODE is None, reason="Node is not installed "
                                "(scripts/setup --test installs Debian's nodejs)")


def golden(searcher, corpus, queries: list) -> dict:
    """What the server answers: the results page's entries, count, chips and snippets,
    each result's further passages, folded revisions and exact tier, the did-you-mean
    and the notice (its English message ids, as the offline script writes them), the
    ranking's passages (a query is its text, or {q, game, kind, page} for a filtered or
    later page, keyed by its JSON)."""
    from judge.i18n import use_locale
    from judge.search.shaping import shaped
    out = {}
    for item in queries:
        q, filters = (item, {}) if isinstance(item, str) else (
            item["q"], {k: v for k, v in item.items() if k != "q"})
        number = filters.pop("page", 1)
        with use_locale("en"):
            page = shaped(searcher, corpus, q, limit=10, page=number, **filters)
            notice = page["notice"]
        ranked = searcher.search(q, limit=10, **filters)
        out[_key(item)] = {"entries": [r["id"] for r in page["results"]],
                  "total": page["total"], "facets": page["facets"],
                  "snippets": [r["snippet"] for r in page["results"]],
                  # the offline page's addresses are relative to the site's root
                  "urls": [r["url"].lstrip("/") for r in page["results"]],
                  "redirect_url": (page.get("redirect_url") or "").lstrip("/") or None,
                  "passages": [[h.id, h.clause, h.revision] for h in ranked.hits],
                  "did_you_mean": page["did_you_mean"], "notice": notice,
                  "more": [[[[p.get("clause"), p["snippet"]] for p in r.get("passages", [])],
                            r.get("old_matches"), r.get("exact")] for r in page["results"]]}
    return out


def _key(item) -> str:
    return item if isinstance(item, str) else json.dumps(item, ensure_ascii=False,
                                                         sort_keys=True)


# filtered results pages: the chips count entries as the header does, offline too
FILTERED = [{"q": "グレイズ", "game": "vision"}, {"q": "手札", "kind": "rule"},
            {"q": "337", "kind": "qa"}, {"q": "墓地", "game": "yugioh"},
            {"q": "ノード", "kind": "term"}, {"q": "攻撃", "game": "gemchronicle", "kind": "rule"},
            {"q": "キャラクターは1ターンに何枚プレイできますか", "kind": "rule"},
            {"q": "graveyard", "game": "yugioh"}, {"q": "ぐれいづ", "kind": "term"}]


@pytest.fixture(scope="module")
def answers(real_searcher, real_corpus, tmp_path_factory):
    """(golden, offline) for the keyword relevance set, the questions and odd queries."""
    from judge.offline.bundle import build, script
    folder = tmp_path_factory.mktemp("offline-parity")
    sets = {"relevance": [i["q"] for i in load()],
            "questions": [i["q"] for i in yaml.safe_load(
                QUESTIONS.read_text(encoding="utf-8"))["queries"]],
            "held_out": [i["q"] for i in yaml.safe_load(
                HELD_OUT.read_text(encoding="utf-8"))["queries"]],
            "held_out_2": [i["q"] for i in yaml.safe_load(
                HELD_OUT_2.read_text(encoding="utf-8"))["queries"]],
            "lexicon": [i["q"] for i in yaml.safe_load(
                LEXICON.read_text(encoding="utf-8"))["queries"]],
            "phone": [i["q"] for i in yaml.safe_load(
                PHONE.read_text(encoding="utf-8"))["queries"]],
            "blind_3": [i["q"] for i in yaml.safe_load(
                BLIND_3.read_text(encoding="utf-8"))["queries"]],
            "romaji": ROMAJI,
            "odd": ODD,
            "filtered": FILTERED}
    queries = [q for qs in sets.values() for q in qs]
    bundle = build(real_corpus, real_searcher)
    (folder / "bundle.json").write_text(json.dumps(bundle, ensure_ascii=False), encoding="utf-8")
    (folder / "size").write_text(str(len(gzip.compress(script(bundle).encode("utf-8"), 6))))
    (folder / "queries.json").write_text(json.dumps(queries, ensure_ascii=False),
                                         encoding="utf-8")
    expected = golden(real_searcher, real_corpus, queries)
    (folder / "golden.json").write_text(json.dumps(expected, ensure_ascii=False, indent=1),
                                        encoding="utf-8")
    run = subprocess.run([NODE, str(Path(__file__).with_name("offline_parity.js")), str(STATIC),
                          str(folder / "bundle.json"), str(folder / "queries.json")],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    return (sets, expected, dict(zip(map(_key, queries), json.loads(run.stdout))),
            int((folder / "size").read_text()))


def _agreement(sets, expected, offline, name: str, what: str) -> tuple[int, list[str]]:
    differ = [q for q in sets[name] if expected[q][what] != offline[q][what]]
    return len(sets[name]) - len(differ), differ


def _top3(sets, expected, offline, name: str) -> tuple[int, list[str]]:
    """Queries whose offline page shows the server's first three entries (as a set)."""
    differ = [q for q in sets[name]
              if set(expected[q]["entries"][:3]) != set(offline[q]["entries"][:3])]
    return len(sets[name]) - len(differ), differ


def test_the_offline_page_lists_the_servers_entries_for_keyword_queries(answers, capsys):
    sets, expected, offline, _size = answers
    same, differ = _agreement(sets, expected, offline, "relevance", "entries")
    with capsys.disabled():
        print(f"\noffline parity (relevance, results page): {same}/{len(sets['relevance'])}")
        for q in differ:
            print(q, expected[q]["entries"][:5], offline[q]["entries"][:5])
    top3, differ3 = _top3(sets, expected, offline, "relevance")
    # all, ぐれいす too (116/117 until 2026-12-07): a hiragana word the phone's split
    # cannot read as the corpus's words (ぐ, a symbol to MeCab, + れい + す) is looked up
    # as its katakana word, as the server does when MeCab cuts it into words of its own
    assert top3 == len(sets["relevance"]), differ3
    assert same == len(sets["relevance"]), differ
    assert offline["ぐれいす"]["entries"][:3] == expected["ぐれいす"]["entries"][:3]


def test_the_offline_results_link_where_the_servers_do(answers):
    """Each result's address (and an id's redirect) is the server's own, written into the
    bundle by results.Hit.url's functions: on every page that lists the same entries."""
    sets, expected, offline, _size = answers
    pages = [q for qs in sets.values() for q in map(_key, qs)
             if expected[q]["entries"] == offline[q]["entries"]]
    assert len(pages) > 400
    # an older revision's hit is shown as the server's own _current_first shows it
    # (6.5's graze clause, which the current revision no longer has: its whole text)
    assert [offline[q]["urls"] for q in pages] == [expected[q]["urls"] for q in pages]
    assert [offline[q]["redirect_url"] for q in pages] == \
        [expected[q]["redirect_url"] for q in pages]
    assert any(offline[q]["redirect_url"] for q in pages)


def test_the_offline_ranking_is_the_servers_for_odd_queries(answers):
    sets, expected, offline, _size = answers
    same, differ = _agreement(sets, expected, offline, "odd", "passages")
    assert not differ, differ
    # and their results pages (a bare number's ids first, 337: QA-337 and No.337)
    same, differ = _agreement(sets, expected, offline, "odd", "entries")
    assert not differ, differ
    assert set(offline["337"]["entries"][:2]) == {"vision/qa/QA-337", "vision/card/N337"}
    # a clause the rule has not is no redirect, and the notice says so, as the server's
    assert offline["6.5.9"]["redirect_url"] is None is expected["6.5.9"]["redirect_url"]
    assert "has no clause 6.5.9" in offline["6.5.9"]["notice"]
    assert offline["6.5.9"]["notice"] == expected["6.5.9"]["notice"]
    assert offline["6.5.9"]["entries"] == expected["6.5.9"]["entries"]
    assert offline["6.5.3.b"]["redirect_url"] == expected["6.5.3.b"]["redirect_url"]
    assert offline["6.5.3.b"]["redirect_url"].endswith("#6.5.3.b")


def _question_parity(answers, capsys, name: str, label: str):
    """(pages the same, top 3 the same, the queries whose pages differ) of a question set,
    printed as the suite runs."""
    sets, expected, offline, _size = answers
    same, differ = _agreement(sets, expected, offline, name, "entries")
    top3, differ3 = _top3(sets, expected, offline, name)
    with capsys.disabled():
        print(f"offline parity ({label}, results page): {same}/{len(sets[name])}, "
              f"top 3: {top3}")
        for q in differ3:
            print("  ", q, expected[q]["entries"][:3], offline[q]["entries"][:3])
    return same, top3, differ


def test_the_offline_page_answers_the_questions_as_the_server_does(answers, capsys):
    """The offline question mode plans a question as the server does (content words by
    each corpus word's question role and its neighbours, the inflections and okurigana of
    the corpus's verbs, glossary concepts, the ASKED cover).  What a phone cannot have is
    MeCab itself: a word no corpus word spells (ぶん in hiragana) is split otherwise."""
    same, top3, differ = _question_parity(answers, capsys, "questions", "questions")
    total = len(answers[0]["questions"])
    # all but one (超えたぶん: a hiragana ぶん no corpus word spells), pages and top 3
    assert same >= total - 1, differ
    assert top3 >= total - 1, differ


def test_the_offline_page_answers_the_held_out_questions_as_the_server_does(answers, capsys):
    """The held-out questions (never used to tune the offline search) agree as often:
    the bundle's words come from the corpus and MeCab's inflections of its verbs, not
    from these questions."""
    same, top3, differ = _question_parity(answers, capsys, "held_out", "held-out questions")
    total = len(answers[0]["held_out"])
    assert same == total, differ
    assert top3 == total, differ


def test_the_offline_page_answers_the_second_held_out_set_as_the_server_does(answers, capsys):
    """Today's words, English, romaji and wrong kanji (questions_held_out_2.yaml): the
    forms where the phone's split of a question is most unlike MeCab's (a wrong kanji is
    read by its reading offline too: 召還 -> 召喚, offline/readings.py).  What differs is
    MeCab itself: a verb no corpus text writes (ユニットはいつ動ける: 動ける; the phone reads
    動 + ける), 2枚目 (枚 a suffix at a run's start)."""
    same, top3, differ = _question_parity(answers, capsys, "held_out_2",
                                          "second held-out set")
    assert same >= FLOOR_HELD_OUT_2[0], differ
    assert top3 >= FLOOR_HELD_OUT_2[1], differ


def test_the_offline_page_answers_the_lexicon_questions_as_the_server_does(answers, capsys):
    """The lexicon's terms asked as judges ask them (questions_lexicon.yaml: today's
    words and English): the glossary rows the bundle carries, each with whether it is
    only near the text's word, plan the same concepts offline.  What differs is MeCab
    itself: デッキがなくなったら reads なくなっ as one verb after a particle, which no
    text of the corpus writes (引けなくなった is ない + なる after a verb), so the phone
    splits it into two asking words and the page's fifth entry differs."""
    same, top3, differ = _question_parity(answers, capsys, "lexicon", "lexicon questions")
    assert same >= FLOOR_LEXICON[0], differ
    assert top3 >= FLOOR_LEXICON[1], differ


def test_the_offline_page_answers_the_phone_questions_as_the_server_does(answers, capsys):
    """Typed on a phone (questions_phone.yaml: fragments, half-width kana, casual
    endings): the offline page is the one the phone itself shows when the venue has no
    network."""
    same, top3, differ = _question_parity(answers, capsys, "phone", "phone questions")
    assert same >= FLOOR_PHONE[0], differ
    assert top3 >= FLOOR_PHONE[1], differ
    # and the judge's answer is in the offline page's first three as on the server's
    offline = answers[2]
    items = yaml.safe_load(PHONE.read_text(encoding="utf-8"))["queries"]
    found = [i["q"] for i in items if set(i["any"]) & set(offline[i["q"]]["entries"][:3])]
    assert len(found) >= 0.9 * len(items), [i["q"] for i in items if i["q"] not in found]


def test_the_offline_page_answers_the_third_blind_set_as_the_server_does(answers, capsys):
    """The third blind set (questions_blind_3.yaml: the wiki's comment rulings, rulings
    with a history, Gem Chronicle's attributes, in a phone's forms): written after the
    offline search, so never tuned for it either."""
    same, top3, differ = _question_parity(answers, capsys, "blind_3", "third blind set")
    assert same >= FLOOR_BLIND_3[0], differ
    assert top3 >= FLOOR_BLIND_3[1], differ


def test_the_offline_scripts_keep_no_copy_of_the_search_tables():
    """The JavaScript reads judge/search/tables.py's tables from the bundle: none of its
    patterns, word lists or weights is written out again in the offline scripts."""
    import re

    from judge.search import tables
    scripts = {p.name: p.read_text(encoding="utf-8") for p in STATIC.glob("offline-*.js")}
    found = []
    for name, value in tables.as_json().items():
        needles = []
        if isinstance(value, str) and len(value) >= 6:
            needles.append(value)
        elif isinstance(value, list) and len(value) >= 4 and all(isinstance(v, str) for v in value):
            needles.append(", ".join(f'"{v}"' for v in value[:3]))      # a list written out
        elif isinstance(value, dict) and len(value) >= 4:
            first = list(value.items())[:2]
            needles.append(", ".join(f'"{k}": "{v}"' for k, v in first))
        elif isinstance(value, float) and value not in (0.0, 1.0):
            needles.append(re.compile(rf"\b{re.escape(name)}\s*=\s*{value:g}\b"))
        for script, text in scripts.items():
            for n in needles:
                if (n.search(text) if hasattr(n, "search") else n in text):
                    found.append(f"{script}: {name}")
    assert not found, found


def test_the_offline_search_reads_romaji_as_the_server_does(answers):
    """gureizu, noodo: jaconv's table, carried by the bundle (judge/offline/romaji.py);
    ribaasu kouka, bochi: a glossary name by its reading (the bundle's name_readings)."""
    sets, expected, offline, _size = answers
    top3, differ = _top3(sets, expected, offline, "romaji")
    assert top3 == len(sets["romaji"]), differ
    # the pages too: shoukan is しょうかん, which MeCab cuts into しょう and かん (and
    # ショウカン into ショウ and カン), as the bundle says for the reading of each word of
    # the corpus in kanji (offline/morph.py)
    same, differ = _agreement(sets, expected, offline, "romaji", "entries")
    assert same == len(sets["romaji"]), [(q, expected[q]["entries"][:6],
                                          offline[q]["entries"][:6]) for q in differ]
    assert "vision/term/グレイズ" in offline["gureizu"]["entries"][:3]


def test_the_romaji_table_read_out_of_jaconv_converts_as_jaconv_does():
    import random

    import jaconv

    from judge.offline.romaji import alphabet2kana, table
    t = table()
    rng = random.Random(24)
    words = ["gureizu", "noodo", "itoh", "matcha", "n'ya", "kk", "xtsu", "shinkansen"]
    words += ["".join(rng.choice("abcdefghijklmnopqrstuvwxyz'-") for _ in range(rng.randint(1, 9)))
              for _ in range(3000)]
    assert [alphabet2kana(w, t) for w in words] == [jaconv.alphabet2kana(w) for w in words]


def test_the_homophones_table_answers_as_same_reading_does(real_searcher):
    """A kanji word read as the texts' words of its reading (召還 -> 召喚) offline: the
    bundle's table (offline/readings.py, from MeCab's dictionary) is what the server's
    question.same_reading answers for each of its words."""
    import random

    from judge.offline.readings import homophones
    from judge.search.question import same_reading
    table = homophones(real_searcher.store)
    assert table["召還"][0] == "召喚"
    words = random.Random(28).sample(sorted(table), 300)
    assert {w: same_reading(real_searcher.store, w) for w in words} == \
        {w: table[w] for w in words}


def test_the_offline_page_reads_no_bundle_older_than_its_scripts():
    """A phone may keep a bundle of an older format after an update: the page treats it
    as not arrived yet (rather than failing on a table it lacks) until the new one comes."""
    from judge.offline.bundle import FORMAT
    page = (STATIC / "offline-page.js").read_text(encoding="utf-8")
    assert f"bundle.format >= {FORMAT})" in page


def test_the_homophones_table_is_read_once_per_corpus(real_searcher, monkeypatch):
    """Reading MeCab's dictionary takes seconds: a second bundle of the same corpus (the
    next `judge index`, an approval's rebuild) takes the table remembered in the cache,
    and gets the same table as a reading of the dictionary would give."""
    from judge.offline import readings
    first = readings.homophones(real_searcher.store)

    def no_second_read():
        raise AssertionError("MeCab's dictionary read again for the same corpus")
    monkeypatch.setattr(readings, "_dictionary", no_second_read)
    assert readings.homophones(real_searcher.store) == first
    monkeypatch.undo()
    assert readings._homophones(real_searcher.store, 3) == first


def test_the_offline_page_cuts_the_servers_snippets(answers, capsys):
    """Where the offline page lists the server's entries, each snippet is the server's,
    marks and all (a copied hit once lost its deferred snippet: empty ones, seen only
    in a browser test).  Measured 2026-12-03: 28 of 2,304 differ, in which words are
    marked (MeCab's split of a question: ない marked offline) or which window of a long
    passage is cut; FLOOR_SNIPPETS keeps it from growing."""
    sets, expected, offline, _size = answers
    same_pages = [_key(q) for qs in sets.values() for q in qs
                  if expected[_key(q)]["entries"] == offline[_key(q)]["entries"]]
    differ = [(q, i) for q in same_pages
              for i, (a, b) in enumerate(zip(expected[q]["snippets"], offline[q]["snippets"]))
              if a != b]
    compared = sum(len(expected[q]["entries"]) for q in same_pages)
    with capsys.disabled():
        print(f"\noffline parity (snippets of the same pages): {compared - len(differ)}"
              f"/{compared}; differing by set: " + ", ".join(
                  f"{name} {sum(1 for q, _i in differ if q in map(_key, qs))}"
                  for name, qs in sets.items()))
    assert compared > 1000
    assert not [q for q, i in differ if not offline[q]["snippets"][i]
                and expected[q]["snippets"][i]], "an empty snippet offline"
    assert len(differ) <= FLOOR_SNIPPETS, differ[:10]
    # issue 24: "000" inside "4000" was marked as a match of 0 (offline until today)
    import re
    inside = re.compile(r"[0-9０-９]<mark>[0-9０-９]|<mark>[0-9０-９]+</mark>[0-9０-９]")
    assert not [q for q in offline for snip in offline[q]["snippets"] if inside.search(snip)]


# measured 2026-12-08 (session 45), when the offline page began counting every matched
# passage by entry as search/matched.py does (before, among its top 200 hits: 7 pages'
# totals and chips differed, 878 entries said 194): of the pages listing the server's
# entries, 1 differs, デッキは何枚で組みますか (52 entries, 54 offline), where the phone's
# split of the question (組 for MeCab's 組む) matches two more term pages
FLOOR_TOTALS = 1


def test_the_offline_chips_count_entries_as_the_servers_do(answers):
    """The header's count and the game and kind chips count entries, offline as on the
    server, over every passage the page's searches matched (search/matched.py), not
    among the hits a page groups: a question matching 878 entries says 878, not the 194
    of its first 200 hits.  Filtered, the other choices are the entries the page's
    searches matched before the filter."""
    sets, expected, offline, _size = answers
    keys = list(dict.fromkeys(_key(q) for qs in sets.values() for q in qs))
    same_pages = [k for k in keys if expected[k]["entries"] == offline[k]["entries"]]
    assert len(same_pages) >= len(keys) - 10
    differ = [k for k in same_pages if (expected[k]["total"], expected[k]["facets"])
              != (offline[k]["total"], offline[k]["facets"])]
    assert len(differ) <= FLOOR_TOTALS, [(k, expected[k]["total"], offline[k]["total"],
                                          expected[k]["facets"], offline[k]["facets"])
                                         for k in differ[:3]]
    # pages with more entries than a page's searches give hits (a count among the hits
    # says fewer): each agrees
    from judge.search.tables import FETCH
    large = [k for k in same_pages if expected[k]["total"] > FETCH]
    assert len(large) >= 5 and not set(large) & set(differ), large
    for k in same_pages:
        page = offline[k]
        for dim in ("game", "kind"):
            if page["total"] and not (k.startswith("{") and f'"{dim}"' in k):
                assert sum(page["facets"][dim].values()) == page["total"], k


def test_the_bundle_knows_the_question_words_the_corpus_never_writes():
    """A question word no corpus text writes (いくら) is in the phone's vocabulary as MeCab
    reads it, so the phone splits ライフはいくら as は + いくら, not as はい + くら (words
    the corpus does write)."""
    from judge.offline.morph import vocabulary
    words = vocabulary(["ライフは減る。はい、できます。"])["words"]
    assert "いくら" in words and words["いくら"][3] == "いくら"      # dropped, as asking


# measured 2026-12-07 (session 42), when the comparison was added: of the pages listing
# the server's entries, the notice differed on 5: 337, ３３７ and a filtered ぐれいづ said
# "nothing matches" above what a fallback found (the offline page now drops it, as
# shaping.shaped does); 光臨 read as 降臨 is said by the server only.  The further
# passages, folded revisions or exact tier of a result differ on 5 (how many older
# revisions 4 results fold, before:2010 グレイズ's passage, 光臨's exact tier); on 1
# since an older revision's hit is shown as the server's own _current_first shows it
# (2026-12-07: 光臨's exact tier)
# 2026-12-08 (issue 27): the server lists under each entry it shows all of the entry's
# matched passages (run._rest_of_entries), not those among the first 200 hits, which cut
# an entry to its 2 best passages once 200 hits held as many entries; the offline page
# still groups 200 hits: 6 more pages differ in the further passages of a result
FLOOR_NOTICES = 1

# 2026-12-08 (session 45): the offline page lists them as the server does (each search's
# restOf: run._rest_of_entries), 1 differs (光臨's exact tier, as before)
FLOOR_MORE = 1


def test_the_offline_page_says_and_folds_what_the_servers_does(answers, capsys):
    """Beyond the entries: where the offline page lists the server's entries, its
    did-you-mean is the server's, and its notice (the English message ids), each result's
    further passages with their snippets, its folded older revisions and its exact tier
    are the server's but for the few measured (a change to judge/search that the script
    does not follow shows here, without a browser)."""
    sets, expected, offline, _size = answers
    keys = list(dict.fromkeys(_key(q) for qs in sets.values() for q in qs))
    same = [k for k in keys if expected[k]["entries"] == offline[k]["entries"]]
    differ = {what: [k for k in same if expected[k][what] != offline[k][what]]
              for what in ("did_you_mean", "notice", "more")}
    with capsys.disabled():
        print(f"\noffline parity (pages with the server's entries: {len(same)}/{len(keys)}): "
              + ", ".join(f"{what} differs on {len(ks)}" for what, ks in differ.items()))
        for k in differ["notice"]:
            print("  ", k, repr(expected[k]["notice"]), repr(offline[k]["notice"]))
    assert not differ["did_you_mean"], differ["did_you_mean"]
    assert len(differ["notice"]) <= FLOOR_NOTICES, differ["notice"]
    assert len(differ["more"]) <= FLOOR_MORE, differ["more"]


def test_the_offline_notices_are_the_servers_in_japanese(real_searcher, real_corpus, tmp_path):
    """The offline page says the search's notices in the reader's language, as the
    server's page does (「'…' に一致するものはありません…」), from the catalogue's
    sentences the page hands its scripts (judge/offline/notices.py): never the English
    ids on a Japanese page."""
    from judge.i18n import use_locale
    from judge.offline.bundle import build
    from judge.offline.notices import notice_ids, notice_texts
    from judge.search.shaping import shaped
    queries = ["kind:xyz グレイズ", "game:foo グレイズ", "before:2099-13 プレイ", "「グレイズ",
               "ぷれいしたものとしてかいけつ ぞぞぞ", "ＱＡ－９９９", "-グレイズ", "\x07グレイズ",
               "zzqqxx", "グレイズ " * 40]
    with use_locale("ja"):
        spoken = notice_texts()
        server = [shaped(real_searcher, real_corpus, q, limit=10)["notice"] for q in queries]
    # every notice the scripts say is one of the search's messages, translated
    assert len(notice_ids()) >= 15
    assert all(spoken[i] != i for i in notice_ids()), [i for i in notice_ids() if spoken[i] == i]
    (tmp_path / "bundle.json").write_text(json.dumps(build(real_corpus, real_searcher),
                                                     ensure_ascii=False), encoding="utf-8")
    (tmp_path / "queries.json").write_text(json.dumps(queries, ensure_ascii=False), encoding="utf-8")
    (tmp_path / "spoken.json").write_text(json.dumps(spoken, ensure_ascii=False), encoding="utf-8")
    run = subprocess.run([NODE, str(Path(__file__).with_name("offline_parity.js")), str(STATIC),
                          str(tmp_path / "bundle.json"), str(tmp_path / "queries.json"),
                          str(tmp_path / "spoken.json")], capture_output=True, text=True,
                         timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    offline = [page["notice"] for page in json.loads(run.stdout)]
    said = [(q, s, o) for q, s, o in zip(queries, server, offline) if s]
    assert len(said) >= 6, said                  # the queries do make the server say things
    assert [(q, o) for q, _s, o in said] == [(q, s) for q, s, _o in said]
    assert not any(re.search(r"[a-z]{4,} [a-z]{3,}", o) for _q, _s, o in said), said


QUESTION_FILES = {"questions": QUESTIONS, "held_out": HELD_OUT, "held_out_2": HELD_OUT_2,
                  "lexicon": LEXICON, "phone": PHONE, "blind_3": BLIND_3}


def test_the_offline_page_finds_the_judges_answer_where_the_server_does(answers):
    """Issue 24's relevance sets of questions: on every question, the entry the judge
    needs is on the offline page wherever the server's page has it, at the same rank or
    higher (missing from both otherwise).  Where the two pages differ, MeCab's reading of
    a word no corpus text writes (選び直せる, 動ける, なくなる) changes what else is
    listed; measured 2026-12-07: the same rank on 270 of 271, and on the last
    (スタンしたユニットはいつ動けるようになる) the offline page has it first, the server second."""
    sets, expected, offline, _size = answers

    def rank(entries, wanted):
        ranks = [entries.index(w) + 1 for w in wanted if w in entries]
        return min(ranks) if ranks else None

    asked, apart = 0, []
    for name, path in QUESTION_FILES.items():
        for item in yaml.safe_load(path.read_text(encoding="utf-8"))["queries"]:
            wanted = {w.partition("#")[0] for w in item.get("any") or ()}
            if not wanted:
                continue
            asked += 1
            server = rank(expected[item["q"]]["entries"], wanted)
            phone = rank(offline[item["q"]]["entries"], wanted)
            if server != phone:
                apart.append((name, item["q"], server, phone))
    assert asked >= 250
    assert all(s is None or (p is not None and p <= s) for _n, _q, s, p in apart), apart
    assert len(apart) <= 1, apart


# later pages of large results: each a step of shaping.fetch_for (page 2: 100 hits a
# search; 3: 200; 8 and 50: 500, the last page a search can fill)
LATER = [{"q": q, "page": n} for q in ("kyarakutaa", "干渉中にキャラ出せる？", "supelu kaado")
         for n in (2, 3, 8, 50)] + [{"q": "手札", "kind": "rule", "page": 2}]


def test_the_offline_later_pages_are_the_servers(real_searcher, real_corpus, tmp_path):
    """A later page of a large result lists the server's entries with their further
    passages, and says the server's total (every matched entry, not those of its hits):
    each search asks for the hits shaping.fetch_for asks for at that page."""
    from judge.offline.bundle import build
    (tmp_path / "bundle.json").write_text(json.dumps(build(real_corpus, real_searcher),
                                                     ensure_ascii=False), encoding="utf-8")
    (tmp_path / "queries.json").write_text(json.dumps(LATER, ensure_ascii=False), encoding="utf-8")
    run = subprocess.run([NODE, str(Path(__file__).with_name("offline_parity.js")), str(STATIC),
                          str(tmp_path / "bundle.json"), str(tmp_path / "queries.json")],
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stderr[-3000:]
    expected = golden(real_searcher, real_corpus, LATER)
    offline = dict(zip(map(_key, LATER), json.loads(run.stdout)))
    assert all(expected[_key(i)]["total"] > 200 for i in LATER[:-1])
    assert sum(1 for k in offline if offline[k]["entries"]) >= len(LATER) - 1
    differ = [(k, what) for k in offline for what in ("entries", "total", "facets", "more")
              if expected[k][what] != offline[k][what]]
    assert not differ, [(k, w, expected[k][w], offline[k][w]) for k, w in differ[:3]]
