/* The service worker (judge/offline/site.py serves it at /sw.js, scope /).
 *
 * Online, every page comes from the server as usual (network first), and each page the
 * judge opens is kept as it was shown (judge-visited), so that it reads offline at once,
 * whatever the state of the background download.  A server that does not answer within
 * NAV_WAIT gives way to the device's copy; with no copy the page waits up to NAV_LIMIT,
 * then says plainly what is missing (a weak signal never hangs a page).  Offline, it
 * answers from what it keeps:
 *   - the pages opened online, as they were shown;
 *   - the assets and the two offline pages (search, saved boards), cached at install;
 *   - the search bundle and every entry page pre-rendered by the server, fetched in the
 *     background after the first visit, and again whenever /offline/version.json names
 *     another corpus or site version (the old copy stays until the new one is complete).
 * A page answered from the device says so at its top, with the corpus date and version.
 * self.JUDGE_SW ({assets, site}) is written in front of this file by the server.
 */
"use strict";
var CFG = self.JUDGE_SW || {assets: [], site: "dev"};
var SHELL = "judge-shell-" + CFG.site;
var DATA = "judge-data-";
var META = "judge-meta";
var VISITED = "judge-visited";
var VISITED_MAX = 300;        // pages kept as shown; the oldest go first
var NAV_WAIT = 3000;          // ms before a page the device holds is shown instead
var NAV_LIMIT = 12000;        // ms before a page the device lacks is given up
// Paths whose pages are never kept: behind a login (the call record, the editors), or
// not pages at all.
var PRIVATE = /^\/(events|calls|login|logout|account|editor|api|offline|venue)(\/|$)/;
var SHELL_URLS = CFG.assets.concat(["/offline/search", "/offline/boards", "/manifest.webmanifest",
  "/offline/icon-192.png", "/offline/icon-512.png"]);

self.addEventListener("install", function (event) {
  event.waitUntil(caches.open(SHELL).then(function (cache) {
    return cache.addAll(SHELL_URLS);
  }).then(function () { return self.skipWaiting(); }));
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (k) {
      return k.indexOf("judge-shell-") === 0 && k !== SHELL;
    }).map(function (k) { return caches.delete(k); }));
  }).then(function () { return self.clients.claim(); }));
  // No download here: until activation ends every request of every page the worker
  // controls waits, and the offline copy takes seconds to minutes to arrive.  Each
  // page asks for it once the worker is ready (offline.js posts {type: "refresh"}),
  // and a message's waitUntil holds no request.
});

self.addEventListener("message", function (event) {
  if (event.data && event.data.type === "refresh") {
    event.waitUntil(refresh().then(function (info) { tell({type: "offline-ready", info: info}); },
      function (err) {
        // the server's version, if the download got that far: the device's copy is
        // then known to be out of date
        return current().then(function (info) {
          tell(state({type: "offline-error", error: String(err), info: info}, failedAt));
        });
      }));
  } else if (event.data && event.data.type === "status") {
    event.waitUntil(current().then(function (info) { tell(state({type: "offline-status", info: info})); }));
  } else if (event.data && event.data.type === "keep" && event.data.url) {
    // the first page, loaded before this worker controlled it: kept as the judge saw it
    var url = new URL(event.data.url, self.location.href);
    if (url.origin === self.location.origin && !PRIVATE.test(url.pathname)) {
      event.waitUntil(fetch(url.href, {credentials: "same-origin"}).then(function (r) {
        return keep(url.href, r);
      }).catch(function () {}));
    }
  }
});

/* The download's state, for the pages' notice: what the device has, what the server
 * has now (when known), and how far the download of it is. */
var progress = null;          // {done, total, server: version.json} while downloading
var failedAt = null;          // the progress of the last download that failed
function state(message, p) {
  p = p || progress;
  if (p) message.progress = {done: p.done, total: p.total,
    corpus_date: p.server.corpus_date, corpus: p.server.corpus};
  return message;
}

