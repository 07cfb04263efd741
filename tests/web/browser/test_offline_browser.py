"""Offline, in a real browser: the search in the browser against the server's, its speed
on a throttled CPU, the bundle's size, the phone that goes offline after one visit, and
the static export served by a plain web server.  Figures go to
tests/artifacts/offline-figures.json (and are printed with -s)."""
from __future__ import annotations

import functools
import re
import gzip
import json
import statistics
import sys
import threading
import time
import urllib.parse
import urllib.request
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

pytestmark = pytest.mark.browser

ROOT = Path(__file__).resolve().parents[3]
sys.path.insert(0, str(ROOT / "tests" / "search"))
from relevance_eval import load as relevance_queries  # noqa: E402

FIGURES: dict = {}
READY_SECONDS = 900           # a fresh machine renders every entry page once (minutes)


def _get(url: str, gz: bool = False) -> bytes:
    req = urllib.request.Request(url, headers={"Accept-Encoding": "gzip"} if gz else {})
    with urllib.request.urlopen(req, timeout=READY_SECONDS) as r:
        return r.read()


def _record(**figures) -> None:
    FIGURES.update(figures)
    out = ROOT / "tests" / "artifacts"
    out.mkdir(parents=True, exist_ok=True)
    (out / "offline-figures.json").write_text(json.dumps(FIGURES, ensure_ascii=False, indent=1))
    print("\noffline figures:", json.dumps(figures, ensure_ascii=False))


@pytest.fixture(scope="module")
def offline_files(live_url):
    """The server's offline files, built (waits for the first build) and measured."""
    version = json.loads(_get(live_url + "/offline/version.json"))
    bundle_gz = _get(live_url + version["bundle"], gz=True)
    pages_gz = _get(live_url + version["pages"], gz=True)
    sw = json.loads(_get(live_url + "/sw.js").decode().split("self.JUDGE_SW = ", 1)[1]
                    .split(";\n", 1)[0])
    assets_gz = sum(len(gzip.compress(_get(live_url + a), 9)) for a in sw["assets"])
    bundle = json.loads(gzip.decompress(bundle_gz).decode()[len("self.JUDGE_OFFLINE="):]
                        .rstrip().rstrip(";"))
    total = len(bundle_gz) + len(pages_gz) + assets_gz
    _record(bundle_gzip_bytes=len(bundle_gz), pages_gzip_bytes=len(pages_gz),
            assets_gzip_bytes=assets_gz, offline_total_gzip_bytes=total,
            bundle_bytes=len(gzip.decompress(bundle_gz)),
            pages=len(json.loads(gzip.decompress(pages_gz))["pages"]),
            passages=bundle["n"], entries=bundle["entries_count"],
            corpus=version["corpus"], corpus_date=version["corpus_date"])
    return {"version": version, "bundle": bundle, "total_gzip": total}


def test_offline_bundle_is_under_5_mb_compressed(offline_files):
    # the goal of issue 17: everything a phone keeps, the Vision card list included
    cards = sum(1 for k in offline_files["bundle"]["entries"]["kind"] if k == "card")
    assert cards > 2000
    assert offline_files["total_gzip"] < 5_000_000


def _search_page(page: Page, live_url: str) -> None:
    page.goto(live_url + "/offline/search")
    page.wait_for_function("() => window.JudgeOfflineIndex !== undefined", timeout=60_000)


def _server_top10(live_url: str, q: str) -> list:
    """The server's page of results: one per entry (best passage first), entries in order."""
    url = live_url + "/api/search?" + urllib.parse.urlencode({"q": q, "limit": 10})
    return [h["id"] for h in json.loads(_get(url))["results"]]


@functools.lru_cache(maxsize=1)
def _server_searcher():
    """The server's own ranking (the Searcher the pages shape into one result per entry)."""
    from judge.corpus import DEFAULT_CORPUS, Corpus
    from judge.search import Searcher
    return Searcher.open(Corpus.load(DEFAULT_CORPUS))


def _server_passages(q: str) -> list:
    return [[h.id, h.clause, h.revision] for h in _server_searcher().search(q, limit=10).hits]


