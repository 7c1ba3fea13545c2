import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const SERVER = 'http://localhost:8080';

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
  plugins: [react(), versionStamp()],
  server: {
    proxy: {
      '/backend': { target: SERVER, changeOrigin: true },
      '/version.json': { target: SERVER, changeOrigin: true },
    },
  },
  build: {
    manifest: true,
    target: 'es2022',
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      treeshake: {
        // The contract's modules have no side effects: a page that needs a constant from one
        // module (a limit, a role) does not download the others (zod schemas among them).
        moduleSideEffects: (id) => !id.includes('/packages/contract/src/'),
      },
    },
  },
});