var pending = {};             // url -> the put in progress of a page just shown
function keep(url, response) {
  if (!response || response.status !== 200 || response.type !== "basic" ||
      (response.headers.get("Content-Type") || "").indexOf("text/html") !== 0 ||
      /no-store/.test(response.headers.get("Cache-Control") || "")) return Promise.resolve();
  var stamped = response.clone();
  var done = stamped.blob().then(function (body) {
    return caches.open(VISITED).then(function (cache) {
      return cache.put(url, new Response(body, {headers: {
        "Content-Type": stamped.headers.get("Content-Type"),
        "X-Judge-Kept": new Date().toISOString()}})).then(function () {
        return cache.keys();
      }).then(function (keys) {
        return Promise.all(keys.slice(0, Math.max(0, keys.length - VISITED_MAX))
          .map(function (k) { return cache.delete(k); }));
      });
    });
  }).catch(function () {}).then(function () { delete pending[url]; });
  pending[url] = done;
  return done;
}

function visited(url) {
  return Promise.resolve(pending[url.href]).then(function () {
    return caches.open(VISITED);
  }).then(function (cache) { return cache.match(url.href); });
}

function sleep(ms) { return new Promise(function (done) { setTimeout(done, ms); }); }

function tell(message) {
  return self.clients.matchAll({includeUncontrolled: true}).then(function (clients) {
    clients.forEach(function (c) { c.postMessage(message); });
  });
}

function pageUrl(key) {
  var q = key.indexOf("?rev=");
  var id = q >= 0 ? key.slice(0, q) : key;
  return "/entry/" + encodeURI(id) + (q >= 0 ? key.slice(q) : "");
}

function current() {
  return caches.open(META).then(function (meta) { return meta.match("/offline/current"); })
    .then(function (r) { return r ? r.json() : null; });
}

var refreshing = null;
/* Fetch the bundle and the pages of the server's version, unless already complete. */
function refresh() {
  if (refreshing) return refreshing;
  refreshing = (async function () {
    var v = await (await fetch("/offline/version.json", {cache: "no-store"})).json();
    var have = await current();
    if (have && have.complete && have.pages_version === v.pages_version && have.bundle_version === v.bundle_version) return have;
    var name = DATA + v.site, data = await caches.open(name);
    progress = {done: 0, total: v.entries || 0, server: v};
    tell(state({type: "offline-progress", info: have}));
    var bundle = await fetch(v.bundle);
    if (!bundle.ok) throw new Error(v.bundle + ": " + bundle.status);
    var bundleBytes = (await bundle.clone().arrayBuffer()).byteLength;
    await data.put(v.bundle, bundle);
    var pagesResponse = await fetch(v.pages);
    if (!pagesResponse.ok) throw new Error(v.pages + ": " + pagesResponse.status);
    var pages = (await pagesResponse.json()).pages, keys = Object.keys(pages);
    // in small batches: a page looked up offline meanwhile is not queued behind
    // thousands of writes
    progress.total = keys.filter(function (k) { return k.indexOf("?rev=") < 0; }).length;
    for (var i = 0; i < keys.length; i += 25) {
      var batch = keys.slice(i, i + 25);
      await Promise.all(batch.map(function (key) {
        return data.put(pageUrl(key), new Response(pages[key],
          {headers: {"Content-Type": "text/html; charset=utf-8"}}));
      }));
      progress.done += batch.filter(function (k) { return k.indexOf("?rev=") < 0; }).length;
      if (i % 500 === 0) tell(state({type: "offline-progress", info: have}));
    }
    var info = {corpus: v.corpus, site: v.site, pages_version: v.pages_version, bundle_version: v.bundle_version, corpus_date: v.corpus_date, bundle: v.bundle,
      pages: keys.length, entries: v.entries, bundle_bytes: bundleBytes, complete: true,
      saved: new Date().toISOString()};
    var meta = await caches.open(META);
    await meta.put("/offline/current", new Response(JSON.stringify(info),
      {headers: {"Content-Type": "application/json"}}));
    var all = await caches.keys();
    await Promise.all(all.filter(function (k) { return k.indexOf(DATA) === 0 && k !== name; })
      .map(function (k) { return caches.delete(k); }));
    return info;
  })().then(function (info) { failedAt = null; return info; },
    function (err) { failedAt = progress; throw err; })
    .finally(function () { refreshing = null; progress = null; });
  return refreshing;
}

