// bench/brand: the console's login page served at a customer's custom domain against the plain
// login page, in the same run. A fresh PostgreSQL database gets a customer with a theme, an icon,
// a site title and a custom domain; GET /login (index.html with the host's brand written in) is
// timed alternately with the Host header of that domain and with the server's own host.
// Goal: the custom domain's p99 ≤ 1.2× the plain page's p99 (the host → brand lookup is cached).
//   node bench/brand.mjs [--short]
// Needs the built console (npm run build). Without DATABASE_URL, a throwaway server is started.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { alternate, goal, percentiles } from './figures.mjs';
import { benchServer } from './postgres.mjs';

const GOAL = { ratio: 1.2 };
const HOST = 'signage.brand-bench.test';
const ICON =
  'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==';

const short = process.argv.includes('--short');
const plan = short ? { warmup: 20, iterations: 300 } : { warmup: 100, iterations: 3000 };
const consoleDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/console/dist');
if (!fs.existsSync(path.join(consoleDir, 'index.html')))
  throw new Error('Build the console first (npm run build)');

const { pool, server, stop } = await benchServer('brand', {
  admin: { email: 'bench@vitrine.test', password: 'Bench-2024!' },
  env: { CONSOLE_DIR: consoleDir },
  poolSize: 2,
});

try {
  const {
    rows: [customer],
  } = await pool.query(`INSERT INTO customers (name) VALUES ('Bench SI') RETURNING id`);
  await pool.query(`INSERT INTO custom_domains (host, customer_id) VALUES ($1, $2)`, [HOST, customer.id]);
  await pool.query(
    `INSERT INTO system_properties (customer_id, name, value) VALUES ($1, 'site_title', 'Bench Screens')`,
    [customer.id],
  );
  await pool.query(
    `INSERT INTO settings (scope, scope_id, key, value) VALUES
       ('customer', $1, 'customer_icon', $2),
       ('customer', $1, 'customer_theme', $3)`,
    [
      customer.id,
      JSON.stringify({ uri: ICON }),
      JSON.stringify({
        id: 0,
        detail: {
          primary_color: '#d4380d',
          nav_nackground_color: '#fff7e6',
          main_background_color: '#fffbf0',
        },
      }),
    ],
  );

  const url = new URL(server.url);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const page = (host) => () =>
    new Promise((resolve, reject) => {
      const request = http.get(
        { hostname: url.hostname, port: url.port, path: '/login', agent, headers: { host } },
        (response) => {
          let body = '';
          response.setEncoding('utf8');
          response.on('data', (chunk) => {
            body += chunk;
          });
          response.on('end', () =>
            response.statusCode === 200 ? resolve(body) : reject(new Error(`${response.statusCode}`)),
          );
        },
      );
      request.on('error', reject);
    });

  const branded = await page(HOST)();
  if (!branded.includes('<title>Bench Screens</title>'))
    throw new Error('The custom domain did not get its brand');
  if ((await page(url.host)()).includes('Bench Screens'))
    throw new Error("The plain page shows the customer's brand");

  const times = await alternate(plan, { custom: page(HOST), plain: page(url.host) });
  const ratio = times.custom.p99 / times.plain.p99;
  console.log(`  GET /login, ${plan.iterations} each, alternating:`);
  console.log(`    custom domain: ${percentiles(times.custom)}`);
  console.log(`    plain:         ${percentiles(times.plain)}`);
  goal(`p99 ratio (goal ≤ ${GOAL.ratio}×)`, ratio.toFixed(2), ratio <= GOAL.ratio);
  agent.destroy();
} finally {
  await stop();
}
