// Security lint only, not style: every regular expression must run in time linear in its input,
// because one that backtracks lets a single request with a long crafted value stall the server for
// every organization (issue #9: a mileage pattern took 43 s on 200,000 characters).
import regexp from 'eslint-plugin-regexp';
import tseslint from 'typescript-eslint';

const BUILT_AT_RUN_TIME =
  'Build no pattern at run time: the backtracking rules cannot check it. Write a regular expression literal, or compare strings.';

export default [
  {
    files: ['src/**/*.{ts,tsx}', 'projections/**/*.{ts,tsx}', 'client/src/**/*.{ts,tsx}', 'test/**/*.{ts,tsx}', 'bench/**/*.{ts,tsx}'],
    languageOptions: { parser: tseslint.parser, ecmaVersion: 'latest', sourceType: 'module' },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    plugins: { regexp },
    rules: {
      'regexp/no-super-linear-backtracking': 'error',
      'regexp/no-super-linear-move': 'error',
      'no-restricted-syntax': [
        'error',
        // new RegExp(x), RegExp(x), new globalThis.RegExp(x): only a string (or regex) literal may be the pattern.
        {
          selector: ":matches(NewExpression, CallExpression):matches([callee.name='RegExp'], [callee.property.name='RegExp']):not([arguments.0.type='Literal'])",
          message: BUILT_AT_RUN_TIME,
        },
      ],
    },
  },
];
