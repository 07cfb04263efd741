"""The installable app and the static export, without a browser (small tmp corpus)."""
from __future__ import annotations

import gzip
import json
import struct
import zlib

import pytest

from judge.i18n import use_locale


def test_manifest_names_the_app_in_japanese_with_png_icons(client):
    r = client.get("/manifest.webmanifest")
    assert r.status_code == 200 and r.mimetype == "application/manifest+json"
    m = r.get_json()
    assert m["lang"] == "ja" and "ジャッジ" in m["name"]
    # the home screen's description names every game of the corpus, from its manifest
    for game in client.application.extensions["judge"].corpus.games:
        assert game.title in m["description"]
    assert m["start_url"] == "/" and m["scope"] == "/" and m["display"] == "standalone"
    sizes = {i["sizes"] for i in m["icons"]}
    assert {"192x192", "512x512"} <= sizes
    assert any(i["purpose"] == "maskable" for i in m["icons"])
    for icon in m["icons"]:
        png = client.get(icon["src"])
        assert png.status_code == 200 and png.mimetype == "image/png"
        data = png.data
        assert data[:8] == b"\x89PNG\r\n\x1a\n"
        width, height = struct.unpack(">II", data[16:24])
        assert f"{width}x{height}" == icon["sizes"]
        # a real image: the chunks' checksums hold and it has both colours
        idat = data[data.index(b"IDAT") + 4:data.index(b"IEND") - 8]
        assert zlib.crc32(b"IDAT" + idat) & 0xFFFFFFFF == struct.unpack(
            ">I", data[data.index(b"IEND") - 8:data.index(b"IEND") - 4])[0]
        pixels = zlib.decompress(idat)
        assert len(pixels) == height * (1 + 3 * width)
        assert b"\xff\xff\xff" in pixels and bytes((29, 78, 137)) in pixels


def test_every_page_links_the_manifest_and_registers_the_worker(client):
    html = client.get("/").get_data(as_text=True)
    assert 'rel="manifest" href="/manifest.webmanifest"' in html
    assert 'data-sw="/sw.js"' in html


def test_service_worker_is_served_from_the_root_scope(client):
    r = client.get("/sw.js")
    assert r.status_code == 200 and "javascript" in r.mimetype
    assert r.headers["Service-Worker-Allowed"] == "/"
    assert "no-cache" in r.headers["Cache-Control"]
    body = r.get_data(as_text=True)
    config = json.loads(body.split("self.JUDGE_SW = ", 1)[1].split(";\n", 1)[0])
    for asset in config["assets"]:
        assert client.get(asset).status_code == 200, asset


def test_version_names_the_bundle_and_pages_of_this_corpus(client, app):
    v = client.get("/offline/version.json").get_json()
    from judge.search import fingerprint
    assert v["corpus"] == fingerprint(app.extensions["judge"].corpus)[:16]
    assert v["bundle"] == f"/offline/search-{v['bundle_version']}.js"
    assert v["entries"] == len(app.extensions["judge"].corpus.entries)
    r = client.get(v["bundle"], headers={"Accept-Encoding": "gzip"})
    assert r.status_code == 200 and r.headers["Content-Encoding"] == "gzip"
    assert "immutable" in r.headers["Cache-Control"]
    script = gzip.decompress(r.data).decode()
    bundle = json.loads(script[len("self.JUDGE_OFFLINE="):].rstrip().rstrip(";"))
    assert bundle["version"] == v["corpus"] and bundle["n"] == len(bundle["plain"])
    plain = client.get(v["bundle"])               # no gzip asked: plain text
    assert plain.get_data(as_text=True) == script
    pages = client.get(v["pages"]).get_json()["pages"]
    corpus = app.extensions["judge"].corpus
    assert set(e.id for e in corpus) <= set(pages)
    older = [f"{e.id}?rev={r.number}" for e in corpus for r in e.revisions[1:]]
    assert set(older) <= set(pages)
    assert client.get("/offline/search-0000000000000000.js").status_code == 404
    assert client.get("/offline/pages-0000000000000000.json").status_code == 404


