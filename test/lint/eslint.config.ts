// The lint: a small, strict rule set on top of the type check. Unused code and floating promises are bugs
// waiting to happen; type imports stay marked so Node's type stripping drops them. Unused exports are
// test/lint/unused-code.ts's job, run beside this by `npm run lint`. Tests write no dates outside a set clock
// (test/lint/date-literals.ts). Every text the desk shows goes through its translation (src-renderer/i18n/): a
// literal in a component's markup, or in a visible attribute such as a label or placeholder, is an error.
import { defineConfig } from 'eslint/config';
import tseslint from 'typescript-eslint';
import i18next from 'eslint-plugin-i18next';
import { stationLintPlugin } from './date-literals.ts';

const root = new URL('../..', import.meta.url).pathname;

export default defineConfig(
  { basePath: root, ignores: ['out/**', 'dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**'] },
  {
    basePath: root,
    files: ['src-main/**/*.ts', 'src-shared/**/*.ts', 'src-renderer/**/*.{ts,tsx}', 'test/**/*.ts', 'electron.vite.config.ts'],
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    languageOptions: {
      parser: tseslint.parser,
      parserOptions: {
        // Two programs, not three: the tests' program holds the station and the contract as well (and the build's
        // settings), so those are type-checked once for the lint, not again in a program of their own (105 s → 71 s).
        project: ['test/tsconfig.json', 'src-renderer/tsconfig.json'],
        tsconfigRootDir: root,
      },
    },
    plugins: { '@typescript-eslint': tseslint.plugin },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { args: 'after-used', argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { prefer: 'type-imports', fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    // Tests take their dates from a clock (test/lint/date-literals.ts says why and how).
    basePath: root,
    files: ['test/**/*.ts'],
    ignores: ['test/lint/**'],
    plugins: { station: stationLintPlugin },
    rules: { 'station/no-date-literals': 'error' },
  },
  {
    // The desk speaks the packer's language: no text in markup or in what is read out escapes translation.
    basePath: root,
    files: ['src-renderer/**/*.tsx'],
    plugins: { i18next },
    rules: {
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': {
            include: ['label', 'aria-label', 'aria-valuetext', 'placeholder', 'title', 'alt', 'hint', 'heading', 'message', 'summary'],
          },
          // Figures, symbols, codes in capitals and example addresses are the same in every language.
          words: { exclude: ['[0-9!-/:-@[-`{-~·×—−…→+%]+', '[A-Z_-]+', 'https?://\\S+'] },
          // A form's error(pointer) takes a JSON pointer, not a text.
          callees: {
            exclude: [
              'i18n(ext)?',
              't',
              'translate',
              'error',
              'require',
              'addEventListener',
              'removeEventListener',
              'includes',
              'startsWith',
              'endsWith',
              'querySelector',
              'querySelectorAll',
              'getElementById',
            ],
          },
        },
      ],
    },
  },
);