self.addEventListener("fetch", function (event) {
  var req = event.request;
  if (req.method !== "GET") return;
  var url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.mode === "navigate") {
    event.respondWith(navigate(event, req, url));
    return;
  }
  if (/^\/offline\/(search|pages)-[0-9a-f]+\.js(on)?$/.test(url.pathname)) {
    // versioned, immutable: the device's copy first
    event.respondWith(caches.match(req, {ignoreSearch: true}).then(function (hit) {
      return hit || fetch(req);
    }));
    return;
  }
  if (url.pathname.indexOf("/static/") === 0 || url.pathname.indexOf("/offline/") === 0 ||
      url.pathname === "/manifest.webmanifest") {
    event.respondWith(asset(req, url));
  }
});

/* A style, script or icon: the server's answer when it comes in time (a style or script
 * kept for later); else the copy cached at install (the shell's own cache: not a search
 * of every cache while pages are written).  Bounded like a page: a stylesheet blocks
 * the page's rendering, so a server that accepts and never answers (a venue's dying
 * Wi-Fi) would otherwise hold a page shown from the device blank. */
async function asset(req, url) {
  var net = fetch(req).then(function (r) {
    if (r.ok && url.pathname.indexOf("/static/") === 0) {
      var copy = r.clone();
      caches.open(SHELL).then(function (c) { c.put(url.pathname, copy); });
    }
    return r;
  }, function () { return null; });
  var r = await Promise.race([net, sleep(NAV_WAIT)]);
  if (r) return r;
  var hit = await caches.open(SHELL).then(function (c) { return c.match(url.pathname); });
  if (hit) return hit;
  r = await Promise.race([net, sleep(NAV_LIMIT - NAV_WAIT)]);
  return r || new Response("offline", {status: 503, headers: {"Content-Type": "text/plain"}});
}

/* A page: the server's answer when it comes in time; else the device's copy of this
 * very page; else, once the server has had NAV_LIMIT, the offline pages or a notice. */
async function navigate(event, req, url) {
  var failed = false, kept = Promise.resolve();
  var net = fetch(req).then(function (r) {
    if (!PRIVATE.test(url.pathname)) kept = keep(url.href, r);
    return r;
  }, function () { failed = true; return null; });
  event.waitUntil(net.then(function () { return kept; }));
  var r = await Promise.race([net, sleep(NAV_WAIT)]);
  if (r) return r;
  var copy = !failed ? await held(url) : null;
  if (copy) return copy;
  if (!failed) {
    r = await Promise.race([net, sleep(NAV_LIMIT - NAV_WAIT)]);
    if (r) return r;
  }
  return offlinePage(url, !failed);
}

/* This very page, if the device holds it (as shown online, or pre-rendered). */
async function held(url) {
  var info = await current();
  var hit = await visited(url);
  var lang = hit ? await pageLang(hit, url) : urlLang(url);
  var slow = say(lang, "slow");
  if (hit) return withBanner(hit, info, keptNote(hit, lang) + slow);
  var path = decodeURIComponent(url.pathname);
  if (path.indexOf("/entry/") === 0) {
    var page = await preRendered(path.slice(7), url.searchParams.get("rev"));
    if (page) return withBanner(page, info, slow);
  }
  return null;
}

/* An instant (ISO, UTC) as the device's own clock reads it, YYYY-MM-DD HH:MM: at a venue
 * the phone's time zone is the venue's, as the call record's times are.  The same as
 * static/offline.js's JudgeLocalTime: a worker cannot read a page's scripts, and the
 * banner it writes is shown before any of them runs. */
function localTime(iso) {
  var d = new Date(iso || "");
  if (isNaN(d.getTime())) return "";
  function two(n) { return (n < 10 ? "0" : "") + n; }
  return d.getFullYear() + "-" + two(d.getMonth() + 1) + "-" + two(d.getDate()) + " " +
    two(d.getHours()) + ":" + two(d.getMinutes());
}

function keptNote(hit, lang) {
  var when = localTime(hit.headers.get("X-Judge-Kept"));
  return when ? say(lang, "kept", {when: when}) + gap(lang) : "";
}

/* The worker's words in the page's language (judge/offline/site.py renders them from the
   catalogue into JUDGE_SW.text): ?lang= first, then the kept page's own <html lang>,
   then Japanese, the app's default.  Each value is escaped. */
