// Bundles the server into dist/main.js: our code and the contract's TypeScript source are bundled,
// every npm dependency stays external (native addons, WASM and data files load from node_modules),
// and the SQL migrations are copied beside the bundle, where db/client.ts looks for them.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const dist = path.join(root, 'dist');
const { dependencies = {} } = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8'));

fs.rmSync(dist, { recursive: true, force: true });
const started = Date.now();
const built = await build({
  // The upload hashing thread is a module of its own, loaded beside main.js (upload/digests.ts).
  entryPoints: {
    main: path.join(root, 'src/main.ts'),
    'digest-worker': path.join(root, 'src/modules/upload/digest-worker.ts'),
  },
  outdir: dist,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  // A package name also covers its subpaths (drizzle-orm/pglite, …).
  external: Object.keys(dependencies),
  // Bundled CommonJS code that calls require() needs one in an ES module.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  logLevel: 'warning',
}).catch(() => null); // esbuild has printed the errors
if (!built) process.exit(1);
fs.cpSync(path.join(root, 'src/db/migrations'), path.join(dist, 'migrations'), { recursive: true });

const size = fs.statSync(path.join(dist, 'main.js')).size;
console.log(
  `server: dist/main.js ${(size / 1024).toFixed(0)} KB and its hashing worker, migrations copied (${Date.now() - started} ms)`,
);
