import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { antdTrim } from './scripts/antd-trim';
import { contractMessageParts } from './scripts/contract-message-parts';

const SERVER = 'http://localhost:8080';
// Modules without side effects of their own (see treeshake below).
const SIDE_EFFECT_FREE =
  /\/packages\/contract\/src\/|\/node_modules\/@rc-component\/|\/apps\/console\/src\/features\/[^/]+\/ui\.ts$/;

/** Writes dist/version.json: the build's stamp, which the running console compares to reload. */
function versionStamp(): Plugin {
  let outDir = 'dist';
  return {
    name: 'vitrine-version-stamp',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    closeBundle() {
      fs.writeFileSync(path.join(outDir, 'version.json'), `${JSON.stringify({ time: Date.now() })}\n`);
    },
  };
}

export default defineConfig({
  plugins: [react(), versionStamp(), ...antdTrim(), contractMessageParts()],
  server: {
    proxy: {
      '/backend': { target: SERVER, changeOrigin: true },
      '/version.json': { target: SERVER, changeOrigin: true },
      // The player's preview page, framed by program previews (the server serves the built player).
      '/player': { target: SERVER, changeOrigin: true },
    },
  },
  build: {
    manifest: true,
    // Every browser the console supports preloads modules itself.
    modulePreload: { polyfill: false },
    target: 'es2022',
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      treeshake: {
        // The contract's modules have no side effects: a page that needs a constant from one
        // module (a limit, a role) does not download the others (zod schemas among them).
        // Neither have Ant Design's @rc-component packages, which do not say so in their
        // package.json: without this, importing antd's Input brings the whole Form engine
        // (antd's form context imports @rc-component/form's index). Nor have the features'
        // ui.ts faces, which only re-export: a page that shows one component of another feature
        // does not download the others (the content library page among them). Other modules:
        // their package.json decides (undefined).
        moduleSideEffects: (id) => (SIDE_EFFECT_FREE.test(id) ? false : undefined),
      },
      output: {
        // A lazy file is named by its hash alone: the start file lists every one of them (to
        // preload a page's parts and to load each language's namespaces), in its first download.
        chunkFileNames: 'assets/[hash].js',
        codeSplitting: {
          // Everything the first page needs at start goes in one file: one request, one gzip
          // dictionary, instead of a handful of small shared chunks.
          groups: [{ name: 'index', tags: ['$initial'] }],
        },
      },
    },
  },
});
