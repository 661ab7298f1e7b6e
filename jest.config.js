// Unit specs sit next to the code; cross-cutting suites live in test/{api,contract,browser}.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true },
      transform: { legacyDecorator: true, decoratorMetadata: true, useDefineForClassFields: false },
      target: 'es2022',
      keepClassNames: true,
    },
    module: { type: 'commonjs' },
  },
];

const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  // CommonJS packages run as shipped (transforming google-protobuf breaks it).
  transformIgnorePatterns: ['/node_modules/'],
  testEnvironment: 'node',
  moduleFileExtensions: ['ts', 'js', 'json'],
};

module.exports = {
  // HTTP and browser specs wait on a real server; on a shared 2-core machine 5 s is too little headroom.
  // TEST_TIME_SCALE scales it as test/support/time.ts scales every other deadline.
  testTimeout: 60_000 * Math.max(1, Number(process.env.TEST_TIME_SCALE || 1)),
  // Starts shared engines once (the FerretDB helper when Go is present) and exports their URLs.
  globalSetup: '<rootDir>/test/support/global-setup.ts',
  globalTeardown: '<rootDir>/test/support/global-teardown.ts',
  projects: [
    { ...common, displayName: 'unit', roots: ['<rootDir>/src', '<rootDir>/projections'], testMatch: ['**/*.spec.ts'] },
    { ...common, displayName: 'contract', roots: ['<rootDir>/test/contract'], testMatch: ['**/*.spec.ts'] },
    { ...common, displayName: 'api', roots: ['<rootDir>/test/api'], testMatch: ['**/*.spec.ts'] },
    { ...common, displayName: 'browser', roots: ['<rootDir>/test/browser'], testMatch: ['**/*.spec.ts'] },
  ],
};
