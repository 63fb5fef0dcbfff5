import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import vue from 'eslint-plugin-vue';
import prettier from 'eslint-config-prettier';
import globals from 'globals';

const nodeBuiltins = ['node:*', 'fs', 'path', 'os', 'child_process', 'crypto', 'http', 'https', 'net', 'url', 'stream'];

/** Boundaries of the house (see README, Architecture): who may import what. */
const noElectron = { regex: '^electron(/.*)?$', message: 'Only main/electron/ and preload/index.ts import electron.' };
const noMain = {
  group: ['**/main/**', '../main/*', '../../main/*'],
  message: 'The renderer never imports main-process code.',
};
const noNode = { group: nodeBuiltins, message: 'The renderer is a web page: no Node built-ins.' };

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'out-*/**',
      'renderer/out-*/**',
      'dist/**',
      'node_modules/**',
      'test-results/**',
      'playwright-report/**',
      '.sandbox-data/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...vue.configs['flat/recommended'],
  {
    files: ['**/*.vue'],
    languageOptions: { parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.vue'] } },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  // Main process outside main/electron runs in plain Node: no electron.
  {
    files: ['main/**/*.ts'],
    ignores: ['main/electron/**'],
    rules: { 'no-restricted-imports': ['error', { patterns: [noElectron] }] },
  },
  // The contract is pure: shared types and constants, importable from anywhere.
  {
    files: ['preload/contract/**/*.ts', 'preload/bridge/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noElectron,
            noNode,
            { group: ['**/main/**', '**/renderer/**', 'zod'], message: 'The contract imports nothing but itself.' },
          ],
        },
      ],
    },
  },
  // The message catalogue (shared/i18n) is read by main and the page alike: plain data, no imports.
  {
    files: ['shared/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(?!\\.{1,2}/)', message: 'shared/ imports nothing but itself (no packages).' },
            {
              group: ['**/main/**', '**/renderer/**', '**/preload/**', '**/sandbox/**', '**/test/**'],
              message: 'shared/ imports nothing but itself.',
            },
          ],
        },
      ],
    },
  },
  // The renderer: a web page.
  {
    files: ['renderer/**/*.{ts,vue}'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': ['error', { patterns: [noElectron, noNode, noMain] }],
      'vue/no-v-html': 'error',
      'no-restricted-globals': [
        'error',
        { name: 'require', message: 'No Node in the renderer.' },
        { name: 'process', message: 'No Node in the renderer.' },
      ],
    },
  },
  // Only bridge.ts reads the exposed object; components go through stores.
  {
    files: ['renderer/src/**/*.vue', 'renderer/src/views/**/*.ts', 'renderer/src/components/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noElectron,
            noNode,
            noMain,
            { group: ['**/bridge', '**/bridge.ts'], message: 'Components and views call stores, not the bridge.' },
          ],
        },
      ],
    },
  },
  // Stores hold state and call the bridge; the pure helpers they share with screens live in renderer/src/lib/.
  {
    files: ['renderer/src/stores/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noElectron,
            noNode,
            noMain,
            {
              group: ['**/components/**', '**/views/**'],
              message: 'Stores do not import screens: move the helper to renderer/src/lib/.',
            },
          ],
        },
      ],
    },
  },
  // renderer/src/lib/ is pure helpers: no screens, no stores, no bridge.
  {
    files: ['renderer/src/lib/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noElectron,
            noNode,
            noMain,
            {
              group: ['**/components/**', '**/views/**', '**/stores/**', '**/bridge', '**/bridge.ts', 'vue', 'pinia'],
              message: 'lib/ holds pure helpers: plain functions over plain data.',
            },
          ],
        },
      ],
    },
  },
  // Sandbox and tests: the sandbox is a separate Node service and must not reach into the app.
  {
    files: ['sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            noElectron,
            {
              group: ['**/main/**', '**/renderer/**', '**/preload/**'],
              message: 'The sandbox is independent of the app.',
            },
          ],
        },
      ],
    },
  },
  // The Node version check must parse on the old Node it turns away: CommonJS, as plain as it gets.
  {
    files: ['scripts/**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['test/**/*.ts', 'scripts/**/*.mjs', 'bench/**/*.{ts,mjs}'],
    rules: { 'no-console': 'off', '@typescript-eslint/no-explicit-any': 'off' },
  },
  prettier,
);
