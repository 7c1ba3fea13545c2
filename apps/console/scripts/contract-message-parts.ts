import fs from 'node:fs';
import type { Plugin } from 'vite';

// The contract's messages (one JSON per language, shared with the server) in two parts for the
// console: `?part=public` holds the sections the public pages use (result codes, validation, client
// errors, roles, frequencies), which load before the login page renders; `?part=areas` the rest,
// which the signed-in shell loads (lib/i18n.ts). The console's tests use the plugin too
// (vitest.config.ts).
const CONTRACT_LOCALE = /\/packages\/contract\/src\/locales\/[\w-]+\.json\?part=(public|areas)$/;
const PUBLIC_SECTIONS = ['code', 'validation', 'client', 'role', 'frequency'];

export function contractMessageParts(): Plugin {
  return {
    name: 'vitrine-contract-message-parts',
    enforce: 'pre',
    load(id) {
      const part = CONTRACT_LOCALE.exec(id)?.[1];
      if (!part) return undefined;
      const messages: Record<string, unknown> = JSON.parse(fs.readFileSync(id.replace(/\?.*$/, ''), 'utf8'));
      const picked = Object.entries(messages).filter(
        ([section]) => PUBLIC_SECTIONS.includes(section) === (part === 'public'),
      );
      return `export default ${JSON.stringify(Object.fromEntries(picked))};`;
    },
  };
}
