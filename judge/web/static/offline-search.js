/* Offline search (オフライン検索): judge/search/searcher.py and matching.py, in the browser.
 *
 * Searches the bundle the server publishes (judge/offline/bundle.py: the index's own
 * postings and field lengths) with the server's matching and BM25 ranking: bitsets of
 * postings for AND/OR/NOT and filters, the in-a-row check, champion lists, the prior for
 * older revisions, ×2 for the entry named by the query, an id's entry pinned first, at
 * most two passages of one entry before the others'.  Returns the JSON of /api/search
 * (its urls relative to the site's root: "entry/<id>").
 * Needs offline-analysis.js and offline-text.js; offline-plan.js plans its queries.
 */
(function (root) {
  "use strict";
  var A = root.JudgeAnalysis;
  // C: the search's constants and tables (judge/search/tables.py, the bundle's "tables");
  // K: its modules' other constants (judge/offline/constants.py, the bundle's "constants")
  var C = null, K = null;

  /* --- bitsets: Uint32Array, bit d = passage d -------------------------------------- */
  function Bits(n) { this.n = n; this.w = new Uint32Array((n >> 5) + 1); }
  Bits.all = function (n) {
    var b = new Bits(n);
    for (var d = 0; d < n; d++) b.w[d >> 5] |= 1 << (d & 31);
    return b;
  };
  Bits.of = function (ids, n) {
    var b = new Bits(n);
    for (var i = 0; i < ids.length; i++) b.w[ids[i] >> 5] |= 1 << (ids[i] & 31);
    return b;
  };
  Bits.prototype.copy = function () { var b = new Bits(this.n); b.w.set(this.w); return b; };
  Bits.prototype.and = function (o) { var b = this.copy(); for (var i = 0; i < b.w.length; i++) b.w[i] &= o.w[i]; return b; };
  Bits.prototype.or = function (o) { var b = this.copy(); for (var i = 0; i < b.w.length; i++) b.w[i] |= o.w[i]; return b; };
  Bits.prototype.andNot = function (o) { var b = this.copy(); for (var i = 0; i < b.w.length; i++) b.w[i] &= ~o.w[i]; return b; };
  Bits.prototype.has = function (d) { return (this.w[d >> 5] >>> (d & 31)) & 1; };
  Bits.prototype.count = function () {
    var c = 0;
    for (var i = 0; i < this.w.length; i++) {
      var v = this.w[i];
      v = v - ((v >>> 1) & 0x55555555);
      v = (v & 0x33333333) + ((v >>> 2) & 0x33333333);
      c += (((v + (v >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
    }
    return c;
  };
  Bits.prototype.empty = function () { for (var i = 0; i < this.w.length; i++) if (this.w[i]) return false; return true; };
  Bits.prototype.members = function (limit) {
    var out = [];
    for (var i = 0; i < this.w.length; i++) {
      var v = this.w[i];
      while (v) {
        var t = v & -v, j = 31 - Math.clz32(t);
        out.push((i << 5) + j);
        if (limit !== undefined && out.length >= limit) return out;
        v ^= t;
      }
    }
    return out;
  };

  // df: the term's passages in the whole index (a partial bundle holds fewer: bundle.py)
  function Postings(ids, tfs, bits, df) { this.ids = ids; this.tfs = tfs; this.bits = bits; this.df = df || ids.length; }
  Postings.prototype.tf = function (d) {
    var lo = 0, hi = this.ids.length;
    while (lo < hi) { var mid = (lo + hi) >> 1; if (this.ids[mid] < d) lo = mid + 1; else hi = mid; }
    return lo < this.ids.length && this.ids[lo] === d ? (this.tfs ? this.tfs[lo] : 1) : 0;
  };

  function Index(bundle) {
    this.b = bundle;
    C = bundle.tables;
    K = bundle.constants;
    A.configure(C, bundle.patterns, K);
    var n = this.n = bundle.n;
    // BM25 reads the whole index's passage count (a partial bundle holds fewer)
    this.nAll = bundle.n_all || n;
    this.version = bundle.version;
    this.morph = new A.Morph(bundle.morph || {}, bundle.question_forms);
    this.gameIds = bundle.games.ids;
    this.gameAliases = bundle.games.aliases;
    var docs = bundle.docs, ents = bundle.entries;
    this.entryIds = ents.id;
    this.entryIndex = new Map();
    for (var i = 0; i < ents.id.length; i++) this.entryIndex.set(ents.id[i], i);
    this.prior = new Float64Array(n);
    var games = {}, kinds = {}, current = [], byEntry = new Map();
    for (var d = 0; d < n; d++) {
      var e = docs.entry[d];
      this.prior[d] = C.PRIOR[docs.rank[d]] || 1.0;
      (games[ents.game[e]] = games[ents.game[e]] || []).push(d);
      (kinds[ents.kind[e]] = kinds[ents.kind[e]] || []).push(d);
      if (docs.rank[d] !== K.RANK_OLDER) current.push(d);
      if (!byEntry.has(e)) byEntry.set(e, []);
      byEntry.get(e).push(d);
    }
    this.byEntry = byEntry;
    this.gameDocs = {}; this.kindDocs = {};
    for (var g in games) this.gameDocs[g] = Bits.of(games[g], n);
    for (var k in kinds) this.kindDocs[k] = Bits.of(kinds[k], n);
    this.current = Bits.of(current, n);
    this.norm = {};
    var self = this;
    K.LENGTH_FIELDS.forEach(function (f) {
      var fl = bundle.fields[f], total = fl.total, avg = (self.nAll && total) ? total / self.nAll : 1.0;
      var arr = new Float64Array(n);
      for (var d = 0; d < n; d++) arr[d] = C.K1 * (1 - C.B + C.B * (fl.len[d] || 1) / avg);
      self.norm[f] = arr;
    });
    var ids = new Float64Array(n); ids.fill(C.K1);
    this.norm.ids = ids;
    this.norm.title_yomi = this.norm.title_bi;
    this.cache = new Map();
    this.texts = null;
    this.vocab = null;
    this.nameMap = bundle.names;
    root.JudgeOfflineText.forget();
  }

  Index.prototype.memo = function (key, make) {
    var v = this.cache.get(key);
    if (v === undefined) { v = make(); this.cache.set(key, v); }
    return v;
  };
  Index.prototype.postings = function (field, term) {
    var self = this;
    return this.memo("p\u0000" + field + "\u0000" + term, function () {
      var raw = self.b.fields[field] && self.b.fields[field].terms[term];
      if (!raw || !Object.prototype.hasOwnProperty.call(self.b.fields[field].terms, term))
        return new Postings(new Int32Array(0), null, new Bits(self.n));
      var deltas = raw[0], ids = new Int32Array(deltas.length), last = 0;
      for (var i = 0; i < deltas.length; i++) { last += deltas[i]; ids[i] = last; }
      return new Postings(ids, raw[1] ? Float64Array.from(raw[1]) : null, Bits.of(ids, self.n), raw[2]);
    });
  };
  Index.prototype.docs = function (fields, term) {
    var out = new Bits(this.n);
    for (var i = 0; i < fields.length; i++) out = out.or(this.postings(fields[i], term).bits);
    return out;
  };
  Index.prototype.idf = function (field, term) {
    var df = this.postings(field, term).df;
    return Math.log(1 + (this.nAll - df + 0.5) / (df + 0.5));
  };
  Index.prototype.entryDocs = function (entryId) {
    var e = this.entryIndex.get(entryId);
    return e === undefined ? [] : (this.byEntry.get(e) || []);
  };
  /* Searcher._text_of: the title and passage in the normal form, for the in-a-row check. */
  Index.prototype.textOf = function (d) {
    if (this.texts === null) {
      // every passage at once: one native NFKC over the joined texts is many times
      // faster than one call per passage (the texts are separated by NUL, which NFKC
      // leaves alone)
      var all = [], titles = this.b.entries.title, entry = this.b.docs.entry;
      for (var i = 0; i < this.n; i++) all.push(titles[entry[i]] + "\n" + this.b.plain[i]);
      this.texts = A.normalize(all.join("\u0000")).replace(/[^\S\u0000]+/g, "").split("\u0000");
    }
    return this.texts[d];
  };

  /* The one-time work a first search would otherwise pay for: every passage's normal
   * text (the in-a-row check) and the did-you-mean vocabulary.  The search page runs it
   * when the browser is idle. */
  Index.prototype.prepare = function () {
    this.textOf(0);
    this.close("");
    return this;
  };

  /* --- words (matching.Word.of) ------------------------------------------------------- */
  Index.prototype.word = function (text, phrase) {
    var grams = A.phraseTerms(text);
    if (!grams.length) return null;
    var ids = A.pieces(A.normalize(text)).filter(function (p) { return p.kind === "id"; })
      .map(function (p) { return p.text; });
    var morphs = phrase ? [] : this.morph.morphWords(text);
    var yomi = [];
    if (!phrase && A.isKana(text)) {
      var typed = A.normalize(text, false), kata = this.morph.morphWords(A.toKatakana(typed));
      // MeCab's reading of the kana as typed is known for the corpus's words and names
      // (the bundle's runs) and is the split where every part is a word of the corpus
      // (いつまで: いつ + まで); where a part is none (ぐれいす: ぐ, which MeCab read as a
      // symbol, + れい + す), MeCab cuts it into words of its own (ぐれ + いす), never the
      // split's one content word (す): the word is looked up as the katakana word
      var morph = this.morph, read = A.own(morph.runs, typed) !== undefined ||
        morph.split(typed).every(function (part) {
          return !!morph.info(part) && C.NO_WORD_POS.indexOf(morph.pos(part)) < 0;
        });
      if (kata.length === 1 && (!read || morphs.length !== 1)) morphs = kata;
      var kr = A.kanaReading(text);
      yomi = A.chars(kr).length > 1 ? A.queryGrams(kr) : [];
    }
    return {text: text, phrase: !!phrase, grams: grams, morphs: morphs, ids: phrase ? [] : ids,
      needle: A.needle(text), morphNeedles: morphs.map(function (f) { return A.needle(f[0]); }),
      yomi: yomi};
  };

  /* The passages holding every one of the terms (each term's passages: docsOf). */
  Index.prototype.allOf = function (key, terms, docsOf) {
    var self = this;
    return this.memo(key + "\u0000" + terms.join("\u0001"), function () {
      var result = null;
      Array.from(new Set(terms)).some(function (t) {
        result = result ? result.and(docsOf(t)) : docsOf(t);
        return result.empty();
      });
      return result || Bits.all(self.n);
    });
  };
  Index.prototype.gramsDocs = function (grams) {
    var self = this;
    return this.allOf("g", grams, function (g) { return self.docs(C.FIELDS_BI, g); });
  };
  Index.prototype.morphDocs = function (forms) {
    var self = this;
    return this.memo("m\u0000" + forms.join("\u0001"), function () {
      var out = new Bits(self.n);
      forms.forEach(function (f) { out = out.or(self.docs(C.FIELDS_MO, f)); });
      return out;
    });
  };
  Index.prototype.yomiDocs = function (word) {
    var self = this;
    return this.allOf("y", word.yomi, function (g) { return self.postings("title_yomi", g).bits; });
  };
  /* The passages of bits (its first limit) whose text holds the needle. */
  Index.prototype.holding = function (bits, needle, limit) {
    var self = this;
    return bits.members(limit).filter(function (d) { return self.textOf(d).indexOf(needle) >= 0; });
  };
  /* A phrase: its bigrams narrow, then the phrase is looked for in the passage's text. */
  Index.prototype.phraseDocs = function (word) {
    var self = this;
    return this.memo("f\u0000" + word.grams.join("\u0001"), function () {
      var cands = self.gramsDocs(word.grams);
      if (word.grams.length === 1 || cands.empty()) return cands;
      return Bits.of(self.holding(cands, word.needle), self.n);
    });
  };
  Index.prototype.wordDocs = function (word) {
    if (word.phrase) return this.phraseDocs(word);
    var out = this.gramsDocs(word.grams), self = this;
    word.ids.forEach(function (i) { out = out.or(self.postings("ids", i).bits).or(self.docs(C.FIELDS_BI, i)); });
    if (word.yomi.length) out = out.or(this.yomiDocs(word));
    if (word.morphs.length === 1) out = out.or(this.morphDocs(word.morphs[0]));
    else if (word.morphs.length > 1) {
      var split = null;
      for (var k = 0; k < word.morphs.length; k++) {
        var forms = word.morphs[k];
        var m = this.morphDocs(forms).or(this.gramsDocs(A.phraseTerms(forms[0])));
        split = split ? split.and(m) : m;
        if (split.empty()) break;
      }
      out = out.or(split);
    }
    return out;
  };
  /* run.holding_every_group: each group of the query (an AND of ORs) has one of its
   * words in a row in the passage */
  Index.prototype.holdsEveryGroup = function (d, groups) {
    var self = this;
    return groups.every(function (group) {
      return group.some(function (w) { return self.inARow(d, w); });
    });
  };

  Index.prototype.inARow = function (d, word) {
    if (word.phrase) return true;
    for (var i = 0; i < word.ids.length; i++) if (this.postings("ids", word.ids[i]).bits.has(d)) return true;
    if (word.yomi.length && this.yomiDocs(word).has(d)) return true;
    var missing = [];
    for (var k = 0; k < word.morphs.length; k++)
      if (!this.morphDocs(word.morphs[k]).has(d)) missing.push(word.morphNeedles[k]);
    if (word.morphs.length && !missing.length) return true;
    var text = this.textOf(d);
    if (text.indexOf(word.needle) >= 0) return true;
    return word.morphs.length > 0 && missing.every(function (n) { return text.indexOf(n) >= 0; });
  };

  /* --- ranking ---------------------------------------------------------------------- */
  Index.prototype.terms = function (word) {
    var out = [], self = this;
    var grams = Array.from(new Set(word.grams));
    if (grams.length > C.SCORED_GRAMS) {
      grams = grams.map(function (g, i) { return [self.postings("body_bi", g).df, i, g]; })
        .sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; })
        .slice(0, C.SCORED_GRAMS).map(function (x) { return x[2]; });
    }
    var share = 1.0 / grams.length;
    grams.forEach(function (g) { out.push(["title_bi", g, share * C.TITLE_BOOST], ["body_bi", g, share]); });
    if (word.morphs.length === 1) {
      word.morphs[0].forEach(function (form) {
        out.push(["title_mo", form, C.BOOST_MORPH * C.TITLE_BOOST], ["body_mo", form, C.BOOST_MORPH]);
      });
    } else if (word.morphs.length) {
      var b = C.BOOST_MORPH * C.BOOST_SPLIT / word.morphs.length * 2;
      word.morphs.forEach(function (forms) {
        forms.forEach(function (form) { out.push(["title_mo", form, b * C.TITLE_BOOST], ["body_mo", form, b]); });
      });
    }
    word.ids.forEach(function (i) { out.push(["ids", i, C.BOOST_ID]); });
    if (word.yomi.length) {
      var s = 1.0 / word.yomi.length;
      Array.from(new Set(word.yomi)).forEach(function (g) { out.push(["title_yomi", g, s * C.TITLE_BOOST]); });
    }
    return out;
  };
  /* Matcher.champions: the server's own list for a common word (bundle.py), else every
   * passage of the term. */
  Index.prototype.champions = function (field, term) {
    var self = this;
    return this.memo("c\u0000" + field + "\u0000" + term, function () {
      var listed = A.own(self.b.fields[field].champions || {}, term);
      if (listed === undefined) return self.postings(field, term).bits;
      var ids = [], last = 0;
      for (var i = 0; i < listed.length; i++) { last += listed[i]; ids.push(last); }
      return Bits.of(ids, self.n);
    });
  };
  Index.prototype.score = function (pool, terms) {
    var scores = new Map();
    pool.forEach(function (d) { scores.set(d, 0.0); });
    var poolBits = Bits.of(pool, this.n), k = C.K1 + 1;
    for (var t = 0; t < terms.length; t++) {
      var field = terms[t][0], term = terms[t][1], boost = terms[t][2];
      var p = this.postings(field, term);
      if (!p.ids.length) continue;
      var w = this.idf(field, term) * boost * k, norm = this.norm[field];
      var hit = p.bits.and(poolBits).members();
      for (var i = 0; i < hit.length; i++) {
        var d = hit[i], tf = p.tf(d);
        scores.set(d, scores.get(d) + w * tf / (tf + norm[d]));
      }
    }
    return scores;
  };
  Index.prototype.pool = function (cands, count, terms, want) {
    if (count <= C.SCORE_ALL) return cands.members();
    var champs = new Bits(this.n), self = this;
    terms.forEach(function (t) { champs = champs.or(self.champions(t[0], t[1])); });
    var chosen = cands.and(champs).members();
    if (chosen.length < want) chosen = chosen.concat(cands.andNot(champs).members(want * 2));
    return chosen;
  };

  /* --- the search (Searcher._search) ------------------------------------------------ */
  Index.prototype.search = function (query, opts) {
    opts = opts || {};
    var text = typeof query === "string" ? query : (query == null ? "" : String(query));
    var result = {query: text, total: 0, results: [], facets: {game: {}, kind: {}},
      did_you_mean: [], notices: [], redirect: null, understood: "", offset: 0};
    var limit = Math.max(1, Math.min(parseInt(opts.limit || K.SEARCH_LIMIT, 10) || K.SEARCH_LIMIT, C.MAX_LIMIT));
    var offset = Math.max(0, parseInt(opts.offset || 0, 10) || 0);
    result.offset = offset;
    // a results page's search (Searcher.search's depth and exact_count): the ranking as
    // deep as for `depth` hits; a question's small result counted as its ranking keeps it
    Object.defineProperty(result, "asked", {value: {depth: opts.depth || 0, exact: !!opts.exact}});
    var game = opts.game || null, kind = opts.kind || null;
    if (game && this.gameIds.indexOf(game) < 0) {
      result.notices.push(A.say("game {game!r} is not one of {known}; searching every game",
                                {game: game, known: this.gameIds.slice().sort().join(", ")}));
      game = null;
    }
    if (kind && C.KINDS.indexOf(kind) < 0) {
      result.notices.push(A.say("kind {kind!r} is not one of {known}; searching every kind",
                                {kind: kind, known: C.KINDS.join(", ")}));
      kind = null;
    }
    var pq = A.parse(text, this.gameAliases);
    result.notices = result.notices.concat(pq.notices);
    result.understood = A.understood(pq);
    if (pq.empty) {
      if (!text.trim()) result.notices.push(A.say('type a word, a "phrase", or a number such as QA-337, 6.5.3.b or No.075'));
      else if (!pq.notices.length) result.notices.push(A.say("nothing to search for in this query"));
      return this.finish(result);
    }
    var pin = this.redirect(pq, game, result.notices);
    if (pin) result.redirect = pin;
    var filt = this.filters(pq);
    var plan = this.plan(pq);
    if (!plan.groups.length && filt === null) return this.finish(result);
    // the searches of tables.SEARCH_STEPS in their order, until one finds a passage
    var search = {pq: pq, plan: plan, filt: filt, game: game, kind: kind, limit: limit,
      offset: offset, pin: pin, asked: pin ? null : this.asks(pq), result: result};
    for (var s = 0; s < C.SEARCH_STEPS.length; s++)
      if (STEPS[C.SEARCH_STEPS[s]].call(this, search)) break;
    if (result.total === 0 && !result.did_you_mean.length && !result.notices.length)
      result.notices.push(result.nothing = A.say("nothing matches {query!r}: try fewer words, another spelling, or remove a filter",
                                                {query: A.understood(pq)}));
    return this.finish(result);
  };
  /* The steps of a search (Searcher._words, _concepts, _respelled, _some_words; the
   * last two in offline-plan.js), each the passages it found. */
  var STEPS = {
    words: function (s) {
      if (s.asked !== null && s.asked.asks) return 0;
      return this.run(s.plan.groups, s.plan.excluded, s.filt, s.pq, s.game, s.kind, s.limit,
                      s.offset, s.pin, s.result);
    },
    concepts: function (s) {
      var concepts = s.asked !== null ? this.questionConcepts(s.pq, s.asked, s.game) : [];
      if (!concepts.length) return 0;
      var self = this;
      concepts.forEach(function (c) { self.widen(c, s.result.notices); });
      s.result.question = {words: concepts.map(function (c) { return c.label; }),
        left_out: s.asked.dropped, asks: s.asked.asks};
      return this.cover(concepts, s.plan.excluded, s.filt, s.game, s.kind, s.limit, s.offset,
                        s.result, s.asked.asks ? C.ASKED : C.STRICT);
    },
    respelled: function (s) { return this.respelled(s); },
    some_words: function (s) { return this.someWords(s); }
  };
  Index.prototype.finish = function (result) {
    var said = Array.from(new Set(result.notices));
    result.notice = said.join(" / ");
    // what a results page a fallback filled says instead (shaping's _other_notices)
    Object.defineProperty(result, "others", {value: result.results.length ? null :
      said.filter(function (n) { return n !== result.nothing; }).join(" / ")});
    delete result.nothing;
    if (result.redirect) {
      // as the server's SearchResult writes it: the entry's path, the clause as typed
      var hash = result.redirect.indexOf("#");
      result.redirect_url = this.b.entries.path[this.entryIndex.get(result.redirect.split("#")[0])] +
        (hash >= 0 ? result.redirect.slice(hash) : "");
    } else result.redirect_url = null;
    delete result.notices;
    return result;
  };
  /* {value: count} without the zeros, most first, then by value (as the server sorts) */
  function mostFirst(counts) {
    var out = {};
    Object.keys(counts).filter(function (v) { return counts[v]; }).sort(function (a, b) {
      return counts[b] - counts[a] || (a < b ? -1 : a > b ? 1 : 0);
    }).forEach(function (v) { out[v] = counts[v]; });
    return out;
  }
  function counts(cands, masks) {
    var out = {};
    for (var v in masks) out[v] = cands.and(masks[v]).count();
    return mostFirst(out);
  }

  /* The facets' counts of the candidates (every game and kind), then the candidates of
   * the page's game and kind, their number the result's total. */
  Index.prototype.facets = function (cands, game, kind, result) {
    result.facets = {game: counts(cands, this.gameDocs), kind: counts(cands, this.kindDocs)};
    var before = cands;
    if (game) cands = cands.and(this.gameDocs[game] || new Bits(this.n));
    if (kind) cands = cands.and(this.kindDocs[kind] || new Bits(this.n));
    // what the results page's total and chips count (run.py: SearchResult.matched, a
    // matched.Matched), not in the JSON
    Object.defineProperty(result, "matched", {value: {passages: cands, before: before, game: game,
      kind: kind}, enumerable: false, writable: true});
    result.total = cands.count();
    return cands;
  };
  /* run.QueryRun._rest_of_entries: the result's `restOf(entry ids)`, the candidates of
   * those entries not among its hits (`page`), as `score(docs)` ranks them, as hits. */
  Index.prototype.keepRest = function (result, cands, page, marks, score) {
    var self = this, shown = new Set(page.map(function (x) { return x[0]; }));
    Object.defineProperty(result, "restOf", {configurable: true, writable: true, value: function (ids) {
      var docs = [];
      Array.from(new Set(ids)).forEach(function (id) {
        self.entryDocs(id).forEach(function (d) { if (cands.has(d) && !shown.has(d)) docs.push(d); });
      });
      docs.sort(function (a, b) { return a - b; });
      return docs.length ? score(docs).map(function (x) { return self.hit(x[0], x[1], marks); }) : [];
    }});
  };
  /* run.QueryRun._exclude: the candidates without the passages holding an excluded word. */
  Index.prototype.exclude = function (cands, excluded) {
    var self = this;
    excluded.forEach(function (w) {
      if (cands.empty()) return;
      var hit = self.wordDocs(w).and(cands), hc = hit.count();
      if (hc && hc <= C.EXACT_LIMIT && !w.phrase)
        hit = Bits.of(self.holding(hit, w.needle), self.n);
      cands = cands.andNot(hit);
    });
    return cands;
  };
  Index.prototype.run = function (groups, excluded, filt, pq, game, kind, limit, offset, pin, result) {
    var n = this.n, self = this;
    var cands = Bits.all(n), phrases = [];
    for (var gi = 0; gi < groups.length; gi++) {
      var group = groups[gi], docs = new Bits(n);
      if (group.length === 1 && group[0].phrase) {
        phrases.push(group[0]);
        docs = this.gramsDocs(group[0].grams);
      } else group.forEach(function (w) { docs = docs.or(self.wordDocs(w)); });
      cands = cands.and(docs);
      if (cands.empty()) break;
    }
    if (filt !== null) cands = cands.and(filt);
    phrases.forEach(function (w) {
      if (cands.empty()) return;
      var c = cands.count();
      if (w.grams.length > 1 && c > 0 && c <= C.PHRASE_BY_TEXT)
        cands = Bits.of(self.holding(cands, w.needle), n);
      else if (w.grams.length > 1) cands = cands.and(self.phraseDocs(w));
    });
    if (!(groups.length || filt !== null)) cands = new Bits(n);
    var words = flat(groups);
    cands = this.exclude(cands, excluded);
    var count = cands.count();
    if (count && words.length && count <= C.EXACT_LIMIT) {
      cands = Bits.of(cands.members().filter(function (d) { return self.holdsEveryGroup(d, groups); }), n);
    }
    cands = this.facets(cands, game, kind, result);
    count = result.total;
    if (!count) return 0;
    var want = offset + limit, deep = Math.max(want, result.asked.depth), pinned = [];
    if (pin) {
      var hash = pin.indexOf("#"), entryId = hash >= 0 ? pin.slice(0, hash) : pin,
        clause = hash >= 0 ? pin.slice(hash + 1) : "";
      var found = this.entryDocs(entryId).filter(function (d) { return cands.has(d); });
      if (clause) {
        var cb = this.postings("ids", clause.toLowerCase()).bits;
        found = found.filter(function (d) { return cb.has(d); });
      }
      var cur = found.filter(function (d) { return self.current.has(d); });
      pinned = cur.length ? cur : found;
    }
    var terms = [];
    words.forEach(function (w) { terms = terms.concat(self.terms(w)); });
    var prior = this.prior, ranked;
    var named = this.named(words, cands), namedSet = new Set(named), pinnedSet = new Set(pinned);
    var cards = this.kindDocs.card || new Bits(n);
    // run._scored, then (a large result) _settled: passages by BM25 × prior, best first
    function scored(pool, head) {
      var out = [];
      self.score(pool, terms).forEach(function (sc, d) {
        sc = sc * prior[d];
        if (namedSet.has(d)) sc *= C.EXACT_NAME;
        else if (cards.has(d)) sc *= C.CARD_WORDS;
        out.push([d, sc + (pinnedSet.has(d) ? C.PIN : 0.0)]);
      });
      out.sort(byScore);
      if (count <= C.EXACT_LIMIT) return out;
      var checked = out.slice(0, head).map(function (x) {
        return [x[0], self.holdsEveryGroup(x[0], groups) ? x[1] : x[1] * C.SCATTERED];
      });
      return checked.sort(byScore).concat(out.slice(head));
    }
    // no words to score (filters alone): by prior, the pinned passage first
    function byPrior(docs) {
      return docs.map(function (d) { return [d, prior[d] + (pinnedSet.has(d) ? C.PIN : 0.0)]; }).sort(byScore);
    }
    if (terms.length) {
      ranked = scored(Array.from(new Set(this.pool(cands, count, terms, deep).concat(pinned, named))),
                      readAhead(deep));
    } else {
      var top = cands.and(this.current).members(readAhead(deep));
      if (top.length < readAhead(deep)) top = top.concat(cands.andNot(this.current).members(readAhead(deep) - top.length));
      ranked = byPrior(top);
    }
    var page = this.page(ranked, offset, limit, deep);
    var marks = this.needles(pq.groups);
    result.results = page.map(function (x) { return self.hit(x[0], x[1], marks); });
    this.keepRest(result, cands, page, marks, terms.length ? function (docs) { return scored(docs, docs.length); } : byPrior);
    return result.total;
  };
  Index.prototype.named = function (words, cands) {
    if (!words.length || words.length > C.NAMED_WORDS || words.some(function (w) { return w.phrase; })) return [];
    var typed = words.map(function (w) { return w.needle; }).join("");
    var ids = new Set(A.own(this.nameMap, typed) || []);
    var self = this, ents = this.b.entries;
    if (words.length === 1 && words[0].yomi.length) {
      var wanted = A.kanaReading(words[0].text), wl = A.chars(wanted).length;
      var ds = this.yomiDocs(words[0]).and(cands).and(this.current).members(C.NAMED_READINGS);
      ds.forEach(function (d) {
        // the entry's names' [reading, length] (bundle.py), as run._named compares them
        var e = self.b.docs.entry[d];
        if (ents.yomi[e].some(function (n) { return n[1] <= wl && n[0] === wanted; })) ids.add(e);
      });
    }
    if (!ids.size || ids.size > C.MAX_NAMED) return [];
    var out = [];
    ids.forEach(function (e) {
      (self.byEntry.get(e) || []).forEach(function (d) {
        if (cands.has(d) && self.current.has(d)) out.push(d);
      });
    });
    return out;
  };
  Index.prototype.page = function (ranked, offset, limit, deep) {
    var first = [], later = [], seen = new Map(), headLen = readAhead(Math.max(offset + limit, deep));
    for (var i = 0; i < Math.min(ranked.length, headLen); i++) {
      var e = this.b.docs.entry[ranked[i][0]], c = (seen.get(e) || 0) + 1;
      seen.set(e, c);
      (c <= C.PER_ENTRY ? first : later).push(ranked[i]);
    }
    return first.concat(later, ranked.slice(headLen)).slice(offset, offset + limit);
  };
  /* run._needles: the words to mark, of the query's groups of terms */
  Index.prototype.needles = function (groups) {
    var out = [], self = this;
    flat(groups).forEach(function (t) {
      out.push(A.needle(t.text));
      var normal = A.normalize(t.text);
      A.pieces(normal).forEach(function (p) {
        out.push(p.kind === "id" ? A.needle(normal.slice(p.start, p.end)) : p.text);
      });
      if (!t.phrase) {
        // the word's morphemes as Word.of reads them (a kana word: its katakana reading's)
        ((self.word(t.text, false) || {}).morphs || []).forEach(function (forms) {
          var w = A.needle(forms[0]);
          var lone = C.UNMARKED_MORPHS;
          if (A.chars(w).length >= 2 || (w && !A.isAscii(w) && !(w >= lone[0] && w <= lone[1]))) out.push(w);
        });
      }
    });
    return Array.from(new Set(out)).filter(Boolean);
  };
  Index.prototype.hit = function (d, score, marks) {
    var docs = this.b.docs, e = docs.entry[d], ents = this.b.entries;
    var id = ents.id[e], rank = docs.rank[d], clause = docs.clause[d], current = rank !== K.RANK_OLDER;
    // the server's own address of the passage (bundle.py: results.Hit.url)
    var out = {id: id, game: ents.game[e], kind: ents.kind[e], title: ents.title[e],
      snippet: null, url: ents.path[e] + docs.tail[d], score: Math.round(score * 1e4) / 1e4,
      clause: clause, revision: docs.rev[d], current: current, date: docs.date[d],
      date_known: docs.date_known ? docs.date_known[d] : true, withdrawn: rank === K.RANK_WITHDRAWN};
    // its passage and the text its exact tier reads, for the results page's shaping
    // (not in the JSON)
    Object.defineProperty(out, "d", {value: d});
    Object.defineProperty(out, "held", {value: docs.held[d]});
    // the results page cuts the snippets of the passages it shows only (deferred)
    if (this.deferred) this.deferred.set(out, [d, marks]);
    else out.snippet = this.snippet(d, marks);
    return out;
  };
  /* The snippet of a hit found while snippets were deferred. */
  Index.prototype.cut = function (hit) {
    var why = this.deferred && this.deferred.get(hit);
    if (hit.snippet === null && why) hit.snippet = this.snippet(why[0], why[1]);
    return hit;
  };
  /* highlight.snippet of passage d: its normal form is the end of its normal text. */
  Index.prototype.snippet = function (d, marks) {
    var map = this.b.maps[d];
    return snippet(this.b.plain[d], map[0] < 0 ? map[3] : this.textOf(d).slice(map[0]), map, marks);
  };

  /* The hits read ahead of a page of ``want`` (run.py: tables.HEAD_TIMES, HEAD_MORE). */
  function readAhead(want) { return want * C.HEAD_TIMES + C.HEAD_MORE; }
  /* [[a, b], [c]] -> [a, b, c]: a query's words of its groups */
  function flat(lists) { return [].concat.apply([], lists); }
  /* ranked [passage, score]: the highest score first, then the passage indexed first */
  function byScore(a, b) { return b[1] - a[1] || a[0] - b[0]; }
  var snippet = root.JudgeOfflineText.snippet;
  root.JudgeOfflineSearch = {
    open: function (bundle) { return new Index(bundle); },
    Index: Index, Bits: Bits, flat: flat, byScore: byScore, readAhead: readAhead, mostFirst: mostFirst
  };
})(typeof self !== "undefined" ? self : this);
