import fs from 'node:fs';
import path from 'node:path';
import { defineConfig, type Plugin } from 'vite';

const SERVER = 'http://localhost:8080';
// The contract's modules have no side effects: the player takes constants and types from it
// without downloading its zod schemas.
const SIDE_EFFECT_FREE = /\/packages\/contract\/src\//;
const BUILD_PLACEHOLDER = 'self.__VITRINE_BUILD__';

/**
 * Writes the build's file list and a version into dist/sw.js: the service worker precaches
 * exactly this build, and a new build changes sw.js, so browsers install the new one.
 */
function serviceWorkerManifest(): Plugin {
  let outDir = 'dist';
  const files: string[] = [];
  return {
    name: 'vitrine-player-sw-manifest',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      for (const name of Object.keys(bundle)) if (!name.endsWith('.html')) files.push(name);
    },
    closeBundle() {
      const file = path.join(outDir, 'sw.js');
      const build = JSON.stringify({ version: Date.now().toString(36), files: files.sort() });
      fs.writeFileSync(file, fs.readFileSync(file, 'utf8').replace(BUILD_PLACEHOLDER, build));
    },
  };
}

export default defineConfig({
  base: '/player/',
  // A browser package (scripts/package.mjs) reports its own version; the shipped build, the contract's.
  define: {
    'import.meta.env.VITRINE_PLAYER_VERSION': JSON.stringify(process.env.VITRINE_PLAYER_VERSION ?? ''),
  },
  plugins: [serviceWorkerManifest()],
  server: {
    proxy: { '/backend': { target: SERVER, changeOrigin: true, ws: true } },
  },
  build: {
    target: 'es2022',
    // hls.js, loaded only for an HLS stream, is one chunk of about 510 kB.
    chunkSizeWarningLimit: 600,
    rolldownOptions: {
      // The player, and the console's preview of a program (preview.html, the same renderer).
      input: {
        index: path.resolve(import.meta.dirname, 'index.html'),
        preview: path.resolve(import.meta.dirname, 'preview.html'),
      },
      treeshake: {
        moduleSideEffects: (id) => (SIDE_EFFECT_FREE.test(id) ? false : undefined),
      },
    },
  },
});
