/* The results page's shaping (judge/search/shaping.py), in the browser.
 *
 * Over the offline search (offline-search.js), what the server's /search and /api/search
 * do with the searcher's passages: one result per entry (its best passage first, up to
 * three more under it, older revisions folded into a count unless asked for), the entry
 * whose name is the query and the rules, Q&A and terms that hold it as typed above a card
 * that merely sounds alike, a kana query one edit away from a title searched as that
 * title (did you mean), a glossary term also searched in the text's wording, and a query
 * of several words that finds nothing searched again without the words no text holds.
 * The tables it reads (each passage's text as the exact tier reads it, each entry's
 * exact names, the one-edit vocabulary, the glossary, what an older revision's hit is
 * shown as) are in the bundle, written by shaping.py's own functions
 * (judge/offline/bundle.py).
 * Needs offline-analysis.js, offline-text.js and offline-search.js.
 */
(function (root) {
  "use strict";
  var A = root.JudgeAnalysis, T = root.JudgeOfflineText, Index = root.JudgeOfflineSearch.Index,
    Bits = root.JudgeOfflineSearch.Bits;
  // shaping.OPERATOR (judge/offline/patterns.py)
  function operator() { return A.re("OPERATOR"); }

  /* " ".join(normalize(q).split()) */
  function normalForm(q) { return A.normalize(q).split(/\s+/).filter(Boolean).join(" "); }
  function key(h) { return h.id + "\u0000" + (h.clause || "") + "\u0000" + h.revision; }

  /* shaping._plain_words */
  function plainWords(query) {
    return operator().test(query) ? [] : query.split(/\s+/).filter(Boolean);
  }

  // the one-time work of the first shaped search, when the page is idle (prepare())
  var prepare = Index.prototype.prepare;
  Index.prototype.prepare = function () {
    prepare.call(this);
    this.oneEditForms();
    return this;
  };
  /* The one-edit vocabulary's forms, each as its characters (made once). */
  Index.prototype.oneEditForms = function () {
    if (!this.vocabChars) this.vocabChars = this.b.shaping.vocabulary.forms.map(A.chars);
    return this.vocabChars;
  };

  /* shaping._exact_tier: 3 the name, 2 a rule, Q&A or term holds it, 1 a card holds it. */
  Index.prototype.exactTier = function (hit, form) {
    var e = this.entryIndex.get(hit.id);
    if (e === undefined || !form) return 0;
    if (this.b.entries.exact[e].indexOf(form.split(" ").join("")) >= 0) return 3;
    var held = hit.held || "";
    if (form.split(" ").every(function (w) { return held.indexOf(w) >= 0; }))
      return this.b.entries.kind[e] === "card" ? 1 : 2;
    return 0;
  };

  /* shaping.one_edit: the first title (rules, terms and Q&A before cards) one edit away
   * from a kana query, among the five closest (rapidfuzz's extract: by distance, then
   * by place). */
  Index.prototype.oneEdit = function (query) {
    var word = query.trim();
    if (!word || word.indexOf(" ") >= 0 || !A.isKana(word) || A.chars(word).length < 3) return null;
    var normal = A.chars(A.normalize(word)), voc = this.b.shaping.vocabulary, found = [];
    var forms = this.oneEditForms();
    for (var i = 0; i < forms.length; i++) {
      var d = T.editDistance(normal, forms[i], 1);
      if (d <= 1) found.push([d, i]);
    }
    found.sort(function (a, b) { return a[0] - b[0] || a[1] - b[1]; });
    var close = found.slice(0, 5).filter(function (x) { return x[0] === 1; });
    return close.length ? voc.titles[close[0][1]] : null;
  };

  /* wordings.expansions: [term, wording, the query with the term in the text's wording,
     the term's game]; a pairing is one game's, unused by a search filtered to another */
  Index.prototype.expansions = function (query, game) {
    var normal = normalForm(query), flat = normal.split(" ").join(""), out = [];
    // sent in the query's own script, the wording as the text writes it (expansions)
    var typed = A.normalize(query, false).split(/\s+/).filter(Boolean).join(" ");
    if (typed.length !== normal.length) typed = normal;
    var squeeze = function (f) { return f.split(" ").join(""); };
    var found = this.b.shaping.glossary.filter(function (g) {
      return g[0] && flat.indexOf(squeeze(g[0])) >= 0 && !(game && g[3] !== game);
    });
    // the longest name wins: "tribute summon" is not also "summon"
    var forms = found.map(function (g) { return squeeze(g[0]); });
    found.forEach(function (g) {
      var form = g[0], flatForm = squeeze(form);
      if (forms.some(function (o) { return o !== flatForm && o.indexOf(flatForm) >= 0; })) return;
      var escaped = A.escapeRe(form), spans = [], m;
      // an English name is whole words, a plural too (tables.ENGLISH_NAME)
      var find = new RegExp(A.isAscii(form)
        ? A.tables().ENGLISH_NAME.replace("{name}", function () { return escaped; }) : escaped, "g");
      while ((m = find.exec(normal)) !== null)
        if (!insideKatakanaWord(typed, m.index, m.index + m[0].length)) spans.push([m.index, m.index + m[0].length]);
      if (!spans.length) return;
      g[2].forEach(function (w) { out.push([g[1], w, spliced(typed, spans, A.normalize(w, false)), g[3]]); });
    });
    return out;
  };
  /* wordings._inside_katakana_word: フィールド in フィールドカード is not the term */
  function katakana(ch) {
    var k = A.tables().KATAKANA_WORD_CHARS;
    return (ch >= k[0] && ch <= k[1]) || ch === k[2];
  }
  function insideKatakanaWord(typed, start, end) {
    var before = start > 0 ? typed.charAt(start - 1) : "", after = typed.charAt(end);
    return (katakana(before) && katakana(typed.charAt(start))) ||
      (katakana(after) && katakana(typed.charAt(end - 1)));
  }
  /* shaping.shaped's facets: entries, as the header counts them.  Unfiltered, the
   * page's groups (complete: the searches gave every hit they had) or the entries of every
   * passage they matched (counted: matched.Matched.counts); filtered, the other choices
   * are the entries they matched before the filter (Matched.chips), or those of the page
   * shaped again without it (again), the choice the total. */
  Index.prototype.chips = function (groups, counted, complete, total, game, kind, again) {
    var self = this, facets = {};
    [["game", game], ["kind", kind]].forEach(function (x) {
      var dim = x[0], choice = x[1], counts = {};
      if (!choice && complete)
        groups.forEach(function (g) { counts[g.best[dim]] = (counts[g.best[dim]] || 0) + 1; });
      else if (!choice) counts = self.entriesBy(counted.passages, dim);
      else if (again) counts = Object.assign({}, again(dim));
      else {
        // what choosing each value would find, within the other dimension's filter
        var within = dim === "game" ? counted.kind && (self.kindDocs[counted.kind] || new Bits(self.n))
          : counted.game && (self.gameDocs[counted.game] || new Bits(self.n));
        counts = self.entriesBy(within ? counted.before.and(within) : counted.before, dim);
      }
      if (choice) counts[choice] = total;
      facets[dim] = root.JudgeOfflineSearch.mostFirst(counts);
    });
    return facets;
  };
  /* matched.entries_of, counted: the entries holding a passage of `docs`, their number
   * (dim null) or how many of each game or kind (dim "game" or "kind"). */
  Index.prototype.entriesBy = function (docs, dim) {
    var entry = this.b.docs.entry, seen = new Set(), out = {}, of = dim && this.b.entries[dim];
    docs.members().forEach(function (d) {
      var e = entry[d];
      if (seen.has(e)) return;
      seen.add(e);
      if (of) out[of[e]] = (out[of[e]] || 0) + 1;
    });
    return dim ? out : seen.size;
  };
  /* shaping._union: what the page's searches matched together (matched.Matched.union),
   * null where one cannot say (a search that stopped before matching) */
  function union(matched) {
    if (!matched.length || matched.some(function (m) { return !m; })) return null;
    return matched.reduce(function (a, m) {
      return {passages: a.passages.or(m.passages), before: a.before.or(m.before), game: a.game, kind: a.kind};
    });
  }
  /* Matched.only: what a search matched of these entries (their ids) alone */
  Index.prototype.only = function (m, ids) {
    if (!m) return null;
    var docs = [], self = this;
    ids.forEach(function (id) { docs = docs.concat(self.entryDocs(id)); });
    var keep = Bits.of(docs, this.n);
    return {passages: m.passages.and(keep), before: m.before.and(keep), game: m.game, kind: m.kind};
  };
  /* wordings._spliced: text with each span replaced by the wording */
  function spliced(text, spans, wording) {
    var out = "", at = 0;
    spans.forEach(function (s) { out += text.slice(at, s[0]) + wording; at = s[1]; });
    return out + text.slice(at);
  }

  /* shaping._partial: [dropped words, the query searched, its result or null] */
  Index.prototype.partial = function (query, game, kind, search) {
    var words = plainWords(query), self = this;
    var few = A.tables().PARTIAL_WORDS;
    if (words.length < few[0] || words.length > few[1]) return [[], query, null];
    var counts = new Map();
    words.forEach(function (w) {
      if (!counts.has(w)) counts.set(w, self.search(w, {game: game, kind: kind, limit: 1}).total);
    });
    var kept = words.filter(function (w) { return counts.get(w) > 0; });
    while (kept.length) {
      if (kept.length < words.length) {
        var again = search(kept.join(" "));
        if (again.results.length)
          return [words.filter(function (w) { return kept.indexOf(w) < 0; }), kept.join(" "), again];
      }
      if (kept.length === 1) break;
      var least = 0;
      for (var i = 1; i < kept.length; i++) if (counts.get(kept[i]) < counts.get(kept[least])) least = i;
      kept.splice(least, 1);
    }
    return [[], query, null];
  };

  /* grouping._current_first: a group whose words matched only an older revision shows
   * the entry's current revision, with the older wording that matched as a note on it
   * (old_wording) and its link.  What it shows is the server's own _current_first,
   * written per older passage by bundle.py (none: the hit stays). */
  Index.prototype.currentFirst = function (g) {
    var hit = g.best, now = A.own(this.b.shown, hit.d);
    if (now === undefined) return;
    var current = Object.assign({}, hit, {revision: now[0], current: true, clause: now[1],
      url: now[2], date: now[3], date_known: now[4], snippet: now[5],
      old_wording: {revision: hit.revision, url: hit.url, clause: hit.clause || null}});
    Object.defineProperty(current, "held", {value: now[6]});
    g.old.unshift(hit);
    g.best = current;
  };

  /* grouping.Group._make and settle: a group's hits (g.at, indices into hits) as its
   * best hit (the first in the current revision), passages and older revisions; the
   * best made the current revision, older passages folded (unless asked for), at most
   * PASSAGES passages. */
  Index.prototype.settle = function (g, hits, old) {
    g.best = hits[g.at[0]]; g.passages = []; g.old = [];
    g.at.slice(1).forEach(function (i) {
      var hit = hits[i];
      if (!hit.current && g.best.current && !old) g.old.push(hit);
      else if (!g.best.current && hit.current) { g.old.push(g.best); g.best = hit; }
      else g.passages.push(hit);
    });
    if (!g.best.current && !old) this.currentFirst(g);
    if (!old && g.best.current) {
      g.old = g.old.concat(g.passages.filter(function (p) { return !p.current; }));
      g.passages = g.passages.filter(function (p) { return p.current; });
    }
    g.passages = g.passages.slice(0, A.tables().PASSAGES);
  };
  /* shaping._further: the other matched passages of the page's entries (each search's
   * restOf, the searches in the order their hits go first), added to hits; the groups
   * of those entries made again with them (Group.with_more: their tier and place stay). */
  Index.prototype.further = function (ranked, groups, hits, old) {
    var at = new Map(), taken = new Set(), changed = new Map(), self = this;
    hits.forEach(function (h, i) { at.set(key(h), i); });
    var ids = groups.map(function (g) { return g.id; });
    ranked.forEach(function (result) {
      result.results.forEach(function (h) { taken.add(key(h)); });
      (result.restOf && ids.length ? result.restOf(ids) : []).forEach(function (hit) {
        var k = key(hit);
        if (taken.has(k)) return;
        taken.add(k);
        if (!changed.has(hit.id)) changed.set(hit.id, []);
        // (a passage a search of more weight found: its hit, as it ranks it)
        if (at.has(k)) hits[at.get(k)] = hit;
        else { changed.get(hit.id).push(hits.length); hits.push(hit); }
      });
    });
    groups.forEach(function (g) {
      if (!changed.has(g.id)) return;
      g.at = g.at.concat(changed.get(g.id));
      self.settle(g, hits, old);
    });
  };

  /* shaping.group_hits: one group per entry, in shaping._order's order. */
  Index.prototype.groupHits = function (hits, query, old, also) {
    var forms = [query].concat(also).map(normalForm), groups = new Map(), self = this;
    // the editors' glossary and lexicon pages (shaping.word_pages): they explain a word
    var explaining = this.memo("wordPages", function () { return new Set(self.b.shaping.word_pages); });
    hits.forEach(function (hit, i) {
      if (!groups.has(hit.id)) groups.set(hit.id, {id: hit.id, at: [], tier: 0});
      groups.get(hit.id).at.push(i);
    });
    var out = Array.from(groups.values());
    out.forEach(function (g) {
      self.settle(g, hits, old);
      var shown = [g.best].concat(g.passages);
      forms.forEach(function (form) {
        shown.forEach(function (h) { g.tier = Math.max(g.tier, self.exactTier(h, form)); });
      });
      // a glossary or lexicon page is exact only by its name (shaping.group_hits)
      g.explains = g.best.kind === "term" && explaining.has(g.best.id);
      if (g.explains && g.tier < 3) g.tier = 0;
    });
    // a stable sort, as Python's, on shaping._order's key
    var order = function (g) {
      return [-g.tier, g.explains && g.tier < 3 ? 1 : 0, -g.best.score];
    };
    return out.sort(function (a, b) {
      var x = order(a), y = order(b);
      for (var i = 0; i < x.length; i++) if (x[i] !== y[i]) return x[i] - y[i];
      return 0;
    });
  };

  /* shaping.shaped: the JSON of /api/search (results one per entry, with "passages",
   * "old_matches", "old", "exact"; "total" in entries; "corrected", "dropped",
   * "expanded" when the query was respelled, shortened or expanded). */
  Index.prototype.shaped = function (query, opts) {
    var outer = this.deferred;
    this.deferred = outer || new WeakMap();
    try {
      var data = this.shape(query, opts || {}), self = this;
      data.results.forEach(function (r) {
        self.cut(r);
        (r.passages || []).concat(r.old || []).forEach(function (h) { self.cut(h); });
      });
      return data;
    } finally {
      this.deferred = outer;
    }
  };
  Index.prototype.shape = function (query, opts) {
    var game = opts.game || null, kind = opts.kind || null, old = !!opts.old, self = this;
    var page = Math.max(1, parseInt(opts.page || 1, 10) || 1);
    var limit = Math.max(1, parseInt(opts.limit || A.constants().PAGE_LIMIT, 10) || A.constants().PAGE_LIMIT);
    var tb = A.tables(), need = page * limit, complete = true;
    // shaping.fetch_for: the hits each search gives, a few steps by the page's entries
    var fetch = need * 2 + tb.FETCH_MARGIN <= tb.FIRST_FETCH ? tb.FIRST_FETCH
      : need * 2 + tb.FETCH_MARGIN <= tb.FETCH ? tb.FETCH : tb.MAX_LIMIT;
    // shaping._grouped's search: ranked as deep as FETCH hits; "complete" when it gave
    // every hit it had (the page then counts its groups, not every matched entry)
    function search(q, fetched, inGame) {
      fetched = fetched || fetch;
      var r = self.search(q, {game: inGame === undefined ? game : inGame, kind: kind, limit: fetched,
                              offset: 0, depth: Math.max(fetch, tb.FETCH), exact: true});
      Object.defineProperty(r, "complete", {value: r.results.length < fetched});
      return r;
    }
    var data = search(query);
    if (data.redirect) { data.results = data.results.slice(0, limit); return data; }
    complete = data.complete;
    // the searches whose hits are grouped (what the total and chips count), and those
    // whose hits are taken as they are ranked (whose further passages the page lists)
    var sources = [data.matched], ranked = [data], suggested = data.did_you_mean.length > 0;
    var hits = data.results, used = query, corrected = null, dropped = [];
    var queryNormal = normalForm(query);
    var exact = hits.slice(0, tb.EXACT_HEAD).some(function (h) { return self.exactTier(h, queryNormal); });
    if (!exact) {
      var alt = this.oneEdit(query);
      if (alt) {
        var again = search(alt);
        if (again.results.length) {
          corrected = used = alt;
          var seen = new Set(again.results.map(key));
          hits = again.results.concat(hits.filter(function (h) { return !seen.has(key(h)); }));
          sources.push(again.matched); ranked.unshift(again);
          complete = complete && again.complete;
        }
      }
    }
    // shaping._numbered: a bare number (337) is also the ids it may be, shown first
    var numbered = [], bare = A.normalize(query).trim();
    if (A.re("BARE_NUMBER").test(bare)) {
      var idsFound = [];
      tb.NUMBERED_FORMS.forEach(function (form) {
        var alt = form.replace("{n}", function () { return bare; });
        // the entries the id names (Corpus.resolve), not one it merely resembles
        // (No.9999: N999)
        var ids = self.resolve(alt).filter(function (i) { return i.indexOf("#") < 0; });
        if (!ids.length) return;
        var named = new Set(ids), again = search(alt);
        var found = again.results.filter(function (h) { return named.has(h.id); });
        // the page counts these entries' passages (not those merely mentioning the id)
        sources.push(self.only(again.matched, named));
        if (found.length) { numbered.push(alt); idsFound = idsFound.concat(found); }
      });
      if (idsFound.length) {
        var idKeys = new Set(idsFound.map(key));
        hits = idsFound.concat(hits.filter(function (h) { return !idKeys.has(key(h)); }));
        data.did_you_mean = numbered.concat(data.did_you_mean);
      }
    }
    var expanded = operator().test(query) ? [] : this.expansions(query, game);
    if (expanded.length) {
      var known = new Set(hits.map(key));
      var top = hits.reduce(function (m, h) { return Math.max(m, h.score); }, 0);
      hits = hits.slice();
      // a question's concepts already hold each name's wordings; a keyword query's
      // wording is searched in the term's own game only, its scores brought to the
      // query's own (shaping._grouped)
      (data.question ? [] : expanded).forEach(function (x) {
        var searched = search(x[2], fetch, x[3]), found = searched.results;
        var best = found.reduce(function (m, h) { return Math.max(m, h.score); }, 0);
        var scale = top && best > top ? top / best : 1;
        sources.push(searched.matched);
        complete = complete && searched.complete;
        found.forEach(function (h) {
          if (known.has(key(h))) return;
          known.add(key(h));
          // in place, as Python does: the hit is the key of its deferred snippet
          if (scale !== 1) h.score = h.score * scale;
          hits.push(h);
        });
      });
      data.expanded = expanded.map(function (x) { return {term: x[0], wording: x[1], game: x[3]}; });
    }
    var asked = data.question;
    if (asked && hits.length && !asked.asks && !numbered.length) {
      // shaping._grouped: the words no passage of the result holds are named as dropped
      var held = new Set(), heldBy = function (hs) {
        held = new Set();
        hs.forEach(function (h) { (h.matched || []).forEach(function (w) { held.add(w); }); });
      };
      heldBy(hits);
      if (!data.complete && fetch < tb.FETCH && held.size < asked.words.length) {
        // the words held are read among FETCH hits, as a page always read them
        hits = search(query, tb.FETCH).results;
        heldBy(hits);
      }
      // (none held: the hits are the searcher's did-you-mean's, whose notice says so)
      dropped = held.size ? asked.words.filter(function (w) { return !held.has(w); }) : [];
      if (dropped.length) {
        used = asked.words.filter(function (w) { return held.has(w); }).join(" ");
        // the words some passage holds, searched as such (the entry they name first)
        var kept = expanded.length ? null : search(used);
        if (kept && kept.results.length) {
          hits = kept.results; sources = [kept.matched]; ranked = [kept]; complete = kept.complete;
        }
      }
    }
    if (!hits.length) {
      var part = this.partial(query, game, kind, search);
      dropped = part[0]; used = part[1];
      if (part[2] !== null) {
        hits = part[2].results; sources = [part[2].matched]; ranked = [part[2]]; complete = part[2].complete;
      }
    }
    var groups = this.groupHits(hits, used, old, numbered.concat(expanded.map(function (x) { return x[2]; })));
    var start = (page - 1) * limit, counted = union(sources);
    complete = complete || counted === null;
    // each group shown lists all its entry's matched passages, not those among the hits
    if (!complete) this.further(ranked, groups.slice(start, need), hits.slice(), old);
    data.results = groups.slice(start, start + limit).map(function (g) {
      var out = Object.assign({}, self.cut(g.best));
      out.passages = g.passages; out.old_matches = g.old.length; out.old = g.old; out.exact = g.tier;
      return out;
    });
    var total = complete ? groups.length : this.entriesBy(counted.passages, null);
    // shaping.shaped: a page a fallback reshaped counts its chips by shaping again
    var plain = !(corrected || dropped.length || expanded.length || data.question || suggested ||
      ranked.concat(sources).some(function (r) { return r && r !== data && r.did_you_mean && r.did_you_mean.length; }));
    data.facets = this.chips(groups, counted, complete, total, game, kind, plain && counted ? null : function (dim) {
      return self.shape(query, {game: dim === "game" ? null : game, kind: dim === "kind" ? null : kind,
                                old: old, limit: 1}).facets[dim];
    });
    // the first search found nothing and a fallback did: no "nothing matches" above them
    if (data.results.length && data.others !== null) data.notice = data.others;
    data.total = total; data.passages_total = complete ? hits.length : counted.passages.count();
    data.searched = used; data.corrected = corrected; data.dropped = dropped; data.old_included = old;
    if (corrected && data.did_you_mean.indexOf(corrected) < 0)
      data.did_you_mean = [corrected].concat(data.did_you_mean);
    return data;
  };
})(typeof self !== "undefined" ? self : this);