def _entries(passages: list, limit: int = 10) -> list:
    """The entries of a passage ranking, each at its best passage's place."""
    return list(dict.fromkeys(passages))[:limit]


def test_browser_analysis_is_the_servers(page: Page, live_url, offline_files):
    """The JS normal form, bigrams, query parse and word plans equal the Python ones."""
    from judge.search import query as ql
    from judge.search.analysis import phrase_terms
    from judge.search.highlight import needle
    from judge.search.matching import Word
    _search_page(page, live_url)
    b = offline_files["bundle"]
    titles = b["entries"]["title"]
    texts = [titles[b["docs"]["entry"][d]] + "\n" + b["plain"][d] for d in range(b["n"])]
    expected = {"needles": [needle(t) for t in texts],
                "grams": ["\u0001".join(phrase_terms(t)) for t in texts]}
    differ = page.evaluate("""([texts, expected]) => {
        const A = self.JudgeAnalysis, out = {needles: [], grams: []};
        texts.forEach((t, i) => {
          if (A.needle(t) !== expected.needles[i]) out.needles.push(i);
          if (A.phraseTerms(t).join("\\u0001") !== expected.grams[i]) out.grams.push(i);
        });
        return out; }""", [texts, expected])
    assert differ == {"needles": [], "grams": []}, {k: [texts[i][:60] for i in v[:5]]
                                                    for k, v in differ.items()}
    queries = [item["q"] for item in relevance_queries()] + [
        "ＱＡ－３３７", "ｸﾞﾚｲｽﾞ の 条件", "No. 75", "kind:Q&A game:ビジョン 除外", "\"未完",
        "before:2013年1月27日 after:2010/1", "-貫通", "OR グレイズ", "rule:6.5 card:No.075"]
    plans = []
    for q in queries:
        pq = ql.parse(q, b["games"]["aliases"])
        words = []
        for t in pq.terms + pq.excluded:
            w = Word.of(t.text, t.phrase)
            words.append(None if w is None else
                         {"grams": w.grams, "ids": w.ids, "morphs": w.morphs, "yomi": w.yomi,
                          "needle": w.needle})
        plans.append({"understood": pq.text(), "words": words})
    got = page.evaluate("""(queries) => queries.map(q => {
        const A = self.JudgeAnalysis, ix = window.JudgeOfflineIndex, pq = A.parse(q, ix.gameAliases);
        const terms = [].concat(...pq.groups, pq.excluded);
        return {understood: A.understood(pq), words: terms.map(t => {
          const w = ix.word(t.text, t.phrase);
          return w && {grams: w.grams, ids: w.ids, morphs: w.morphs, yomi: w.yomi, needle: w.needle};
        })}; })""", queries)
    # Everything but the morphemes is rule for rule the server's: equal, always.
    def rules(plan):
        return {"understood": plan["understood"],
                "words": [w and {k: v for k, v in w.items() if k != "morphs"}
                          for w in plan["words"]]}
    mismatched = [(q, rules(e), rules(g)) for q, e, g in zip(queries, plans, got)
                  if rules(e) != rules(g)]
    assert not mismatched, mismatched[:3]
    # The morphemes: MeCab's split of a query is approximated from the corpus's own
    # MeCab output (no dictionary on a phone).  Compared on the forms the index holds
    # (a form it does not hold has no postings either way).
    known = set(offline_files["bundle"]["fields"]["title_mo"]["terms"]) | \
        set(offline_files["bundle"]["fields"]["body_mo"]["terms"])

    def indexed(morphs):
        return [f for f in ([x for x in forms if x in known] for forms in morphs) if f]
    pairs = [(e_w["morphs"], g_w["morphs"]) for e, g in zip(plans, got)
             for e_w, g_w in zip(e["words"], g["words"]) if e_w and g_w]
    same = sum(1 for a, b in pairs if indexed(a) == indexed(b))
    _record(morphemes={"words": len(pairs), "same_indexed_morphemes": same})
    assert same >= 0.95 * len(pairs)