function say(lang, key, values) {
  var table = (self.JUDGE_SW && self.JUDGE_SW.text) || {};
  var text = (table[lang] || table.ja || {})[key] || key;
  return text.replace(/\{(\w+)\}/g, function (m, name) {
    return values && name in values ? escapeHtml(values[name]) : m;
  });
}

/* Between two sentences: a space in English, nothing after 。 */
function gap(lang) { return lang === "en" ? " " : ""; }

function urlLang(url) {
  var asked = (url.searchParams.get("lang") || "").slice(0, 2);
  return asked === "en" || asked === "ja" ? asked : "ja";
}

async function pageLang(response, url) {
  if (url.searchParams.get("lang")) return urlLang(url);
  var head = (await response.clone().text()).slice(0, 400);
  var m = /<html[^>]*\blang="?(\w\w)/.exec(head);
  return m && (m[1] === "en" || m[1] === "ja") ? m[1] : "ja";
}

async function preRendered(id, rev) {
  var names = (await caches.keys()).filter(function (k) { return k.indexOf(DATA) === 0; });
  for (var i = 0; i < names.length; i++) {
    var cache = await caches.open(names[i]);
    var hit = (rev && await cache.match(pageUrl(id + "?rev=" + rev))) || await cache.match(pageUrl(id));
    if (hit) return hit;
  }
  return null;
}

function escapeHtml(s) {
  return String(s == null ? "" : s).replace(/[&<>"']/g, function (c) {
    return {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c];
  });
}

function banner(info, extra, lang) {
  var text = info
    ? say(lang, "banner_info", {date: info.corpus_date, version: info.corpus,
                               saved: localTime(info.saved)})
    : say(lang, "banner");
  return '<div class="offline-banner" role="status" data-corpus="' + escapeHtml(info ? info.corpus : "") +
    '">' + text + (extra ? " " + extra : "") + "</div>";
}

async function withBanner(response, info, extra) {
  var html = await response.text();
  var m = /<html[^>]*\blang="?(\w\w)/.exec(html.slice(0, 400));
  var lang = m && (m[1] === "en" || m[1] === "ja") ? m[1] : "ja";
  html = html.replace(/<main\b[^>]*>/, function (m) { return m + banner(info, extra, lang); });
  return new Response(html, {headers: {"Content-Type": "text/html; charset=utf-8"}});
}

async function offlinePage(url, slow) {
  var info = await current();
  var path = decodeURIComponent(url.pathname);
  var kept = await visited(url);
  if (kept) return withBanner(kept, info, keptNote(kept, await pageLang(kept, url)));
  if (path.indexOf("/entry/") === 0) {
    var id = path.slice(7);
    var hit = await preRendered(id, url.searchParams.get("rev"));
    if (hit) return withBanner(hit, info);
    if (!info) return missing(slow, urlLang(url));
    // another spelling of an id (/entry/qa337): the offline search resolves it
    return Response.redirect("/search?q=" + encodeURIComponent(id.split("/").pop()), 302);
  }
  if (path === "/board" || path.indexOf("/offline/boards") === 0) {
    var boards = await caches.match("/offline/boards");
    if (boards) return withBanner(boards, info, say(await pageLang(boards, url), "boards"));
  }
  // the offline search needs the whole bundle: until it has arrived, say so
  var search = info && await caches.match("/offline/search");
  if (search) return withBanner(search, info);
  return missing(slow, urlLang(url));
}

function missing(slow, lang) {
  var where = say(lang, slow ? "no_answer" : "offline");
  var have = progress ? say(lang, "downloading", {done: progress.done, total: progress.total})
    : say(lang, "not_yet");
  return new Response("<!doctype html><html lang=" + lang + "><meta charset=utf-8>" +
    "<meta name=viewport content=\"width=device-width, initial-scale=1\">" +
    "<link rel=stylesheet href=\"/static/app.css\"><title>" + say(lang, "title") +
    " · judge</title>" +
    "<main id=main><div class=\"offline-banner offline-missing\" role=status>" + where + gap(lang) +
    say(lang, "not_saved") + gap(lang) + have + gap(lang) + say(lang, "readable") + "</div>" +
    "<p><a href=\"/\">" + say(lang, "home") + "</a></p></main></html>",
    {status: 503, headers: {"Content-Type": "text/html; charset=utf-8"}});
}
