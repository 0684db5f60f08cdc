// @ts-check
import js from '@eslint/js'
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript'
import importX from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import { readdirSync } from 'node:fs'
import globals from 'globals'
import tseslint from 'typescript-eslint'

/** The folders of `dir`, one per feature. */
const featuresIn = (dir) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name)

// The dependency rules of docs/style.md#dependencies: web → shared ← server, and shared stands alone.
const layerZones = [
  { target: './src/web', from: './src/server', message: 'The web never imports the server.' },
  { target: './src/server', from: './src/web', message: 'The server never imports the web.' },
  { target: './src/shared', from: ['./src/server', './src/web'], message: 'shared imports neither server nor web.' },
  {
    target: './src/server/db/migrations',
    from: ['./src/server/features', './src/server/lib', './src/shared'],
    message: 'Migrations are frozen in time: they import nothing from src/.',
  },
  { target: './src/web/components', from: './src/web/features', message: 'UI components know no feature.' },
  { target: './src/web/lib', from: './src/web/features', message: 'lib knows no feature.' },
]

// Features stay apart: a web feature never imports another (a route composes them), and a server
// feature never reaches into another's repository or tables (it asks that feature's service).
// Tests may compose features, as routes do.
const webFeatures = featuresIn('./src/web/features')
const serverFeatures = featuresIn('./src/server/features')
const featureZones = [
  ...webFeatures.map((feature) => ({
    target: `./src/web/features/${feature}`,
    from: './src/web/features',
    except: [`./${feature}`],
    message: 'Web features do not import each other: the route composes them (docs/style.md#dependencies).',
  })),
  ...serverFeatures.map((feature) => ({
    target: `./src/server/features/${feature}`,
    from: serverFeatures
      .filter((other) => other !== feature)
      .flatMap((other) => [`./src/server/features/${other}/${other}.repository.ts`, `./src/server/features/${other}/${other}.tables.ts`]),
    message: 'A server feature never touches another feature’s repository or tables: it asks that feature’s service.',
  })),
]

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'data/', 'coverage/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: ['tsconfig.server.json', 'tsconfig.web.json', 'tsconfig.tools.json'], noWarnOnMultipleProjects: true })],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...featureZones] }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Tests compose features as routes do; the layer rules still hold for them.
    files: ['**/*.test.{ts,tsx}', 'src/web/features/**/test/**', 'src/server/features/*/test/**', 'src/server/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: layerZones }] },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['node:*'], message: 'shared runs in the browser too: no node:* modules.' }] }],
    },
  },
  {
    files: ['src/server/**/*.ts', 'scripts/**/*.{js,mjs,ts}', '*.config.{js,ts}', 'e2e/**/*.ts'],
    languageOptions: { globals: globals.node },
  },
  {
    files: ['scripts/**/*.{js,mjs}'],
    rules: { 'no-console': 'off' },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    languageOptions: { globals: globals.browser },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['src/web/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
)