def _extended_queries(bundle) -> list[str]:
    """Beyond the relevance set: every rule, term and Q&A title, every 15th card's name,
    and the hiragana spelling of every 40th card's name."""
    from judge.search.analysis import fold_kana
    ents = bundle["entries"]
    out = [t[:20] for t, k in zip(ents["title"], ents["kind"]) if k in ("rule", "term", "qa")]
    cards = [t for t, k in zip(ents["title"], ents["kind"]) if k == "card"]
    out += cards[::15] + [fold_kana(t) for t in cards[::40]]
    return list(dict.fromkeys(q for q in out if q.strip()))


def test_offline_top10_equals_the_servers(page: Page, live_url, offline_files):
    _search_page(page, live_url)
    sets = {"relevance": [item["q"] for item in relevance_queries()],
            "extended": _extended_queries(offline_files["bundle"]),
            "odd": ["constructor", "__proto__", "game:constructor", "toString:x",
                    "kind:hasOwnProperty グレイズ", '"', "「", "-", "OR", "ＱＡ－９９９",
                    "グレイズ " * 40, "🃏 グレイズ", "before:2099 after:1999 プレイ"]}
    figures = {}
    for name, queries in sets.items():
        # the ranking (the searcher's passages) and the results page (shaped: one
        # result per entry, exact match first, typo, partial and glossary fallbacks)
        offline, shaped = page.evaluate("""(qs) => [
            qs.map(q => window.JudgeOfflineIndex.search(q, {limit: 50})
              .results.map(h => [h.id, h.clause, h.revision])),
            qs.map(q => window.JudgeOfflineIndex.shaped(q, {limit: 10}).results.map(h => h.id))]""",
                                        queries)
        ranked = [_server_passages(q) for q in queries]
        same = [q for q, a, b in zip(queries, ranked, offline) if a == b[:10]]
        same_set = [q for q, a, b in zip(queries, ranked, offline)
                    if sorted(map(str, a)) == sorted(map(str, b[:10]))]
        pages = [_server_top10(live_url, q) for q in queries]
        same_page = [q for q, a, b in zip(queries, pages, shaped) if a == b]
        figures[name] = {"queries": len(queries), "same_top10_in_order": len(same),
                         "same_top10_as_a_set": len(same_set),
                         "same_entries_as_the_results_page": len(same_page),
                         "differ": [q for q in queries if q not in same][:20],
                         "page_differs": [q for q in queries if q not in same_page][:20]}
    _record(agreement=figures)
    # the page's invariants, over every query but an id's: one result per entry, at most
    # three more passages, each of the result's own entry, no older revision among them
    # unless asked
    broken = page.evaluate("""(qs) => qs.filter(q => {
        const d = window.JudgeOfflineIndex.shaped(q, {limit: 10}), ids = d.results.map(r => r.id);
        if (d.redirect) return false;       // an id's entry opens: its passages, unshaped
        return new Set(ids).size !== ids.length || d.total < ids.length ||
          d.results.some(r => r.passages && (r.passages.length > 3 ||
            r.passages.concat(r.old).some(p => p.id !== r.id) ||
            r.passages.some(p => !p.current && r.current) || r.old_matches !== r.old.length)); })""",
                           [q for qs in sets.values() for q in qs])
    assert not broken, broken[:5]
    rel = figures["relevance"]
    assert rel["same_top10_in_order"] >= 0.9 * rel["queries"], rel
    # what a judge sees: the offline page's entries are the server page's, in order
    assert rel["same_entries_as_the_results_page"] >= 0.9 * rel["queries"], rel
    odd = figures["odd"]
    assert odd["same_top10_in_order"] == odd["queries"], odd


