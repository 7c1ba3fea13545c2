import fs from 'node:fs';
import type { Plugin } from 'vite';

// Two places where Ant Design's start-up code imports far more than it uses. The login page's
// download has a budget (scripts/report-size.mjs); these keep those parts off it.

// antd's ConfigProvider imports the tooltip's UniqueProvider (with @rc-component/trigger, its
// portal and resize observer: 8 KB gzipped) to wrap the app only when `tooltip.unique` is set,
// which the console never sets. Loading it on demand keeps it off the login page's download;
// should the option ever be set, the provider still arrives, a moment later.
const LAZY_TOOLTIP_UNIQUE = '\0vitrine-lazy-tooltip-unique';

function lazyTooltipUnique(): Plugin {
  return {
    name: 'vitrine-lazy-tooltip-unique',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      const fromConfigProvider = importer?.endsWith('/antd/es/config-provider/index.js');
      return fromConfigProvider && source === '../tooltip/UniqueProvider' ? LAZY_TOOLTIP_UNIQUE : undefined;
    },
    load(id) {
      if (id !== LAZY_TOOLTIP_UNIQUE) return undefined;
      return [
        "import { createElement, lazy, Suspense } from 'react';",
        "const UniqueProvider = lazy(() => import('antd/es/tooltip/UniqueProvider'));",
        'export default ({ children }) =>',
        '  createElement(Suspense, { fallback: children }, createElement(UniqueProvider, null, children));',
      ].join('\n');
    },
  };
}

// Button's theme tokens import `isBright` from the colour picker's presets panel, which imports
// the whole Collapse component and its styles (2 KB gzipped) only to draw that panel. The button
// gets `isBright` alone, taken from the installed antd at build time; the panel still has its own.
const IS_BRIGHT = '\0vitrine-is-bright';
const IS_BRIGHT_SOURCE = /^export const isBright = [\s\S]*?\n};$/m;

function isBrightAlone(): Plugin {
  let presets = '';
  return {
    name: 'vitrine-is-bright-alone',
    enforce: 'pre',
    apply: 'build',
    async resolveId(source, importer) {
      const fromButton = importer?.endsWith('/antd/es/button/style/token.js');
      if (!fromButton || source !== '../../color-picker/components/ColorPresets') return undefined;
      presets = (await this.resolve(source, importer))?.id ?? '';
      return IS_BRIGHT;
    },
    load(id) {
      if (id !== IS_BRIGHT) return undefined;
      const code = IS_BRIGHT_SOURCE.exec(fs.readFileSync(presets, 'utf8'))?.[0];
      // A later antd that moved or reshaped isBright stops the build here, not in a browser.
      if (!code) throw new Error(`isBright not found in ${presets}: review scripts/antd-trim.ts`);
      return `import { Color as RcColor } from '@rc-component/color-picker';\n${code}\n`;
    },
  };
}

export const antdTrim = (): Plugin[] => [lazyTooltipUnique(), isBrightAlone()];
