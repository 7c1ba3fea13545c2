// bench/license: licences at fleet scale on PostgreSQL. One company with many licensed screens
// (a licence each, expiring between 10 days ago and 50 days on, so about one in six has expired).
// 1. The console's device list with licence status: a page of GET /backend/manager/device, whose
//    items carry each device's licence (state, batch, expiry) and status 5 "expired", read in the
//    page's own query, as the device list page asks it; and the same page filtered by status 5.
//    Each against the same two statements (the page with its licence columns, its count) sent
//    through `pg`, alternately in the same run; the two must agree on the total, the devices and
//    their licence states. Goal: p99 ≤ 30 ms and ≤ 2× the bare SQL.
// 2. The daily renewal reminder pass over every licence: the owner's and the platform's settings
//    saved with a send time already passed; the time until the pass has written a reminder row
//    for every licence within the threshold, and the mails it queued (printed; no goal).
//   node bench/license.mjs [--short]
// Without DATABASE_URL, a throwaway server is started with .ci/postgres.sh (and stopped at the end).
import { performance } from 'node:perf_hooks';
import { againstBare, alternate, n, seconds } from './figures.mjs';
import { apiCaller, benchServer, LIST_TOTAL_CAP, logIn } from './postgres.mjs';
import { licenseFleet, seedFleet } from './simulated-fleet.mjs';

const GOAL = { ms: 30, ratio: 2 };
const ADMIN = { email: 'bench@vitrine.test', password: 'Bench-2024!' };
const OWNER = { email: 'owner@license.bench.test', password: 'Owner-2024!' };
const THRESHOLD_DAYS = 30;
/** The reminder pass looks this often (LICENSE_REMIND_PASS_SECONDS): the figure includes ≤ 1 s of waiting. */
const PASS_SECONDS = 1;

const short = process.argv.includes('--short');
const plan = short
  ? { devices: 10_000, warmup: 30, iterations: 200 }
  : { devices: 100_000, warmup: 30, iterations: 400 };

const { server, pool, stop } = await benchServer('license', {
  admin: ADMIN,
  env: { LICENSE_REMIND_PASS_SECONDS: String(PASS_SECONDS) },
  poolSize: 10,
});