def _results_page(page: Page) -> dict:
    """What a judge reads on a results page (the server's or the offline one): the
    notices, and per result its title (with the clause number), badges, snippet, the
    further passages and the folded older revisions, white space aside."""
    return page.evaluate(r"""() => {
        const flat = e => e ? e.textContent.replace(/\s+/g, "") : "";
        const notice = c => flat(document.querySelector(".results .notice." + c));
        return {corrected: notice("corrected"), dropped: notice("dropped"),
                expanded: notice("expanded"),
                results: Array.from(document.querySelectorAll(".results ol.result-list > li.result"))
                  .map(li => ({title: flat(li.querySelector(".result-title")),
                               meta: flat(li.querySelector(".result-meta")),
                               snippet: flat(li.querySelector("p.snippet")),
                               passages: Array.from(li.querySelectorAll(".passages > li")).map(flat),
                               old: flat(li.querySelector(".old-folded"))}))}; }""")


@pytest.mark.parametrize("q, entry, notice, words", [
    # one kana off a title: searched as the title, and the page says so
    ("ぐれいづ", "vision/term/グレイズ", "corrected", ["グレイズ"]),
    # the Yu-Gi-Oh! glossary: the term and the rules' own wording (裏表示)
    ("裏側守備表示", "yugioh/term/裏側守備表示", "expanded", ["裏側守備表示", "裏表示"]),
    # the lexicon: an English name, searched as the texts' own word (冥界)
    ("underworld", "vision/qa/QA-041", "expanded", ["underworld", "冥界"]),
    # a word no text holds: the best partial match, naming the dropped word
    ("グレイズ 宇宙人", "vision/term/グレイズ", "dropped", ["宇宙人", "グレイズ"]),
    # an entry whose older revision matches too: one result, the old one folded into it
    ("制限を無視", "vision/qa/QA-337", "old", ["改訂1"]),
])
def test_the_offline_results_page_is_the_servers(page: Page, live_url, offline_files, q,
                                                 entry, notice, words):
    server = json.loads(_get(live_url + "/api/search?" + urllib.parse.urlencode({"q": q})))
    assert server["results"] and server["results"][0]["id"] == entry
    page.goto(live_url + "/search?" + urllib.parse.urlencode({"q": q}))
    online = _results_page(page)
    _search_page(page, live_url)
    page.goto(live_url + "/offline/search?" + urllib.parse.urlencode({"q": q}))
    page.wait_for_function("() => window.JudgeOfflineIndex !== undefined")
    offline = _results_page(page)
    assert offline["results"][0]["title"] == server["results"][0]["title"].replace(" ", "")
    shown = offline[notice] if notice in offline else offline["results"][0][notice]
    for word in words:
        assert word in shown, (notice, shown)
    assert offline == online
    if notice == "old":
        # older revisions listed too, on both pages
        page.locator(".old-folded a", has_text="旧版も並べて表示").first.click()
        expect(page).to_have_url(re.compile(r"[?&]old=1"))
        listed = _results_page(page)
        page.goto(live_url + "/search?" + urllib.parse.urlencode({"q": q, "old": 1, "stay": 1}))
        assert listed == _results_page(page)
        # the older revision is now listed under its entry, no longer folded
        assert any("旧版" in p for r in listed["results"] for p in r["passages"])
        assert not any(r["old"] for r in listed["results"])


def test_offline_search_p95_on_a_4x_throttled_cpu(page: Page, live_url, offline_files):
    _search_page(page, live_url)
    cdp = page.context.new_cdp_session(page)
    cdp.send("Emulation.setCPUThrottlingRate", {"rate": 4})
    queries = [item["q"] for item in relevance_queries()] + \
        _extended_queries(offline_files["bundle"])[:100]
    try:
        # the index opened as the search page opens it (prepare() runs when the page is
        # idle), then every query searched for the first time (no cache of its terms or
        # sets yet).  Three rounds, each on a freshly opened index: a query's latency is
        # its best round (other processes share this machine's two cores; the best of
        # three is its cost, the rest is waiting for a core), and the raw figures are
        # kept beside it.
        rounds = page.evaluate("""(qs) => {
            const out = [];
            for (let r = 0; r < 3; r++) {
              const t0 = performance.now();
              const ix = window.JudgeOfflineSearch.open(self.JUDGE_OFFLINE).prepare();
              const open = performance.now() - t0, times = [];
              for (const q of qs) {
                const t = performance.now(); ix.shaped(q, {limit: 10});
                times.push(performance.now() - t); }
              out.push({open: open, times: times}); }
            return out; }""", queries)
    finally:
        cdp.send("Emulation.setCPUThrottlingRate", {"rate": 1})
    best = sorted(min(r["times"][i] for r in rounds) for i in range(len(queries)))
    raw = sorted(t for r in rounds for t in r["times"])

    def p(xs, q):
        return round(xs[min(len(xs) - 1, int(q * len(xs)))], 2)
    _record(speed_4x_throttled={"queries": len(queries), "p50_ms": p(best, .5),
                                "p95_ms": p(best, .95), "max_ms": round(best[-1], 1),
                                "raw_p50_ms": p(raw, .5), "raw_p95_ms": p(raw, .95),
                                "first_open_and_prepare_ms": round(rounds[0]["open"], 1),
                                "open_and_prepare_ms": round(min(r["open"] for r in rounds), 1)})
    assert p(best, .95) <= 50


