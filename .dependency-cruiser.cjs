// The layering of the code, as dependency-cruiser enforces it (test/layering.test.ts runs it in
// `npm test`; by hand: `npx depcruise --config .dependency-cruiser.cjs .`). A folder imports only
// folders below it; folders on one line know nothing of each other, except where said. test/ is free.

/** Top to bottom. */
const LAYERS = [
  ['bin'], // the command line, one module per command, and build tools (bin/tools/)
  ['bench'], // benchmarks
  ['server', 'indexer', 'demo-data'], // composition roots
  ['rest-facade'],
  ['gateway'],
  ['subgraphs'],
  ['webhooks', 'exports'], // webhooks: subscriptions, outbox, delivery; exports: transaction export jobs and their worker
  ['node-rpc'],
  ['signature-aggregator'],
  ['metrics'],
  ['domain'],
  ['prisma'], // a leaf that knows no domain: the write path takes hooks
  ['avalanche', 'logging'],
  ['shared'], // imports nothing of the project
];

/** Imports between folders of one line that are allowed: the service runs the indexer in its process. */
const SIDEWAYS = { server: ['indexer'] };

const folder = (names) => `^(${names.join('|')})/`;
const forbidden = [];

LAYERS.forEach((line, depth) => {
  const above = LAYERS.slice(0, depth).flat();
  for (const name of line) {
    // demo-data has rules of its own (below): the server reaches it only through a lazy import().
    const siblings = line.filter(
      (other) =>
        other !== name && !(SIDEWAYS[name] ?? []).includes(other) && !(name === 'server' && other === 'demo-data'),
    );
    const targets = [...above, ...siblings];
    if (targets.length === 0) continue;
    forbidden.push({
      name: `${name}-imports-only-below`,
      comment: `${name}/ imports only the folders below it (.dependency-cruiser.cjs LAYERS): not ${targets.join(', ')}`,
      severity: 'error',
      from: { path: folder([name]) },
      to: { path: folder(targets) },
    });
  }
});

const PRODUCTION = LAYERS.slice(2)
  .flat()
  .filter((name) => name !== 'demo-data');

forbidden.push(
  {
    name: 'no-demo-data-in-production',
    comment:
      'Production code never imports the demo data generator; only server/loadDemoData.ts loads it, with import(), when wanted',
    severity: 'error',
    from: { path: folder(PRODUCTION), pathNot: '^server/loadDemoData\\.ts$' },
    to: { path: folder(['demo-data']) },
  },
  {
    name: 'demo-data-loaded-lazily',
    comment:
      'server/loadDemoData.ts loads demo-data/ with import() only, so a production process never holds the generator',
    severity: 'error',
    from: { path: '^server/loadDemoData\\.ts$' },
    to: { path: folder(['demo-data']), dependencyTypesNot: ['dynamic-import'] },
  },
  {
    name: 'no-circular',
    comment: 'Modules import each other in one direction only',
    severity: 'error',
    from: {},
    to: { circular: true },
  },
  {
    name: 'in-a-layer',
    comment: 'Every module belongs to a folder of the layering (.dependency-cruiser.cjs LAYERS)',
    severity: 'error',
    from: { pathNot: `${folder(LAYERS.flat())}|(^|/)node_modules/` },
    to: {},
  },
  {
    name: 'not-to-unresolvable',
    comment: 'Every import resolves to a file or a package',
    severity: 'error',
    from: {},
    to: { couldNotResolve: true },
  },
);

module.exports = {
  forbidden,
  options: {
    doNotFollow: { path: 'node_modules' },
    // Not code of the layering: tests, the generated Prisma client, contracts, build output, the root's tool configs.
    exclude: { path: '^(test|dist|reference|schema|prisma/generated)/|^[^/]+\\.[a-z]+$' },
    // `import type` is a dependency too.
    tsPreCompilationDeps: true,
  },
};
