import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/** Each feature folder of one side may import itself, never another feature. */
function featureZones(side) {
  const root = `./src/${side}/features`;
  return readdirSync(root, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map(({ name }) => ({
      target: `${root}/${name}`,
      from: root,
      except: [`./${name}`],
      message: 'Features never import other features: move what both need to lib/ or shared/, or compose them in app/.',
    }));
}

/** The room boundaries (see the README's layout section). */
const boundaries = [
  ...featureZones('server'),
  ...featureZones('client'),
  {
    target: ['./src/client/components', './src/client/lib'],
    from: ['./src/client/app', './src/client/features'],
    message: 'Shared UI and lib/ never import app/ or features/.',
  },
  { target: './src/shared', from: ['./src/server', './src/client'], message: 'shared/ is used by both sides and imports neither.' },
  { target: './migrations', from: './src', message: 'Migrations are frozen in time and import no application code.' },
  { target: ['./src/server/db', './src/server/lib'], from: './src/server/features', message: 'db/ and lib/ import no feature.' },
  { target: './src/server/realtime', from: './src/server/features', message: 'Realtime knows topics and sockets, not features: features register topic owners.' },
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'data/**', 'coverage/**', 'test-results/**', 'public/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'migrations/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: './tsconfig.json' })] },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: boundaries }],
      'import-x/no-cycle': 'error',
    },
  },
);
