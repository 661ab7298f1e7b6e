// typescript-eslint's recommended rules, no import cycles (type-only ones included), and every regular
// expression linear in its input: one that backtracks lets a single request with a long crafted value
// stall the server for every organization (issue #9: a mileage pattern took 43 s on 200,000 characters).
// Layout is Prettier's (.prettierrc.json), checked by `npm run lint` too.
import { readdirSync } from 'node:fs';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';
import noImportCycle from './eslint/no-import-cycle.mjs';

const BUILT_AT_RUN_TIME =
  'Build no pattern at run time: the backtracking rules cannot check it. Write a regular expression literal, or compare strings.';

// A later block's no-restricted-syntax replaces the whole list: src/shared's block repeats this entry.
const NO_RUN_TIME_PATTERN = {
  // new RegExp(x), RegExp(x), new globalThis.RegExp(x): only a string (or regex) literal may be the pattern.
  selector:
    ":matches(NewExpression, CallExpression):matches([callee.name='RegExp'], [callee.property.name='RegExp']):not([arguments.0.type='Literal'])",
  message: BUILT_AT_RUN_TIME,
};

const SHARED_IMPORTS_NOTHING =
  "src/shared is the wire contract the server and the browser client both compile: it imports nothing, not even types, so neither side pulls in the other's code (Node, NestJS, React) and the contract reads on its own. Define what both sides need here; keep the rest out.";

const CLIENT_READS_ONLY_SHARED =
  "client/src imports nothing of the server's code but src/shared, the wire contract: declare there the shape the client reads, and have the server return it typed as that.";

// Folders are layers (docs/layers.md reads this table): each folder of src/ → the folders of src/ it may import.
// The files at src/'s root (main.ts, app.ts, app.module.ts, demo-seed.ts, org-create.ts) compose the app and may
// import anything; no folder imports them. A new folder needs its row here, and lint says so until it has one.
const FOUNDATION = ['shared', 'config', 'core'];
const BELOW_SCHEDULING = [...FOUNDATION, 'identity', 'customers'];
const BELOW_FEATURES = [...BELOW_SCHEDULING, 'scheduling', 'availability'];
const BELOW_AS_OF = [...BELOW_FEATURES, 'timers', 'ratings'];
export const ALLOWED_IMPORTS = {
  shared: [],
  config: ['shared'],
  core: ['shared', 'config'],
  identity: FOUNDATION,
  customers: [...FOUNDATION, 'identity'],
  scheduling: BELOW_SCHEDULING,
  availability: [...BELOW_SCHEDULING, 'scheduling'],
  realtime: [...FOUNDATION, 'identity'],
  timers: BELOW_FEATURES,
  ratings: BELOW_FEATURES,
  'job-requests': BELOW_FEATURES,
  booking: BELOW_FEATURES,
  // What the customer is told about their visit (issue #31): On my way.
  notices: BELOW_FEATURES,
  // Time travel: the moment, the versions (of the schedule, of timers' and ratings' report rows, of names), the
  // past-read-models interceptor.
  'as-of': BELOW_AS_OF,
  reports: [...BELOW_AS_OF, 'as-of'],
  // Pay periods' timesheets (overtime applied), their approval and payroll exports (issue #30).
  payroll: [...BELOW_AS_OF, 'as-of'],
  audit: [...BELOW_AS_OF, 'as-of', 'reports', 'payroll', 'job-requests', 'booking', 'notices'],
  // The calendars' reads show what every feature below knows of a job: its times, ratings and History; its people,
  // customer and requests come from the calendar's own read model (calendar.read-models.ts).
  calendar: [...BELOW_AS_OF, 'as-of', 'audit'],
  health: [...FOUNDATION, 'identity'],
  topology: FOUNDATION,
};

