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

  /* A catalogue text with {name} where a value goes: the values as text, or as nodes
   * (a link, a <strong>) where the server's page has markup. */
  function fill(template, values) {
    var out = document.createDocumentFragment();
    template.split(/\{(\w+)\}/).forEach(function (part, i) {
      if (!(i % 2)) { if (part) out.appendChild(document.createTextNode(part)); return; }
      var v = values[part];
      out.appendChild(v instanceof Node ? v : document.createTextNode(v === undefined ? "" : String(v)));
    });
    return out;
  }
  function joined(nodes, sep) {
    var out = document.createDocumentFragment();
    nodes.forEach(function (n, i) {
      if (i) out.appendChild(document.createTextNode(sep));
      out.appendChild(n);
    });
    return out;
  }

  function searchPage(root) {
    var base = root.getAttribute("data-root") || "/";
    var suffix = root.getAttribute("data-entry-suffix") || "";
    var labels = JSON.parse(document.getElementById("offline-labels").textContent);
    var text = labels.text;
    // the search's notices in the page's language (judge/offline/notices.py)
    if (window.JudgeAnalysis) window.JudgeAnalysis.speak(labels.notices);
    var box = document.getElementById("q");
    var header = document.querySelector("header.site form.searchbox");
    var filters = document.getElementById("offline-filters");
    if (header && suffix) header.setAttribute("action", base + "index.html");
    var status = document.getElementById("offline-status");
    var heading = document.getElementById("offline-heading"), headingText = heading.textContent;
    var bundle = self.JUDGE_OFFLINE;
    // a bundle of an older format (judge/offline/bundle.py FORMAT: kept by the device
    // before an update) cannot be read by these scripts: as if none had arrived yet
    if (!bundle || !(bundle.format >= 8) || !bundle.tables || !self.JudgeOfflineSearch || !self.JudgeOfflineSearch.Index.prototype.shaped) {
      status.textContent = text.no_bundle;
      return;
    }
    var index = self.JudgeOfflineSearch.open(bundle);
    window.JudgeOfflineIndex = index;
    status.replaceChildren(fill(text.status, {
      mode: navigator.onLine === false || suffix ? text.mode_offline : text.mode_device,
      date: bundle.corpus_date, version: bundle.version, n: bundle.entries_count}));
    // a partial bundle (judge/offline/bundle.py, within its budget): how many entries this
    // device searches, and the kinds left to the online search
    var partial = document.getElementById("offline-partial"), held = bundle.partial;
    if (partial && held && text.partial) {
      var lang = document.documentElement.lang || "ja";
      var num = function (x) { return Number(x).toLocaleString(lang); };
      var left = [];
      for (var k in held.kinds) {
        var c = held.kinds[k];
        if (c[0] < c[1]) left.push(fill(text.partial_kind, {kind: labels.kinds[k] || k,
                                                            left: num(c[1] - c[0]), of: num(c[1])}));
      }
      var old = held.older || [0, 0];
      if (old[0] < old[1]) left.push(fill(text.partial_old, {left: num(old[1] - old[0]), of: num(old[1])}));
      // a static copy (export-site) has no online search to leave the rest to
      partial.replaceChildren(fill(suffix && text.partial_export || text.partial,
                                   {held: num(held.entries), of: num(held.of),
                                    kinds: joined(left, text.comma)}));
      partial.hidden = false;
    }
    function href(url) {
      // result urls are "entry/<id>[?rev=N][#clause]"
      var m = /^entry\/([^?#]*)(?:\?rev=(\d+))?(#.*)?$/.exec(url);
      if (!m || !suffix) return base + url;
      return base + "entry/" + m[1] + (m[2] ? ".rev" + m[2] : "") + suffix + (m[3] || "");
    }
    function link(p, label, cls) {
      // a link to this page with other parameters, followed without a reload
      var a = el("a", {href: "?" + p.toString()}, label);
      if (cls) a.setAttribute("class", cls);
      a.addEventListener("click", function (ev) { ev.preventDefault(); go(p); });
      return a;
    }
    function withParams(changes) {
      var p = new URLSearchParams(location.search);
      p.delete("page");
      for (var k in changes) { if (changes[k] === null) p.delete(k); else p.set(k, changes[k]); }
      return p;
    }
    function strong(s) { return el("strong", {}, s); }
    function notices(result, q) {
      var box = document.getElementById("offline-notices");
      box.replaceChildren();
      function add(cls, content) {
        var p = el("p", {"class": "notice " + cls, role: "status"});
        p.appendChild(content);
        box.appendChild(p);
      }
      if (result.corrected) add("corrected", fill(text.corrected, {word: strong(result.corrected), q: q}));
      if (result.dropped && result.dropped.length) {
        add("dropped", fill(text.dropped, {
          dropped: strong(result.dropped.map(function (w) { return "「" + w + "」"; }).join("")),
          searched: result.searched}));
      }
      if (result.expanded && result.expanded.length) {
        var pairs = joined(result.expanded.map(function (x) {
          var f = document.createElement("span");
          f.appendChild(fill(text.pair, {term: x.term, wording: x.wording}));
          return f;
        }), text.comma);
        var c = document.createDocumentFragment();
        c.appendChild(document.createTextNode(text.glossary + " "));
        c.appendChild(fill(text.expanded, {pairs: pairs}));
        add("expanded", c);
      }
      if (result.notice && !(result.dropped && result.dropped.length))
        add("", document.createTextNode(result.notice));
      if (result.redirect && result.redirect_url)
        add("", fill(text.redirect, {link: el("a", {href: href(result.redirect_url)}, result.redirect)}));
    }
    function oldBadge(n) { return el("span", {"class": "badge old"}, text.old.replace("{n}", n)); }
    function item(r, oldIncluded) {
      var li = el("li", {"class": "result" + (r.withdrawn ? " withdrawn" : "")});
      // the corpus's title and text are Japanese quotations on a page in any language
      var h = el("h2", {"class": "result-title"}), a = el("a", {href: href(r.url), lang: "ja"});
      // a clause's number tells apart the clauses of one rule (6.5.2.b, 6.5.3)
      if (r.clause && r.clause !== r.title.split(" ")[0]) {
        a.appendChild(el("span", {"class": "clause-no"}, r.clause));
        a.appendChild(document.createTextNode(" "));
      }
      a.appendChild(document.createTextNode(r.title));
      h.appendChild(a);
      li.appendChild(h);
      var meta = el("p", {"class": "result-meta"});
      meta.appendChild(el("span", {"class": "badge game game-" + r.game}, labels.games[r.game] || r.game));
      meta.appendChild(el("span", {"class": "badge kind"}, labels.kinds[r.kind] || r.kind));
      if (r.exact === 3) meta.appendChild(el("span", {"class": "badge exact"}, text.exact));
      if (!r.current) meta.appendChild(oldBadge(r.revision));
      if (r.withdrawn) meta.appendChild(el("span", {"class": "badge withdrawn"}, text.withdrawn));
      // the index's "before D" in the reader's words, as the server's page says it: an
      // unknown date (the source gives none) as 日付不明 with the day it was collected
      if (r.date) meta.appendChild(el("span", {"class": "date"}, r.date_known === false
        ? (text.unknown || text.before).replace("{day}", r.date.replace(/^before /, ""))
        : /^before /.test(r.date) ? text.before.replace("{day}", r.date.slice(7)) : r.date));
      meta.appendChild(el("code", {"class": "entry-id small"}, r.id));
      li.appendChild(meta);
      var snip = el("p", {"class": "snippet", lang: "ja"});
      snip.innerHTML = r.snippet;           // escaped by offline-text.js, <mark> only
      li.appendChild(snip);
      if (r.passages && r.passages.length) {
        var ul = el("ul", {"class": "passages", "aria-label": text.more.replace("{title}", r.title)});
        r.passages.forEach(function (p) {
          var pli = el("li"), pa = el("a", {href: href(p.url)});
          if (p.clause) pa.appendChild(el("span", {"class": "clause-no"}, p.clause));
          else pa.textContent = text.body;
          pli.appendChild(pa);
          if (!p.current) { pli.appendChild(document.createTextNode(" ")); pli.appendChild(oldBadge(p.revision)); }
          pli.appendChild(document.createTextNode(" "));
          var ps = el("span", {"class": "snippet", lang: "ja"});
          ps.innerHTML = p.snippet;
          pli.appendChild(ps);
          ul.appendChild(pli);
        });
        li.appendChild(ul);
      }
      if (r.old_matches) {
        var olds = joined(r.old.slice(0, 3).map(function (o) {
          return el("a", {href: href(o.url)}, text.revision + o.revision + (o.clause ? " " + o.clause : ""));
        }), text.comma);
        var folded = el("p", {"class": "small muted old-folded"});
        folded.appendChild(fill(text.old_folded, {n: r.old_matches, links: olds}));
        if (!oldIncluded) {
          folded.appendChild(document.createTextNode(" · "));
          folded.appendChild(link(withParams({old: "1", stay: "1"}), text.show_old));
        }
        li.appendChild(folded);
      }
      return li;
    }
    function render() {
      var params = new URLSearchParams(location.search);
      var q = params.get("q") || "", game = params.get("game") || "", kind = params.get("kind") || "";
      var old = params.get("old") === "1" || params.get("old") === "true";
      var page = Math.max(1, parseInt(params.get("page") || "1", 10) || 1);
      if (box) box.value = q;
      filters.elements.q.value = q;
      filters.elements.game.value = game;
      filters.elements.kind.value = kind;
      filters.elements.old.value = old ? "1" : "";
      var list = document.getElementById("offline-results");
      var pager = document.getElementById("offline-pager");
      var none = document.getElementById("offline-none");
      list.replaceChildren();
      pager.replaceChildren();
      document.getElementById("offline-notices").replaceChildren();
      none.hidden = true;
      document.getElementById("offline-total").textContent = "";
      heading.textContent = headingText;
      if (!q.trim()) return;
      document.title = text.page_title.replace("{q}", q) + " · judge";
      var t0 = performance.now();
      var result = index.shaped(q, {game: game || null, kind: kind || null, limit: 10, page: page, old: old});
      root.setAttribute("data-ms", (performance.now() - t0).toFixed(2));
      if (result.redirect_url && page === 1 && !params.get("stay")) {
        // (in a tab that keeps its pages itself, static/offline-tab.js, by script: a
        // browser navigation while the server does not answer is its error page)
        if (window.JudgeTab && window.JudgeTab.replace) window.JudgeTab.replace(href(result.redirect_url));
        else location.replace(href(result.redirect_url));
        return;
      }
      heading.replaceChildren(fill(text.heading, {q: q}));
      document.getElementById("offline-total").textContent = text.total.replace("{n}", result.total);
      notices(result, q);
      list.setAttribute("start", String((page - 1) * 10 + 1));
      result.results.forEach(function (r) { list.appendChild(item(r, result.old_included)); });
      if (!result.results.length) {
        none.hidden = false;
        document.getElementById("offline-none-text").replaceChildren(fill(text.none, {q: q}));
        var sugg = document.getElementById("offline-suggestions");
        sugg.replaceChildren(joined(result.did_you_mean.map(function (alt) {
          return link(new URLSearchParams(Object.assign({q: alt}, game ? {game: game} : {},
            kind ? {kind: kind} : {})), alt, "suggestion");
        }), "、"));
        document.getElementById("offline-suggest").hidden = !result.did_you_mean.length;
      }
      // the total counts every matched entry (878 for a long question); a search gives
      // at most tables.MAX_LIMIT hits, so no page past them has results
      var pages = Math.min(Math.ceil(result.total / 10), Math.floor(window.JudgeAnalysis.tables().MAX_LIMIT / 10));
      function pageLink(n, label, rel) {
        var a = link(withParams({page: String(n), stay: "1"}), label);
        a.setAttribute("rel", rel);
        pager.appendChild(a);
      }
      if (page > 1) pageLink(page - 1, text.prev, "prev");
      if (page < pages) pageLink(page + 1, text.next, "next");
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
      // the filters keep "older revisions listed too"; a new query starts without
      if (form === filters && filters.elements.old.value) p.set("old", "1");
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
    // the page's words in the reader's language (the template's data-msg-*)
    function say(name, when) {
      return (root.getAttribute("data-msg-" + name) || "").replace("{when}", when || "");
    }
    if (!boards.length) { document.getElementById("boards-empty").hidden = false; return; }
    function show(b) {
      document.getElementById("saved-board").hidden = false;
      document.getElementById("saved-title").textContent = b.title;
      document.getElementById("saved-meta").textContent = (b.game || "") + " · " + say("saved", window.JudgeLocalTime(b.saved));
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
      } else result.textContent = say("no-result");
      location.hash = "b-" + b.id;
    }
    boards.forEach(function (b) {
      var li = el("li", {id: "b-" + b.id});
      var a = el("a", {href: "#b-" + b.id, "class": "saved-board-link"}, b.title);
      a.addEventListener("click", function (ev) { ev.preventDefault(); show(b); });
      li.appendChild(a);
      li.appendChild(el("small", {}, " " + (b.game || "") + " · " + b.saved.slice(0, 10)));
      var del = el("button", {type: "button", "class": "small"}, say("delete"));
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
