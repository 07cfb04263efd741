/* The offline search run by Node, without a browser (tests/search/test_offline_parity.py).
 *
 * Loads the offline scripts the service worker ships (judge/web/static/offline-*.js)
 * into a context of their own, opens the bundle Python built, and prints, for every
 * query of the queries file (in its order), the entries of the offline results page and
 * their snippets, further passages, folded revisions, exact tiers, did-you-mean and notices, and
 * the passages of the offline ranking, as JSON on stdout.
 *   node tests/search/offline_parity.js <static dir> <bundle.json> <queries.json> [notices.json]
 */
"use strict";
const fs = require("fs");
const path = require("path");
const vm = require("vm");

const [staticDir, bundlePath, queriesPath, spokenPath] = process.argv.slice(2);
const context = vm.createContext({console: console});
context.self = context;
for (const name of ["offline-analysis.js", "offline-text.js", "offline-search.js", "offline-plan.js", "offline-question.js",
                    "offline-shaping.js"]) {
  vm.runInContext(fs.readFileSync(path.join(staticDir, name), "utf8"), context,
                  {filename: name});
}
const bundle = JSON.parse(fs.readFileSync(bundlePath, "utf8"));
const queries = JSON.parse(fs.readFileSync(queriesPath, "utf8"));
const index = context.JudgeOfflineSearch.open(bundle);
// the notices in a page's language, as offline-page.js hands them over (optional)
if (spokenPath) context.JudgeAnalysis.speak(JSON.parse(fs.readFileSync(spokenPath, "utf8")));
// a list in the queries' order, not an object ("__proto__" is a query too)
// a query is its text, or {q, game, kind, page} for a filtered results page or a later one
const out = queries.map(item => {
  const q = typeof item === "string" ? item : item.q;
  const filters = typeof item === "string" ? {} : {game: item.game, kind: item.kind};
  const page = index.shaped(q, Object.assign({limit: 10, page: item.page || 1}, filters));
  const ranked = index.search(q, Object.assign({limit: 10}, filters));
  return {entries: page.results.map(r => r.id), total: page.total, facets: page.facets,
          snippets: page.results.map(r => r.snippet), urls: page.results.map(r => r.url),
          redirect_url: page.redirect_url,
          passages: ranked.results.map(h => [h.id, h.clause, h.revision]),
          did_you_mean: page.did_you_mean, notice: page.notice,
          more: page.results.map(r => [(r.passages || []).map(p => [p.clause || null, p.snippet]),
                                       r.old_matches === undefined ? null : r.old_matches,
                                       r.exact === undefined ? null : r.exact])};
});
process.stdout.write(JSON.stringify(out));
