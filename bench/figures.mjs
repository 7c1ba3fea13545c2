// How the benchmarks time and print their figures: percentiles of samples, the API-against-bare-SQL
// loop of bench/team and bench/dashboard, numbers in the units the README quotes, goals met or NOT
// met, and the warnings the server logged.
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';

/** p50, p99 and max of samples (NaN for none: a phase that measured nothing prints as such). */
export function stats(samples) {
  if (samples.length === 0) return { p50: Number.NaN, p99: Number.NaN, max: Number.NaN };
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
  return { p50: at(0.5), p99: at(0.99), max: sorted[sorted.length - 1] };
}

/** `p50 … p99 … max …` of stats(), in ms. */
export function percentiles({ p50, p99, max }) {
  return `p50 ${ms(p50)}  p99 ${ms(p99)}  max ${ms(max)}`;
}

/**
 * Calls each of `runners` (name → async function) once a round, one call at a time, for
 * plan.warmup + plan.iterations rounds, the warm-up not timed. Which goes first alternates, so
 * that none always runs on a warmer cache. Answers the stats of each name.
 */
export async function alternate(plan, runners) {
  const names = Object.keys(runners);
  const times = Object.fromEntries(names.map((name) => [name, []]));
  for (let i = 0; i < plan.warmup + plan.iterations; i++) {
    for (const name of i % 2 ? [...names].reverse() : names) {
      const begin = performance.now();
      await runners[name]();
      if (i >= plan.warmup) times[name].push(performance.now() - begin);
    }
  }
  return Object.fromEntries(names.map((name) => [name, stats(times[name])]));
}

/**
 * Prints an API call's figures under `label` against the bare SQL's and the p99 ratio with the
 * goal (goal.ms at most, goal.ratio × the bare p99 at most); answers whether it was met.
 */
export function againstBare(label, api, bare, goal) {
  const width = Math.max(label.length, 'bare SQL'.length) + 3;
  const ratio = api.p99 / bare.p99;
  const met = api.p99 <= goal.ms && ratio <= goal.ratio;
  console.log(`    ${`${label}:`.padEnd(width)}${percentiles(api)}`);
  console.log(`    ${'bare SQL:'.padEnd(width)}${percentiles(bare)}`);
  console.log(
    `    p99 ratio ${ratio.toFixed(2)} (goal p99 ≤ ${goal.ms} ms and ≤ ${goal.ratio}× bare) ${met ? 'met' : 'NOT met'}`,
  );
  return met;
}

export function goal(name, figure, met) {
  console.log(`    ${name}: ${figure} ${met ? 'met' : 'NOT met'}`);
}

/** Warnings and errors the server logged (pino's JSON lines, level 40 and up), by message. */
export function reportServerLog(files) {
  const counts = new Map();
  for (const file of files) {
    for (const line of fs.readFileSync(file, 'utf8').split('\n')) {
      let entry;
      try {
        entry = JSON.parse(line);
      } catch {
        continue;
      }
      if (entry.level >= 40) counts.set(entry.msg, (counts.get(entry.msg) ?? 0) + 1);
    }
  }
  const list = [...counts].sort((a, b) => b[1] - a[1]).map(([msg, count]) => `"${msg}" ×${n(count)}`);
  console.log(`  server log: ${list.length ? list.join(', ') : 'no warnings or errors'}`);
}

export function n(value) {
  return value.toLocaleString('en-US');
}

export function ms(value) {
  return `${value.toFixed(2)} ms`.padStart(9);
}

/** `digits` decimals; `never` for a time that never came (Infinity). */
export function seconds(valueMs, digits = 1) {
  return Number.isFinite(valueMs) ? `${(valueMs / 1000).toFixed(digits)} s` : 'never';
}

export function mb(kb) {
  return `${n(Math.round(kb / 1024))} MB`;
}

/**
 * When 99 % of a fleet of `size` (not only those that came) and all of it were done: the times of
 * `samples` (ms since the clock started), Infinity for a share that never came.
 */
export function fleetTiming(samples, size) {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (count) => (count <= sorted.length ? sorted[count - 1] : Number.POSITIVE_INFINITY);
  return { p99: at(Math.ceil(size * 0.99)), all: at(size) };
}

/** `200 ×9,990, 429 ×10`: a Map of HTTP statuses (or error kinds) to counts, the most first. */
export function statusText(statuses) {
  return [...statuses]
    .sort((a, b) => b[1] - a[1])
    .map(([status, count]) => `${status} ×${n(count)}`)
    .join(', ');
}
