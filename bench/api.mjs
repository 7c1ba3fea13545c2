// bench/api: requests per second of an authenticated GET on the real server (session lookup +
// envelope: the route's handler only builds a small constant list) against a bare Fastify route
// returning the same JSON, measured in the same run in alternating rounds. Prints both rates and
// their ratio; the goal is ≥ 0.6.
//   node bench/api.mjs [--short]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { launchServer } from '../scripts/launch.mjs';
import { startBare } from './bare-server.mjs';
import { load } from './load.mjs';

const GOAL = 0.6;
const ROUTE = '/backend/manager/sys/time-frequency';
const ADMIN = { email: 'bench@vitrine.test', password: 'Bench-2024!' };
const short = process.argv.includes('--short');
const plan = short
  ? { warmupMs: 3_000, rounds: 2, roundMs: 1_500, connections: 16 }
  : { warmupMs: 3_000, rounds: 5, roundMs: 4_000, connections: 16 };

const workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'vitrine-bench-api-'));
const stops = [];
try {
  const server = await launchServer({
    env: {
      DATA_DIR: path.join(workDir, 'data'),
      DATABASE_URL: '',
      CONSOLE_DIR: path.join(workDir, 'no-console'), // the API alone: no console build needed
      ADMIN_EMAIL: ADMIN.email,
      ADMIN_PASSWORD: ADMIN.password,
      LOG_LEVEL: 'warn',
    },
    logFile: path.join(workDir, 'server.log'),
  });
  stops.push(server.stop);
  const token = await logIn(server.url);
  const headers = { Authorization: `Bearer ${token}`, 'Accept-Language': 'en' };

  // The bare route answers exactly what the real one does, so both send the same bytes.
  const sample = await fetch(`${server.url}${ROUTE}`, { headers });
  const body = await sample.json();
  if (sample.status !== 200 || body.code !== 220000)
    throw new Error(`${ROUTE} answered ${sample.status} ${JSON.stringify(body)}`);
  const bare = await startBare({ BARE_BODY: JSON.stringify(body) });
  stops.push(bare.stop);

  const targets = [
    { name: 'bare Fastify route', port: bare.port, path: '/bare', headers: {} },
    { name: `GET ${ROUTE}`, port: Number(new URL(server.url).port), path: ROUTE, headers },
  ];
  for (const target of targets)
    await load({ ...target, connections: plan.connections, durationMs: plan.warmupMs });

  const totals = targets.map(() => ({ ok: 0, failed: 0, errors: 0, seconds: 0, cpu: 0 }));
  for (let round = 1; round <= plan.rounds; round++) {
    // Alternate which goes first, so neither always runs on a warmer or cooler machine.
    const order = round % 2 ? [0, 1] : [1, 0];
    const rates = [];
    for (const index of order) {
      const run = await load({ ...targets[index], connections: plan.connections, durationMs: plan.roundMs });
      const total = totals[index];
      for (const key of ['ok', 'failed', 'errors', 'seconds']) total[key] += run[key];
      total.cpu = Math.max(total.cpu, run.cpu);
      rates[index] = run.rate;
    }
    console.log(`  round ${round}: bare ${format(rates[0])} req/s, authenticated ${format(rates[1])} req/s`);
  }

  const [bareTotal, realTotal] = totals;
  const bareRate = bareTotal.ok / bareTotal.seconds;
  const realRate = realTotal.ok / realTotal.seconds;
  const ratio = realRate / bareRate;
  console.log(`  route measured:      GET ${ROUTE} (authenticated, same body as the bare route)`);
  console.log(`  bare Fastify route:  ${format(bareRate)} req/s`);
  console.log(`  authenticated GET:   ${format(realRate)} req/s`);
  console.log(`  ratio ${ratio.toFixed(2)} (goal ≥ ${GOAL}) ${ratio >= GOAL ? 'met' : 'NOT met'}`);
  console.log(
    `  ${plan.connections} connections, ${plan.rounds} rounds of ${plan.roundMs / 1000} s each; load generator CPU at most ${Math.round(Math.max(bareTotal.cpu, realTotal.cpu) * 100)}% of a core`,
  );
  const bad = totals.reduce((sum, total) => sum + total.failed + total.errors, 0);
  if (bad > 0) throw new Error(`${bad} requests failed or broke off during the measurement`);
} finally {
  for (const stop of stops.reverse()) await stop();
  fs.rmSync(workDir, { recursive: true, force: true });
}

async function logIn(url) {
  const response = await fetch(`${url}/backend/account/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...ADMIN, accept_terms: true }),
  });
  const body = await response.json();
  if (body.code !== 220000) throw new Error(`login answered ${JSON.stringify(body)}`);
  return body.data.token;
}

function format(rate) {
  return Math.round(rate).toLocaleString('en-US');
}
