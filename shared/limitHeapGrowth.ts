import v8 from 'node:v8';

/**
 * How far V8 lets the old generation grow past what survived its last full collection, in percent.
 * Left to itself V8 lets the heap grow to several times what is live when collecting is cheap,
 * which it is for this service, and resident memory follows the garbage. 100 % holds the heap near
 * twice what is live without costing throughput.
 */
export const HEAP_GROWING_PERCENT = 100;

/**
 * Caps the heap's growth ({@link HEAP_GROWING_PERCENT}) for this process and its worker threads
 * (V8's flags are per process: PGlite's worker gets it too). Node takes this V8 flag only on its own
 * command line, which every way of starting the service (`npm start`, the bin, a container's
 * command) would have to repeat; set here, before the server allocates, it governs every later
 * collection. Called by the long-running commands (`start`, `subgraph`, `indexer`).
 * @example limitHeapGrowth()
 */
export function limitHeapGrowth(): void {
  v8.setFlagsFromString(`--heap-growing-percent=${HEAP_GROWING_PERCENT}`);
}
