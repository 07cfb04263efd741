/* Planning a search in the browser (judge/search/plan.py, corpus.ids and suggest.py):
 * a typed reference resolved to its entries (ＱＡ－３３７, qa337, 6.5.3.b, No.075), an id
 * typed alone sent to its entry, the filters (game:, kind:, card:, rule:, before:,
 * after:) as bitsets, the words of a plan, and when nothing matches the did-you-mean
 * respelling or the passages holding some of the words.  The tables are tables.py's,
 * from the bundle.  Needs offline-analysis.js, offline-text.js and offline-search.js.
 */
(function (root) {
  "use strict";
  var A = root.JudgeAnalysis, S = root.JudgeOfflineSearch, Index = S.Index, Bits = S.Bits;
  var X = root.JudgeOfflineText, wordForm = X.wordForm, grams2 = X.grams2,
    editDistance = X.editDistance;
  function T() { return A.tables(); }
  var re = A.re;

  /* --- ids (corpus.ids.candidate_ids, Corpus.resolve) ------------------------------- */
  Index.prototype.candidateIds = function (typed, game) {
    var raw = typed.trim(), folded = A.fold(raw);
    var games = game ? [game] : this.gameIds, out = [];
    if (folded.indexOf("/") >= 0) {
      var hash = folded.indexOf("#"), head = hash >= 0 ? folded.slice(0, hash) : folded,
        clause = hash >= 0 ? folded.slice(hash + 1) : "";
      var parts = head.split("/");
      if (parts.length > 3) parts = [parts[0], parts[1], parts.slice(2).join("/")];
      if (parts.length === 3 && re("GAME_ID").test(parts[0]) && T().KINDS.indexOf(parts[1]) >= 0) {
        var key = parts[2];
        if (parts[1] === "qa" && A.qaKey(key)) key = A.qaKey(key);
        if (parts[1] === "card" && A.cardNumberKey(key)) key = A.cardNumberKey(key);
        out.push(parts[0] + "/" + parts[1] + "/" + key + (clause ? "#" + clause : ""));
      }
      return out;
    }
    var qa = A.qaKey(folded);
    if (qa) games.forEach(function (g) { out.push(g + "/qa/" + qa); });
    var rule = re("RULE_REF").exec(folded);
    if (rule && folded.indexOf(".") >= 0) {
      games.forEach(function (g) { out.push(g + "/rule/" + rule[1] + (folded !== rule[1] ? "#" + folded : "")); });
    }
    if ((A.cardNumberKey(folded) && !rule) || (rule && /^\d+$/.test(folded))) {
      var number = A.cardNumberKey(folded);
      if (number) games.forEach(function (g) { out.push(g + "/card/" + number); });
    }
    return out;
  };
  Index.prototype.resolve = function (typed, game) {
    var self = this;
    var found = this.candidateIds(typed, game).filter(function (c) {
      return self.entryIndex.has(c.split("#")[0]);
    });
    if (!found.length) {
      (A.own(this.b.aliases, A.fold(typed).toLowerCase()) || []).forEach(function (id) {
        if (!game || id.indexOf(game + "/") === 0) found.push(id);
      });
    }
    return Array.from(new Set(found));
  };

  // plan.redirect: a rule number goes to its clause only when some revision has it
  Index.prototype.redirect = function (pq, game, notices) {
    var terms = S.flat(pq.groups);
    if (terms.length !== 1 || pq.excluded.length || pq.cards.length || pq.rules.length) return null;
    var typed = terms[0].text.trim();
    if (!re("ID_LIKE").test(A.fold(typed))) return null;
    var games = pq.games.length ? pq.games : [game || null], found = [], self = this;
    games.forEach(function (g) { found = found.concat(self.resolve(typed, g)); });
    found = Array.from(new Set(found));
    var there = found.filter(function (f) { return f.indexOf("#") < 0 || self.hasClause(f); });
    if (!there.length && found.length && notices) {
      var cut = found[0].indexOf("#");
      notices.push(A.say("{entry} has no clause {clause} (in any revision)",
                         {entry: found[0].slice(0, cut), clause: found[0].slice(cut + 1)}));
    }
    return there.length ? there[0] : null;
  };
  Index.prototype.hasClause = function (ref) {
    // (a bundle built before entries.clauses was written: its redirects as they were)
    if (!this.b.entries.clauses) return true;
    var cut = ref.indexOf("#"), e = this.entryIndex.get(ref.slice(0, cut));
    var clauses = e === undefined ? null : this.b.entries.clauses[e];
    return !!clauses && clauses.indexOf(ref.slice(cut + 1)) >= 0;
  };
  Index.prototype.filters = function (pq) {
    var allowed = null, n = this.n, self = this;
    function narrow(b) { allowed = allowed ? allowed.and(b) : b; }
    function union(list, map) {
      var out = new Bits(n);
      list.forEach(function (v) { if (A.own(map, v)) out = out.or(map[v]); });
      return out;
    }
    if (pq.games.length) narrow(union(pq.games, this.gameDocs));
    if (pq.kinds.length) narrow(union(pq.kinds, this.kindDocs));
    pq.cards.forEach(function (c) { narrow(self.cardFilter(c)); });
    pq.rules.forEach(function (r) { narrow(self.ruleFilter(r)); });
    if (pq.before || pq.after) {
      var start = pq.after ? pq.after + 1 : 1, end = pq.before ? pq.before - 1 : Infinity;
      var days = this.b.docs.day, ok = [];
      for (var d = 0; d < n; d++) if (days[d] >= start && days[d] <= end) ok.push(d);
      narrow(Bits.of(ok, n));
    }
    return allowed;
  };
  Index.prototype.cardFilter = function (name) {
    var self = this, out = new Bits(this.n);
    var ids = this.resolve(name).filter(function (i) { return i.indexOf("/card/") >= 0; });
    var names = new Set([name]);
    ids.forEach(function (cid) {
      out = out.or(Bits.of(self.entryDocs(cid), self.n)).or(self.postings("cards", cid).bits);
      var e = self.entryIndex.get(cid);
      if (e !== undefined) {
        names.add(self.b.entries.title[e]);
        var key = cid.split("/").slice(2).join("/");
        var toks = A.pieces(A.normalize(key)).filter(function (p) { return p.kind === "id"; })
          .map(function (p) { return p.text; });
        if (!toks.length) toks = [key.toLowerCase()];
        toks.forEach(function (t) { out = out.or(self.docs(T().FIELDS_BI, t)); });
      }
    });
    names.forEach(function (n) {
      var w = self.word(n, true);
      if (w) out = out.or(self.phraseDocs(w));
    });
    return out;
  };
  Index.prototype.ruleFilter = function (rule) {
    var self = this, key = A.fold(rule).toLowerCase(), out = new Bits(this.n);
    if (re("RULE_KEY").test(key)) {
      out = out.or(this.postings("ids", key).bits);
      Object.keys(this.b.fields.ids.terms).forEach(function (t) {
        if (t.indexOf(key + ".") === 0) out = out.or(self.postings("ids", t).bits);
      });
      this.resolve(rule).forEach(function (rid) { out = out.or(self.postings("cites", rid.split("#")[0]).bits); });
      return out;
    }
    this.resolve(rule).filter(function (i) { return i.indexOf("/rule/") >= 0; }).forEach(function (i) {
      out = out.or(self.postings("cites", i).bits).or(Bits.of(self.entryDocs(i), self.n));
    });
    var w = this.word(rule, true);
    if (w && this.kindDocs.rule) out = out.or(this.gramsDocs(w.grams).and(this.kindDocs.rule));
    return out;
  };
  Index.prototype.plan = function (pq) {
    var self = this, groups = [];
    pq.groups.forEach(function (group) {
      var words = group.map(function (t) { return self.word(t.text, t.phrase); }).filter(Boolean);
      if (words.length) groups.push(words);
    });
    var excluded = pq.excluded.map(function (t) { return self.word(t.text, t.phrase); }).filter(Boolean);
    return {groups: groups, excluded: excluded};
  };

  /* --- did you mean (suggest.py) and the fallbacks (Searcher._respelled, _some_words) - */
  Index.prototype.close = function (word) {
    if (!this.vocab) {
      // by shared bigram, as suggest.Vocabulary
      var byGram = new Map(), names = this.b.vocab;
      Object.keys(names).forEach(function (norm) {
        grams2(norm).forEach(function (g) {
          if (!byGram.has(g)) byGram.set(g, []);
          byGram.get(g).push(norm);
        });
      });
      this.vocab = byGram;
    }
    var w = wordForm(word), wl = A.chars(w).length;
    if (wl < 2) return [];
    var allowed = Math.max(1, Math.floor(wl / T().EDIT_CHARS)), gs = grams2(w), cnt = new Map(), self = this;
    gs.forEach(function (g) {
      (self.vocab.get(g) || []).forEach(function (norm) { cnt.set(norm, (cnt.get(norm) || 0) + 1); });
    });
    var need = Math.max(1, gs.size - 2 * allowed), scored = [];
    cnt.forEach(function (shared, norm) {
      var nl = A.chars(norm).length;
      if (norm === w || shared < need || Math.abs(nl - wl) > allowed) return;
      var d = editDistance(w, norm, allowed);
      if (d <= allowed) scored.push([d, -shared, nl, self.b.vocab[norm]]);
    });
    scored.sort(function (a, b) {
      for (var i = 0; i < a.length; i++) { if (a[i] < b[i]) return -1; if (a[i] > b[i]) return 1; }
      return 0;
    });
    return scored.slice(0, T().MAX_SUGGESTIONS).map(function (x) { return x[3]; });
  };
  /* Searcher._respelled: no match, the names one edit away suggested, the best searched. */
  Index.prototype.respelled = function (s) {
    var pq = s.pq, result = s.result;
    if (!s.plan.groups.length || s.pin) return 0;
    var terms = S.flat(pq.groups), fixes = new Map(), self = this;
    terms.forEach(function (term, i) {
      if (term.phrase) return;
      var w = self.word(term.text);
      if (!w) return;
      var bits = self.wordDocs(w), found = bits.count();
      if (found > 0 && found <= T().EXACT_LIMIT)
        found = bits.members().filter(function (d) { return self.inARow(d, w); }).length;
      if (!found) {
        var close = self.close(term.text);
        if (close.length) fixes.set(i, close);
      }
    });
    if (fixes.size) {
      var most = 0, suggestions = [];
      fixes.forEach(function (v) { most = Math.max(most, v.length); });
      for (var choice = 0; choice < most; choice++) {
        suggestions.push(terms.map(function (t, i) {
          var f = fixes.get(i);
          return f ? f[Math.min(choice, f.length - 1)] : (t.phrase ? '"' + t.text + '"' : t.text);
        }).join(" "));
      }
      result.did_you_mean = Array.from(new Set(suggestions)).slice(0, T().MAX_SUGGESTIONS);
      var corrected = A.parse(result.did_you_mean[0], this.gameAliases);
      corrected.excluded = pq.excluded;
      var plan = this.plan(corrected), found = plan.groups.length &&
        this.run(plan.groups, s.plan.excluded, s.filt, corrected, s.game, s.kind, s.limit, s.offset, null, result);
      if (found) {
        result.notices.push(A.say("nothing matches {query!r}; showing results for {instead!r}",
                                  {query: A.understood(pq), instead: result.did_you_mean[0]}));
        return found;
      }
    }
    return 0;
  };
  /* Searcher._some_words: still no match, the passages holding some of the words. */
  Index.prototype.someWords = function (s) {
    var words = S.flat(s.plan.groups), found = 0;
    if (!s.plan.groups.length || s.pin || words.length < 2) return 0;
    found = this.run([words], s.plan.excluded, s.filt, s.pq, s.game, s.kind, s.limit, s.offset, null, s.result);
    if (found) s.result.notices.push(A.say("no passage has all of the words; showing passages with some of them"));
    return found;
  };
})(typeof self !== "undefined" ? self : this);
