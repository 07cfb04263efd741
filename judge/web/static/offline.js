// judge offline: registers the service worker (static/sw.js, scope /) so that the app
// keeps working without a network, and on the board page adds "save on this device"
// (localStorage; the saved boards open offline at /offline/boards).
(function () {
  "use strict";
  var me = document.currentScript;
  var swUrl = me && me.getAttribute("data-sw");
  if (swUrl && "serviceWorker" in navigator && location.protocol !== "file:") {
    var sw = navigator.serviceWorker;
    sw.addEventListener("message", function (event) { showState(event.data || {}); });
    sw.register(swUrl, {scope: "/"}).then(function () {
      return sw.ready;
    }).then(function (reg) {
      var worker = reg.active;
      if (!worker) return;
      // the page the worker did not see (loaded before it took control) is kept too
      if (!sw.controller) worker.postMessage({type: "keep", url: location.href});
      worker.postMessage({type: "status"});
      // a visit online: check that the device holds the server's corpus version, and
      // again while the page stays open (the corpus may change during an event)
      function refresh() { if (navigator.onLine) worker.postMessage({type: "refresh"}); }
      refresh();
      window.addEventListener("online", refresh);
      document.addEventListener("visibilitychange", function () {
        if (document.visibilityState === "visible") refresh();
      });
      setInterval(refresh, 5 * 60 * 1000);
    }).catch(function () { /* no service worker: the app still works online */ });
  }

  /* The offline copy's state, in the footer: downloading n/N, ready with its corpus
   * date, or out of date.  The words come from the page (data-msg-*, translated). */
  function say(name, values) {
    var text = (me && me.getAttribute("data-msg-" + name)) || "";
    return text.replace(/\{(\w+)\}/g, function (_, key) {
      return values[key] == null ? "" : String(values[key]);
    });
  }
  function showState(m) {
    if (!/^offline-/.test(m.type || "")) return;
    var info = m.info, p = m.progress, text;
    if (p && info && info.corpus !== p.corpus) {
      text = say(m.type === "offline-error" ? "outdated" : "updating",
        {have: info.corpus_date, date: p.corpus_date, done: p.done, total: p.total});
    } else if (p && !info) {
      text = say(m.type === "offline-error" ? "failed" : "downloading",
        {date: p.corpus_date, done: p.done, total: p.total});
    } else if (info && info.complete) {
      text = say("ready", {date: info.corpus_date, pages: info.pages});
    } else if (m.type === "offline-error") {
      text = say("failed", {});
    } else {
      return;
    }
    var el = document.getElementById("offline-state");
    if (!el) {
      var footer = document.querySelector("footer.site") || document.body;
      if (!footer) return;
      el = document.createElement("p");
      el.id = "offline-state";
      el.className = "offline-state small";
      el.setAttribute("role", "status");
      footer.appendChild(el);
    }
    el.textContent = text;
    el.setAttribute("data-state", m.type.slice(8));
  }

  /* An instant (ISO, UTC) as the device's own clock reads it, YYYY-MM-DD HH:MM: at a
   * venue the phone's time zone is the venue's, as the call record's times are.  For the
   * kept pages (offline-tab.js) and the saved boards (offline-page.js); static/sw.js, a
   * worker that reads no page script, keeps its own. */
  function localTime(iso) {
    var d = new Date(iso || "");
    if (isNaN(d.getTime())) return "";
    function two(n) { return (n < 10 ? "0" : "") + n; }
    return d.getFullYear() + "-" + two(d.getMonth() + 1) + "-" + two(d.getDate()) + " " +
      two(d.getHours()) + ":" + two(d.getMinutes());
  }
  window.JudgeLocalTime = localTime;

  var KEY = "judge.boards.v1";
  function load() {
    try { return JSON.parse(localStorage.getItem(KEY) || "[]"); } catch (e) { return []; }
  }
  function store(list) { localStorage.setItem(KEY, JSON.stringify(list)); }
  window.JudgeBoards = {load: load, store: store, KEY: KEY};

  document.addEventListener("DOMContentLoaded", function () {
    if (!document.body.classList.contains("board-page")) return;
    var actions = document.querySelector(".bench-actions");
    var yaml = document.getElementById("yaml");
    if (!actions || !yaml) return;
    var original = yaml.value;
    // the page's words in the reader's language, carried by the board's data
    var TEXT = {};
    try { TEXT = JSON.parse(document.getElementById("bench-data").textContent).text || {}; } catch (e) {}
    function t(message, params) {
      var out = TEXT[message] || message;
      return params ? out.replace(/\{(\w+)\}/g, function (m, k) {
        return Object.prototype.hasOwnProperty.call(params, k) ? String(params[k]) : m;
      }) : out;
    }
    var button = document.createElement("button");
    button.type = "button";
    button.id = "save-board";
    button.textContent = t("この端末に保存");
    var status = document.createElement("span");
    status.className = "small save-status";
    status.setAttribute("role", "status");
    var link = document.createElement("a");
    link.href = "/offline/boards";
    link.className = "small";
    link.textContent = t("保存した盤面");
    actions.appendChild(button);
    actions.appendChild(link);
    actions.appendChild(status);
    button.addEventListener("click", function () {
      var data = {};
      try { data = JSON.parse(document.getElementById("bench-data").textContent).data || {}; } catch (e) {}
      var text = yaml.value;
      var title = (text.match(/^title:\s*(.+)$/m) || [])[1] || data.title || t("盤面");
      var game = (text.match(/^game:\s*([a-z]+)\s*$/m) || [])[1] || data.game || "";
      var result = document.getElementById("result");
      // the result shown belongs to the board as it was loaded, not to later edits
      var recorded = text === original && result && result.querySelector("ol.steps, .error-box")
        ? result.innerHTML : "";
      var permalink = document.getElementById("permalink");
      var list = load();
      list.unshift({id: Date.now().toString(36), title: title.replace(/^["']|["']$/g, ""), game: game,
        yaml: text, result_html: recorded, permalink: text === original && permalink ? permalink.value : "",
        saved: new Date().toISOString()});
      try {
        store(list.slice(0, 200));
        status.textContent = t("保存しました（{count} 件）。", {count: list.length});
      } catch (e) {
        status.textContent = t("保存できませんでした: {error}", {error: e.message});
      }
    });
  });
})();
