/* The offline search run by Node, without a browser (tests/search/test_offline_parity.py).
 *
 * Loads the offline scripts the service worker ships (judge/web/static/offline-*.js)
 * into a context of their own, opens the bundle Python built, and prints, for every
 * query of the queries file (in its order), the entries of the offline results page and the passages
 * of the offline ranking, as JSON on stdout.
 *   node tests/search/offline_parity.js <static dir> <bundle.json> <queries.json>
 */
"use strict";
const fs = require("fs");
const path = require("path");
const vm = require("vm");

const [staticDir, bundlePath, queriesPath] = process.argv.slice(2);
const context = vm.createContext({console: console});
context.self = context;
for (const name of ["offline-analysis.js", "offline-text.js", "offline-search.js", "offline-question.js",
                    "offline-shaping.js"]) {
  vm.runInContext(fs.readFileSync(path.join(staticDir, name), "utf8"), context,
                  {filename: name});
}
const bundle = JSON.parse(fs.readFileSync(bundlePath, "utf8"));
const queries = JSON.parse(fs.readFileSync(queriesPath, "utf8"));
const index = context.JudgeOfflineSearch.open(bundle);
// a list in the queries' order, not an object ("__proto__" is a query too)
const out = queries.map(q => {
  const page = index.shaped(q, {limit: 10});
  const ranked = index.search(q, {limit: 10});
  return {entries: page.results.map(r => r.id),
          passages: ranked.results.map(h => [h.id, h.clause, h.revision])};
});
process.stdout.write(JSON.stringify(out));
