// The call record's pages (templates/record/): the entry picker on the call form, and
// the call list that refreshes itself (it polls the page's JSON twin and redraws the
// rows when a call was added or changed).  Without this script the pages still work.
(function () {
  "use strict";
  // the page's words in its language, from the catalogue (templates/record/*: #record-text)
  var T = (function () {
    var node = document.getElementById("record-text");
    try { return node ? JSON.parse(node.textContent) : {}; } catch (e) { return {}; }
  })();
  var STATUS = T.status || {};
  function say(key, values) {
    return String(T[key] || key).replace(/\{(\w+)\}/g, function (m, name) {
      return values && name in values ? values[name] : m;
    });
  }

  function el(tag, cls, text) {
    var e = document.createElement(tag);
    if (cls) e.className = cls;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // A judge's own words on a page not in Japanese: each run of Japanese a quotation
  // (<span lang="ja">), as the server's quoted_ja filter writes it (judge/web/i18n.py).
  var JA = "\u3000-\u303f\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff\uff01-\uff9f";
  var WORD = "[" + JA + "]+(?:[0-9A-Za-z]+[" + JA + "]+)*";
  var RUN = new RegExp(WORD + "(?: " + WORD + ")*", "g");
  function quoted(node, text) {
    if (document.documentElement.lang === "ja") { node.textContent = text; return node; }
    var last = 0;
    node.textContent = "";
    text.replace(RUN, function (run, at) {
      if (at > last) node.appendChild(document.createTextNode(text.slice(last, at)));
      var span = document.createElement("span");
      span.lang = "ja";
      span.textContent = run;
      node.appendChild(span);
      last = at + run.length;
      return run;
    });
    if (last < text.length) node.appendChild(document.createTextNode(text.slice(last)));
    return node;
  }

  // --- the entry picker: search, then add an entry id to the list ---
  var search = document.getElementById("entry-search");
  var results = document.getElementById("entry-results");
  var entries = document.getElementById("entries");
  if (search && results && entries) {
    var timer = null, seq = 0;
    var add = function (id) {
      var ids = entries.value.split(/\s+/).filter(Boolean);
      if (ids.indexOf(id) < 0) ids.push(id);
      entries.value = ids.join("\n");
    };
    var run = function () {
      var q = search.value.trim();
      var mine = ++seq;
      if (!q) { results.textContent = ""; return; }
      // A call with a board is about that board's game: its entries are the ones to cite.
      var game = search.dataset.game ? "&game=" + encodeURIComponent(search.dataset.game) : "";
      fetch(search.dataset.api + "?limit=8" + game + "&q=" + encodeURIComponent(q), { credentials: "same-origin" })
        .then(function (r) { return r.json(); })
        .then(function (data) {
          if (mine !== seq) return;
          results.textContent = "";
          var shown = {};
          (data.results || []).forEach(function (hit) {
            var id = hit.id + (hit.clause ? "#" + hit.clause : "");
            if (shown[id]) return;          // several passages of one entry: list it once
            shown[id] = true;
            var li = el("li");
            var label = el("span", "", (hit.title || hit.id) + " ");
            label.appendChild(el("small", "muted", id));
            var b = el("button", "", say("add"));
            b.type = "button";
            b.setAttribute("aria-label", say("add_label", {id: id}));
            b.addEventListener("click", function () { add(id); });
            li.appendChild(label); li.appendChild(b);
            results.appendChild(li);
          });
          if (!results.children.length) results.appendChild(el("li", "muted", say("none_found")));
        })
        .catch(function () {});
    };
    search.addEventListener("input", function () { clearTimeout(timer); timer = setTimeout(run, 250); });
    search.addEventListener("keydown", function (ev) { if (ev.key === "Enter") { ev.preventDefault(); run(); } });
    // words typed before this script ran (a slow network, the service worker fetching
    // the offline copy) fired no input event it heard: search them now
    if (search.value.trim()) run();
  }

  // --- a call typed on a weak signal is never lost ---
  // The form is kept on this phone as it is typed (localStorage: a plain-http laptop's
  // address has no service worker).  Before it is sent, the laptop is asked whether it
  // answers (3 s at most): if not, the judge stays on the form, with the call kept,
  // instead of on the browser's error page.  A kept call comes back into a new form;
  // it carries its own client_key, so sending it twice records it once (calls.py).
  // Each is the judge's own (the key ends with their id): a phone passed to another
  // judge never offers them a call someone else typed, and a logout forgets them.
  var DRAFT = "judge-call-draft:";
  var FIELDS = ["round", "table", "players", "question", "ruling", "entries", "scenario",
                "client_key"];
  var form = document.getElementById("call-form");
  var store = null;
  try { store = window.localStorage; } catch (e) { store = null; }
  function drafts(each) {
    if (!store) return;
    for (var i = store.length - 1; i >= 0; i--) {
      var k = store.key(i);
      if (k && k.indexOf(DRAFT) === 0) {
        var d = null;
        try { d = JSON.parse(store.getItem(k)); } catch (e) { d = null; }
        each(k, d || {});
      }
    }
  }
  if (form && store) {
    var key = DRAFT + new URL(form.action, location.href).pathname + "#" + (form.dataset.judge || "");
    var notice = document.getElementById("draft-notice");
    var field = function (name) { return form.elements[name]; };
    var tell = function (text, discard) {
      if (!notice) return;
      notice.textContent = "";
      notice.appendChild(el("p", "", text));
      if (discard) {
        var b = el("button", "", say("draft_discard"));
        b.type = "button";
        b.addEventListener("click", function () {
          store.removeItem(key);
          FIELDS.forEach(function (n) {
            if (n !== "client_key" && field(n)) field(n).value = "";
          });
          field("client_key").value = discard;
          notice.hidden = true;
        });
        notice.appendChild(b);
      }
      notice.hidden = false;
    };
    var save = function () {
      var d = {at: Date.now()};
      FIELDS.forEach(function (n) { if (field(n)) d[n] = field(n).value; });
      if (!(d.question || "").trim() && !(d.ruling || "").trim()) return;
      try { store.setItem(key, JSON.stringify(d)); } catch (e) { /* full: not kept */ }
    };
    var kept = null;
    try { kept = JSON.parse(store.getItem(key) || "null"); } catch (e) { kept = null; }
    var blank = !field("question").value.trim() && !field("ruling").value.trim();
    if (kept && blank && kept.client_key !== field("client_key").value) {
      var fresh = field("client_key").value;
      FIELDS.forEach(function (n) { if (field(n) && typeof kept[n] === "string") field(n).value = kept[n]; });
      tell(say("draft_restored"), fresh);
    }
    var saving = null;
    form.addEventListener("input", function () { clearTimeout(saving); saving = setTimeout(save, 300); });
    var button = document.getElementById("save-call");
    form.addEventListener("submit", function (ev) {
      save();
      if (form.dataset.checked === "1") return;       // the laptop answered: send it
      ev.preventDefault();
      if (button) button.disabled = true;
      var done = false;
      var go = function (answered) {
        if (done) return;
        done = true;
        if (button) button.disabled = false;
        if (answered) {
          form.dataset.checked = "1";
          if (form.requestSubmit) form.requestSubmit(button || undefined); else form.submit();
          form.dataset.checked = "";
        } else {
          tell(say("draft_unsent"));
          notice && notice.focus && notice.focus();
        }
      };
      setTimeout(function () { go(false); }, 3000);
      fetch(form.dataset.probe || "/offline/version.json", {cache: "no-store", credentials: "same-origin"})
        .then(function (r) { go(r.ok); }, function () { go(false); });
    });
  }
  // the login page right after a logout: that judge's kept calls go
  var forget = document.querySelector('meta[name="judge-forget-drafts"]');
  if (forget && forget.content) {
    drafts(function (k) { if (k.slice(k.lastIndexOf("#") + 1) === forget.content) store.removeItem(k); });
  }
  // the call page after the call was recorded: its kept copy is no longer needed
  var recorded = document.querySelector("[data-recorded-key]");
  if (recorded && recorded.dataset.recordedKey) {
    drafts(function (k, d) { if (d.client_key === recorded.dataset.recordedKey) store.removeItem(k); });
  }

  // --- the call list refreshes itself ---
  var table = document.getElementById("calls");
  if (table && table.dataset.poll) {
    var tbody = table.tBodies[0];
    var count = document.getElementById("call-count");
    var change = table.dataset.change;
    var known = {};
    Array.prototype.forEach.call(tbody.rows, function (r) { known[r.textContent] = true; });
    var cell = function (tr, text, cls) { var td = el("td", cls, text); tr.appendChild(td); return td; };
    var link = function (href, text) { var a = el("a", "", text); a.href = href; return a; };
    var draw = function (calls) {
      tbody.textContent = "";
      if (!calls.length) {
        var tr = el("tr", "empty"); var td = cell(tr, say("no_calls"), "muted");
        td.colSpan = 9; tbody.appendChild(tr);
      }
      calls.forEach(function (c) {
        var tr = el("tr", "status-" + c.status);
        cell(tr, "").appendChild(link(c.url, String(c.id)));
        // c.time is already the venue's clock (ISO with the event's offset): as written
        var time = el("time", "", c.time.slice(5, 10) + " " + c.time.slice(11, 16));
        time.dateTime = c.time;
        cell(tr, "").appendChild(time);
        cell(tr, String(c.round)); cell(tr, String(c.table));
        quoted(cell(tr, "", "small"), c.players || "");
        quoted(cell(tr, "", "person"), c.judge);
        cell(tr, "").appendChild(el("span", "status " + c.status, STATUS[c.status] || c.status));
        var q = c.question.length > 80 ? c.question.slice(0, 77) + "..." : c.question;
        cell(tr, "", "q").appendChild(quoted(link(c.url, ""), q));
        cell(tr, c.entries.join(" "), "small");
        tbody.appendChild(tr);
        if (!known[tr.textContent]) { tr.classList.add("fresh"); known[tr.textContent] = true; }
      });
      if (count) count.textContent = String(calls.length);
    };
    var poll = function () {
      if (document.hidden) return;
      fetch(table.dataset.poll, { credentials: "same-origin", headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .then(function (data) {
          if (!data || data.change === change) return;
          change = data.change;
          draw(data.calls || []);
        })
        .catch(function () {});
    };
    setInterval(poll, Number(table.dataset.interval || 4000));
    document.addEventListener("visibilitychange", poll);
  }
})();
