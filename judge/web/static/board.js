// The board workbench's form (盤面フォーム), kept in sync with the YAML text.
//
// The scenario is one object (`model`, the YAML's data).  The form edits it and the
// server writes it back as YAML (POST /api/scenario {data}); typing in the YAML sends
// the text (POST /api/scenario {yaml}) and the form is redrawn from the data that comes
// back, with any error at its line.  Running is an ordinary form POST of the YAML, so
// the page works without this script; after a run the address becomes the permalink.
(function () {
  "use strict";

  var dataEl = document.getElementById("bench-data");
  if (!dataEl) return;
  var boot = JSON.parse(dataEl.textContent);
  // The page's words in the reader's language: the judge catalogue's messages of this
  // script (scripts/catalogues extracts t("…")), given by the server with the data.
  var TEXT = boot.text || {};
  function t(message, params) {
    var out = TEXT[message] || message;
    return params ? out.replace(/\{(\w+)\}/g, function (m, k) {
      return Object.prototype.hasOwnProperty.call(params, k) ? String(params[k]) : m;
    }) : out;
  }
  // The games (name: title) come with the page; a game's form description (zones, card
  // fields, actions) is fetched from /api/games/<name> when the form first needs it, and
  // the browser keeps it (Cache-Control): the page itself stays small.
  var games = boot.games || {};
  var specs = {}, specWaits = {}, specFailed = {};
  var model = isMapping(boot.data) ? boot.data : null;
  var formEl = document.getElementById("board-form");
  var yamlEl = document.getElementById("yaml");
  var statusEl = document.getElementById("yaml-status");
  var gutterEl = document.getElementById("yaml-gutter");
  var permalinkEl = document.getElementById("permalink");
  var openLinkEl = document.getElementById("open-permalink");
  var benchEl = document.getElementById("bench");
  var COUNTED = ["deck", "forbidden_deck", "fusion_deck"];
  var draft = { card: { fields: {} }, action: { fields: {} }, moreOpen: false };
  var cardNames = {};
  var seq = 0, applied = 0, pushTimer = null, pullTimer = null;
  var pending = null, formDirty = false, resubmitting = false;
  var ids = 0;

  function isMapping(v) { return v !== null && typeof v === "object" && !Array.isArray(v); }
  function nextId(stem) { ids += 1; return "bf-" + stem + "-" + ids; }

  function h(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (key) {
      var value = attrs[key];
      if (value === null || value === undefined || value === false) return;
      if (key === "text") node.textContent = value;
      else if (key.slice(0, 2) === "on") node.addEventListener(key.slice(2), value);
      else if (key === "value") node.value = value;
      else if (key === "checked") node.checked = !!value;
      else node.setAttribute(key, value === true ? "" : value);
    });
    (children || []).forEach(function (child) {
      if (child === null || child === undefined) return;
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  }

  // A field's name as the reader says it, and the YAML key it writes as code beside it
  // (攻撃するカード attacker): the identifier is there for the reader who edits the
  // YAML, never read as a word of the label (issue 29).
  function fieldLabel(f, key, suffix) {
    var named = f.label && f.label !== key;
    return [named ? f.label + (suffix || "") : null, " ",
            h("code", { class: "key", text: key }), named ? null : (suffix || null)];
  }
  // A help text whose `identifiers` (the YAML's keys and values) read as code.
  function withCode(text) {
    return String(text).split("`").map(function (part, i) {
      return i % 2 ? h("code", { text: part }) : part;
    });
  }
  // A field's name alone, for a sentence or a list of missing fields.
  function fieldName(f, key) { return f.label || key; }
  // A choice's values in the game's word (攻撃表示); the option's value is the file's.
  function optionPairs(f) {
    var labels = f.option_labels || {};
    return (f.options || []).map(function (o) { return [o, labels[o] || o]; });
  }

  // A labelled control: {label, id, control}.
  function field(label, control, cls) {
    var id = control.id || nextId("f");
    control.id = id;
    if (control.type === "checkbox") {
      return h("div", { class: "field check " + (cls || "") }, [control, labelOf(id, label)]);
    }
    return h("div", { class: "field " + (cls || "") }, [labelOf(id, label), control]);
  }
  function labelOf(id, label) {
    return Array.isArray(label) ? h("label", { for: id }, label) : h("label", { for: id, text: label });
  }

  function select(options, value, onchange, attrs) {
    var node = h("select", Object.assign({ onchange: onchange }, attrs || {}));
    options.forEach(function (opt) {
      var pair = Array.isArray(opt) ? opt : [opt, opt];
      var o = h("option", { value: pair[0], text: pair[1] });
      if (String(pair[0]) === String(value === undefined || value === null ? "" : value)) o.selected = true;
      node.appendChild(o);
    });
    return node;
  }

  function spec() { return model ? specs[model.game] : null; }
  function knownGame(name) { return Object.prototype.hasOwnProperty.call(games, name); }
  function loadSpec(name) {
    if (specs[name]) return Promise.resolve(specs[name]);
    if (!specWaits[name]) {
      // No ?lang=: it would set the language cookie, and the offline copies the service
      // worker keeps (Vary: Cookie) would no longer match; the cookie or the browser's
      // language already chose this page's language, and the answer's.
      specWaits[name] = fetch("/api/games/" + encodeURIComponent(name), { headers: { Accept: "application/json" } })
        .then(function (r) { return r.ok ? r.json() : null; })
        .catch(function () { return null; })
        .then(function (sp) {
          delete specWaits[name];
          if (sp) specs[name] = sp; else specFailed[name] = true;
          return sp;
        });
    }
    return specWaits[name];
  }
  function setup() {
    if (!isMapping(model.setup)) model.setup = {};
    if (!isMapping(model.setup.players)) model.setup.players = { A: {}, B: {} };
    return model.setup;
  }
  function players() { return Object.keys(setup().players); }
  function player(name) {
    var p = setup().players[name];
    if (!isMapping(p)) { p = {}; setup().players[name] = p; }
    return p;
  }
  function zoneLabel(sp, id) {
    var z = (sp.zones || []).filter(function (x) { return x.id === id; })[0];
    return z ? z.label : id;
  }
  function cardName(card) { return isMapping(card) ? String(card.name) : String(card); }
  // A card's field in the reader's words (種類: コマンドカード); the key stays in the YAML.
  function cardFieldText(k, v) {
    var sp = model && specs[model.game];
    var f = ((sp && sp.card_fields) || {})[k] || {};
    var shown = Array.isArray(v) ? v.join(t("、")) : ((f.option_labels || {})[v] || v);
    return t("{field}: {value}", { field: f.label || k, value: shown });
  }
  function cardLabel(card) {
    if (!isMapping(card)) return String(card);
    var extra = Object.keys(card).filter(function (k) { return k !== "name"; })
      .map(function (k) { return cardFieldText(k, card[k]); });
    return card.name + (extra.length ? t("（{details}）", { details: extra.join(t("、")) }) : "");
  }
  function boardCards() {
    var names = [];
    players().forEach(function (p) {
      var pl = player(p);
      Object.keys(pl).forEach(function (z) {
        if (Array.isArray(pl[z])) pl[z].forEach(function (c) { names.push(cardName(c)); });
      });
    });
    return names.filter(function (n, i) { return names.indexOf(n) === i; });
  }
  function emptyScenario(sp) {
    // the game's blank board that can act (Game.blank_setup), when the spec has it
    if (sp.blank_setup) return { game: sp.name, ruleset: "latest", title: "", setup: JSON.parse(JSON.stringify(sp.blank_setup)), actions: [] };
    var pl = {};
    if (sp.starting_life !== null && sp.starting_life !== undefined) pl.life = sp.starting_life;
    var st = { active: "A", turn: 1 };
    if (sp.phases && sp.phases.length) st.phase = sp.phases[0];
    st.players = { A: Object.assign({}, pl), B: Object.assign({}, pl) };
    return { game: sp.name, ruleset: "latest", title: "", setup: st, actions: [] };
  }

  // --- the value of a field from its kind (game.py FieldSpec kinds) ---------------------
  function control(kind, options, value, onchange, listId, choices) {
    var players_ = model ? players() : [];
    // One choice a value in the game's own word (攻撃表示 · attack), not every spelling
    // the file format accepts; a list of such values is a row of checkboxes.
    if (choices && choices.length && kind === "list") {
      var chosen = Array.isArray(value) ? value : (value ? [value] : []);
      return h("span", { class: "choice-boxes", "data-kind": "list" }, choices.map(function (c) {
        var box = h("input", { type: "checkbox", value: c[0], checked: chosen.indexOf(c[0]) >= 0, onchange: onchange });
        return h("label", { class: "check" }, [box, c[1]]);
      }));
    }
    if (choices && choices.length && (kind === "str" || kind === "choice")) return select([["", "—"]].concat(choices), value, onchange);
    if (kind === "int") return h("input", { type: "number", inputmode: "numeric", step: "1", value: value === undefined ? "" : value, oninput: onchange });
    if (kind === "bool") return h("input", { type: "checkbox", checked: value === true || value === "true", onchange: onchange });
    if (kind === "yesno") return select([["", "—"], ["yes", t("yes (はい)")], ["no", t("no (いいえ)")]], value, onchange);
    if (kind === "choice") return select([["", "—"]].concat(options), value, onchange);
    if (kind === "player") return select([["", "—"]].concat(players_), value, onchange);
    var attrs = { type: "text", value: value === undefined ? "" : (Array.isArray(value) ? value.join(", ") : value), oninput: onchange, autocomplete: "off" };
    if (kind === "card" || kind === "cards") attrs.list = listId || "bf-board-cards";
    return h("input", attrs);
  }
  function readControl(kind, node) {
    if (node.getAttribute && node.getAttribute("data-kind") === "list") {
      var ticked = Array.prototype.filter.call(node.querySelectorAll("input"), function (b) { return b.checked; })
        .map(function (b) { return b.value; });
      return ticked.length ? ticked : undefined;
    }
    if (kind === "bool") return node.checked ? true : undefined;
    var raw = node.value.trim();
    if (raw === "") return undefined;
    if (kind === "int") { var n = parseInt(raw, 10); return isNaN(n) ? undefined : n; }
    if (kind === "cards" || kind === "list") return raw.split(/[,、]\s*/).filter(Boolean);
    return raw;
  }

  // --- drawing the form -------------------------------------------------------------
  function render() {
    formEl.hidden = false;
    formEl.textContent = "";
    if (!model) {
      formEl.appendChild(h("p", { class: "form-note bad", text: t("YAML を読めないため、フォームは表示できません。下の YAML を直してください。") }));
      return;
    }
    var sp = spec();
    if (!sp && knownGame(model.game) && !specFailed[model.game]) {
      formEl.appendChild(h("p", { class: "form-note", role: "status", text: t("フォームを読み込んでいます…") }));
      loadSpec(model.game).then(function () { render(); });
      return;
    }
    if (!sp) {
      formEl.appendChild(h("p", { class: "form-note bad", text: knownGame(model.game)
        ? t("フォームの説明を読み込めませんでした。YAML は編集して実行できます。")
        : t("game: {game} はフォームで編集できません（{games}）。", { game: model.game, games: Object.keys(games).join(", ") }) }));
      formEl.appendChild(basics(null));
      return;
    }
    formEl.appendChild(datalist("bf-board-cards", boardCards()));
    formEl.appendChild(datalist("bf-card-names", cardNames[sp.name] || []));
    formEl.appendChild(basics(sp));
    formEl.appendChild(addCardFieldset(sp));
    formEl.appendChild(boardPicture(sp));
    players().forEach(function (p) { formEl.appendChild(playerFieldset(sp, p)); });
    formEl.appendChild(actionsFieldset(sp));
    loadCardNames(sp.name);
  }

  function datalist(id, names) {
    return h("datalist", { id: id }, names.slice(0, 3000).map(function (n) { return h("option", { value: n }); }));
  }

  function basics(sp) {
    var choices = Object.keys(games).map(function (g) { return [g, games[g] || g]; });
    var gameSel = select(choices.length ? choices : [[model.game, model.game]], model.game, function () {
      var name = gameSel.value;
      if (!knownGame(name)) return;
      if ((boardCards().length || (model.actions || []).length) &&
          !window.confirm(t("ゲームを変えると盤面が空になります。よろしいですか？"))) { gameSel.value = model.game; return; }
      loadSpec(name).then(function (next) {
        if (!next) { status(t("フォームの説明を読み込めませんでした。YAML は編集して実行できます。"), true); return; }
        model = emptyScenario(next);
        draft = { card: { fields: {} }, action: { fields: {} }, moreOpen: false };
        changed(true);
      });
    });
    var title = h("input", { type: "text", value: model.title || "", oninput: function () { model.title = title.value; changed(false); } });
    var ruleset = h("input", { type: "text", value: model.ruleset === undefined ? "" : model.ruleset, placeholder: t("latest または 2014-04-09"), inputmode: "numeric",
      oninput: function () { if (ruleset.value.trim()) model.ruleset = ruleset.value.trim(); else delete model.ruleset; changed(false); } });
    var rows = [h("div", { class: "form-row" }, [field(t("ゲーム"), gameSel), field(t("題名"), title, "grow")]),
                h("div", { class: "form-row" }, [field(t("ルール (ruleset)"), ruleset)])];
    if (sp) {
      var st = setup();
      var active = select(players(), st.active, function () { st.active = active.value; changed(false); });
      var turn = h("input", { type: "number", min: "1", step: "1", value: st.turn === undefined ? 1 : st.turn,
        oninput: function () { var n = parseInt(turn.value, 10); if (n >= 1) st.turn = n; changed(false); } });
      rows[1].appendChild(field(t("手番のプレイヤー"), active));
      rows[1].appendChild(field(t("ターン"), turn));
      if (sp.phases && sp.phases.length) {
        var phase = select([["", "—"]].concat(sp.phases.map(function (p) {
          return [p, (sp.phase_labels || {})[p] || p];
        })), st.phase, function () {
          if (phase.value) st.phase = phase.value; else delete st.phase; changed(false);
        });
        rows[1].appendChild(field(t("フェイズ"), phase));
      }
    }
    return h("fieldset", {}, [h("legend", { text: t("基本") })].concat(rows));
  }

  function playerFieldset(sp, name) {
    var pl = player(name);
    var row = h("div", { class: "form-row" });
    if (sp.starting_life !== null && sp.starting_life !== undefined || pl.life !== undefined) {
      var life = h("input", { type: "number", step: "1", value: pl.life === undefined ? "" : pl.life,
        placeholder: sp.starting_life === null || sp.starting_life === undefined ? "" : String(sp.starting_life),
        oninput: function () { var n = parseInt(life.value, 10); if (isNaN(n)) delete pl.life; else pl.life = n; changed(false); } });
      row.appendChild(field(t("ライフ"), life));
    }
    Object.keys(sp.counters || {}).forEach(function (counter) {
      var input = h("input", { type: "number", step: "1", value: pl[counter] === undefined ? sp.counters[counter] : pl[counter],
        oninput: function () { var n = parseInt(input.value, 10); if (isNaN(n) || n === sp.counters[counter]) delete pl[counter]; else pl[counter] = n; changed(false); } });
      row.appendChild(field(fieldLabel({ label: (sp.counter_labels || {})[counter] }, counter), input));
    });
    var zoneRows = h("div", { class: "zone-rows" });
    (sp.zones || []).forEach(function (z) {
      var value = pl[z.id];
      var counted = COUNTED.indexOf(z.id) >= 0;
      if (!(Array.isArray(value) && value.length) && typeof value !== "number" && !counted) return;
      var zr = h("div", { class: "zone-row", role: "group", "aria-label": t("{player} の{zone}", { player: name, zone: z.label }) }, [h("span", { class: "zname", text: z.label })]);
      if (typeof value === "number" || (counted && !(Array.isArray(value) && value.length))) {
        var count = h("input", { type: "number", min: "0", step: "1", value: typeof value === "number" ? value : 0,
          oninput: function () { var n = parseInt(count.value, 10); if (isNaN(n) || n <= 0) delete pl[z.id]; else pl[z.id] = n; changed(false); } });
        count.setAttribute("aria-label", t("{player} の{zone}の枚数（名前なし）", { player: name, zone: z.label }));
        zr.appendChild(field(t("枚数（名前なし）"), count));
      } else {
        value.forEach(function (card, i) {
          zr.appendChild(h("span", { class: "chip-card" }, [cardLabel(card), h("button", {
            type: "button", title: t("取り除く"), "aria-label": t("{card} を{player} の{zone}から取り除く", { card: cardName(card), player: name, zone: z.label }),
            onclick: function () { value.splice(i, 1); if (!value.length) delete pl[z.id]; changed(true); }, text: "×" })]));
        });
      }
      zoneRows.appendChild(zr);
    });
    return h("fieldset", { "data-player": name }, [h("legend", { text: t("プレイヤー {player}", { player: name }) }), row, zoneRows]);
  }

  function addCardFieldset(sp) {
    var d = draft.card;
    if (!d.player || players().indexOf(d.player) < 0) d.player = players()[0];
    if (!d.zone) d.zone = (sp.zones.filter(function (z) { return z.id === "field" || z.id === "monsters" || z.id === "battle"; })[0] || sp.zones[0]).id;
    var who = select(players(), d.player, function () { d.player = who.value; });
    // the fields a card needs depend on where it goes (a monster: ATK and DEF): redraw
    var where = select(sp.zones.map(function (z) { return [z.id, z.label]; }), d.zone, function () { d.zone = where.value; render(); });
    var name = h("input", { type: "text", value: d.name || "", list: "bf-card-names", autocomplete: "off", enterkeyhint: "done", "data-enter": "bf-add-card",
      "aria-describedby": "bf-card-note", placeholder: t("名前か番号（かな可）"),
      oninput: function () { d.name = name.value; lookupCard(sp, name.value); } });
    var message = h("p", { class: "form-note", role: "status", "aria-live": "polite", id: "bf-card-note", text: d.note || "" });
    d.note = "";
    var fieldNodes = [], quickNodes = [];
    var quick = quickFields(sp, d.zone);
    Object.keys(sp.card_fields || {}).forEach(function (key) {
      var f = sp.card_fields[key];
      var node = control(f.kind, optionPairs(f), d.fields[key], function () { d.fields[key] = readControl(f.kind, node); }, null, f.choices);
      node.setAttribute("data-card-field", key);
      if (quick.indexOf(key) >= 0) {
        node.setAttribute("data-enter", "bf-add-card");
        node.setAttribute("enterkeyhint", "done");
        node.classList.add("quick");
        quickNodes.push(field(fieldLabel(f, key), node, "quick"));
      } else fieldNodes.push(field(fieldLabel(f, key), node));
      if (f.doc) node.title = f.doc.replace(/`/g, "");
    });
    var more = h("details", { class: "more", open: draft.moreOpen, ontoggle: function () { draft.moreOpen = more.open; } },
      [h("summary", { text: t("カードの項目（任意: 攻撃力・表示形式など {count} 項目）", { count: Object.keys(sp.card_fields || {}).length }) }),
       h("div", { class: "form-row" }, fieldNodes)]);
    // Enter in the name (or a tap on a zone's ＋) places the card: a name the lookup is
    // still answering for waits for it, so a card typed in full comes with its stats.
    var add = h("button", { type: "button", class: "small", id: "bf-add-card", text: t("置く"), onclick: function () {
      var wait = lookupWait;
      if (!wait) { placeCard(sp); return; }
      // the whole panel waits, so what is typed meanwhile (the next card) cannot mix
      // into the card being placed
      add.disabled = box.disabled = true; box.setAttribute("aria-busy", "true");
      wait.then(function () {
        add.disabled = box.disabled = false; box.removeAttribute("aria-busy");
        placeCard(sp);
      });
    } });
    name.id = "bf-card-name";
    var box = h("fieldset", {}, [h("legend", { text: t("カードを置く") }),
      h("div", { class: "form-row" }, [field(t("カード名"), name, "grow")].concat(quickNodes)),
      h("div", { class: "form-row" }, [field(t("プレイヤー"), who), field(t("領域"), where), add]),
      h("p", { class: "form-note small", text: t("下の盤面の図で領域の「＋」をタップしても置けます。") }),
      more, message]);
    return box;
  }

  function placeCard(sp) {
    var d = draft.card;
    var note = document.getElementById("bf-card-note");
    function bad(text) { if (note) { note.textContent = text; note.className = "form-note bad"; } }
    var found = lookedUp(d.name || "");
    if (found) {
      d.name = found.name;
      // the card's facts, under what the judge typed in the fields
      var typed = d.fields;
      d.fields = {};
      Object.keys(found.fields || {}).forEach(function (k) { if (sp.card_fields && sp.card_fields[k]) d.fields[k] = found.fields[k]; });
      Object.keys(typed).forEach(function (k) { if (typed[k] !== undefined) d.fields[k] = typed[k]; });
    }
    var cardNameValue = (d.name || "").trim();
    if (!cardNameValue) { bad(t("カード名を入れてください。")); focusById("bf-card-name"); return; }
    var missing = missingFields(sp, d.zone, d.fields);
    if (missing.length) {
      bad(t("{zone}のカードには {fields} が必要です。入れてから置いてください。", { zone: zoneLabel(sp, d.zone),
        fields: missing.map(function (k) { return fieldName(sp.card_fields[k], k); }).join("、") }));
      var first = document.querySelector("[data-card-field='" + missing[0] + "']");
      if (first) first.focus();
      return;
    }
    var pl = player(d.player);
    if (typeof pl[d.zone] === "number") {
      bad(t("{zone}は枚数で指定されています。枚数を 0 にしてからカードを置いてください。", { zone: zoneLabel(sp, d.zone) }));
      return;
    }
    var card = { name: cardNameValue };
    Object.keys(d.fields).forEach(function (k) { if (d.fields[k] !== undefined) card[k] = d.fields[k]; });
    if (!Array.isArray(pl[d.zone])) pl[d.zone] = [];
    pl[d.zone].push(Object.keys(card).length === 1 ? cardNameValue : card);
    d.name = ""; d.fields = {};
    d.note = t("「{card}」を{player} の{zone}に置きました。", { card: cardNameValue, player: d.player, zone: zoneLabel(sp, d.zone) });
    lookupMatches = {};
    changed(true);
    focusById("bf-card-name");
  }

  // The stats a judge types most: the game's first three whole-number card fields
  // (攻撃力・守備力・レベル, 攻撃力・耐久力・グレイズ…), shown beside the name.
  // A zone whose cards need some fields (the game's needed_fields: a monster's ATK and
  // DEF, a unit's position) shows those first, and a card is not placed without them;
  // then the game's first whole-number fields, four in all.
  function quickFields(sp, zone) {
    var out = ((sp.needed_fields || {})[zone] || []).slice();
    Object.keys(sp.card_fields || {}).forEach(function (k) {
      if (sp.card_fields[k].kind === "int" && out.indexOf(k) < 0 && out.length < 4) out.push(k);
    });
    return out.slice(0, Math.max(4, ((sp.needed_fields || {})[zone] || []).length));
  }
  function missingFields(sp, zone, fields) {
    return ((sp.needed_fields || {})[zone] || []).filter(function (k) {
      return fields[k] === undefined || fields[k] === "" || fields[k] === null;
    });
  }

  // The board picture (盤面の図): redrawn from the model at every change.  Tap a zone's
  // ＋ to place the card being written there; tap a card, then an opposing card, to add
  // an attack between them (when the game's attack action has attacker and target).
  var picked = null;
  function attackSpec(sp) {
    var a = (sp.actions || {}).attack;
    return a && a.fields && a.fields.attacker ? a : null;
  }
  function boardPicture(sp) {
    var wrap = h("section", { class: "board-picture", "aria-label": t("盤面の図（タップで置く・攻撃を選ぶ）") });
    var note = h("p", { class: "form-note", role: "status", "aria-live": "polite", id: "bf-picture-note",
      text: picked ? t("攻撃するカード: 「{name}」。対象のカードをタップしてください（もう一度タップで取り消し）。", { name: picked.name }) : "" });
    players().forEach(function (pname) {
      var pl = player(pname);
      var side = h("div", { class: "pic-side", "data-player": pname }, [h("div", { class: "pic-head" }, [
        h("strong", { text: pname }), pl.life !== undefined ? " " + t("ライフ {n}", { n: pl.life }) : (sp.starting_life ? " " + t("ライフ {n}", { n: sp.starting_life }) : "")])]);
      var zones = h("div", { class: "pic-zones" });
      (sp.zones || []).forEach(function (z) {
        if (COUNTED.indexOf(z.id) >= 0) return;
        var value = pl[z.id];
        var box = h("div", { class: "pic-zone", "data-zone": z.id }, [h("span", { class: "pic-label", text: z.label })]);
        if (typeof value === "number") box.appendChild(h("span", { class: "pic-count", text: t("{n}枚", { n: value }) }));
        (Array.isArray(value) ? value : []).forEach(function (card) {
          var nm = cardName(card);
          var isPicked = picked && picked.player === pname && picked.name === nm;
          box.appendChild(h("button", { type: "button", class: "pic-card" + (isPicked ? " picked" : ""),
            "aria-pressed": isPicked ? "true" : "false", "data-card": nm,
            title: cardLabel(card), text: nm + statText(sp, card),
            onclick: function () { tapCard(sp, pname, nm); } }));
        });
        box.appendChild(h("button", { type: "button", class: "pic-place", "aria-label": t("{player} の{zone}に置く", { player: pname, zone: z.label }),
          text: "＋", onclick: function () {
            draft.card.player = pname; draft.card.zone = z.id;
            var add = document.getElementById("bf-add-card");
            if (add) add.click();
          } }));
        zones.appendChild(box);
      });
      side.appendChild(zones);
      wrap.appendChild(side);
    });
    wrap.appendChild(note);
    return wrap;
  }
  function statText(sp, card) {
    if (!isMapping(card)) return "";
    var parts = quickFields(sp).filter(function (k) { return card[k] !== undefined; }).map(function (k) { return card[k]; });
    return parts.length ? " " + parts.join("/") : "";
  }
  function tapCard(sp, pname, nm) {
    var atk = attackSpec(sp);
    if (!atk) return;
    if (picked && picked.player === pname && picked.name === nm) { picked = null; render(); return; }
    if (!picked || picked.player === pname || !atk.fields.target) {
      picked = { player: pname, name: nm };
      if (!atk.fields.target) { addAttack(pname, nm, null); return; }
      render();
      var again = document.querySelector(".pic-card.picked");
      if (again) again.focus();
      return;
    }
    addAttack(picked.player, picked.name, nm);
  }
  function addAttack(pname, attacker, target) {
    if (!Array.isArray(model.actions)) model.actions = [];
    var act = { player: pname, do: "attack", attacker: attacker };
    if (target) act.target = target;
    model.actions.push(act);
    picked = null;
    changed(true);
    var note = document.getElementById("bf-picture-note");
    if (note) note.textContent = t("行動を追加しました: {action}", { action: actionSummary(act) });
  }

  // Card lookup (カード検索): a name in any kana, or a number, offers the game's cards;
  // choosing one fills in its number and stats from the card list / the game's facts.
  var lookupTimer = null, lookupSeq = 0, lookupMatches = {}, lookupWait = null, lookupRelease = null;
  function matchKey(m) { return m.number ? m.name + "｜" + m.number : m.name; }
  // A name as the lookup compares it: width (NFKC), hiragana as katakana, case.
  function fold(text) {
    return String(text || "").normalize("NFKC").trim().toLowerCase()
      .replace(/[\u3041-\u3096]/g, function (c) { return String.fromCharCode(c.charCodeAt(0) + 0x60); });
  }
  // The card the typed text names exactly (its name in any kana or width, or its
  // number), among the lookup's last answer; none when it names several or none.
  function lookedUp(text) {
    var key = fold(text.split("｜")[0]);
    if (!key) return null;
    var found = Object.keys(lookupMatches).map(function (k) { return lookupMatches[k]; })
      .filter(function (m) { return fold(m.name) === key || (m.number && fold(m.number) === key); });
    return found.length === 1 ? found[0] : null;
  }
  function lookupCard(sp, text) {
    var chosen = lookupMatches[text];
    if (chosen) { applyCard(sp, chosen); return; }
    clearTimeout(lookupTimer);
    if (lookupRelease) lookupRelease();
    lookupWait = lookupRelease = null;
    if (!text.trim()) return;
    var query = text.split("｜")[0].trim();      // a chosen suggestion: look its name up
    var release;
    var wait = new Promise(function (resolve) { release = resolve; });
    lookupWait = wait; lookupRelease = release;
    lookupTimer = setTimeout(function () {
      var mine = ++lookupSeq;
      fetch("/api/games/" + encodeURIComponent(sp.name) + "/cards?q=" + encodeURIComponent(query))
        .then(function (r) { return r.ok ? r.json() : { matches: [] }; })
        .then(function (body) {
          if (mine !== lookupSeq) return;
          var list = document.getElementById("bf-card-names");
          if (!list) return;
          lookupMatches = {};
          list.textContent = "";
          (body.matches || []).forEach(function (m) {
            lookupMatches[matchKey(m)] = m;
            list.appendChild(h("option", { value: matchKey(m), label: m.label || m.title }));
          });
          // The suggestion may have been chosen while this answer was on its way.
          var now = document.getElementById("bf-card-name");
          if (now && lookupMatches[now.value] && !document.getElementById("bf-add-card").disabled) applyCard(sp, lookupMatches[now.value]);
        }).catch(function () {})
        .then(function () {
          release();
          if (lookupWait === wait) lookupWait = lookupRelease = null;
        });
    }, 120);
  }
  function applyCard(sp, m) {
    var d = draft.card;
    d.name = m.name;
    d.fields = {};
    Object.keys(m.fields || {}).forEach(function (k) { if (sp.card_fields && sp.card_fields[k]) d.fields[k] = m.fields[k]; });
    var filled = Object.keys(d.fields).map(function (k) { return cardFieldText(k, d.fields[k]); }).join(t("、"));
    d.note = filled ? t("「{name}」の項目を入れました: {fields}", { name: m.name, fields: filled })
      : t("「{name}」（このカードの数値はコーパスにありません）", { name: m.name });
    render();
    var add = document.getElementById("bf-add-card");
    if (add) add.focus();
  }

  // An action in the reader's words: 「A: ノードにセット（カード: 古の記憶）」; the YAML
  // keys stay in the file and in the button's data.
  function actionSummary(act) {
    var sp = model && specs[model.game];
    var spec = sp && sp.actions && sp.actions[act.do];
    var fields = (spec && spec.fields) || {};
    var parts = Object.keys(act).filter(function (k) { return k !== "player" && k !== "do"; })
      .map(function (k) {
        var v = act[k], f = fields[k] || {};
        var shown = isMapping(v) || Array.isArray(v) ? JSON.stringify(v)
          : ((f.option_labels || {})[v] || v);
        return t("{field}: {value}", { field: f.label || k, value: shown });
      });
    var what = (spec && spec.label) || act.do;
    return (act.player || "?") + ": " + what + (parts.length ? t("（{details}）", { details: parts.join(t("、")) }) : "");
  }

  function actionsFieldset(sp) {
    if (!Array.isArray(model.actions)) model.actions = [];
    var list = h("ol", { class: "action-list" });
    model.actions.forEach(function (act, i) {
      var buttons = [
        h("button", { type: "button", class: "small", "aria-label": t("{n}番目の行動を上へ", { n: i + 1 }), disabled: i === 0, text: "↑",
          onclick: function () { var a = model.actions.splice(i, 1)[0]; model.actions.splice(i - 1, 0, a); changed(true); } }),
        h("button", { type: "button", class: "small", "aria-label": t("{n}番目の行動を下へ", { n: i + 1 }), disabled: i === model.actions.length - 1, text: "↓",
          onclick: function () { var a = model.actions.splice(i, 1)[0]; model.actions.splice(i + 1, 0, a); changed(true); } }),
        h("button", { type: "button", class: "small", "aria-label": t("{n}番目の行動を削除", { n: i + 1 }), text: "×",
          onclick: function () { model.actions.splice(i, 1); changed(true); } })];
      list.appendChild(h("li", {}, [h("span", { class: "action-item" }, [h("code", { text: isMapping(act) ? actionSummary(act) : String(act) })].concat(buttons))]));
    });
    var d = draft.action;
    var names = Object.keys(sp.actions || {});
    if (!d.player || players().indexOf(d.player) < 0) d.player = setup().active || players()[0];
    if (!d.do || names.indexOf(d.do) < 0) d.do = names.indexOf("attack") >= 0 ? "attack" : names[0];
    var who = select(players(), d.player, function () { d.player = who.value; });
    var what = select(names.map(function (n) { return [n, (sp.actions[n].label || n)]; }), d.do, function () { d.do = what.value; d.fields = {}; render(); focusById("bf-action-do"); });
    what.id = "bf-action-do";
    var message = h("p", { class: "form-note", role: "status", "aria-live": "polite" });
    var act = (sp.actions || {})[d.do] || { fields: {} };
    var fieldNodes = Object.keys(act.fields).map(function (key) {
      var f = act.fields[key];
      var node = control(f.kind, optionPairs(f), d.fields[key], function () { d.fields[key] = readControl(f.kind, node); });
      node.setAttribute("data-action-field", key);
      if (f.doc) node.title = f.doc.replace(/`/g, "");
      return field(fieldLabel(f, key, f.required ? " *" : ""), node);
    });
    var add = h("button", { type: "button", class: "small", id: "bf-add-action", text: t("行動を追加"), onclick: function () {
      var missing = Object.keys(act.fields).filter(function (k) { return act.fields[k].required && d.fields[k] === undefined; });
      if (missing.length) { message.textContent = t("必須の項目: {fields}", { fields: missing.join(", ") }); message.className = "form-note bad"; return; }
      var out = { player: d.player, do: d.do };
      Object.keys(d.fields).forEach(function (k) { if (d.fields[k] !== undefined) out[k] = d.fields[k]; });
      model.actions.push(out);
      d.fields = {};
      changed(true);
      focusById("bf-add-action");
    } });
    return h("fieldset", {}, [h("legend", { text: t("行動") }),
      model.actions.length ? list : h("p", { class: "form-note", text: t("行動はまだありません。") }),
      h("div", { class: "form-row" }, [field(t("プレイヤー"), who), field(t("行動"), what)]),
      act.doc ? h("p", { class: "form-note" }, withCode(act.doc)) : null,
      fieldNodes.length ? h("div", { class: "form-row" }, fieldNodes) : null,
      h("div", { class: "form-row" }, [add]), message, legalMoves()]);
  }

  // The legal actions of the board after the actions so far (POST /api/moves), as
  // buttons: a judge taps through a disputed situation one legal action at a time.
  var movesSeq = 0;
  function legalMoves() {
    var box = h("div", { class: "legal-moves", id: "bf-moves", "aria-live": "polite" },
      [h("h3", { text: t("合法な行動") }), h("p", { class: "form-note", text: "…" })]);
    movesSeq += 1;
    var mine = movesSeq;
    fetch("/api/moves", { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" },
                          body: JSON.stringify({ scenario: model }) })
      .then(function (r) { return r.json().catch(function () { return { error: t("サーバーの応答を読めません（HTTP {status}）", { status: r.status }) }; }); })
      .then(function (res) {
        if (mine !== movesSeq) return;
        box.textContent = "";
        box.appendChild(h("h3", { text: t("合法な行動") }));
        if (!res.moves) {
          // never silent: say what the board still lacks (a card's DEF, a choice…)
          var why = [t("行動を調べられません: {error}", { error: res.error || "—" })];
          if (res.field) why.push(t("（項目 {field}）", { field: res.field }));
          if (res.accepted) why.push(t("使える値: {accepted}", { accepted: Array.isArray(res.accepted) ? res.accepted.join("、") : res.accepted }));
          box.appendChild(h("p", { class: "form-note bad", role: "status", id: "bf-moves-error", text: why.join(" ") }));
          return;
        }
        if (res.winner) box.appendChild(h("p", { class: "form-note", text: t("勝者: {player}", { player: res.winner }) }));
        var order = players().slice().sort(function (a, b) { return (b === res.active) - (a === res.active); });
        order.forEach(function (p) {
          var mineMoves = res.moves.filter(function (m) { return m.player === p; });
          if (!mineMoves.length) return;
          box.appendChild(h("p", { class: "form-note", text: p === res.active ? t("{player}（ターンプレイヤー）", { player: p }) : p }));
          box.appendChild(h("ul", { class: "inline-list move-list" }, mineMoves.map(function (m) {
            return h("li", {}, [h("button", { type: "button", class: "small move", title: m.rule + (m.clause ? " " + m.clause : ""),
              "data-rule": m.rule, text: actionSummary(m.action),
              onclick: function () { model.actions.push(m.action); changed(true); } })]);
          })));
        });
      }).catch(function () {
        if (mine !== movesSeq) return;
        box.appendChild(h("p", { class: "form-note bad", role: "status", text: t("行動を調べられません（接続できません）") }));
      });
    return box;
  }

  function focusById(id) { var node = document.getElementById(id); if (node) node.focus(); }

  function loadCardNames(game) {
    if (cardNames[game]) return;
    cardNames[game] = [];
    fetch("/api/games/" + encodeURIComponent(game) + "/cards", { headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : { cards: [] }; })
      .then(function (body) {
        cardNames[game] = body.cards || [];
        var old = document.getElementById("bf-card-names");
        if (old) old.replaceWith(datalist("bf-card-names", cardNames[game]));
      }).catch(function () {});
  }

  // --- sync with the YAML ---------------------------------------------------------------
  function post(body) {
    seq += 1;
    var mine = seq;
    return fetch("/api/scenario", { method: "POST", headers: { "Content-Type": "application/json", Accept: "application/json" }, body: JSON.stringify(body) })
      .then(function (r) { return r.json(); })
      .then(function (res) { if (mine < applied) return null; applied = mine; return res; });
  }

  function changed(structural) {
    formDirty = true;
    if (structural) render();
    clearTimeout(pushTimer);
    pushTimer = setTimeout(pushData, structural ? 0 : 300);
  }

  function pushData() {
    clearTimeout(pushTimer);
    var snapshot = JSON.parse(JSON.stringify(model));
    pending = post({ data: snapshot }).then(function (res) {
      formDirty = false;
      pending = null;
      if (!res) return;
      yamlEl.value = res.yaml;
      showState(res);
    }).catch(function () { formDirty = false; status(t("サーバーに届きませんでした。"), true); });
    return pending;
  }

  function pullYaml() {
    clearTimeout(pullTimer);
    pullTimer = null;
    pending = post({ yaml: yamlEl.value }).then(function (res) {
      pending = null;
      if (!res) return;
      model = isMapping(res.data) ? res.data : null;
      render();
      showState(res);
    }).catch(function () { status(t("サーバーに届きませんでした。"), true); });
    return pending;
  }

  function status(text, bad) {
    statusEl.textContent = text;
    statusEl.className = "yaml-status " + (bad ? "bad" : "good");
  }

  function showState(res) {
    var err = res.error;
    if (err) {
      status((err.line ? t("{n}行目: ", { n: err.line }) : "") + (err.field ? err.field + ": " : "") + err.error +
        (err.accepted ? t("（使える値: {accepted}）", { accepted: err.accepted }) : ""), true);
    } else {
      status(t("シナリオは正しく読めます。"), false);
    }
    drawGutter(err && err.line);
    if (res.permalink) {
      var url = location.origin + res.permalink;
      permalinkEl.value = url;
      openLinkEl.href = url;
    }
  }

  function drawGutter(errLine) {
    var n = Math.max(1, yamlEl.value.split("\n").length);
    gutterEl.textContent = "";
    for (var i = 1; i <= n; i += 1) {
      gutterEl.appendChild(h("span", { class: i === errLine ? "err" : null, text: String(i) }));
    }
    gutterEl.scrollTop = yamlEl.scrollTop;
  }

  yamlEl.addEventListener("input", function () {
    drawGutter(null);
    clearTimeout(pullTimer);
    pullTimer = setTimeout(pullYaml, 400);
  });
  yamlEl.addEventListener("scroll", function () { gutterEl.scrollTop = yamlEl.scrollTop; });
  // Tab moves on to Run and Copy like everywhere else (the keyboard must reach them);
  // indentation is typed with spaces, or Ctrl+] / Ctrl+[ indents and outdents the line.
  yamlEl.addEventListener("keydown", function (ev) {
    if (!(ev.ctrlKey || ev.metaKey) || (ev.key !== "]" && ev.key !== "[")) return;
    ev.preventDefault();
    var s = yamlEl.selectionStart, v = yamlEl.value;
    var lineStart = v.lastIndexOf("\n", s - 1) + 1;
    if (ev.key === "]") yamlEl.setRangeText("  ", lineStart, lineStart, "end");
    else if (v.slice(lineStart, lineStart + 2) === "  ") yamlEl.setRangeText("", lineStart, lineStart + 2, "end");
    yamlEl.dispatchEvent(new Event("input"));
  });

  // Enter (or a phone keyboard's Go) in a field of the form never submits the whole
  // board: in the card name it places the card, elsewhere it does nothing.
  benchEl.addEventListener("keydown", function (ev) {
    if (ev.key !== "Enter" || ev.isComposing) return;
    var el = ev.target;
    if (!el || el.tagName !== "INPUT" || el.type === "submit" || el.type === "button") return;
    ev.preventDefault();
    if (el.dataset && el.dataset.enter) {
      var target = document.getElementById(el.dataset.enter);
      if (target) target.click();
    }
  });

  benchEl.addEventListener("submit", function (ev) {
    if (resubmitting) { resubmitting = false; return; }
    if (!formDirty && !pullTimer && !pending) return;
    ev.preventDefault();
    var submitter = ev.submitter;
    var wait = formDirty ? pushData() : (pullTimer ? pullYaml() : pending);
    Promise.resolve(wait).catch(function () {}).then(function () {
      pending = null; pullTimer = null;
      resubmitting = true;
      if (benchEl.requestSubmit) benchEl.requestSubmit(submitter || undefined); else benchEl.submit();
    });
  });

  // The rulings' scenarios: fetched (the page /board/scenarios, parsed inertly) when the
  // "start" panel opens, so the board's every page does not carry the list.
  var startEl = document.querySelector("details.start");
  var scenariosAsked = false;
  function loadScenarios() {
    var link = document.getElementById("scenario-link");
    if (scenariosAsked || !link) return;
    scenariosAsked = true;
    fetch(link.href, { headers: { Accept: "text/html" } })
      .then(function (r) { return r.ok ? r.text() : ""; })
      .then(function (html) {
        var list = html && new DOMParser().parseFromString(html, "text/html").getElementById("scenario-list");
        if (!list) { scenariosAsked = false; return; }
        link.parentNode.after(document.importNode(list, true));
      }).catch(function () { scenariosAsked = false; });
  }
  if (startEl) {
    startEl.addEventListener("toggle", function () { if (startEl.open) loadScenarios(); });
    if (startEl.open) loadScenarios();
  }

  var copy = document.getElementById("copy-permalink");
  if (copy) copy.addEventListener("click", function () {
    permalinkEl.select();
    var done = function () { copy.textContent = t("コピーしました"); setTimeout(function () { copy.textContent = t("コピー"); }, 2000); };
    if (navigator.clipboard && navigator.clipboard.writeText) navigator.clipboard.writeText(permalinkEl.value).then(done, function () { document.execCommand("copy"); done(); });
    else { document.execCommand("copy"); done(); }
  });

  // After a run (a POST), the address becomes the permalink: reloading or bookmarking
  // the page gives the same board.
  if (boot.origin === "posted" && boot.permalink && window.history && history.replaceState) {
    try {
      var u = new URL(boot.permalink, location.href);
      history.replaceState(null, "", u.pathname + u.search + "#result");
    } catch (e) { /* keep the address */ }
  }
  if (boot.error && boot.error.line) {
    var lines = yamlEl.value.split("\n");
    var start = lines.slice(0, boot.error.line - 1).join("\n").length + (boot.error.line > 1 ? 1 : 0);
    yamlEl.setSelectionRange(start, start + (lines[boot.error.line - 1] || "").length);
  }
  render();
  drawGutter(boot.error && boot.error.line);
})();
