// The import rules between areas (`npm run lint`). An area is reached only through its public face,
// shared code never reaches into an area, and nothing imports in a circle, so an area can change its
// insides without touching its neighbours. docs/dev/new-area.md explains the shape these rules keep.

const SERVER = '^apps/server/src/';
const MODULES = `${SERVER}modules/`;
const CONSOLE = '^apps/console/src/';
const FEATURES = `${CONSOLE}features/`;
const TEST_FILE = '\\.(test|spec)\\.tsx?$';

// The server's modules, lowest first (the order app.ts registers them): a module imports only the
// modules before it. A lower area reaches a higher one through a platform hook or a bus event.
// Tests are left out: they may set the scene through a higher area's public face.
const MODULE_ORDER = [
  'mail',
  'setting',
  'account',
  'team',
  'media',
  'object',
  'content',
  'upload',
  'font',
  'text',
  'sticker',
  'template',
  'playlist',
  'composition',
  'device-model',
  'startup',
  'device',
  'sensor',
  'preset',
  'rule',
  'video-wall',
  'ota',
  'license',
  'schedule',
  'program',
  'statistics',
  'notice',
  'player',
  'dashboard',
  'system',
];

const moduleOrder = MODULE_ORDER.slice(0, -1).map((area, index) => ({
  name: `server-module-order-${area}`,
  comment: `modules/${area} imports only the modules registered before it (${MODULE_ORDER.join(' < ')}).`,
  severity: 'error',
  from: { path: `${MODULES}${area}/`, pathNot: TEST_FILE },
  to: { path: `${MODULES}(${MODULE_ORDER.slice(index + 1).join('|')})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'server-module-public-face',
      comment: "Another module is imported only through its index.ts: '../<area>', never '../<area>/<file>'.",
      severity: 'error',
      from: { path: `${MODULES}([^/]+)/` },
      to: { path: MODULES, pathNot: [`${MODULES}$1/`, `${MODULES}[^/]+/index\\.ts$`] },
    },
    {
      name: 'server-app-lists-modules',
      comment:
        'app.ts registers each module by its entry plugin; it and main.ts take nothing else of theirs.',
      severity: 'error',
      from: { path: `${SERVER}[^/]+\\.ts$`, pathNot: TEST_FILE },
      to: { path: MODULES, pathNot: `${MODULES}[^/]+/index\\.ts$` },
    },
    {
      name: 'server-platform-no-modules',
      comment: 'platform/ and db/ are shared by every module, so they never import one.',
      severity: 'error',
      from: { path: `${SERVER}(platform|db)/` },
      to: { path: MODULES },
    },
    ...moduleOrder,
    {
      name: 'console-feature-public-face',
      comment:
        "Another feature is imported only through its public faces: '../<feature>/api' (calls, keys, " +
        "hooks, types, no components) and '../<feature>/ui' (what it shows on others' screens).",
      severity: 'error',
      from: { path: `${FEATURES}([^/]+)/` },
      to: { path: FEATURES, pathNot: [`${FEATURES}$1/`, `${FEATURES}[^/]+/(api|ui)\\.ts$`] },
    },
    {
      name: 'console-app-composes-routes',
      comment:
        "app/ takes a feature's route entries (routes.tsx) and its public faces (api.ts, ui.ts), nothing else.",
      severity: 'error',
      from: { path: `${CONSOLE}(app/|main\\.tsx$)` },
      to: { path: FEATURES, pathNot: `${FEATURES}[^/]+/((api|ui)\\.ts|routes\\.tsx)$` },
    },
    {
      name: 'console-shared-no-features',
      comment: 'components/ and lib/ are generic, so they never import a feature or the app shell.',
      severity: 'error',
      from: { path: `${CONSOLE}(components|lib)/` },
      to: { path: `${CONSOLE}(features|app)/` },
    },
    {
      name: 'test-helpers-in-tests-only',
      comment: 'src/test/ holds test helpers: only tests (and other helpers) import them.',
      severity: 'error',
      from: { path: '^apps/(server|console)/src/', pathNot: [TEST_FILE, '^apps/(server|console)/src/test/'] },
      to: { path: '^apps/(server|console)/src/test/' },
    },
    {
      name: 'contract-no-apps',
      comment: 'The contract is shared by every app, so it never imports one.',
      severity: 'error',
      from: { path: '^packages/contract/' },
      to: { path: '^(apps|e2e|bench)/' },
    },
    {
      name: 'no-circular',
      comment:
        'No import cycle between files of the server, the console or the contract. A cycle made only ' +
        'through `import type` is erased by the compiler, so it is left out here; the module order above ' +
        'still counts type imports between modules.',
      severity: 'error',
      from: { path: '^(apps/(server|console)/src|packages/contract/src)/' },
      to: { circular: true, viaOnly: { dependencyTypesNot: ['type-only'] } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(node_modules|dist)/' },
    // type-only imports are dependencies too: an area's types are part of its public face
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },
    enhancedResolveOptions: {
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      mainFields: ['module', 'main', 'types'],
    },
    cache: { folder: 'node_modules/.cache/dependency-cruiser', strategy: 'content' },
  },
};