def _device_ready(page: Page) -> dict:
    """Wait until the service worker holds the bundle and every page."""
    deadline = time.time() + READY_SECONDS
    while time.time() < deadline:
        info = page.evaluate("""async () => {
            const r = await (await caches.open('judge-meta')).match('/offline/current');
            return r ? r.json() : null; }""")
        if info and info.get("complete"):
            return info
        page.wait_for_timeout(500)
    raise AssertionError("the service worker did not finish keeping the offline files")


def test_a_phone_goes_offline_after_one_visit(page: Page, live_url, offline_files, artifacts):
    page.set_viewport_size({"width": 375, "height": 812})
    page.goto(live_url + "/")
    page.wait_for_function("() => navigator.serviceWorker && navigator.serviceWorker.controller"
                           " || navigator.serviceWorker.ready.then(() => true)")
    page.reload()              # the page is now controlled by the worker
    info = _device_ready(page)
    assert info["corpus"] == offline_files["version"]["corpus"]
    assert info["pages"] == FIGURES.get("pages", info["pages"])

    # a board, run online and saved on the device
    page.goto(live_url + "/board?from=yugioh/scenarios/damage-attack-higher.yaml")
    # the page says the copy is complete, and of which corpus (issue 28)
    expect(page.locator("#offline-state")).to_contain_text("準備完了")
    expect(page.locator("#offline-state")).to_contain_text(info["corpus_date"])
    page.get_by_role("button", name="実行", exact=True).click()
    expect(page.locator("#result ol.steps")).to_be_visible()
    page.locator("#save-board").click()
    expect(page.locator(".save-status")).to_contain_text("保存しました")

    page.context.set_offline(True)
    try:
        # a search never made before, typed in the header box
        page.goto(live_url + "/")
        expect(page.locator(".offline-banner")).to_contain_text(info["corpus_date"])
        page.locator("#q").fill("制限を無視")
        page.locator("#q").press("Enter")
        expect(page).to_have_url(re.compile(r"[?&]q="))
        first = page.locator("#offline-results .result-title a").first
        expect(first).to_contain_text("QA-337")
        expect(page.locator("#offline-status")).to_contain_text(info["corpus_date"])
        page.screenshot(path=str(artifacts / "offline-search-phone.png"), full_page=True)
        first.click()
        expect(page.locator("section.text")).to_contain_text("いいえ、出来ません。")
        expect(page.locator(".offline-banner")).to_contain_text("オフライン")
        expect(page.locator(".offline-banner")).to_contain_text(info["corpus"])
        expect(page.locator("aside.replay .verdict").first).to_be_visible()
        # the older revision and its replay, as recorded
        page.locator("aside.replay .rev-select a", has_text="改訂1").click()
        expect(page.locator("section.text")).to_contain_text("はい、できます。")
        page.screenshot(path=str(artifacts / "offline-entry-phone.png"), full_page=True)
        # an id typed any way goes to its entry, offline too
        page.goto(live_url + "/search?q=" + urllib.parse.quote("ｎｏ．７５"))
        expect(page).to_have_url(re.compile(r"/entry/vision/card/N75$"))
        expect(page.locator("h1#entry-title")).to_contain_text("マナの生成")
        # an entry link in another spelling resolves through the offline search
        page.goto(live_url + "/entry/qa337")
        expect(page).to_have_url(re.compile(r"/entry/vision/qa/QA-337$"))
        expect(page.locator(".offline-banner")).to_be_visible()
        # the saved board
        page.goto(live_url + "/board")
        expect(page.locator(".offline-banner")).to_be_visible()
        page.locator(".saved-board-link").first.click()
        expect(page.locator("#saved-yaml")).to_contain_text("game: yugioh")
        expect(page.locator("#saved-result ol.steps")).to_be_visible()
        # the page's words come from the catalogue (data-msg-*), the saved time filled in
        expect(page.locator("#saved-meta")).to_have_text(re.compile(r"· 保存 \d{4}-\d\d-\d\d \d\d:\d\d$"))
        expect(page.locator(".board-list button").first).to_have_text("この盤面を削除")
        page.screenshot(path=str(artifacts / "offline-board-phone.png"), full_page=True)
    finally:
        page.context.set_offline(False)


