// Prints the JavaScript a visitor downloads before the login page renders, gzipped, and exits
// non-zero above the budget (≤ 200 KB, so the login page stays quick on a slow link): the build
// fails then. With --report-only it prints without failing. Counted: the entry chunk and its static
// imports, the LoginPage chunk and its static imports, and the English messages the console waits
// for before its first render.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_KB = 200;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');
const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));

const entryKey = Object.keys(manifest).find((key) => manifest[key].isEntry);
const byEnding = (ending) => Object.keys(manifest).find((name) => name.endsWith(ending));
const login = byEnding('features/account/pages/LoginPage.tsx');
if (!login) throw new Error('No LoginPage chunk in the build manifest');
// A locale the bundler merged into a static chunk has no key of its own and is counted there.
const messages = [
  'src/locales/en/common.json',
  'src/locales/en/account.json',
  'contract/src/locales/en.json?part=public',
].map(byEnding);
const starts = [entryKey, login, ...messages.filter(Boolean)];

const files = new Map();
function visit(key) {
  const chunk = manifest[key];
  if (!chunk || files.has(chunk.file)) return;
  files.set(chunk.file, key);
  for (const imported of chunk.imports ?? []) visit(imported);
}
for (const key of starts) visit(key);

let total = 0;
const rows = [...files.keys()]
  .filter((file) => file.endsWith('.js'))
  .map((file) => {
    const size = gzipSync(fs.readFileSync(path.join(dist, file))).length;
    total += size;
    return { file, size };
  })
  .sort((a, b) => b.size - a.size);

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
console.log('JavaScript loaded before the login page renders (gzipped):');
for (const { file, size } of rows) console.log(`  ${kb(size).padStart(9)}  ${file}`);
console.log(`  ${kb(total).padStart(9)}  total (budget ${BUDGET_KB} KB)`);
if (total > BUDGET_KB * 1024) {
  console.error(`\nThe login path is over budget by ${kb(total - BUDGET_KB * 1024)}.`);
  if (!process.argv.includes('--report-only')) process.exit(1);
}
