// judge offline: registers the service worker (static/sw.js, scope /) so that the app
// keeps working without a network, and on the board page adds "save on this device"
// (localStorage; the saved boards open offline at /offline/boards).
(function () {
  "use strict";
  var me = document.currentScript;
  var swUrl = me && me.getAttribute("data-sw");
  if (swUrl && "serviceWorker" in navigator && location.protocol !== "file:") {
    navigator.serviceWorker.register(swUrl, {scope: "/"}).then(function () {
      return navigator.serviceWorker.ready;
    }).then(function (reg) {
      // a visit online: check that the device holds the server's corpus version
      if (navigator.onLine && reg.active) reg.active.postMessage({type: "refresh"});
    }).catch(function () { /* no service worker: the app still works online */ });
  }

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
