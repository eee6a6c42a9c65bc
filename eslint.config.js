// Lint rules for the whole package, and the one-way imports of docs/design.md "Layers":
//   common ← server, common ← web; in the web app: app → features → components, lib → common;
//   in the server: routes → service → repository, and no module reaches into another's repository.
// The server's rules key on what a file imports, not on its name: a query (drizzle, a driver, the db
// client or schema) only in *.repository.ts files and db/; HTTP (fastify, node:http, http/) only in
// routes, the module files that wire them, the few HTTP-facing helpers named below, and the layers
// outside the modules.
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
// A driver, drizzle, better-auth's drizzle adapter, or the db client or schema: what a query is made of.
const QUERY_PARTS = ['drizzle-orm', 'drizzle-orm/*', 'pg', 'pg/*', 'postgres', '@electric-sql/pglite', '@electric-sql/pglite/*', 'better-auth/adapters/*'];
const NO_QUERIES = [
  [...QUERY_PARTS, '**/db/client.ts', '**/db/schema*'],
  'Queries live in *.repository.ts files (and db/): put this one in a repository and call it.',
];
// Roots that open the database and hand it to the modules (the module contract carries it, and a
// module's *.module.ts wiring hands it to its repositories); they run no query themselves.
const DATABASE_OPENERS = [
  'server/src/app.ts',
  'server/src/scripture/store/default-imports.worker.ts',
  'server/src/scripture/store/open-store.ts',
  'server/src/lib/module/module.ts',
];
const NO_QUERIES_BUT_OPENING = [[...QUERY_PARTS, '**/db/schema*'], NO_QUERIES[1]];
const BELOW_THE_FEATURES = [
  ['**/modules/**', '**/app.ts', '**/main.ts'],
  'Access sits below the feature modules: it imports none of them (they import access).',
];
const HTTP_PARTS = ['fastify', 'fastify-*', '@fastify/*', 'node:http', 'node:http2', 'http', 'http2', '**/http/**'];
const NO_HTTP = [HTTP_PARTS, 'Rules and data know no requests: HTTP is the routes’ (and http/’s); pass them plain values.'];
/**
 * Module files that are about HTTP by nature, besides routes and module wiring: who is asking (a
 * session, a staff role, a sign-in's place), better-auth's bridge between Fastify and Fetch requests, and
 * the server-side rendering of pages.
 */
const HTTP_FACING = [
  'server/src/modules/**/*.routes.ts',
  'server/src/modules/**/*.module.ts',
  'server/src/access/staff.ts',
  'server/src/access/viewer.ts',
  'server/src/modules/auth/session-viewer.ts',
  'server/src/modules/auth/sign-in-place.ts',
  'server/src/modules/auth/better-auth.ts',
  'server/src/modules/web/server-render.ts',
  'server/src/modules/library/library-control.ts',
];
const LOWER_LAYERS = [
  ['**/modules/*/*.routes.ts', '**/modules/*/*.service.ts', '**/modules/*/*.repository.ts'],
  'Lower layers do not import the feature modules built on them.',
];
const MODULES = [
  NOT_THE_WEB_APP,
  [['../*/*.repository.ts', '../../modules/*/*.repository.ts'], "A module reaches another module's data through its service, never its repository."],
  [['**/app.ts', '**/main.ts'], 'Modules are put together by app.ts; they do not import it.'],
  [['../*/*.module.ts', '../index.ts'], "A module gets what another provides through the registry (use('name')), not from its module file or the list."],
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
  { files: ['server/src/**'], ignores: ['**/*.test.ts', '**/*.repository.ts', 'server/src/db/**'], rules: forbid(NOT_THE_WEB_APP, NO_QUERIES) },
  { files: DATABASE_OPENERS, rules: forbid(NOT_THE_WEB_APP, NO_QUERIES_BUT_OPENING) },
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
  { files: ['server/src/modules/**'], ignores: ['**/*.test.ts'], rules: forbid(...MODULES, NO_QUERIES, NO_HTTP) },
  { files: ['server/src/modules/**/*.repository.ts'], rules: forbid(...MODULES, NO_HTTP) },
  { files: HTTP_FACING, rules: forbid(...MODULES, NO_QUERIES) },
  { files: ['server/src/modules/**/*.module.ts'], rules: forbid(...MODULES, NO_QUERIES_BUT_OPENING) },
  {
    files: ['server/src/modules/**/*.routes.ts'],
    rules: forbid(...MODULES, NO_QUERIES, [['./*.repository.ts', '**/db/**'], 'Routes only map HTTP: rules and data go through the service.']),
  },
  {
    files: ['server/src/modules/**/*.service.ts'],
    rules: forbid(...MODULES, [[...HTTP_PARTS, ...NO_QUERIES[0]], 'Services hold rules: HTTP is the routes’ and queries the repository’s.']),
  },
  {
    files: ['server/src/http/**', 'server/src/lib/**', 'server/src/scripture/**', 'server/src/providers/**', 'server/src/db/**'],
    ignores: ['**/*.test.ts'],
    rules: forbid(NOT_THE_WEB_APP, LOWER_LAYERS, NO_QUERIES),
  },
  {
    files: ['server/src/**/*.repository.ts', 'server/src/db/**'],
    ignores: ['**/*.test.ts', 'server/src/modules/**'],
    rules: forbid(NOT_THE_WEB_APP, LOWER_LAYERS),
  },
  { files: DATABASE_OPENERS.filter((file) => file !== 'server/src/app.ts'), rules: forbid(NOT_THE_WEB_APP, LOWER_LAYERS, NO_QUERIES_BUT_OPENING) },
  // Access: who is asking (the viewer), staff roles and their gate, the audit log (docs/glossary.md).
  // Every feature module builds on it, so it imports none of them, nor the app that puts them together.
  { files: ['server/src/access/**'], ignores: ['**/*.test.ts'], rules: forbid(NOT_THE_WEB_APP, BELOW_THE_FEATURES, NO_QUERIES, NO_HTTP) },
  // Who is asking and whether they are staff are questions about a request.
  { files: ['server/src/access/staff.ts', 'server/src/access/viewer.ts'], rules: forbid(NOT_THE_WEB_APP, BELOW_THE_FEATURES, NO_QUERIES) },
  { files: ['server/src/access/*.repository.ts'], rules: forbid(NOT_THE_WEB_APP, BELOW_THE_FEATURES) },
);