/** The table is a layer order only if it has no cycle, and it must name every folder of src/. */
function checkedLayers(table) {
  const folders = readdirSync(new URL('./src', import.meta.url), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
  const missing = folders.filter((folder) => !(folder in table));
  if (missing.length) throw new Error(`eslint.config.mjs: give src/${missing.join(', src/')} a row in ALLOWED_IMPORTS`);
  const state = new Map();
  const visit = (folder, path) => {
    if (state.get(folder) === 'done') return;
    if (state.get(folder) === 'open')
      throw new Error(`eslint.config.mjs: ALLOWED_IMPORTS has a cycle: ${path.join(' → ')}`);
    state.set(folder, 'open');
    for (const next of table[folder] ?? []) visit(next, [...path, next]);
    state.set(folder, 'done');
  };
  for (const folder of Object.keys(table)) visit(folder, [folder]);
  return table;
}

const layerZones = Object.entries(checkedLayers(ALLOWED_IMPORTS)).map(([folder, allowed]) => ({
  target: `./src/${folder}`,
  from: './src',
  except: [folder, ...allowed].map((name) => `./${name}`),
  message: allowed.length
    ? `src/${folder} may import only src/${allowed.join(', src/')} (the layer order, ALLOWED_IMPORTS in eslint.config.mjs; docs/layers.md). Move what both need down a layer, or compose them in a folder above both.`
    : `src/${folder} imports no other folder of src (the layer order, ALLOWED_IMPORTS in eslint.config.mjs; docs/layers.md).`,
}));

const TS_RESOLVER = { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })] };

const FILES = [
  'src/**/*.{ts,tsx}',
  'projections/**/*.{ts,tsx}',
  'client/src/**/*.{ts,tsx}',
  'test/**/*.{ts,tsx}',
  'bench/**/*.{ts,tsx}',
];

export default [
  ...tseslint.configs.recommended.map((config) => ({ ...config, files: FILES })),
  {
    files: FILES,
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { regexp, crewclock: { rules: { 'no-import-cycle': noImportCycle } } },
    rules: {
      'crewclock/no-import-cycle': 'error',
      // An unused argument named _ or _name is a signature's, kept on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      'no-restricted-syntax': ['error', NO_RUN_TIME_PATTERN],
    },
  },
  {
    // Every way a module can reach another: import (type-only too), re-export, import(), import type('…'), require.
    files: ['src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        NO_RUN_TIME_PATTERN,
        ...[
          'ImportDeclaration',
          'ExportNamedDeclaration[source]',
          'ExportAllDeclaration',
          'ImportExpression',
          'TSImportType',
          'TSImportEqualsDeclaration',
          "CallExpression[callee.name='require']",
        ].map((selector) => ({ selector, message: SHARED_IMPORTS_NOTHING })),
      ],
    },
  },
  {
    // The read side depends on src, not the reverse: src imports projections/ only at its composition root.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/app.module.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '(^|/)projections(/|$)',
              message:
                'src imports projections/ only in src/app.module.ts (the composition root). Put what both need in src (events, ports, <feature>.read-models.ts).',
            },
          ],
        },
      ],
    },
  },
  {
    // Folders are layers: a folder of src/ imports only the folders its row of ALLOWED_IMPORTS names (type-only
    // imports, re-exports and import() too). Resolved, so a path that climbs out and back in is still its target's.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: TS_RESOLVER,
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: import.meta.dirname, zones: layerZones }],
    },
  },
  {
    // React keeps a component's state by the order its hooks are called: one called only on some renders takes
    // another's state, or throws when the condition flips (issue #44: turning job pick-up on crashed every manager's screen).
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error' },
  },
  {
    // Resolved, not matched as text: '../../../../src/shared/../calendar/x' is src/calendar's, and is refused.
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: TS_RESOLVER,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          basePath: import.meta.dirname,
          zones: [
            {
              target: './client/src',
              from: '.',
              except: ['./client', './src/shared'],
              message: CLIENT_READS_ONLY_SHARED,
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read JSON answers whose shape each assertion states.
    files: ['test/**/*.ts', '**/*.spec.ts', '**/*.spec.tsx'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
];
