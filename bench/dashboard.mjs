// bench/dashboard: the /home dashboard's statistics on PostgreSQL with 100,000 screens. Fills a
// fresh database with companies (one root workspace and one owner each) and screens spread over
// them, half of them in the first company, then times GET /backend/manager/dashboard/
// device-statistic (one grouping-sets aggregate over the devices) sequentially as the system
// account (every screen) and as the first company's owner (half of them), against the same SQL
// sent through `pg` directly in the same run; the other four statistics are timed once each.
// Goal: p99 ≤ 200 ms and ≤ 2× the bare query's p99.
//   node bench/dashboard.mjs [--short]
// Without DATABASE_URL, a throwaway server is started with .ci/postgres.sh (and stopped at the end).
import { performance } from 'node:perf_hooks';
import { hash } from '@node-rs/argon2';
import { againstBare, alternate } from './figures.mjs';
import { apiCaller, benchServer, logIn } from './postgres.mjs';

const GOAL = { ms: 200, ratio: 2 };
const ADMIN = { email: 'bench@vitrine.test', password: 'Bench-2024!' };
const OWNER_PASSWORD = 'Owner-2024!';
const STATISTICS = ['user', 'device', 'schedule', 'content', 'oss'];

const short = process.argv.includes('--short');
const plan = short
  ? { devices: 10_000, companies: 20, warmup: 5, iterations: 50 }
  : { devices: 100_000, companies: 100, warmup: 10, iterations: 200 };

const { server, pool, stop } = await benchServer('dashboard', { admin: ADMIN, poolSize: 4 });

try {
  const started = performance.now();
  const owner = await fill(pool);
  console.log(
    `  data: ${plan.devices.toLocaleString('en-US')} screens in ${plan.companies} companies (half in company ${owner.companyId}), filled in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const cases = [
    {
      name: 'system (all companies)',
      token: await logIn(server.url, ADMIN.email, ADMIN.password),
      companyId: null,
    },
    {
      name: `owner (company ${owner.companyId})`,
      token: await logIn(server.url, owner.email, OWNER_PASSWORD),
      companyId: owner.companyId,
    },
  ];
  for (const item of cases) {
    const call = apiCaller(server.url, item.token);
    const api = (name) => () => call('GET', `/backend/manager/dashboard/${name}-statistic`);
    const bare = () => pool.query(deviceStatement(item.companyId));
    const first = await api('device')();
    const sql = await bare();
    const bareTotal = sql.rows
      .filter((row) => row.set === 3)
      .reduce((sum, row) => sum + Number(row.count), 0);
    if (first.total !== bareTotal)
      throw new Error(`${item.name}: the API counts ${first.total}, the SQL ${bareTotal}`);
    const times = await alternate(plan, { api: api('device'), bare });
    console.log(`  ${item.name}: ${first.total.toLocaleString('en-US')} screens (${first.online} online)`);
    const met = againstBare('device-statistic', times.api, times.bare, GOAL);
    const once = [];
    for (const name of STATISTICS.filter((name) => name !== 'device')) {
      const begin = performance.now();
      await api(name)();
      once.push(`${name} ${(performance.now() - begin).toFixed(1)} ms`);
    }
    console.log(`    once each: ${once.join(', ')}`);
    if (!met) {
      const { rows } = await pool.query(
        `EXPLAIN (ANALYZE, BUFFERS) ${deviceStatement(item.companyId).text}`,
        deviceStatement(item.companyId).values,
      );
      for (const row of rows) console.log(`    ${row['QUERY PLAN']}`);
    }
  }
} finally {
  await stop();
}

/** Companies, root workspaces, owners and screens in INSERT … SELECT statements; the first company's owner. */
async function fill(pool) {
  const { devices: total, companies: count } = plan;
  await pool.query(
    `INSERT INTO companies (name, origin) SELECT 'Company ' || g, 1 FROM generate_series(1, $1) g`,
    [count],
  );
  await pool.query(
    `INSERT INTO workspaces (company_id, parent_id, name) SELECT id, NULL, 'Root' FROM companies`,
  );
  await pool.query(
    `INSERT INTO users (email, username, role_id, status, company_id, workspace_id, active_workspace_id)
     SELECT 'owner' || c.id || '@bench.test', 'owner' || c.id, 6, 1, c.id, w.id, w.id
     FROM companies c JOIN workspaces w ON w.company_id = c.id`,
  );
  // Screen n: the first company for even n, else company n mod C; online one in three; a tenth
  // portrait; twelve models.
  await pool.query(
    `WITH c AS (
       SELECT c.id AS company_id, w.id AS workspace_id, row_number() OVER (ORDER BY c.id) - 1 AS k
       FROM companies c JOIN workspaces w ON w.company_id = c.id
     )
     INSERT INTO devices (signage_id, token_hash, company_id, workspace_id, name, status, orientation,
                          device_model, claimed_at)
     SELECT upper(lpad(to_hex(g), 6, '0')), md5(g::text) || md5((g + 1)::text), c.company_id, c.workspace_id,
            'Screen ' || g, CASE WHEN g % 3 = 0 THEN 1 ELSE 2 END, CASE WHEN g % 10 = 0 THEN 90 ELSE 0 END,
            'Model ' || (g % 12), now()
     FROM generate_series(1, $1) g JOIN c ON c.k = CASE WHEN g % 2 = 0 THEN 0 ELSE g % $2 END`,
    [total, count],
  );
  const { rows } = await pool.query(
    `SELECT u.id, u.email, u.company_id FROM users u ORDER BY u.company_id LIMIT 1`,
  );
  const [owner] = rows;
  await pool.query('UPDATE users SET password_hash = $1 WHERE id = $2', [
    await hash(OWNER_PASSWORD),
    owner.id,
  ]);
  await pool.query('VACUUM ANALYZE');
  return { email: owner.email, companyId: owner.company_id };
}

/** The statement modules/dashboard/statistics.ts deviceStatistic sends (an owner: its company's rows). */
function deviceStatement(companyId) {
  const where = companyId === null ? '' : 'where "devices"."company_id" = $1';
  return {
    text: `select "devices"."status", "devices"."orientation", "devices"."device_model", grouping("devices"."status", "devices"."orientation", "devices"."device_model") as "set", count(*) as "count" from "devices" ${where} group by grouping sets (("devices"."status"), ("devices"."orientation"), ("devices"."device_model"))`,
    values: companyId === null ? [] : [companyId],
  };
}
