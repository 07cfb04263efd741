/* The service worker (judge/offline/site.py serves it at /sw.js, scope /).
 *
 * Online, every page comes from the server as usual (network first).  Offline, it
 * answers from what it keeps:
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
      function (err) { tell({type: "offline-error", error: String(err)}); }));
  } else if (event.data && event.data.type === "status") {
    event.waitUntil(current().then(function (info) { tell({type: "offline-status", info: info}); }));
  }
});

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
    var bundle = await fetch(v.bundle);
    if (!bundle.ok) throw new Error(v.bundle + ": " + bundle.status);
    var bundleBytes = (await bundle.clone().arrayBuffer()).byteLength;
    await data.put(v.bundle, bundle);
    var pagesResponse = await fetch(v.pages);
    if (!pagesResponse.ok) throw new Error(v.pages + ": " + pagesResponse.status);
    var pages = (await pagesResponse.json()).pages, keys = Object.keys(pages);
    for (var i = 0; i < keys.length; i += 100) {
      await Promise.all(keys.slice(i, i + 100).map(function (key) {
        return data.put(pageUrl(key), new Response(pages[key],
          {headers: {"Content-Type": "text/html; charset=utf-8"}}));
      }));
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
  })().finally(function () { refreshing = null; });
  return refreshing;
}

self.addEventListener("fetch", function (event) {
  var req = event.request;
  if (req.method !== "GET") return;
  var url = new URL(req.url);
  if (url.origin !== self.location.origin) return;
  if (req.mode === "navigate") {
    event.respondWith(fetch(req).catch(function () { return offlinePage(url); }));
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
    event.respondWith(fetch(req).then(function (r) {
      if (r.ok && url.pathname.indexOf("/static/") === 0) {
        var copy = r.clone();
        caches.open(SHELL).then(function (c) { c.put(url.pathname, copy); });
      }
      return r;
    }).catch(function () {
      return caches.match(url.pathname).then(function (hit) {
        return hit || new Response("offline", {status: 503, headers: {"Content-Type": "text/plain"}});
      });
    }));
  }
});

function escapeHtml(s) {
  return String(s == null ? "" : s).replace(/[&<>"']/g, function (c) {
    return {"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c];
  });
}

function banner(info, extra) {
  var text = info
    ? "オフライン表示 — この端末に保存した写しです（コーパス " + escapeHtml(info.corpus_date) +
      " 時点、版 " + escapeHtml(info.corpus) + "、保存 " + escapeHtml((info.saved || "").slice(0, 16).replace("T", " ")) + " UTC）。"
    : "オフライン表示 — この端末に保存した写しです。";
  return '<div class="offline-banner" role="status" data-corpus="' + escapeHtml(info ? info.corpus : "") +
    '">' + text + (extra ? " " + extra : "") + "</div>";
}

async function withBanner(response, info, extra) {
  var html = await response.text();
  html = html.replace(/<main\b[^>]*>/, function (m) { return m + banner(info, extra); });
  return new Response(html, {headers: {"Content-Type": "text/html; charset=utf-8"}});
}

async function offlinePage(url) {
  var info = await current();
  var path = decodeURIComponent(url.pathname);
  if (path.indexOf("/entry/") === 0) {
    var id = path.slice(7), rev = url.searchParams.get("rev");
    var hit = (rev && await caches.match(pageUrl(id + "?rev=" + rev))) || await caches.match(pageUrl(id));
    if (hit) return withBanner(hit, info);
    // another spelling of an id (/entry/qa337): the offline search resolves it
    return Response.redirect("/search?q=" + encodeURIComponent(id.split("/").pop()), 302);
  }
  if (path === "/board" || path.indexOf("/offline/boards") === 0) {
    var boards = await caches.match("/offline/boards");
    if (boards) return withBanner(boards, info, "盤面の実行にはサーバーが必要です。保存した盤面は開けます。");
  }
  var search = await caches.match("/offline/search");
  if (search) return withBanner(search, info);
  return new Response("<!doctype html><meta charset=utf-8><title>offline</title><p>オフラインです。この端末にはまだ何も保存されていません。</p>",
    {status: 503, headers: {"Content-Type": "text/html; charset=utf-8"}});
}
