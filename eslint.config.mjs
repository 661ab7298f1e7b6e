// typescript-eslint's recommended rules, no import cycles (type-only ones included), and every regular
// expression linear in its input: one that backtracks lets a single request with a long crafted value
// stall the server for every organization (issue #9: a mileage pattern took 43 s on 200,000 characters).
// Layout is Prettier's (.prettierrc.json), checked by `npm run lint` too.
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';
import noImportCycle from './eslint/no-import-cycle.mjs';

const BUILT_AT_RUN_TIME =
  'Build no pattern at run time: the backtracking rules cannot check it. Write a regular expression literal, or compare strings.';

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
      'crewclock/no-import-cycle': 'warn',
      // An unused argument named _ or _name is a signature's, kept on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      'no-restricted-syntax': [
        'error',
        // new RegExp(x), RegExp(x), new globalThis.RegExp(x): only a string (or regex) literal may be the pattern.
        {
          selector:
            ":matches(NewExpression, CallExpression):matches([callee.name='RegExp'], [callee.property.name='RegExp']):not([arguments.0.type='Literal'])",
          message: BUILT_AT_RUN_TIME,
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
