// Lint rules for the whole package, and the one-way imports of docs/ (DESIGN.md "Layout"):
//   common ← server, common ← web; in the web app: app → features → components, lib → common;
//   in the server: routes → service → repository, and no module reaches into another's repository.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';

/**
 * no-restricted-imports for a layer: `group` globs and the sentence a developer reads when they break
 * the rule. ESLint keeps only the last matching setting of a rule, so each layer lists its parents' too.
 */
const forbid = (...rules) => ({
  'no-restricted-imports': ['error', { patterns: rules.map((rule) => (Array.isArray(rule) ? { group: rule[0], message: rule[1] } : rule)) }],
});

const NOT_THE_WEB_APP = [['**/web/src/**'], 'The server does not import the web app; share code through common/.'];
const NOT_THE_SERVER = [['**/server/**'], 'The web app does not import the server; share code through common/.'];
const NO_ZOD_IN_THE_BROWSER = [['zod', 'zod/*'], 'The web app ships no zod: use the zod-free rules in common/ (the first load stays small).'];
// Contracts are zod schemas: the browser takes their types only (erased), except the zod-free ones.
const CONTRACT_VALUES = {
  group: ['**/contracts/*', '!**/contracts/avatar.ts', '!**/contracts/session.ts', '!**/contracts/text.ts'],
  allowTypeImports: true,
  message: 'The web app imports only types from common/contracts (its schemas are zod); put shared values in a zod-free file.',
};
const WEB = [NOT_THE_SERVER, NO_ZOD_IN_THE_BROWSER, CONTRACT_VALUES];
const FEATURES = [...WEB, [['**/routes/**', '**/app/**'], 'Features are used by the app (routes, shell), not the other way round.']];
/** A pattern for imports of another feature's files outside api/, store/ and components/, from `up` ('../'). */
const otherFeatureInternals = (up) => ({
  regex: `^${up}[a-z-]+/(?!(api|store|components)/)`,
  message: 'Use another feature through its api/ or components/ (and its browser data through store/); its pages, hooks and own files are its own.',
});
const MODULES = [
  NOT_THE_WEB_APP,
  [['../*/*.repository.ts', '../../modules/*/*.repository.ts'], "A module reaches another module's data through its service, never its repository."],
  [['**/app.ts', '**/main.ts'], 'Modules are put together by app.ts; they do not import it.'],
];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'web/src/routeTree.gen.ts', 'server/src/db/migrations/**', 'coverage/**', 'reports/**', '.stryker-tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      eqeqeq: ['error', 'always'],
      'no-console': 'off',
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    rules: { ...reactHooks.configs.recommended.rules, ...jsxA11y.flatConfigs.recommended.rules },
  },
  {
    // Tests may poke at anything to check it.
    files: ['**/*.test.ts', 'e2e/**', 'bench/**', 'server/test/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },

  // --- Boundaries (general layers first: the most specific setting of a file wins) ----------------
  {
    files: ['common/**'],
    rules: forbid([['**/server/**', '**/web/**'], 'common/ is shared by the server and the web app: it imports neither.']),
  },
  { files: ['server/**', 'scripts/**'], rules: forbid(NOT_THE_WEB_APP) },
  { files: ['web/**'], rules: forbid(...WEB) },
  {
    files: ['web/src/components/**', 'web/src/lib/**'],
    rules: forbid(...WEB, [
      ['**/features/**', '**/app/**', '**/routes/**'],
      'components/ and lib/ are the bottom layer of the web app: they import only each other and common/.',
    ]),
  },
  {
    files: ['web/src/features/**'],
    rules: forbid(...FEATURES),
  },
  // Another feature is reached through its api/ (server calls), store/ (what it keeps in the browser) and
  // components/ only; its pages, hooks and own logic are its business. The depth of the file says where '..' leads.
  { files: ['web/src/features/*/*.{ts,tsx}'], ignores: ['**/*.test.ts'], rules: forbid(...FEATURES, otherFeatureInternals('\\.\\./')) },
  { files: ['web/src/features/*/*/*.{ts,tsx}'], ignores: ['**/*.test.ts'], rules: forbid(...FEATURES, otherFeatureInternals('\\.\\./\\.\\./')) },
  { files: ['server/src/modules/**'], ignores: ['**/*.test.ts'], rules: forbid(...MODULES) },
  {
    files: ['server/src/modules/**/*.routes.ts'],
    rules: forbid(...MODULES, [
      ['./*.repository.ts', '**/db/**', 'drizzle-orm', 'drizzle-orm/*'],
      'Routes only map HTTP: rules and data go through the service.',
    ]),
  },
  {
    files: ['server/src/modules/**/*.service.ts'],
    rules: forbid(...MODULES, [
      ['fastify', '**/db/client.ts', 'drizzle-orm', 'drizzle-orm/*'],
      'Services hold rules: HTTP is the routes’ and SQL the repository’s.',
    ]),
  },
  {
    files: ['server/src/http/**', 'server/src/lib/**', 'server/src/bible/**', 'server/src/providers/**', 'server/src/db/**'],
    ignores: ['**/*.test.ts'],
    rules: forbid(NOT_THE_WEB_APP, [
      ['**/modules/*/*.routes.ts', '**/modules/*/*.service.ts', '**/modules/*/*.repository.ts'],
      'Lower layers do not import the feature modules built on them.',
    ]),
  },
);