try {
  const started = performance.now();
  const { companyId, deviceIds } = await seedFleet(pool, {
    name: 'Licensed',
    owner: OWNER,
    players: plan.devices,
  });
  await licenseFleet(pool, { name: 'Licensed', companyId, deviceIds });
  // Expiries spread over 60 days around now: device n expires (n mod 60) − 10 days from now.
  await pool.query(
    `UPDATE device_licenses SET expires_at = now() + ((device_id % 60) - 10) * interval '1 day'`,
  );
  await pool.query('VACUUM ANALYZE');
  const expired = await count(pool, 'SELECT count(*) FROM device_licenses WHERE expires_at <= now()');
  console.log(
    `  data: ${n(plan.devices)} licensed screens in one company (${n(expired)} expired), seeded in ${seconds(performance.now() - started)}`,
  );

  const ownerCall = apiCaller(server.url, await logIn(server.url, OWNER.email, OWNER.password));
  console.log(
    `  ${plan.warmup} warm-up + ${plan.iterations} sequential rounds per case, API and bare SQL alternating`,
  );
  for (const status of [null, 5]) {
    const api = async () => {
      const page = await ownerCall('GET', `/backend/manager/device?${listQuery(status)}`);
      return {
        total: page.total,
        ids: page.list.map((device) => device.device_id),
        states: page.list.map((device) => device.license.state),
      };
    };
    const bare = bareList(pool, companyId, status);
    const [a, b] = [await api(), await bare()];
    if (a.total !== b.total || a.ids.join() !== b.ids.join() || a.states.join() !== b.states.join())
      throw new Error(`the API and the bare SQL disagree (${a.total} vs ${b.total} devices)`);
    const times = await alternate(plan, { api, bare });
    console.log(
      `  device list${status === null ? '' : ' filtered by status 5 (expired)'} + licence status of the page: ${n(a.total)} devices`,
    );
    // Where the time goes when the goal is missed: the plans of the list's two statements.
    if (!againstBare('API GET', times.api, times.bare, GOAL)) await explain(pool, companyId, status);
  }

  // The reminder pass: the owner's settings (its own address and two more) and the platform's.
  const systemCall = apiCaller(server.url, await logIn(server.url, ADMIN.email, ADMIN.password));
  const settings = {
    enabled: true,
    threshold_days: THRESHOLD_DAYS,
    frequency_days: 1,
    user_ids: [],
    exempt_days: [],
    send_time: '00:00',
  };
  const due = await count(
    pool,
    `SELECT count(*) FROM device_licenses WHERE expires_at <= now() + interval '${THRESHOLD_DAYS} days'`,
  );
  const mailsBefore = await count(pool, `SELECT count(*) FROM jobs WHERE type = 'mail'`);
  const saved = performance.now();
  await ownerCall('PUT', '/backend/manager/license/remind', {
    ...settings,
    emails: [OWNER.email, 'facilities@license.bench.test', 'finance@license.bench.test'],
  });
  await systemCall('PUT', '/backend/manager/license/remind', {
    ...settings,
    emails: ['platform@license.bench.test'],
  });
  // Done when both holders have a reminder row for every licence due (owner and platform: 2 × due).
  let reminded = 0;
  while (reminded < 2 * due) {
    if (performance.now() - saved > 120_000)
      throw new Error(`the reminder pass wrote ${reminded} of ${2 * due} rows in 2 minutes`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    reminded = await count(pool, 'SELECT count(*) FROM license_reminders');
  }
  const took = performance.now() - saved;
  const mails = (await count(pool, `SELECT count(*) FROM jobs WHERE type = 'mail'`)) - mailsBefore;
  console.log(
    `  reminder pass: ${n(due)} of ${n(plan.devices)} licences within ${THRESHOLD_DAYS} days reminded to the owner's and the platform's recipients (${n(reminded)} reminder rows), ${n(mails)} mails queued, in ${seconds(took)} from saving the settings (including up to ${PASS_SECONDS} s until the job's next look)`,
  );
} finally {
  await stop();
}

async function count(pool, text) {
  return Number((await pool.query(text)).rows[0].count);
}

function listQuery(status) {
  return new URLSearchParams({
    page: '1',
    page_size: '20',
    ...(status === null ? {} : { status: String(status) }),
  });
}

/**
 * What GET device sends (modules/device/service.ts listDevices, platform/licence-state.ts
 * selectWithLicence): the page, each device with its workspace, model, licence, the licence's batch
 * and the whitelist check (the status filter's EXISTS when filtered by 5), and its count.
 */
function listStatements(companyId, status, at) {
  const expiredSql = `(exists (select 1 from device_licenses l where l.device_id = d.id and l.expires_at <= $2::timestamptz)
      and not exists (select 1 from mac_whitelist m where m.mac = lower(d.mac)))`;
  const where = `d.company_id is not null and d.company_id = $1${status === null ? '' : ` and ${expiredSql}`}`;
  return {
    page: {
      text: `select d.*, w.name as group_name, m.name as model_name, l.bound_at, l.expires_at,
               b.id, b.type, b.batch_no, b.validity_type, b.effect_days, b.expiration_date, b.max_use_times,
               exists (select 1 from mac_whitelist m where m.mac = lower(d.mac)) as whitelisted
             from devices d left join device_licenses l on l.device_id = d.id
             left join license_batches b on b.id = l.batch_id
             left join workspaces w on w.id = d.workspace_id
             left join device_models m on m.id = d.model_id
             where ${where} order by d.created_at desc, d.id desc limit 20 offset 0`,
      values: status === null ? [companyId] : [companyId, at],
      // As drizzle reads rows: by position (license_batches shares column names with devices).
      rowMode: 'array',
    },
    // Counted up to LIST_TOTAL_CAP + 1 matches, as the server counts (platform/lists.ts cappedTotal).
    count: {
      text: `select count(*) from (select 1 from devices d where ${where} limit ${LIST_TOTAL_CAP + 1}) matches`,
      values: status === null ? [companyId] : [companyId, at],
    },
  };
}

async function explain(pool, companyId, status) {
  for (const [label, { text, values }] of Object.entries(
    listStatements(companyId, status, new Date().toISOString()),
  )) {
    const { rows } = await pool.query(`EXPLAIN (ANALYZE, BUFFERS) ${text}`, values);
    console.log(`    -- ${label}`);
    for (const row of rows) console.log(`    ${row['QUERY PLAN']}`);
  }
}

function bareList(pool, companyId, status) {
  return async () => {
    const at = new Date();
    const statements = listStatements(companyId, status, at.toISOString());
    const [page, total] = await Promise.all([pool.query(statements.page), pool.query(statements.count)]);
    // The licence's columns by name: only device_licenses has these two.
    const column = (name) => page.fields.findIndex((field) => field.name === name);
    const [boundAt, expiresAt, whitelisted] = [
      column('bound_at'),
      column('expires_at'),
      column('whitelisted'),
    ];
    return {
      total: Math.min(Number(total.rows[0].count), LIST_TOTAL_CAP),
      ids: page.rows.map((row) => row[0]),
      states: page.rows.map((row) => {
        if (row[whitelisted]) return 'whitelisted';
        if (row[boundAt] === null) return 'none';
        return row[expiresAt] !== null && row[expiresAt] <= at ? 'expired' : 'valid';
      }),
    };
  };
}