def test_offline_after_switching_language(page: Page, live_url, offline_files):
    """The language switch sets a cookie, and the server's pages vary on it: what the
    device kept must still be found offline (the worker matches by address alone)."""
    page.goto(live_url + "/?lang=en")
    page.wait_for_function("() => navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    _device_ready(page)
    page.context.set_offline(True)
    try:
        page.goto(live_url + "/entry/vision/qa/QA-337")
        expect(page.locator(".offline-banner")).to_be_visible()
        expect(page.locator("section.text")).to_contain_text("いいえ、出来ません。")
        page.goto(live_url + "/search?q=" + urllib.parse.quote("ぐれいず"))
        expect(page.locator("#offline-results .result-title a").first).to_contain_text("グレイズ")
    finally:
        page.context.set_offline(False)


@pytest.fixture(scope="module")
def exported(tmp_path_factory, offline_files):
    """The real corpus exported twice (relative links; under /judge/), served by
    python's http.server on a loopback port."""
    from judge.offline.export import export_site
    from judge.web import create_app
    app = create_app({"OFFLINE_WARM": False, "TESTING": True})
    root = tmp_path_factory.mktemp("export")
    stats = export_site(app, root / "site")
    export_site(app, root / "judge", base="/judge/")
    class Quiet(SimpleHTTPRequestHandler):
        def log_message(self, *args):
            pass
    handler = functools.partial(Quiet, directory=str(root))
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    _record(export={"files": stats.files, "bytes": stats.bytes, "gzip_bytes": stats.gzip_bytes})
    yield f"http://127.0.0.1:{server.server_port}"
    server.shutdown()
    thread.join(5)


@pytest.mark.parametrize("folder", ["site", "judge"])
def test_the_static_export_works_from_a_plain_web_server(page: Page, exported, folder):
    failed = []
    page.on("response", lambda r: failed.append(r.url) if r.status >= 400 else None)
    page.goto(f"{exported}/{folder}/index.html?q=" + urllib.parse.quote("ぐれいず"))
    expect(page.locator(".offline-banner")).to_contain_text("静的コピー")
    first = page.locator("#offline-results .result-title a").first
    expect(first).to_contain_text("グレイズ")
    first.click()
    expect(page).to_have_url(re.compile(f"/{folder}/entry/vision/term/[^/]+\\.html$"))
    expect(page.locator("section.text")).not_to_be_empty()
    # the header box searches in the export too
    page.locator("#q").fill("QA-337")
    page.locator("#q").press("Enter")
    expect(page).to_have_url(re.compile(r"/entry/vision/qa/QA-337\.html$"))
    expect(page.locator("section.text")).to_contain_text("いいえ、出来ません。")
    page.locator("aside.replay .rev-select a", has_text="改訂1").click()
    expect(page.locator("section.text")).to_contain_text("はい、できます。")
    assert not failed, failed
