/* A judge's question in the browser (judge/search/question.py and Searcher._asks,
 * _question): its content words by each corpus word's role in a question, the glossary
 * and lexicon names it holds (each a concept with the text's wordings in its game), romaji
 * read as kana or as a name, a kanji read as the texts' words of its reading.  The tables
 * are tables.py's, from the bundle; the corpus's MeCab words, offline/morph.py's.
 * Its passages are ranked here too (Index.cover: run.QueryRun._rank_question).
 * Needs offline-analysis.js and offline-search.js.
 */
(function (root) {
  "use strict";
  var A = root.JudgeAnalysis, S = root.JudgeOfflineSearch, Index = S.Index;
  function T() { return A.tables(); }
  /* Searcher._asks: the content words of a query of plain words and whether it asks;
   * null for a phrase or an OR (the judge's own query). */
  Index.prototype.asks = function (pq) {
    var terms = S.flat(pq.groups);
    if (!terms.length || terms.some(function (t) { return t.phrase; }) ||
        pq.groups.some(function (g) { return g.length > 1; })) return null;
    var analysis = this.contentWords(terms.map(function (t) { return t.text; }).join(" "));
    // a reading typed in kana is a word, not a sentence; only question words is no question
    if (terms.every(function (t) { return A.isKana(t.text); }) || !analysis.content.length)
      analysis.asks = false;
    return analysis;
  };
  /* question.content_words: the content words of a text, in order, and the words dropped
   * (the stop and asking words are tables.py's; each corpus word's role, offline/morph.py). */
  Index.prototype.contentWords = function (text) {
    var content = [], dropped = [], self = this;
    var normal = A.normalize(text, false), asks = normal.indexOf("?") >= 0;
    A.pieces(normal).forEach(function (p) {
      if (p.kind === "id") content.push(p.text);
      else if (p.kind === "word") (T().STOP_EN.indexOf(p.text) >= 0 ? dropped : content).push(p.text);
      else self.morph.questionWords(p.text, content, dropped);
    });
    asks = asks || dropped.some(function (w) { return T().ASKING_JA.indexOf(w) >= 0 || T().ASKING_EN.indexOf(w) >= 0; });
    // an English sentence with no question word (tables.SENTENCE_EN_*)
    var english = A.pieces(normal).filter(function (p) { return p.kind === "word"; });
    asks = asks || (english.length >= T().SENTENCE_EN_WORDS && english.filter(function (p) {
      return T().STOP_EN.indexOf(p.text) >= 0; }).length >= T().SENTENCE_EN_STOPS);
    return {content: Array.from(new Set(content)), dropped: dropped, asks: asks};
  };
  /* Searcher._question: spaced keywords are one concept each, whole; a question's
   * concepts are its glossary terms and its other content words (question.concepts). */
  Index.prototype.questionConcepts = function (pq, analysis, game) {
    var terms = S.flat(pq.groups), self = this, out;
    if (terms.length > 1 && !analysis.asks) {
      out = [];
      // question.keywords: romaji words in a row that read as a glossary name are that name
      var rest = this.romajiNames(terms.map(function (t) { return t.text; }).join(" "),
                                  this.forms(game || null).byForm, out);
      terms = rest.split(/\s+/).filter(Boolean).map(function (x) { return {text: x}; });
      // question.keyword: a glossary or lexicon name brings its game's wordings (先攻: 先行)
      terms.forEach(function (t) {
        if (self.isPhrase(t.text)) {
          // question.keywords: a sentence's fragment (セットしたターン), its content words
          var seen = new Set(out.map(function (c) { return c.label; }));
          self.concepts(t.text, game).forEach(function (c) { if (!seen.has(c.label)) out.push(c); });
          return;
        }
        var w = self.word(t.text, false), form = A.normalize(t.text).split(/\s+/).join(" ").trim();
        if (!w) return;
        var concept = {label: t.text, words: [[w, null]]}, rows = self.forms(game || null).byForm.get(form) || [];
        rows.forEach(function (g) {
          g[2].forEach(function (x) { var v = self.word(x, false); if (v) concept.words.push([v, g[3]]); });
        });
        // near only when every row naming it is (a lexicon name's match: near)
        concept.near = rows.length > 0 && rows.every(function (g) { return !!g[4]; });
        out.push(concept);
      });
    } else out = this.concepts(terms.map(function (t) { return t.text; }).join(" "), game);
    return out.slice(0, T().MAX_CONCEPTS);
  };
  /* question.is_phrase: a spaced keyword that is a sentence's fragment, two content
   * words or more with a particle or an inflection between them (not a name's words in
   * a row, not a word typed in hiragana). */
  Index.prototype.isPhrase = function (text) {
    var normal = A.normalize(text, false);
    if (A.isAscii(text) || A.re("HIRAGANA_WORD").test(normal)) return false;
    var content = this.contentWords(text).content;
    return content.length >= 2 && content.join("") !== normal;
  };
  /* question.romaji_kana: an ASCII word read as kana, as typed and with long vowels
   * (noodo -> のーど), by jaconv's own table (offline/romaji.py); [] when not romaji. */
  Index.prototype.romajiKana = function (word) {
    var R = this.b.romaji, w = word.toLowerCase(), out = [];
    if (!R || !new RegExp(R.word).test(w) || w.length < T().ROMAJI_MIN_CHARS) return out;
    [w, w.replace(new RegExp(R.long_vowel, "g"), "$1" + T().ROMAJI_LONG_VOWEL)].forEach(function (form) {
      var text = form.length >= 2 && form.slice(-1) === R.final ? form.slice(0, -1) + R.final_h : form;
      R.steps.forEach(function (st) { text = text.split(st[0]).join(st[1]); });
      var kana = Array.from(text).map(function (c) {
        c = A.own(R.chars, c) || c;
        return R.consonants.indexOf(c) >= 0 ? R.sokuon : c;
      }).join("");
      // a っ at either end is an English word (bat, rev), no reading: question.romaji_kana
      if (A.isKana(kana) && kana[0] !== R.sokuon && kana.slice(-1) !== R.sokuon &&
          out.indexOf(kana) < 0) out.push(kana);
    });
    return out;
  };
  /* question.widen: a concept whose words match nothing is read as kana when typed in
   * romaji, a kanji word as the texts' words of its reading (召還 -> 召喚: the bundle's
   * "homophones", from MeCab's dictionary, offline/readings.py); the one that most
   * passages hold as written wins. */
  Index.prototype.widen = function (concept, notices) {
    var self = this, best = null, label = concept.label;
    if (concept.words.some(function (wg) { return !self.wordDocs(wg[0]).empty(); })) return;
    var others = A.isAscii(label) ? this.romajiKana(label)
      : A.isKana(label) ? [] : A.own(this.b.homophones || {}, A.normalize(label, false)) || [];
    others.forEach(function (other) {
      var w = self.word(other, false);
      if (!w) return;
      var found = self.holding(self.wordDocs(w), w.needle, T().EXACT_LIMIT).length;
      if (found && (best === null || found > best[0])) best = [found, w, other];
    });
    if (best === null) return;
    concept.words.push([best[1], null]);
    notices.push(A.say("{word!r} matches nothing; read as {instead!r}", {word: concept.label, instead: best[2]}));
  };
  /* question._forms: the glossary's names of a game (all: null) -> their [form, term,
   * wordings, game, near] rows, and the names longest first (the bundle's shaping.forms:
   * each name's rows in question._forms's own order, the first row naming it). */
  Index.prototype.forms = function (game) {
    var rows = this.b.shaping.glossary, listed = A.own(this.b.shaping.forms, game || "") || [];
    return this.memo("forms\u0000" + (game || ""), function () {
      return {byForm: new Map(listed.map(function (at) { return [rows[at[0]][0], at.map(function (i) { return rows[i]; })]; })),
              order: listed.map(function (at) { return rows[at[0]][0]; })};
    });
  };
  /* question._add: a glossary row [form, term, wordings, game, near] into the concepts:
   * the term's concept (made when new) gets the wordings in their game; near only while
   * every row naming it is. */
  Index.prototype.addRow = function (out, g) {
    var concept = null, self = this;
    for (var i = 0; i < out.length; i++) if (out[i].label === g[1]) { concept = out[i]; break; }
    if (!concept) {
      var tw = this.word(g[1], false);
      concept = {label: g[1], words: tw ? [[tw, null]] : [], near: !!g[4]};
      out.push(concept);
    }
    concept.near = concept.near && !!g[4];
    g[2].forEach(function (x) { var w = self.word(x, false); if (w) concept.words.push([w, g[3]]); });
  };
  /* question._romaji_names: romaji words in a row that each match nothing and together
   * read as a glossary or lexicon name (ribaasu kouka: リバース効果) are that name's
   * concept, cut out of the text; the names' readings are MeCab's, in the bundle
   * ("name_readings", question.name_readings). */
  Index.prototype.romajiNames = function (rest, byForm, out) {
    var lowered = rest.toLowerCase(), table = this.b.name_readings || {}, self = this;
    if (lowered.length !== rest.length) return rest;
    var words = [], re = A.re("ROMAJI_RUN"), m;
    while ((m = re.exec(lowered)) !== null) words.push([m.index, m.index + m[0].length, m[0]]);
    if (!words.length) return rest;
    function unknown(text) { var w = self.word(text, false); return w && self.wordDocs(w).empty(); }
    function combos(lists) {
      var acc = [""];
      lists.forEach(function (l) {
        var next = [];
        acc.forEach(function (a) { l.forEach(function (k) { next.push(a + k); }); });
        acc = next;
      });
      return acc;
    }
    var i = 0, cuts = [];
    while (i < words.length) {
      var found = null;
      for (var j = Math.min(words.length, i + T().ROMAJI_NAME_WORDS); j > i && !found; j--) {
        var run = words.slice(i, j), apart = false;
        for (var r = 1; r < run.length; r++) if (lowered.slice(run[r - 1][1], run[r][0]).trim()) apart = true;
        if (apart) continue;
        var kana = run.map(function (w) { return self.romajiKana(w[2]); });
        if (kana.some(function (k) { return !k.length; }) || !run.every(function (w) { return unknown(w[2]); })) continue;
        combos(kana).some(function (c) {
          return (A.own(table, A.kanaReading(c)) || []).some(function (f) {
            if (byForm.has(f)) { found = [j, f]; return true; }
            return false;
          });
        });
      }
      if (!found) { i++; continue; }
      byForm.get(found[1]).forEach(function (g) { self.addRow(out, g); });
      cuts.push([words[i][0], words[found[0] - 1][1]]);
      i = found[0];
    }
    for (var c = cuts.length - 1; c >= 0; c--) rest = rest.slice(0, cuts[c][0]) + " " + rest.slice(cuts[c][1]);
    return rest;
  };
  /* question.concepts: the glossary names a question holds (one concept per term, every
   * game's wordings of it), then its other content words; a content word that is a name,
   * or whose lemma is (打てる: 打つ, the bundle's "lemmas", from MeCab), is that name. */
  Index.prototype.concepts = function (text, game) {
    var rest = A.normalize(text, false), out = [], self = this;
    var inflected = this.b.shaping.inflected || {}, forms = this.forms(game || null);
    function add(rows) { rows.forEach(function (g) { self.addRow(out, g); }); }
    forms.order.forEach(function (form) {
      var at, end, lowered = rest.toLowerCase();
      if (A.isAscii(form)) {
        // an English name as whole words, inflected (the pattern is question._inflected's)
        var stem = form.slice(-1) === "e" ? form.slice(0, -1) : form;
        if (lowered.indexOf(stem) < 0) return;
        var m = new RegExp(inflected[form]).exec(lowered);
        at = m ? m.index : -1;
        end = m ? at + m[0].length : -1;
      } else {
        at = A.foldKana(rest).indexOf(form);
        end = at + form.length;
      }
      if (at < 0) return;
      add(forms.byForm.get(form));
      // cut at a 、: a space would join the run's two sides (question.concepts)
      rest = rest.slice(0, at) + A.constants().QUESTION_CUT + rest.slice(end);
    });
    rest = this.romajiNames(rest, forms.byForm, out);
    var lemmas = this.b.lemmas || {};
    this.contentWords(rest).content.forEach(function (word) {
      if (out.some(function (c) { return A.normalize(word) === A.normalize(c.label); })) return;
      var named = forms.byForm.get(A.normalize(word));
      var lemma = A.own(lemmas, word);
      if (!named && lemma) named = forms.byForm.get(A.normalize(lemma));
      if (named) { add(named); return; }
      var w = self.word(word, false);
      if (w) out.push({label: word, words: [[w, null]]});
    });
    return out;
  };
  /* run.QueryRun for a plan with concepts: the passages holding the most of them there
   * are, or one fewer; ranked by the IDF of those held × cover (tables.STRICT for
   * spaced keywords, ASKED for a question) plus BM25; each hit names the words it holds
   * and lacks. */
  Index.prototype.cover = function (concepts, excluded, filt, game, kind, limit, offset, result, cover) {
    var C = T(), Bits = S.Bits, byScore = S.byScore, readAhead = S.readAhead;
    var n = this.n, self = this, k = concepts.length;
    // per concept, the passages that may hold it (any of its words, in its game)
    var bits = concepts.map(function (c) {
      var out = new Bits(n);
      c.words.forEach(function (wg) {
        var docs = self.wordDocs(wg[0]);
        out = out.or(wg[1] === null ? docs : docs.and(self.gameDocs[wg[1]] || new Bits(n)));
      });
      return out;
    });
    var allowed = filt !== null ? filt : Bits.all(n), union = new Bits(n);
    bits.forEach(function (b) { union = union.or(b); });
    allowed = allowed.and(union);
    allowed = this.exclude(allowed, excluded);
    var cells = new Map();
    if (!allowed.empty()) cells.set(0, allowed);
    for (var i = 0; i < k; i++) {
      var refined = new Map();
      cells.forEach(function (docs, held) {
        var inside = docs.and(bits[i]), outside = docs.andNot(bits[i]);
        if (!inside.empty()) refined.set(held | (1 << i), inside);
        if (!outside.empty()) refined.set(held, outside);
      });
      cells = refined;
    }
    cells.delete(0);
    function size(held) { var c = 0; for (var j = 0; j < k; j++) if (held >> j & 1) c++; return c; }
    var best = 0;
    cells.forEach(function (docs, held) { best = Math.max(best, size(held)); });
    var need = Math.max(1, best - 1), kept = [], cands = new Bits(n);
    cells.forEach(function (docs, held) {
      if (size(held) >= need) { kept.push([held, docs]); cands = cands.or(docs); }
    });
    function indices(held) { var out = []; for (var j = 0; j < k; j++) if (held >> j & 1) out.push(j); return out; }
    function holds(d, w) {
      if (w.morphs.length > 1 && !w.ids.length && !w.yomi.length) return self.textOf(d).indexOf(w.needle) >= 0;
      return self.inARow(d, w);
    }
    var heldOf = new Map();
    function heldBy(d) {
      if (!heldOf.has(d)) heldOf.set(d, indices((1 << k) - 1).filter(function (j) {
        return bits[j].has(d) && concepts[j].words.some(function (wg) {
          return (wg[1] === null || (self.gameDocs[wg[1]] && self.gameDocs[wg[1]].has(d))) &&
            self.wordDocs(wg[0]).has(d) && holds(d, wg[0]);
        });
      }));
      return heldOf.get(d);
    }
    var count = cands.count();
    // a results page counts a small result as the ranking keeps it (run.QueryRun.execute)
    if (result.asked.exact && count && count <= C.EXACT_LIMIT)
      cands = Bits.of(cands.members().filter(function (d) { return heldBy(d).length > 0; }), n);
    cands = this.facets(cands, game, kind, result);
    if (!result.total) return 0;
    // rarity among the passages that explain, not the card list's data (run.py)
    var cardDocs = this.kindDocs.card || new Bits(n), nt = Math.max(n - cardDocs.count(), 1);
    var idf = bits.map(function (b) {
      var df = b.andNot(cardDocs).count();
      return Math.log(1 + (nt - df + 0.5) / (df + 0.5));
    });
    function weight(list) { var w = 0; list.forEach(function (j) { w += idf[j]; }); return w; }
    function termsOf(list) {
      var t = [];
      list.forEach(function (j) {
        concepts[j].words.forEach(function (wg) { t = t.concat(self.terms(wg[0])); });
      });
      return t;
    }
    var want = offset + limit, headSize = readAhead(Math.max(want, result.asked.depth)), pool = [];
    kept.sort(function (a, b) { return weight(indices(b[0])) - weight(indices(a[0])); });
    for (var c = 0; c < kept.length; c++) {
      var docs = kept[c][1].and(cands);
      if (docs.empty()) continue;
      var dc = docs.count();
      pool = pool.concat(dc > C.EXACT_LIMIT ? this.pool(docs, dc, termsOf(indices(kept[c][0])), headSize)
                                           : docs.members());
      if (pool.length >= headSize) break;
    }
    var prior = this.prior, termDocs = this.kindDocs.term || new Bits(n);
    // the one game a question's game-specific words all name (run.QueryRun._focus)
    var focus = null;
    if (cover === C.ASKED && !game) {
      var named = new Set(), gameDocs = this.gameDocs;
      bits.forEach(function (b, i) {
        // a lexicon name only near the text's word does not vote (負け)
        if (concepts[i].near) return;
        var t = b.andNot(cardDocs), total = t.count();
        if (total < C.FOCUS_MIN) return;
        var bestGame = null, most = -1;
        Object.keys(gameDocs).forEach(function (g) {
          var c = t.and(gameDocs[g]).count();
          if (c > most) { most = c; bestGame = g; }
        });
        if (most >= C.FOCUS_SHARE * total) named.add(bestGame);
      });
      if (named.size === 1) focus = gameDocs[Array.from(named)[0]] || null;
    }
    // run._question_scores: the passages holding a concept, best first
    function scored(docs) {
      var out = [];
      docs.forEach(function (d) {
        var held = heldBy(d);
        if (!held.length) return;
        var bm25 = self.score([d], termsOf(held)).get(d) || 0.0;
        var score = (weight(held) * cover + bm25) * prior[d];
        // a question's hit on a glossary or lexicon page: the rule or ruling answers
        if (cover === C.ASKED && termDocs.has(d)) score *= C.TERM_PAGE;
        // ... and on a card: the texts that explain come first (run._rank_question)
        else if (cover === C.ASKED && cardDocs.has(d)) score *= C.CARD_WORDS;
        if (focus && !focus.has(d)) score *= C.OTHER_GAME;
        out.push([d, score]);
      });
      return out.sort(byScore);
    }
    var page = this.page(scored(pool), offset, limit, result.asked.depth);
    var typed = [];
    concepts.forEach(function (c) { c.words.forEach(function (wg) { typed.push({text: wg[0].text, phrase: false}); }); });
    var marks = this.needles([typed]);
    // each hit names the concepts it holds and lacks
    function labelled(hit) {
      var held = heldOf.get(hit.d);
      hit.matched = held.map(function (j) { return concepts[j].label; });
      hit.missing = indices((1 << k) - 1).filter(function (j) { return held.indexOf(j) < 0; })
        .map(function (j) { return concepts[j].label; });
      return hit;
    }
    result.results = page.map(function (x) { return labelled(self.hit(x[0], x[1], marks)); });
    this.keepRest(result, cands, page, marks, scored);
    var restOf = result.restOf;
    result.restOf = function (ids) { return restOf(ids).map(labelled); };
    return result.total;
  };
})(typeof self !== "undefined" ? self : this);
