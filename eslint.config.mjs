// Import boundaries are the architecture (ARCHITECTURE.md, "Processes and layers"): a breach fails
// the build. test/lint/import-boundaries.test.ts proves each rule fires on a fixture.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';

// Bare specifiers only: a glob such as `domain/*` would also match `../src-shared/domain/rules`.
const escapeRegex = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const nodeBuiltins = `^(?:node:.*|(?:${builtinModules.map(escapeRegex).join('|')})(?:/.*)?)$`;

const noNode = {
  regex: nodeBuiltins,
  message: 'This code runs outside Node: no node:* or Node built-in modules here.',
};
const noElectron = {
  group: ['electron', 'electron/*'],
  message: 'Only the Electron shell (src-main/index.ts, src-main/electron/) and the preload import electron.',
};
// Main's layers: the composition root (app/) builds everything and the hosts (the Electron shell,
// the web host) start it; nothing below may know it. IPC handlers take narrow interfaces declared
// beside them, and the services they call know nothing of IPC.
const noAppRoot = {
  group: ['**/app/*', '**/app'],
  message: 'Only the hosts (src-main/index.ts, electron/, web-host/) know the composition root (src-main/app): take a narrow interface instead.',
};
const noIpcLayer = {
  group: ['**/ipc/*', '**/ipc/handlers/*', '!**/src-shared/ipc/*'],
  message: 'Services do not know the IPC layer above them (src-main/ipc); shared IPC rules live in src-shared/ipc.',
};
// The renderer's floors, top down: App and the screen registry, views, components, state,
// services, lib, then src-shared. Each imports only the floors below it (RENDERER.md).
const rendererAbove = (floors, message) => ({ group: floors.flatMap((floor) => [`**/${floor}`, `**/${floor}/**`]), message });
const noViews = rendererAbove(['views', 'screens', 'App.svelte'], 'Views sit above this floor: it must not import them (state, services and lib run one way, down to src-shared).');
const noComponents = rendererAbove(['components'], 'Components sit above state, services and lib: pass what they need down instead.');
const noState = rendererAbove(['state'], 'State sits above services and lib: a service answers, and state keeps the answer.');
const noServices = rendererAbove(['services'], 'Services sit above lib: lib holds what any floor may use, and calls nothing above it.');
const noMain = {
  group: ['**/src-main', '**/src-main/**'],
  message: 'The renderer reaches the main process only through typed IPC (src-renderer/lib/api.ts).',
};

// DOM globals that must not appear in code meant to run anywhere.
const domGlobals = ['window', 'document', 'navigator', 'localStorage', 'sessionStorage', 'location', 'HTMLElement', 'Element', 'Node', 'File', 'Blob', 'FileReader', 'WebSocket']
  .map((name) => ({ name, message: 'src-shared runs anywhere: no DOM APIs here.' }));
const nodeGlobals = ['process', 'Buffer', '__dirname', '__filename', 'require', 'global', 'setImmediate']
  .map((name) => ({ name, message: 'This code runs outside Node: no Node globals here.' }));

export default tseslint.config(
  {
    ignores: ['out/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    // CommonJS helpers (scripts/electron-binary.cjs): require is how they import.
    files: ['**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] },
    },
  },
  {
    files: ['src-shared/**/*.ts'],
    languageOptions: { globals: {} },
    rules: {
      'no-restricted-imports': ['error', { patterns: [noNode, noElectron, noMain] }],
      'no-restricted-globals': ['error', ...domGlobals, ...nodeGlobals],
    },
  },
  {
    files: ['src-renderer/**/*.ts', 'src-renderer/**/*.svelte'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', { patterns: [noNode, noElectron, noMain] }],
      'no-restricted-globals': ['error', ...nodeGlobals],
    },
  },
  {
    files: ['src-renderer/components/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noNode, noElectron, noMain, noViews] }] },
  },
  {
    files: ['src-renderer/state/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noNode, noElectron, noMain, noViews, noComponents] }] },
  },
  {
    files: ['src-renderer/services/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noNode, noElectron, noMain, noViews, noComponents, noState] }] },
  },
  {
    files: ['src-renderer/lib/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noNode, noElectron, noMain, noViews, noComponents, noState, noServices] }] },
  },
  {
    // Everything in main must run in plain Node so it can be tested; electron stays in the shell.
    files: ['src-main/**/*.ts'],
    ignores: ['src-main/index.ts', 'src-main/electron/**', 'src-main/preload/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noElectron] }],
    },
  },
  {
    files: ['src-main/ipc/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noElectron, noAppRoot] }],
    },
  },
  {
    // The services under the IPC layer: they know neither the root nor the layer that calls them.
    files: ['src-main/{api-client,attachments,db,environments,outbox,platform,sync,webhooks}/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [noElectron, noAppRoot, noIpcLayer] }],
    },
  },
  {
    files: ['src-main/preload/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
