import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import { readdirSync } from 'node:fs';
import path from 'node:path';

const root = import.meta.dirname;
const apiModules = path.join(root, 'apps/api/src/modules');
/** The base every module may use whole: the access check, the activity records, the event mail queue. */
const BASE_MODULES = ['access', 'activity', 'event-mail'];
const moduleNames = readdirSync(apiModules, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * A module's repositories and routes are its own: another module reaches it through its action
 * files (verb-noun.ts) and its reads file (<module>.reads.ts); app.ts registers every routes file.
 */
const moduleZones = moduleNames
  .filter((name) => !BASE_MODULES.includes(name))
  .map((name) => ({
    target: path.join(apiModules, name),
    from: [path.join(apiModules, '*/*.repository.ts'), path.join(apiModules, '*/*.routes.ts')],
    except: [name, ...BASE_MODULES].map((allowed) => path.join(apiModules, allowed, '**')),
    message: `Import another module's action or reads file, not its repository or routes (module ${name}).`,
  }));

const webSrc = path.join(root, 'apps/web/src');
const webFeatures = path.join(webSrc, 'features');
const featureNames = readdirSync(webFeatures, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * A web feature is one screen's own code: it may use the shared layers, never another feature.
 * What two features share moves to components/ or lib/; app/ composes features.
 */
const featureZones = featureNames.map((name) => ({
  target: path.join(webFeatures, name),
  from: webFeatures,
  except: [path.join(webFeatures, name)],
  message: `A feature does not import another feature (features/${name}): move what they share to components/ or lib/, or compose them in app/.`,
}));

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/.test-build-*/**',
      '**/node_modules/**',
      '.cache/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-definitions': ['error', 'type'],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    // Follow imports into TypeScript files too (the plugin's default reads only .js).
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
    rules: {
      // Relative imports only: a cycle never crosses a workspace, and the depth keeps lint quick.
      'import-x/no-cycle': ['error', { maxDepth: 12, ignoreExternal: true }],
    },
  },
  {
    files: ['apps/api/src/**/*.ts'],
    rules: {
      // The API is layered: lib and db, then the base modules, then plugins and screens, then app.ts.
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...moduleZones,
            {
              target: ['./apps/api/src/lib', './apps/api/src/db'],
              from: ['./apps/api/src/modules', './apps/api/src/plugins', './apps/api/src/app.ts'],
              message: 'lib and db import no module or plugin.',
            },
            {
              target: [
                './apps/api/src/modules/access',
                './apps/api/src/modules/activity',
                './apps/api/src/modules/event-mail',
              ],
              from: './apps/api/src/modules',
              except: ['./access', './activity', './event-mail'],
              message: 'The base modules import no screen module.',
            },
            {
              target: './apps/api/src/plugins',
              from: './apps/api/src/modules',
              except: ['./access', './activity', './auth/sessions.repository.ts'],
              message: 'A plugin imports no screen module.',
            },
          ],
        },
      ],
    },
  },
  {
    // Fastify's decorators are declared by augmenting its interfaces, which only an interface can do.
    files: ['apps/api/src/plugins/**/*.ts'],
    rules: { '@typescript-eslint/consistent-type-definitions': 'off' },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Code flows one way: shared → features → app; features never import each other.
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: root,
          zones: [
            ...featureZones,
            {
              target: webFeatures,
              from: path.join(webSrc, 'app'),
              message: 'A feature does not import app/: app/ composes features.',
            },
            {
              target: ['components', 'lib', 'config', 'hooks'].map((layer) => path.join(webSrc, layer)),
              from: [webFeatures, path.join(webSrc, 'app')],
              message: 'The shared layers (components, lib, config, hooks) import no feature and no app/ code.',
            },
          ],
        },
      ],
    },
  },
);