def test_offline_pages_render(client):
    r = client.get("/offline/search")
    assert r.status_code == 200
    html = r.get_data(as_text=True)
    assert "offline-search.js" in html and "offline-analysis.js" in html
    # the shaping comes after the search it extends, before the page that uses it
    assert html.index("offline-search.js") < html.index("offline-plan.js") < \
        html.index("offline-question.js") < \
        html.index("offline-shaping.js") < html.index("offline-page.js")
    labels = json.loads(html.split('id="offline-labels">', 1)[1].split("</script>", 1)[0])
    # the kinds and the page's words in the reader's language (Japanese first)
    assert labels["kinds"]["term"] == "用語" and labels["kinds"]["qa"] == "Q&A"
    assert "{word}" in labels["text"]["corrected"] and "一字違い" in labels["text"]["corrected"]
    english = client.get("/offline/search", headers={"Accept-Language": "en"}).get_data(as_text=True)
    labels_en = json.loads(english.split('id="offline-labels">', 1)[1].split("</script>", 1)[0])
    assert labels_en["kinds"]["term"] == "term" and "did you mean" in labels_en["text"]["corrected"]
    assert client.get("/offline/boards").status_code == 200


def test_the_bundle_carries_what_the_results_page_shaping_reads(client, app):
    """The tables come from judge.search.shaping itself, passage for passage."""
    from judge.search import shaping
    v = client.get("/offline/version.json").get_json()
    script = client.get(v["bundle"]).get_data(as_text=True)
    bundle = json.loads(script[len("self.JUDGE_OFFLINE="):].rstrip().rstrip(";"))
    corpus = app.extensions["judge"].corpus
    tables = bundle["shaping"]
    assert tables["fetch"] == shaping.FETCH and tables["passages"] == shaping.PASSAGES
    assert tables["glossary"] == [list(g) for g in shaping.glossary(corpus)]
    forms, titles = tables["vocabulary"]["forms"], tables["vocabulary"]["titles"]
    assert len(forms) == len(titles) > 0
    docs, ents = bundle["docs"], bundle["entries"]
    assert len(docs["held"]) == bundle["n"]
    for d in range(bundle["n"]):
        entry = corpus.entries[ents["id"][docs["entry"][d]]]
        assert docs["held"][d] == shaping.held_text(entry, docs["rev"][d], docs["clause"][d])
        assert ents["exact"][docs["entry"][d]] == shaping.exact_names(entry)


def test_export_writes_every_page_with_relative_links(app, tmp_path):
    from judge.offline.export import export_site
    out = tmp_path / "site"
    stats = export_site(app, out)
    corpus = app.extensions["judge"].corpus
    for e in corpus:
        page = out / "entry" / f"{e.id}.html"
        assert page.exists(), e.id
        text = page.read_text(encoding="utf-8")
        assert "静的コピー" in text and stats.corpus_date in text
        # no link leaves the folder: nothing starts at the server's root
        assert ' href="/' not in text and ' src="/' not in text and ' action="/' not in text
        for r in e.revisions[1:]:
            assert (out / "entry" / f"{e.id}.rev{r.number}.html").exists()
    assert (out / "index.html").exists() and (out / "boards.html").exists()
    assert len(list((out / "offline").glob("search-*.js"))) == 1
    assert (out / "static" / "offline-search.js").exists()
    assert not (out / "static" / "sw.js").exists()
    # again into the same folder: replaced, not refused
    export_site(app, out)
    # a folder with other things in it is refused, and left as it was
    other = tmp_path / "other"
    other.mkdir()
    (other / "keep.txt").write_text("mine")
    from judge.offline.export import ExportError
    with use_locale("en"), pytest.raises(ExportError, match="not empty"):
        export_site(app, other)
    assert (other / "keep.txt").read_text() == "mine"


def test_export_with_a_base_path(app, tmp_path):
    from judge.offline.export import ExportError, export_site
    with use_locale("en"), pytest.raises(ExportError, match="base path"):
        export_site(app, tmp_path / "x", base="judge")
    out = tmp_path / "based"
    export_site(app, out, base="/judge/")
    text = (out / "index.html").read_text(encoding="utf-8")
    assert 'src="/judge/static/offline-search.js"' in text
    assert 'data-root="/judge/"' in text


