/* The server's Japanese analysis, in the browser (judge/search/analysis.py, query.py).
 *
 * Every rule here mirrors a Python function of the same name, and every table it reads
 * (the folds, the patterns, the filters, the limits) is Python's own: judge/search/tables.py,
 * in the bundle as "tables", handed to configure() when the bundle opens.  Node compares
 * the two on every relevance query (tests/search/test_offline_parity.py), Chromium on the
 * real corpus.  No tokenizer of our own: NFKC, the extra folds, katakana -> hiragana,
 * the pieces (ids kept whole, words, Japanese runs), bigrams, readings and the query
 * language are the server's.
 */
(function (root) {
  "use strict";

  var T = null;                     // the search's tables (judge/search/tables.py)
  var K = null;                     // its modules' other constants (judge/offline/constants.py)
  var RE = {};                      // its patterns, compiled (judge/offline/patterns.py)
  var KANA_LO, KANA_HI, KANA_SHIFT, SMALL = {};
  function escapeRe(s) { return s.replace(/[\\^$.*+?()[\]{}|\/-]/g, "\\$&"); }
  /* Read the tables, patterns and constants (the bundle's "tables", "patterns" and
   * "constants", written by judge/search/tables.py, judge/offline/patterns.py and
   * judge/offline/constants.py). */
  function configure(tables, patterns, constants) {
    T = tables;
    K = constants;
    RE = {};
    for (var name in patterns) RE[name] = new RegExp(patterns[name][0], patterns[name][1]);
    KANA_LO = T.KATAKANA_FOLDED[0]; KANA_HI = T.KATAKANA_FOLDED[1]; KANA_SHIFT = T.KANA_SHIFT;
    var small = Array.from(T.SMALL_KANA[0]), large = Array.from(T.SMALL_KANA[1]);
    SMALL = {};
    small.forEach(function (c, i) { SMALL[c] = large[i]; });
  }
  /* A pattern of the bundle by its name; a global one starts from the text's start. */
  function re(name) { var r = RE[name]; r.lastIndex = 0; return r; }

  function foldKana(text) {
    if (!re("KATAKANA").test(text)) return text;
    var out = "", chunk = [];
    for (var i = 0; i < text.length; i++) {
      var c = text.charCodeAt(i);
      chunk.push(c >= KANA_LO && c <= KANA_HI ? c - KANA_SHIFT : c);
      if (chunk.length === 4096) { out += String.fromCharCode.apply(null, chunk); chunk = []; }
    }
    return out + String.fromCharCode.apply(null, chunk);
  }

  /* analysis.normalize: NFKC, wave dashes and minus signs unified, lower case, kana. */
  function normalize(text, fold) {
    var out = String(text).normalize("NFKC");
    out = out.replace(re("EXTRA"), function (c) { return T.EXTRA_FOLD[c]; });
    out = out.toLowerCase();
    return fold === false ? out : foldKana(out);
  }

  /* highlight.needle: the normal form without white space. */
  function needle(text) { return normalize(text).replace(/\s+/g, ""); }


  /* corpus.ids.fold: NFKC, dashes unified, spaces removed. */
  function fold(text) {
    return String(text).normalize("NFKC").replace(re("DASHES"), "-").replace(/\s+/g, "");
  }
  /* corpus.ids.id_key: a typed number as an entry's key (its prefix and digits, ID_KEYS) */
  function idKey(kind, number) {
    var form = K.ID_KEYS[kind], digits = String(parseInt(number, 10));
    while (digits.length < form[1]) digits = "0" + digits;
    return form[0] + digits;
  }
  function qaKey(typed) {
    var m = re("ID_QA").exec(fold(typed));
    return m ? idKey("qa", m[1]) : null;
  }
  function cardNumberKey(typed) {
    var m = re("ID_CARD_NUMBER").exec(fold(typed));
    return m ? idKey("no", m[1]) : null;
  }

  /* analysis.id_form: the id kinds of tables.PIECE_IDS with a key of their own */
  function idForm(kind, raw) {
    if (kind === "qa") return (qaKey(raw) || raw).toLowerCase();
    if (kind === "no") return (cardNumberKey(raw) || raw).toLowerCase();
    if (kind === "pr") return idKey(kind, raw.replace(/\D/g, ""));
    return raw;
  }

  /* analysis.pieces: ids, words and Japanese runs of a normal text. */
  function pieces(normal) {
    var out = [], m, PIECE = re("PIECE");
    while ((m = PIECE.exec(normal)) !== null) {
      var g = m.groups, kind, text = m[0];
      for (kind in g) if (g[kind] !== undefined) break;
      if (kind !== "word" && kind !== "ja")
        out.push({kind: "id", text: idForm(kind, text), start: m.index, end: m.index + text.length});
      else if (kind === "ja")
        out.push({kind: "ja", text: text.replace(/\s+/g, ""), start: m.index, end: m.index + text.length});
      else out.push({kind: "word", text: text, start: m.index, end: m.index + text.length});
    }
    return out;
  }

  function chars(s) { return Array.from(s); }

  /* analysis.query_grams */
  function queryGrams(run) {
    var c = chars(run);
    if (c.length === 1) return [run];
    var out = [];
    for (var i = 0; i < c.length - 1; i++) out.push(c[i] + c[i + 1]);
    return out;
  }

  /* analysis.phrase_terms */
  function phraseTerms(text) {
    var terms = [];
    pieces(normalize(text)).forEach(function (p) {
      if (p.kind === "ja") terms.push.apply(terms, queryGrams(p.text));
      else terms.push(p.text);
    });
    return terms;
  }

  function isKana(text) {
    return re("ALL_KANA").test(normalize(text, false).split(" ").join(""));
  }
  function toKatakana(text) {
    return text.replace(re("HIRAGANA_FOLDED"), function (c) {
      return String.fromCharCode(c.charCodeAt(0) + KANA_SHIFT);
    });
  }
  function devoice(kana) {
    return kana.normalize("NFD").replace(re("VOICED"), "").replace(re("SMALL"), function (c) { return SMALL[c]; });
  }
  function kanaReading(text) { return devoice(foldKana(normalize(text)).split(" ").join("")); }

  /* --- morphemes: MeCab's words, from the corpus's own vocabulary (offline/morph.py) --- */
  function Morph(vocab, forms) {
    this.words = vocab.words || {};
    this.kata = vocab.kata || {};
    this.runs = vocab.runs || {};
    this.forms = forms || {};
    this.context = vocab.context || {};
    this.okurigana = vocab.okurigana || {};
    this.guessed = Object.create(null);
    this.posOf = vocab.pos || {};
    // the words' counts together, the longest word and okurigana (offline/morph.py)
    this.total = vocab.total || 1;
    this.longest = vocab.longest || 1;
    this.endingLongest = vocab.ending_longest || 0;
    this.cache = new Map();
  }
  /* The script of a character as MeCab's character classes read it (offline/morph.py
   * SCRIPTS): an unknown stretch is one script's. */
  function script(c) {
    var code = c.charCodeAt(0), scripts = K.MORPH_SCRIPTS;
    for (var i = 0; i < scripts.length; i++)
      if (code >= scripts[i][1] && code <= scripts[i][2]) return scripts[i][0];
    return "";
  }
  /* The likeliest split of a stretch into words the corpus's MeCab output knows (cost:
   * -log of the word's frequency); an unknown stretch of one script is one word, as
   * MeCab makes of unknown words. */
  Morph.prototype.split = function (text) {
    var n = text.length, best = [0], back = [0], UNKNOWN = T.MORPH_UNKNOWN[0], PER_CHAR = T.MORPH_UNKNOWN[1];
    for (var i = 1; i <= n; i++) { best.push(Infinity); back.push(-1); }
    for (var a = 0; a < n; a++) {
      if (best[a] === Infinity) continue;
      for (var b = a + 1; b <= Math.min(n, a + this.longest); b++) {
        var s = text.slice(a, b);
        if (!Object.prototype.hasOwnProperty.call(this.words, s)) continue;
        var cost = best[a] - Math.log((this.words[s][2] || 1) / this.total);
        if (cost < best[b]) { best[b] = cost; back[b] = a; }
      }
      this.guess(text, a, best, back);
      var sc = script(text[a]);
      for (var k = a + 1; k <= n && (k === a + 1 || script(text[k - 1]) === sc); k++) {
        var unknown = best[a] + UNKNOWN + PER_CHAR * (k - a);
        if (unknown < best[k]) { best[k] = unknown; back[k] = a; }
      }
    }
    var parts = [], at = n;
    while (at > 0) { parts.push(text.slice(back[at], at)); at = back[at]; }
    return parts.reverse();
  };
  /* A verb the corpus never writes (足りない): a kanji stretch no word starts with, then
   * kana that end a verb (offline/morph.py okurigana): one word, read as that verb, at
   * the cost of one unknown word. */
  Morph.prototype.guess = function (text, a, best, back) {
    var j = a;
    var KANJI = re("KANJI");
    while (j < text.length && KANJI.test(text[j])) j++;
    if (j === a || (a > 0 && KANJI.test(text[a - 1]))) return;
    for (var b = a + 1; b <= j; b++) if (own(this.words, text.slice(a, b))) return;
    for (var k = j + 1; k <= Math.min(text.length, j + this.endingLongest); k++) {
      var ending = own(this.okurigana, text.slice(j, k));
      if (!ending || best[a] + T.MORPH_UNKNOWN[0] >= best[j + ending[0].length]) continue;
      var surface = text.slice(a, j) + ending[0];
      this.guessed[surface] = [1, text.slice(a, j) + ending[1], 1];
      best[j + ending[0].length] = best[a] + T.MORPH_UNKNOWN[0];
      back[j + ending[0].length] = a;
    }
  };
  Morph.prototype.pos = function (surface) {
    return surface === undefined ? "" : own(this.posOf, surface) || "?";
  };
  Morph.prototype.info = function (surface) {
    return own(this.words, surface) || own(this.guessed, surface) || null;
  };
  Morph.prototype.mecab = function (text, out) {
    var parts = this.split(text);
    for (var p = 0; p < parts.length; p++) {
      var info = this.info(parts[p]);
      if (!info) out.push([parts[p], null]);
      else if (info[0]) out.push([parts[p], info[1] || null]);
    }
  };
  /* question._japanese: a run's content words and the words that only ask, by each
   * word's role in a question (question.role, written per corpus word by offline/morph.py). */
  Morph.prototype.questionWords = function (run, content, dropped) {
    var at = 0, m, self = this, forms = this.forms;
    function words(text) {
      // a common question ending (tables.QUESTION_FORMS) read as the server reads it,
      // where the likeliest split puts a word's start (not したら inside 出したら)
      var parts = self.split(text), starts = {}, at = 0, found = null;
      parts.forEach(function (part) { starts[at] = true; at += part.length; });
      for (var f in forms) {
        for (var i = text.indexOf(f); i >= 0; i = text.indexOf(f, i + 1)) {
          if (!starts[i]) continue;
          if (!found || f.length > found[1].length || (f.length === found[1].length && i < found[0]))
            found = [i, f];
          break;
        }
      }
      if (found) {
        if (found[0] > 0) words(text.slice(0, found[0]));
        forms[found[1]].forEach(function (r) {
          if (r[0] === "content") content.push(r[1]);
          else if (r[0] === "dropped") dropped.push(r[1]);
        });
        if (found[0] + found[1].length < text.length) words(text.slice(found[0] + found[1].length));
        return;
      }
      parts.forEach(function (part, i) {
        var info = self.info(part), role = info ? info[3] : undefined;
        // a role that depends on the neighbours' parts of speech (offline/morph.py _contexts)
        // (MeCab reads through a space: a neighbour is the next word that is not one)
        var ctx = own(self.context, part), b = i - 1, a = i + 1;
        while (b >= 0 && !parts[b].trim()) b--;
        while (a < parts.length && !parts[a].trim()) a++;
        var before = "<" + self.pos(parts[b]), after = ">" + self.pos(parts[a]);
        if (ctx) [before + after, after, before].some(function (k) {
          return own(ctx, k) !== undefined && ((role = ctx[k]), true);
        });
        if (role === 0) return;
        if (typeof role === "string") dropped.push(role);
        else if (Array.isArray(role)) content.push(role[0]);
        else content.push(info && info[1] || part);
      });
    }
    var KATA_RUN = re("KATAKANA_RUN");
    while ((m = KATA_RUN.exec(run)) !== null) {
      if (m.index > at) words(run.slice(at, m.index));
      content.push(m[0]);
      at = m.index + m[0].length;
    }
    if (at < run.length) words(run.slice(at));
  };
  /* analysis._words: katakana runs whole (with lemma and noun parts), the rest by MeCab. */
  Morph.prototype.runWords = function (run) {
    var out = [], at = 0, m;
    // a run the server's MeCab reading of is in the bundle (offline/morph.py)
    if (Object.prototype.hasOwnProperty.call(this.runs, run))
      return this.runs[run].map(function (w) { return [w[0], w[1] || null]; });
    var KATA_RUN = re("KATAKANA_RUN");
    while ((m = KATA_RUN.exec(run)) !== null) {
      if (m.index > at) this.mecab(run.slice(at, m.index), out);
      var word = m[0], info = this.kata[word] || [""];
      out.push([word, info[0] || null]);
      for (var p = 1; p < info.length; p++) out.push([info[p], null]);
      at = m.index + word.length;
    }
    if (at < run.length) this.mecab(run.slice(at), out);
    return out;
  };
  /* analysis.morph_words */
  Morph.prototype.morphWords = function (text) {
    if (this.cache.has(text)) return this.cache.get(text);
    var out = [], self = this;
    pieces(normalize(text, false)).forEach(function (p) {
      if (p.kind !== "ja") { out.push([p.text]); return; }
      self.runWords(p.text).forEach(function (sb) {
        var forms = [foldKana(sb[0])];
        if (sb[1] && foldKana(sb[1]) !== forms[0]) forms.push(foldKana(sb[1]));
        out.push(forms);
      });
    });
    this.cache.set(text, out);
    return out;
  };

  /* --- the query language (query.py) ------------------------------------------------ */

  function isSpace(c) { return /\s/.test(c); }
  /* obj[key] when obj has it itself (a query may be "constructor" or "__proto__"). */
  function own(obj, key) {
    return Object.prototype.hasOwnProperty.call(obj, key) ? obj[key] : undefined;
  }

  function clean(raw) {
    var notices = [];
    var text = typeof raw === "string" ? raw : String(raw || "");
    if (re("CONTROL").test(text)) {
      text = text.replace(re("CONTROL"), " ");
      notices.push(say("control characters in the query were ignored"));
    }
    text = text.normalize("NFKC").replace(re("SPACED_ID"), function (_, a, b) { return a + b; });
    var c = chars(text);
    if (c.length > T.MAX_QUERY_CHARS) {
      text = c.slice(0, T.MAX_QUERY_CHARS).join("");
      notices.push(say("the query was cut to its first {limit} characters", {limit: T.MAX_QUERY_CHARS}));
    }
    return [text.trim(), notices];
  }

  function lex(text, notices) {
    var tokens = [], i = 0, n = text.length, unbalanced = false;
    while (i < n) {
      var ch = text[i];
      if (isSpace(ch)) { i++; continue; }
      var prefix = "";
      var m = re("FILTER_PREFIX").exec(text.slice(i));
      if (m && (T.FILTERS.indexOf(m[1].toLowerCase()) >= 0 || own(T.FILTER_ALIASES, m[1]))) {
        prefix = m[0];
        i += prefix.length;
      } else if (ch === "-" && i + 1 < n && !isSpace(text[i + 1])) {
        prefix = "-";
        i += 1;
      }
      if (i < n && own(T.OPEN_QUOTES, text[i]) !== undefined) {
        var close = T.OPEN_QUOTES[text[i]];
        var end = text.indexOf(close, i + 1);
        var fallback = own(T.QUOTE_FALLBACK, text[i]);
        if (end < 0 && fallback !== undefined) end = text.indexOf(fallback, i + 1);
        if (end < 0) {
          unbalanced = true;
          i += 1;
          if (prefix) tokens.push([prefix, "", false]);
          continue;
        }
        tokens.push([prefix, text.slice(i + 1, end), true]);
        i = end + 1;
        continue;
      }
      var j = i;
      while (j < n && !isSpace(text[j]) && own(T.OPEN_QUOTES, text[j]) === undefined) j++;
      tokens.push([prefix, text.slice(i, j), false]);
      i = j;
    }
    if (unbalanced) notices.push(say("a quotation mark had no partner: the words were searched one by one"));
    return tokens;
  }

  function strip(s) { return s.replace(/^\s+|\s+$/g, ""); }

  function parseDay(value, end) {
    var v = Array.from(strip(value)).map(function (c) {
      var f = own(T.DAY_FOLD, c);
      return f === undefined ? c : f;
    }).join("").replace(/^-+|-+$/g, "");
    var m = re("DAY").exec(v);
    if (!m) return null;
    var y = +m[1], mo = m[2], d = m[3];
    function valid(yy, mm, dd) {
      var t = new Date(Date.UTC(yy, mm - 1, dd));
      return t.getUTCFullYear() === yy && t.getUTCMonth() === mm - 1 && t.getUTCDate() === dd && yy >= 1;
    }
    if (d) return valid(y, +mo, +d) ? y * 10000 + (+mo) * 100 + (+d) : null;
    if (mo) {
      var month = +mo;
      if (month < 1 || month > 12) return null;
      if (end) {
        var last = new Date(Date.UTC(y, month, 0)).getUTCDate();
        return y * 10000 + month * 100 + last;
      }
      return y * 10000 + month * 100 + 1;
    }
    return end ? y * 10000 + 1231 : y * 10000 + 101;
  }

  function example(name, games) {
    var first = T.FILTER_EXAMPLE_GAME;
    for (var k in games) { first = games[k]; break; }
    return T.FILTER_EXAMPLES[name].replace("{game}", first);
  }

  function applyFilter(pq, name, value, games) {
    name = own(T.FILTER_ALIASES, name) || name.toLowerCase();
    if (!value) { pq.notices.push(say("{name}: needs a value (e.g. {value}); ignored", {name: name, value: example(name, games)})); return; }
    if (name === "game") {
      var g = own(games, value.normalize("NFKC").toLowerCase());
      if (g) pq.games.push(g);
      else {
        var ids = [];
        for (var k in games) if (ids.indexOf(games[k]) < 0) ids.push(games[k]);
        pq.notices.push(say("game:{value} is not a game ({ids}); ignored", {value: value, ids: ids.join(", ")}));
      }
    } else if (name === "kind") {
      var k = own(T.QUERY_KINDS, value.toLowerCase());
      if (k) pq.kinds.push(k);
      else pq.notices.push(say("kind:{value} is not a kind (rule, qa, term, card); ignored", {value: value}));
    } else if (name === "card") pq.cards.push(value);
    else if (name === "rule") pq.rules.push(value);
    else {
      var day = parseDay(value, name === "after");
      if (day === null) pq.notices.push(say("{name}:{value} is not a date (YYYY-MM-DD, YYYY-MM or YYYY); ignored", {name: name, value: value}));
      else if (name === "before") pq.before = pq.before ? Math.min(pq.before, day) : day;
      else pq.after = pq.after ? Math.max(pq.after, day) : day;
    }
  }

  /* query.parse: never throws.  ``games``: what a judge may type for a game -> its id
   * (judge.corpus.alias_table of the corpus's games.yaml, shipped in the bundle). */
  function parse(raw, games) {
    games = games || {};
    var c = clean(raw), text = c[0];
    var pq = {raw: String(raw), groups: [], excluded: [], games: [], kinds: [], cards: [],
      rules: [], before: null, after: null, notices: c[1]};
    var pendingOr = false, dropped = [];
    lex(text, pq.notices).forEach(function (tok) {
      var prefix = tok[0], value = strip(tok[1]), quoted = tok[2];
      if (prefix.slice(-1) === ":") { applyFilter(pq, prefix.slice(0, -1), value, games); return; }
      // the operator words' rules (tables.QUERY_OPERATORS)
      var operator = quoted ? undefined : own(T.QUERY_OPERATORS, value);
      if (operator === "and") return;
      if (operator === "or") {
        pendingOr = pq.groups.length > 0;
        if (!pendingOr) dropped.push(value);
        return;
      }
      if (operator === "not") { dropped.push(value); return; }
      if (!value || !phraseTerms(value).length) {
        if (value || prefix) dropped.push(prefix + (quoted ? '"' + value + '"' : value));
        pendingOr = false;
        return;
      }
      var term = {text: value.replace(/\s+/g, " "), phrase: quoted};
      if (prefix === "-") pq.excluded.push(term);
      else if (pendingOr) pq.groups[pq.groups.length - 1].push(term);
      else pq.groups.push([term]);
      pendingOr = false;
    });
    if (pendingOr) dropped.push(orWord());
    namedGame(pq, games);
    if (dropped.length) pq.notices.push(say("ignored (nothing to search for): {shown}", {shown: dropped.join(" ").slice(0, T.DROPPED_SHOWN)}));
    var count = 0;
    pq.groups.forEach(function (g) { count += g.length; });
    var MAX_TERMS = T.MAX_TERMS;
    if (count > MAX_TERMS) {
      var kept = [], n = 0;
      for (var i = 0; i < pq.groups.length; i++) {
        if (n + pq.groups[i].length > MAX_TERMS) break;
        kept.push(pq.groups[i]);
        n += pq.groups[i].length;
      }
      pq.groups = kept;
      pq.notices.push(say("only the first {limit} words were used", {limit: MAX_TERMS}));
    }
    var hasFilters = pq.games.length || pq.kinds.length || pq.cards.length || pq.rules.length || pq.before || pq.after;
    pq.hasFilters = !!hasFilters;
    if (!pq.groups.length && pq.excluded.length && !hasFilters)
      pq.notices.push(say("a query needs at least one word to look for, not only words to leave out"));
    pq.empty = !pq.groups.length && !hasFilters;
    return pq;
  }

  /* query._named_game: a game's title or alias typed among the words is its game:
   * filter, when other words remain (「<title>の融合素材…」, "… in <title>"). */
  /* str.isascii() */
  function ascii(text) { return /^[\x00-\x7f]*$/.test(text); }
  function namedGame(pq, games) {
    var terms = [];
    pq.groups.forEach(function (g) { g.forEach(function (t) { terms.push(t); }); });
    var unspaced = terms.length === 1 && !terms[0].phrase && !ascii(terms[0].text);
    if (pq.games.length || !(terms.length > 1 || unspaced) || pq.groups.length !== terms.length) return;
    var names = Object.keys(games).filter(function (k) { return k.length >= T.GAME_NAME_MIN; });
    names = names.map(function (k, i) { return [k, i]; })
      .sort(function (a, b) { return b[0].length - a[0].length || a[1] - b[1]; })
      .map(function (x) { return x[0]; });
    if (!names.length) return;
    var words = terms.map(function (t) { return t.text.normalize("NFKC").toLowerCase(); });
    var found = null, size, i;
    for (size = T.GAME_NAME_WORDS; size >= 1; size--) {
      for (i = 0; i + size <= words.length; i++) {
        var joined = words.slice(i, i + size).join(" ");
        if (own(games, joined) && joined.length >= T.GAME_NAME_MIN && words.length > size &&
            !terms.slice(i, i + size).some(function (t) { return t.phrase; }))
          found = found || [joined, terms.slice(i, i + size).map(function (t) { return t.text; }).join(" "), i, i + size];
      }
    }
    if (found) pq.groups.splice(found[2], found[3] - found[2]);
    else {
      for (i = 0; i < terms.length; i++) {
        var term = terms[i], word = words[i];
        if (term.phrase || ascii(word) || own(games, word)) continue;
        var name = null;
        for (var j = 0; j < names.length; j++) {
          if (!ascii(names[j]) && word.indexOf(names[j]) >= 0 && word.length > names[j].length) { name = names[j]; break; }
        }
        if (name === null) continue;
        var at = word.indexOf(name);
        var rest = strip(word.slice(0, at) + " " + word.slice(at + name.length));
        if (!re("HOLDS_WORD").test(rest)) continue;
        var typed = term.text.length !== word.length ? term.text : term.text.slice(at, at + name.length);
        pq.groups[i] = [{text: rest, phrase: false}];
        found = [name, typed, i, i + 1];
        break;
      }
    }
    if (found) {
      pq.games.push(games[found[0]]);
      pq.notices.push(say("{name} names a game: searched in that game only", {name: found[1]}));
    }
  }

  /* the first word tables.QUERY_OPERATORS reads as "or" (OR), as ParsedQuery.text writes it */
  function orWord() {
    for (var w in T.QUERY_OPERATORS) if (T.QUERY_OPERATORS[w] === "or") return w;
  }
  function termText(t) { return t.phrase ? '"' + t.text + '"' : t.text; }
  function isoDay(n) {
    var s = String(n);
    return s.slice(0, 4) + "-" + s.slice(4, 6) + "-" + s.slice(6, 8);
  }
  function understood(pq) {
    var parts = pq.groups.map(function (g) { return g.map(termText).join(" " + orWord() + " "); });
    pq.excluded.forEach(function (t) { parts.push("-" + termText(t)); });
    pq.games.forEach(function (g) { parts.push("game:" + g); });
    pq.kinds.forEach(function (k) { parts.push("kind:" + k); });
    pq.cards.forEach(function (c) { parts.push("card:" + c); });
    pq.rules.forEach(function (r) { parts.push("rule:" + r); });
    if (pq.before) parts.push("before:" + isoDay(pq.before));
    if (pq.after) parts.push("after:" + isoDay(pq.after));
    return parts.join(" ");
  }

  // A notice is the server's message (its id, the English sentence with {fields}) and
  // its values, said in the page's language: speak() takes the catalogue's sentences the
  // page hands over (judge/offline/notices.py); without them (Node's parity run) it is
  // the English the server writes.  {name!r} is written as Python's repr writes a text.
  var SPOKEN = {};
  function speak(sentences) { SPOKEN = sentences || {}; }
  function pyRepr(s) {
    var q = s.indexOf("'") >= 0 && s.indexOf('"') < 0 ? '"' : "'";
    var out = s.replace(/\\/g, "\\\\").replace(/\n/g, "\\n").replace(/\r/g, "\\r")
      .replace(/\t/g, "\\t");
    return q + (q === "'" ? out.replace(/'/g, "\\'") : out) + q;
  }
  function say(id, params) {
    return (SPOKEN[id] || id).replace(/\{(\w+)(!r)?\}/g, function (m, name, r) {
      if (!params || !Object.prototype.hasOwnProperty.call(params, name)) return m;
      return r ? pyRepr(String(params[name])) : String(params[name]);
    });
  }

  root.JudgeAnalysis = {
    say: say, speak: speak,
    configure: configure, tables: function () { return T; }, re: re, escapeRe: escapeRe,
    constants: function () { return K; }, isAscii: ascii,
    normalize: normalize, needle: needle, foldKana: foldKana, fold: fold, pieces: pieces,
    queryGrams: queryGrams, phraseTerms: phraseTerms, isKana: isKana, toKatakana: toKatakana,
    kanaReading: kanaReading, qaKey: qaKey, cardNumberKey: cardNumberKey,
    Morph: Morph, parse: parse, own: own, understood: understood, chars: chars
  };
})(typeof self !== "undefined" ? self : this);
