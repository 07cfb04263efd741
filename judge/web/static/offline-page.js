// The offline search page and the saved boards page (templates/offline_*.html).
// Search runs in the browser over the bundle the server publishes (self.JUDGE_OFFLINE,
// loaded as a script): offline-search.js, the server's ranking, with its analysis in
// offline-analysis.js.
(function () {
  "use strict";

  function el(tag, attrs, text) {
    var e = document.createElement(tag);
    for (var k in attrs || {}) e.setAttribute(k, attrs[k]);
    if (text !== undefined) e.textContent = text;
    return e;
  }

  function searchPage(root) {
    var base = root.getAttribute("data-root") || "/";
    var suffix = root.getAttribute("data-entry-suffix") || "";
    var labels = JSON.parse(document.getElementById("offline-labels").textContent);
    var box = document.getElementById("q");
    var header = document.querySelector("header.site form.searchbox");
    var filters = document.getElementById("offline-filters");
    if (header && suffix) header.setAttribute("action", base + "index.html");
    var status = document.getElementById("offline-status");
    var bundle = self.JUDGE_OFFLINE;
    if (!bundle || !self.JudgeOfflineSearch) {
      status.textContent = "オフライン検索の索引を読み込めませんでした。一度オンラインで開いてください。";
      return;
    }
    var index = self.JudgeOfflineSearch.open(bundle);
    window.JudgeOfflineIndex = index;
    status.textContent = (navigator.onLine === false || suffix ? "オフライン検索" : "端末内の検索") +
      " — コーパス " + bundle.corpus_date + " 時点（版 " + bundle.version + "、" +
      bundle.entries_count + " 項目）。";
    function href(url) {
      // result urls are "entry/<id>[?rev=N][#clause]"
      var m = /^entry\/([^?#]*)(?:\?rev=(\d+))?(#.*)?$/.exec(url);
      if (!m || !suffix) return base + url;
      return base + "entry/" + m[1] + (m[2] ? ".rev" + m[2] : "") + suffix + (m[3] || "");
    }
    function render() {
      var params = new URLSearchParams(location.search);
      var q = params.get("q") || "", game = params.get("game") || "", kind = params.get("kind") || "";
      var page = Math.max(1, parseInt(params.get("page") || "1", 10) || 1);
      if (box) box.value = q;
      filters.elements.q.value = q;
      filters.elements.game.value = game;
      filters.elements.kind.value = kind;
      var list = document.getElementById("offline-results");
      var pager = document.getElementById("offline-pager");
      var notice = document.getElementById("offline-notice");
      list.replaceChildren();
      pager.replaceChildren();
      notice.hidden = true;
      document.getElementById("offline-total").textContent = "";
      if (!q.trim()) return;
      document.title = q + " の検索結果（オフライン） · judge";
      var t0 = performance.now();
      var result = index.search(q, {game: game || null, kind: kind || null, limit: 10, offset: (page - 1) * 10});
      root.setAttribute("data-ms", (performance.now() - t0).toFixed(2));
      if (result.redirect_url && page === 1 && !params.get("stay")) {
        location.replace(href(result.redirect_url));
        return;
      }
      document.getElementById("offline-total").textContent = result.total + " 件";
      var note = result.notice || "";
      if (result.did_you_mean.length) note += (note ? " / " : "") + "もしかして: " + result.did_you_mean.join("、");
      if (note) { notice.textContent = note; notice.hidden = false; }
      list.setAttribute("start", String((page - 1) * 10 + 1));
      result.results.forEach(function (r) {
        var li = el("li", {"class": "result" + (r.withdrawn ? " withdrawn" : "")});
        var h = el("h2", {"class": "result-title"});
        h.appendChild(el("a", {href: href(r.url)}, r.title));
        li.appendChild(h);
        var meta = el("p", {"class": "result-meta"});
        meta.appendChild(el("code", {"class": "entry-id"}, r.id + (r.clause ? "#" + r.clause : "")));
        meta.appendChild(el("span", {"class": "badge game-" + r.game}, labels.games[r.game] || r.game));
        meta.appendChild(el("span", {"class": "badge kind"}, labels.kinds[r.kind] || r.kind));
        if (!r.current) meta.appendChild(el("span", {"class": "badge old"}, "旧版 (改訂 " + r.revision + ")"));
        if (r.withdrawn) meta.appendChild(el("span", {"class": "badge withdrawn"}, "撤回"));
        if (r.date) meta.appendChild(el("span", {"class": "date"}, r.date));
        li.appendChild(meta);
        var snip = el("p", {"class": "snippet"});
        snip.innerHTML = r.snippet;           // escaped by offline-search.js, <mark> only
        li.appendChild(snip);
        list.appendChild(li);
      });
      var pages = Math.ceil(result.total / 10);
      function pageLink(n, text, rel) {
        var p = new URLSearchParams(location.search);
        p.set("page", String(n));
        p.set("stay", "1");
        var a = el("a", {href: "?" + p.toString(), rel: rel}, text);
        a.addEventListener("click", function (ev) { ev.preventDefault(); go(p); });
        pager.appendChild(a);
      }
      if (page > 1) pageLink(page - 1, "← 前へ", "prev");
      if (page < pages) pageLink(page + 1, "次へ →", "next");
    }
    // a new search stays on this page: the index is open already (no reload)
    function go(params) {
      history.pushState(null, "", location.pathname + "?" + params.toString());
      render();
      window.scrollTo(0, 0);
    }
    function submit(form, ev) {
      ev.preventDefault();
      var p = new URLSearchParams();
      var q = form === header ? box.value : filters.elements.q.value;
      p.set("q", q);
      if (filters.elements.game.value) p.set("game", filters.elements.game.value);
      if (filters.elements.kind.value) p.set("kind", filters.elements.kind.value);
      go(p);
    }
    if (header) header.addEventListener("submit", function (ev) { submit(header, ev); });
    filters.addEventListener("submit", function (ev) { submit(filters, ev); });
    window.addEventListener("popstate", render);
    render();
    (window.requestIdleCallback || function (f) { setTimeout(f, 50); })(function () { index.prepare(); });
  }

  function boardsPage(root) {
    var boards = window.JudgeBoards ? window.JudgeBoards.load() : [];
    var list = document.getElementById("board-list");
    var exported = root.getAttribute("data-export");
    if (!boards.length) { document.getElementById("boards-empty").hidden = false; return; }
    function show(b) {
      document.getElementById("saved-board").hidden = false;
      document.getElementById("saved-title").textContent = b.title;
      document.getElementById("saved-meta").textContent = (b.game || "") + " · 保存 " + b.saved.slice(0, 16).replace("T", " ") + " UTC";
      document.getElementById("saved-yaml").textContent = b.yaml;
      var open = document.getElementById("saved-open");
      if (b.permalink && !exported) open.href = b.permalink; else open.parentNode.hidden = true;
      var result = document.getElementById("saved-result");
      if (b.result_html) {
        // the board page's own markup, saved from this origin; parsed inertly and any
        // script or handler dropped before it is shown
        var doc = new DOMParser().parseFromString(b.result_html, "text/html");
        doc.querySelectorAll("script, iframe, object, embed").forEach(function (n) { n.remove(); });
        doc.querySelectorAll("*").forEach(function (n) {
          Array.from(n.attributes).forEach(function (a) { if (/^on/i.test(a.name)) n.removeAttribute(a.name); });
        });
        result.replaceChildren.apply(result, Array.from(doc.body.childNodes));
      } else result.textContent = "実行結果は保存されていません（保存時に盤面が実行されていなかったか、編集後に保存されました）。";
      location.hash = "b-" + b.id;
    }
    boards.forEach(function (b) {
      var li = el("li", {id: "b-" + b.id});
      var a = el("a", {href: "#b-" + b.id, "class": "saved-board-link"}, b.title);
      a.addEventListener("click", function (ev) { ev.preventDefault(); show(b); });
      li.appendChild(a);
      li.appendChild(el("small", {}, " " + (b.game || "") + " · " + b.saved.slice(0, 10)));
      var del = el("button", {type: "button", "class": "small"}, "削除");
      del.addEventListener("click", function () {
        window.JudgeBoards.store(window.JudgeBoards.load().filter(function (x) { return x.id !== b.id; }));
        li.remove();
      });
      li.appendChild(del);
      list.appendChild(li);
    });
    var wanted = /^#b-(.+)$/.exec(location.hash);
    var first = wanted && boards.filter(function (b) { return b.id === wanted[1]; })[0];
    if (first) show(first);
  }

  function start() {
    var s = document.getElementById("offline-search");
    if (s) searchPage(s);
    var b = document.getElementById("saved-boards");
    if (b) boardsPage(b);
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