def test_export_site_command_reports_a_bad_folder(tmp_path, corpus_dir, monkeypatch):
    from click.testing import CliRunner
    monkeypatch.setenv("JUDGE_INDEX_DIR", str(tmp_path / "index"))

    from judge.cli import main
    blocker = tmp_path / "file"
    blocker.write_text("x")
    r = CliRunner().invoke(main, ["--lang", "en", "--corpus", str(corpus_dir), "export-site",
                                  str(blocker)])
    assert r.exit_code == 2
    assert "exists and is not a folder" in r.output


def test_a_changed_ruling_changes_the_versions_the_phone_compares(app, corpus_dir, tmp_path):
    """The service worker fetches new files when version.json names other versions."""
    import shutil

    from judge.web import create_app
    copy = tmp_path / "corpus"
    shutil.copytree(corpus_dir, copy)
    page = next(p for p in sorted(copy.rglob("*.md")) if "/qa/" in p.as_posix() or
                "/rule/" in p.as_posix())
    page.write_text(page.read_text(encoding="utf-8") + "\n追記。\n", encoding="utf-8")
    other = create_app({"CORPUS_DIR": str(copy), "TESTING": True,
                        "INDEX_DIR": str(tmp_path / "index")})
    before = app.test_client().get("/offline/version.json").get_json()
    after = other.test_client().get("/offline/version.json").get_json()
    for key in ("corpus", "bundle_version", "pages_version", "site"):
        assert before[key] != after[key], key
    assert before["bundle"] != after["bundle"] and before["pages"] != after["pages"]


def test_a_changed_static_file_changes_the_pages_version(monkeypatch, tmp_path):
    """A kept entry page links its styles as /static/<file>?v=<hash> (judge/web/assets.py):
    a changed stylesheet must make the phones fetch the pages again, or they would keep
    linking an address the server no longer answers as immutable."""
    import shutil

    from judge.offline import store
    static = tmp_path / "static"
    shutil.copytree(store.STATIC, static)
    monkeypatch.setattr(store, "STATIC", static)
    before = store.pages_version("corpus")
    (static / "app.css").write_text((static / "app.css").read_text(encoding="utf-8")
                                    + "\n/* changed */\n", encoding="utf-8")
    assert store.pages_version("corpus") != before
    assert store.site_version("corpus") != store.site_version("other corpus")


def _bundle(client) -> dict:
    v = client.get("/offline/version.json").get_json()
    script = client.get(v["bundle"]).get_data(as_text=True)
    return json.loads(script[len("self.JUDGE_OFFLINE="):].rstrip().rstrip(";"))


def test_the_bundle_carries_every_table_of_the_search(client):
    """One search, not two (issue 28): the constants the offline search reads are
    judge/search/tables.py's, and the server's modules read the same."""
    from judge.search import matching, query, question, run, tables
    got = _bundle(client)["tables"]
    assert got == json.loads(json.dumps(tables.as_json(), ensure_ascii=False))
    assert got["K1"] == matching.K1 and got["STRICT"] == run.STRICT
    assert got["MAX_TERMS"] == query.MAX_TERMS
    assert set(got["STOP_EN"]) == question.STOP_EN and "question" not in _bundle(client)


def test_a_changed_constant_changes_the_bundles_tables_and_version(app, monkeypatch, tmp_path):
    """A constant changed in tables.py reaches the phones: the bundle's tables carry the
    new value and the bundle's version (a hash of judge/search's source) changes, so
    every service worker fetches the new bundle."""
    import shutil

    from judge.offline import store
    from judge.offline.bundle import build
    from judge.search import tables
    svc = app.extensions["judge"]
    before = build(svc.corpus, svc.searcher())["tables"]
    monkeypatch.setattr(tables, "STRICT", tables.STRICT * 2)
    after = build(svc.corpus, svc.searcher())["tables"]
    assert after["STRICT"] == before["STRICT"] * 2
    assert {k for k in before if before[k] != after[k]} == {"STRICT"}

    version = store.bundle_version("c0ffee")
    copy = tmp_path / "search"
    shutil.copytree(store.SEARCH, copy)
    source = (copy / "tables.py").read_text(encoding="utf-8")
    assert "\nSTRICT = 1000.0\n" in source
    (copy / "tables.py").write_text(source.replace("\nSTRICT = 1000.0\n", "\nSTRICT = 999.0\n"),
                                    encoding="utf-8")
    monkeypatch.setattr(store, "SEARCH", copy)
    assert store.bundle_version("c0ffee") != version


