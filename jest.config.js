/** Tests run through SWC (decorator metadata on), type checking is `npm run typecheck`. */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.(t|j)s$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
    // PGlite's CommonJS build loads Node built-ins with `import()`, which jest's module runtime
    // rejects without --experimental-vm-modules; SWC rewrites those calls to `require`.
    '/@electric-sql/pglite/dist/.+\\.cjs$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'ecmascript' }, target: 'es2022' }, module: { type: 'commonjs', strictMode: false } },
    ],
  },
  // @noble/* ship ESM only; let SWC turn them into CommonJS for jest. PGlite: see above.
  transformIgnorePatterns: ['/node_modules/(?!@noble/|@electric-sql/pglite/)'],
  setupFiles: ['<rootDir>/test/setup/env.ts'],
  testTimeout: 60000,
  maxWorkers: 2,
  // A worker keeps every module and PGlite instance its files loaded; past this it is replaced
  // between files instead of running out of heap mid-file.
  workerIdleMemoryLimit: '1536MB',
};
