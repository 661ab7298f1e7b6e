// typescript-eslint's recommended rules, no import cycles (type-only ones included), and every regular
// expression linear in its input: one that backtracks lets a single request with a long crafted value
// stall the server for every organization (issue #9: a mileage pattern took 43 s on 200,000 characters).
// Layout is Prettier's (.prettierrc.json), checked by `npm run lint` too.
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
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
    // Resolved, not matched as text: '../../../../src/shared/../calendar/x' is src/calendar's, and is refused.
    files: ['client/src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })] },
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