def test_a_bundle_over_its_size_budget_is_refused_with_what_to_do(client, monkeypatch):
    """A phone on a weak signal must get the bundle: 4 MB (gzip) by default, or
    JUDGE_OFFLINE_SEARCH_MB; over it, building fails saying the size and the setting."""
    from judge.offline.bundle import BUDGET_ENV, BundleTooLarge, budget_bytes, check_size
    monkeypatch.delenv(BUDGET_ENV, raising=False)
    assert budget_bytes() == 4_000_000
    check_size(4_000_000)
    with pytest.raises(BundleTooLarge, match=r"4\.00 MB.*JUDGE_OFFLINE_SEARCH_MB"):
        check_size(4_000_001)
    monkeypatch.setenv(BUDGET_ENV, "0.001")
    with pytest.raises(BundleTooLarge, match=r"over its budget of 0\.00 MB"):
        client.application.extensions["judge-offline"].bundle_gz()
    monkeypatch.setenv(BUDGET_ENV, "lots")
    with pytest.raises(BundleTooLarge, match="not a number"):
        budget_bytes()


# --- over plain http (judge serve --lan): the tab keeps the pages, no service worker ---

def test_static_files_are_linked_by_their_hash_and_kept_immutable_for_everyone(client):
    """A phone on the venue's http address shows a kept page again with no server: its
    styles and scripts must come from the browser's cache without asking (immutable),
    whatever cookie the phone sends later (no Vary: Cookie)."""
    import re
    page = client.get("/").get_data(as_text=True)
    links = re.findall(r'(?:src|href)="(/static/[^"]+)"', page)
    assert links and all(re.search(r"\?v=[0-9a-f]{12}$", u) for u in links), links
    for url in links:
        r = client.get(url, headers={"Cookie": "session=x; judge_lang=en"})
        assert r.status_code == 200
        assert r.headers["Cache-Control"] == "public, max-age=31536000, immutable"
        assert "Cookie" not in (r.headers.get("Vary") or "")
        assert "Set-Cookie" not in r.headers
    # another hash or none: revalidated as before, never kept for ever
    name = links[0].split("?")[0]
    assert client.get(name).headers["Cache-Control"] == "no-cache"
    assert client.get(name + "?v=000000000000").headers["Cache-Control"] == "no-cache"
    # the offline search page's scripts too (it is kept and shown with no server)
    search = client.get("/offline/search").get_data(as_text=True)
    scripts = re.findall(r'<script src="(/static/[^"]+)"', search)
    assert scripts and all("?v=" in u for u in scripts)
    # pages still vary by language and cookie
    assert "Cookie" in client.get("/").headers["Vary"]


def test_every_page_carries_the_tabs_words_in_its_language(client):
    """static/offline-tab.js writes no prose: the banner and the notice are the
    catalogue's, on its tag, in the page's language."""
    import re
    for lang, words in (("ja", ["この端末に保存した写し", "再読み込みできません",
                                "このページはこの端末に保存されていません"]),
                        ("en", ["a copy kept on this device", "Reloading this tab needs the server",
                                "This page is not kept on this device."])):
        page = client.get(f"/?lang={lang}").get_data(as_text=True)
        tag = re.search(r'<script src="/static/offline-tab\.js[^>]*>', page).group(0)
        for word in words:
            assert word in tag, (lang, word)
    # the static export has no app behind it: the tab's script finds no data-sw there
    script = (client.application.root_path + "/static/offline-tab.js")
    assert 'querySelector("script[data-sw]")' in open(script, encoding="utf-8").read()
