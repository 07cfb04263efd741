// judge offline without a service worker: the venue's plain-http address.
//
// `judge serve --lan` gives phones http://192.168.x.y:5000/, which is not a secure
// context: browsers run no service worker there (static/sw.js never starts).  On such a
// page this script keeps, in the tab and on the device, what a floor judge reads:
//   - every page opened, as the server answered it, in IndexedDB ("judge-tab": the
//     newest MAX_PAGES, MAX_BYTES at most; never /api, the call record or the editors'
//     pages behind a login);
//   - the offline search page and its bundle (/offline/search-<v>.js: immutable, so the
//     browser's own cache keeps it, as it keeps the /static/…?v= files,
//     judge/web/assets.py).
// A tap on a link of the site (or the search form) is fetched by script: the server's
// answer within WAIT is shown and kept; when the laptop does not answer, the kept copy
// is shown at once with a banner (when it was opened), a search is answered by the
// offline search, and a page never opened says it is not on this device (LIMIT at most).
// The page is replaced with document.open/write, so its own scripts run as on a load;
// back and forward go through history.pushState/popstate.  What it cannot do: a reload
// of the tab, or the first page of a new tab, while the laptop is unreachable (only a
// service worker answers those).  The words are the page's own (data-msg-*, from the
// catalogues).  Not in the static export (its pages have no data-sw) or over https or
// on the laptop itself, where the service worker keeps everything.
(function () {
  "use strict";
  var me = document.currentScript;
  if (!me || "serviceWorker" in navigator || !/^https?:$/.test(location.protocol) ||
      !document.querySelector("script[data-sw]") || !window.indexedDB || !window.fetch ||
      !window.history || !history.pushState || !window.Promise) return;

  var WAIT = 3000;              // ms before the kept copy of a page is shown instead
  var LIMIT = 12000;            // ms before a page the device lacks is given up
  var MAX_PAGES = 300;          // pages kept; the oldest opened go first
  var MAX_BYTES = 25e6;         // and at most this much stored
  var SEARCH_PAGE = "/offline/search";
  // pages behind a login: opened by the browser itself, once the laptop is known to answer
  var LEAVE = /^\/(events|calls|login|account|editor|venue)(\/|$)/;
  // never kept nor fetched by script: behind a login, not pages, or the laptop's own
  var PRIVATE = /^\/(events|calls|login|logout|account|editor|api|venue|sw\.js|manifest)(\/|\.|$)|^\/offline\/(?!search$|boards$)|^\/board\/download/;

  // The tab's state lives on the window, which a rewritten document keeps.
  var T = window.JudgeTab;
  var first = !T;
  if (first) {
    T = window.JudgeTab = {seq: 0, shown: keyOf(location), db: null, warmed: false,
      handlers: {}, timings: []};
    try { history.scrollRestoration = "manual"; } catch (e) {}
    if (!history.state) history.replaceState({judgeTab: 1}, "");
  }
  T.me = me;
  T.go = go;
  T.replace = function (href) { go(href, "replace"); };

  function keyOf(u) { return u.pathname + u.search; }

  function ours(url) {
    url = new URL(url.href);
    return url.origin === location.origin && !PRIVATE.test(url.pathname) &&
      !url.searchParams.has("format") && !/\.(json|xml|atom|txt|yaml|png|svg|js|css)$/.test(url.pathname);
  }

  /* The page's words (data-msg-* on this script's tag, translated by the catalogue). */
  function words(tag) {
    return function (name, values) {
      var text = (tag && tag.getAttribute("data-msg-" + name)) || "";
      return text.replace(/\{(\w+)\}/g, function (m, k) {
        return values && k in values ? String(values[k]) : m;
      });
    };
  }
  function sentences(lang, list) { return list.filter(Boolean).join(lang === "en" ? " " : ""); }
  function escapeHtml(s) {
    return String(s).replace(/[&<>"']/g, function (c) {
      return {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c];
    });
  }

  /* ---- the device's copy: IndexedDB, pages (the html) and list (url, when, size) ---- */
  function db() {
    if (!T.db) T.db = new Promise(function (ok, ko) {
      var req = indexedDB.open("judge-tab", 1);
      req.onupgradeneeded = function () {
        req.result.createObjectStore("pages", {keyPath: "url"});
        req.result.createObjectStore("list", {keyPath: "url"});
      };
      req.onsuccess = function () { ok(req.result); };
      req.onerror = function () { ko(req.error); };
    });
    return T.db;
  }
  function done(req) {
    return new Promise(function (ok, ko) {
      req.onsuccess = function () { ok(req.result); };
      req.onerror = function () { ko(req.error); };
    });
  }
  function finished(tx) {
    return new Promise(function (ok, ko) {
      tx.oncomplete = function () { ok(); };
      tx.onerror = tx.onabort = function () { ko(tx.error); };
    });
  }
  // gzip where the browser has CompressionStream (a page is a tenth of its size)
  function pack(text) {
    if (!window.CompressionStream) return Promise.resolve({html: text, size: text.length * 2});
    var stream = new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"));
    return new Response(stream).arrayBuffer().then(function (buf) {
      return {gz: buf, size: buf.byteLength};
    });
  }
  function unpack(rec) {
    if (!rec.gz) return Promise.resolve(rec.html);
    var stream = new Blob([rec.gz]).stream().pipeThrough(new DecompressionStream("gzip"));
    return new Response(stream).text();
  }

  function store(key, text, alias) {
    var when = new Date().toISOString();
    return pack(text).then(function (packed) {
      return db().then(function (d) {
        var tx = d.transaction(["pages", "list"], "readwrite");
        var rec = {url: key, kept: when};
        for (var k in packed) rec[k] = packed[k];
        tx.objectStore("pages").put(rec);
        tx.objectStore("list").put({url: key, kept: when, size: packed.size});
        if (alias && alias !== key) {      // a redirect: the address typed leads here
          tx.objectStore("pages").put({url: alias, alias: key, kept: when});
          tx.objectStore("list").put({url: alias, kept: when, size: 0});
        }
        return finished(tx);
      });
    }).then(trim).catch(function () { /* a full or refused store: the page still shows */ });
  }

  function trim() {
    return db().then(function (d) {
      var tx = d.transaction(["pages", "list"], "readwrite");
      return done(tx.objectStore("list").getAll()).then(function (all) {
        all.sort(function (a, b) { return a.kept < b.kept ? 1 : -1; });
        var bytes = 0;
        all.forEach(function (p, i) {
          bytes += p.size;
          if ((i >= MAX_PAGES || bytes > MAX_BYTES) && p.url !== SEARCH_PAGE) {
            tx.objectStore("pages").delete(p.url);
            tx.objectStore("list").delete(p.url);
          }
        });
        return finished(tx);
      });
    });
  }

  function find(key, hops) {
    return db().then(function (d) {
      return done(d.transaction("pages").objectStore("pages").get(key));
    }).then(function (rec) {
      if (rec && rec.alias && (hops || 0) < 3) return find(rec.alias, (hops || 0) + 1);
      if (!rec) return null;
      return unpack(rec).then(function (html) { return {url: rec.url, kept: rec.kept, html: html}; });
    }).catch(function () { return null; });
  }

  /* What the tab keeps, for the footer and the tests: pages and bytes. */
  T.usage = function () {
    return db().then(function (d) {
      return done(d.transaction("list").objectStore("list").getAll());
    }).then(function (all) {
      return {pages: all.filter(function (p) { return p.size; }).length,
        bytes: all.reduce(function (n, p) { return n + p.size; }, 0)};
    });
  };

  function keepable(r, text) {
    return r.status === 200 && /^text\/html/.test(r.headers.get("Content-Type") || "") &&
      !/no-store/.test(r.headers.get("Cache-Control") || "") && text;
  }

  /* ---- a page: the server's answer in time, else the kept copy, else a notice ---- */
  function sleep(ms, value) { return new Promise(function (ok) { setTimeout(function () { ok(value); }, ms); }); }
  var LATE = {};

  function go(href, how, scroll) {
    var url = new URL(href, location.href);
    var seq = ++T.seq, t0 = Date.now();
    busy(true);
    var ctl = window.AbortController ? new AbortController() : null;
    var net = fetch(url.href, {credentials: "same-origin", headers: {Accept: "text/html"},
                               signal: ctl ? ctl.signal : undefined})
      .then(function (r) { return r.text().then(function (text) { return {r: r, text: text}; }); })
      .catch(function () { return null; });
    function current() { return seq === T.seq; }
    function timing(what) { T.timings.push({url: keyOf(url), shown: what, ms: Date.now() - t0}); }
    return Promise.race([net, sleep(WAIT, LATE)]).then(function (got) {
      if (!current()) return;
      if (got && got !== LATE) { timing("server"); return answered(got, url, how, scroll); }
      return find(keyOf(url)).then(function (kept) {
        if (!current()) return;
        if (kept) {
          // the server's late answer is still kept for next time, not shown
          net.then(function (later) { if (later) keepAnswer(later, url); });
          timing("kept");
          return show(bannered(kept.html, kept.kept), url, how, scroll);
        }
        var wait = got === LATE ? Promise.race([net, sleep(LIMIT - WAIT, LATE)]) : Promise.resolve(null);
        return wait.then(function (late) {
          if (!current()) return;
          if (late && late !== LATE) { timing("server"); return answered(late, url, how, scroll); }
          if (ctl) ctl.abort();
          timing("offline");
          return unreachable(url, how);
        });
      });
    }).catch(function () { if (current()) location.assign(url.href); });
  }

  function keepAnswer(got, url) {
    var final = new URL(got.r.url || url.href);
    if (keepable(got.r, got.text) && ours(final)) {
      var alias = got.r.redirected && ours(url) ? keyOf(url) : null;
      return store(keyOf(final), got.text, alias);
    }
    return Promise.resolve();
  }

  function answered(got, url, how, scroll) {
    var final = new URL(got.r.url || url.href);
    final.hash = url.hash;
    if (!ours(final) || !/^text\/html/.test(got.r.headers.get("Content-Type") || "")) {
      // a login, a feed, a file: the browser's own navigation (it asks the server again)
      busy(false);
      if (how === "push") location.assign(url.href);
      else location.replace(url.href);
      return;
    }
    var kept = keepAnswer(got, url);
    T.lastKept = kept;
    return show(got.text, final, how, scroll);
  }

  /* Replace the document: the page's scripts run as on a load (their listeners on the
   * old document and window are gone with it; the window and this state stay). */
  function show(html, url, how, scroll) {
    if (how === "push") history.pushState({judgeTab: 1}, "", url.href);
    else if (how === "replace") history.replaceState({judgeTab: 1}, "", url.href);
    T.shown = keyOf(url);
    T.shownPath = url.pathname;
    document.open();
    document.write(html);
    document.close();
    // where the page was left (Back), its #place, or the top: now, and again once its
    // styles have laid it out (a listener added after open() stays)
    function place() {
      if (url.hash && how !== "pop") {
        var target = document.getElementById(decodeURIComponent(url.hash.slice(1)));
        if (target) { target.scrollIntoView({block: "start"}); return; }
      }
      window.scrollTo(0, how === "pop" ? scroll || 0 : 0);
    }
    place();
    if (document.readyState !== "complete") window.addEventListener("load", place, {once: true});
  }

  function busy(on) {
    if (on) document.documentElement.setAttribute("data-tab-busy", "");
    else document.documentElement.removeAttribute("data-tab-busy");
  }

  /* The kept page with a banner in its own language: when it was opened, that the
   * server does not answer, that a reload needs the server. */
  function bannered(html, keptAt) {
    var head = html.slice(0, Math.max(0, html.indexOf("</head>")) || 6000);
    var doc = new DOMParser().parseFromString(head, "text/html");
    var tag = doc.querySelector("script[data-msg-kept]") || T.me;
    var lang = doc.documentElement.getAttribute("lang") || document.documentElement.lang;
    var say = words(tag);
    var text = sentences(lang, [say("banner"), say("kept", {when: window.JudgeLocalTime(keptAt)}),
      say("slow"), say("reload")]);
    return withBanner(html, '<div class="offline-banner offline-tab" role="status" data-kept="' +
      escapeHtml(keptAt) + '">' + escapeHtml(text) + "</div>");
  }
  function withBanner(html, banner) {
    var done = false;
    html = html.replace(/<main\b[^>]*>/, function (m) { done = true; return m + banner; });
    return done ? html : html.replace(/<body\b[^>]*>/, function (m) { return m + banner; });
  }

  /* The laptop does not answer and the page is not kept: a search is answered by the
   * offline search (its page and bundle kept), anything else says so on this page. */
  function unreachable(url, how) {
    var search = url.pathname === "/search" || url.pathname === "/";
    return (search ? find(SEARCH_PAGE) : Promise.resolve(null)).then(function (page) {
      if (page) {
        var say = words(T.me), lang = document.documentElement.lang;
        return show(withBanner(page.html, '<div class="offline-banner offline-tab" role="status">' +
          escapeHtml(sentences(lang, [say("slow"), say("reload")])) + "</div>"), url, how);
      }
      busy(false);
      missing();
    });
  }

  function missing() {
    var say = words(T.me), lang = document.documentElement.lang;
    var old = document.getElementById("offline-tab-missing");
    if (old) old.remove();
    var box = document.createElement("div");
    box.id = "offline-tab-missing";
    box.className = "offline-banner offline-missing";
    box.setAttribute("role", "alert");
    box.textContent = sentences(lang, [say("no-answer"), say("not-saved"), say("readable")]);
    var main = document.querySelector("main") || document.body;
    main.insertBefore(box, main.firstChild);
    window.scrollTo(0, 0);
  }

  /* A page the browser opens itself (the call record, a login): only once the laptop
   * answers, or the tap would end on the browser's error page. */
  function leave(href) {
    busy(true);
    var ctl = window.AbortController ? new AbortController() : null;
    Promise.race([
      fetch("/offline/version.json", {cache: "no-store", signal: ctl ? ctl.signal : undefined})
        .then(function () { return true; }, function () { return false; }),
      sleep(WAIT, false)]).then(function (up) {
      if (up) { location.assign(href); return; }
      if (ctl) ctl.abort();
      busy(false);
      missing();
    });
  }

  /* ---- taps, the search form, back and forward ---- */
  function rememberScroll() {
    try {
      var state = {};
      for (var k in history.state || {}) state[k] = history.state[k];
      state.judgeScroll = window.scrollY;
      history.replaceState(state, "");
    } catch (e) {}
  }

  // this document's handlers: those of the document before are dropped with it by
  // document.open(), and here too in case a browser keeps them
  var H = T.handlers;
  if (H.click) {
    document.removeEventListener("click", H.click);
    document.removeEventListener("submit", H.submit);
    window.removeEventListener("popstate", H.popstate);
  }
  H.click = function (ev) {
    if (ev.defaultPrevented || ev.button !== 0 || ev.metaKey || ev.ctrlKey || ev.shiftKey || ev.altKey) return;
    var a = ev.target && ev.target.closest ? ev.target.closest("a[href]") : null;
    if (!a || typeof a.href !== "string" || a.hasAttribute("download") ||
        (a.target && a.target !== "_self")) return;
    var url = new URL(a.href, location.href);
    if (url.origin === location.origin && LEAVE.test(url.pathname)) {
      ev.preventDefault();
      leave(url.href);
      return;
    }
    if (!ours(url)) return;
    if (url.hash && keyOf(url) === keyOf(location)) return;     // a place on this page
    ev.preventDefault();
    rememberScroll();
    go(url.href, "push");
  };
  H.submit = function (ev) {
    var form = ev.target;
    if (ev.defaultPrevented || !form || (form.getAttribute("method") || "get").toLowerCase() !== "get") return;
    var url = new URL(form.getAttribute("action") || location.href, location.href);
    if (!ours(url)) return;
    var params = new URLSearchParams();
    new FormData(form).forEach(function (value, name) {
      if (typeof value === "string") params.append(name, value);
    });
    if (ev.submitter && ev.submitter.name) params.append(ev.submitter.name, ev.submitter.value || "");
    url.search = params.toString();
    url.hash = "";
    ev.preventDefault();
    rememberScroll();
    go(url.href, "push");
  };
  H.popstate = function (ev) {
    var key = keyOf(location);
    if (key === T.shown) return;                        // a #place on the same page
    // the offline search's own history (static/offline-page.js renders it)
    if (document.getElementById("offline-search") && location.pathname === T.shownPath) {
      T.shown = key;
      return;
    }
    go(location.href, "pop", ev.state && ev.state.judgeScroll);
  };
  document.addEventListener("click", H.click);
  document.addEventListener("submit", H.submit);
  window.addEventListener("popstate", H.popstate);

  /* ---- keeping the first page, and the offline search ---- */
  function idle(f) { (window.requestIdleCallback || function (g) { setTimeout(g, 200); })(f); }

  if (first) {
    T.shownPath = location.pathname;
    if (ours(location)) idle(function () {
      // the page loaded by the browser itself: asked once more, kept as answered
      T.lastKept = fetch(location.href, {credentials: "same-origin", headers: {Accept: "text/html"}})
        .then(function (r) { return r.text().then(function (text) { return keepAnswer({r: r, text: text}, new URL(location.href)); }); })
        .catch(function () {});
    });
  }
  if (!T.warmed && navigator.onLine !== false) {
    T.warmed = true;
    idle(function () { T.searchKept = warm(); });
  }
  if (first) {
    // a tab left open all day notices a new corpus (a new bundle) while the laptop answers
    setInterval(function () {
      if (navigator.onLine !== false) T.searchKept = T.warm();
    }, 15 * 60 * 1000);
  }
  T.warm = warm;

  /* The offline search page and its bundle, once a tab, while the laptop answers: the
   * bundle into the browser's cache (immutable), then the page into the device's copy. */
  function warm() {
    return fetch("/offline/version.json", {cache: "no-store"}).then(function (r) {
      if (!r.ok) throw new Error("version " + r.status);
      return r.json();
    }).then(function (v) {
      return fetch(v.bundle, {credentials: "same-origin"}).then(function (r) {
        if (!r.ok) throw new Error(v.bundle + " " + r.status);
        return r.arrayBuffer();
      }).then(function () {
        return fetch(SEARCH_PAGE, {credentials: "same-origin", headers: {Accept: "text/html"}});
      }).then(function (r) {
        return r.text().then(function (text) {
          if (!keepable(r, text)) throw new Error(SEARCH_PAGE + " " + r.status);
          // its scripts and styles into the browser's cache too (immutable: ?v=)
          var doc = new DOMParser().parseFromString(text, "text/html");
          var assets = Array.prototype.map.call(
            doc.querySelectorAll("script[src], link[rel=stylesheet][href]"),
            function (n) { return n.getAttribute("src") || n.getAttribute("href"); });
          return Promise.all(assets.map(function (a) {
            return fetch(a, {credentials: "same-origin"}).then(function (r) {
              if (!r.ok) throw new Error(a + " " + r.status);
              return r.arrayBuffer();
            });
          })).then(function () { return store(SEARCH_PAGE, text); }).then(function () { return v.bundle; });
        });
      });
    }).catch(function () { T.warmed = false; return null; });
  }
})();
