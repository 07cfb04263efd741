/* The offline ranking with its scores, run by Node (tests/search/test_offline_budget.py):
 * for every query of the queries file, the passages of index.search and their scores.
 *   node tests/search/offline_ranking.js <static dir> <bundle.json> <queries.json> <limit>
 */
"use strict";
const fs = require("fs");
const path = require("path");
const vm = require("vm");

const [staticDir, bundlePath, queriesPath, limit] = process.argv.slice(2);
const context = vm.createContext({console: console});
context.self = context;
for (const name of ["offline-analysis.js", "offline-text.js", "offline-search.js", "offline-plan.js",
                    "offline-question.js", "offline-shaping.js"]) {
  vm.runInContext(fs.readFileSync(path.join(staticDir, name), "utf8"), context, {filename: name});
}
const index = context.JudgeOfflineSearch.open(JSON.parse(fs.readFileSync(bundlePath, "utf8")));
const queries = JSON.parse(fs.readFileSync(queriesPath, "utf8"));
const out = queries.map(q => index.search(q, {limit: parseInt(limit, 10)}).results.map(
  h => [h.id, h.clause, h.revision, h.score]));
process.stdout.write(JSON.stringify(out));
