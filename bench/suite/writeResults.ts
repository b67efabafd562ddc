import { writeFileSync } from 'node:fs';
import type { AggregationReport } from '../aggregate-signatures/measureAggregation';
import type { BackfillResult } from '../indexer/measureBackfill';
import { deliveryTableHeader, deliveryTableRow, headTableHeader, headTableRow } from '../webhooks/deliveryTable';
import type { DeliveryResult } from '../webhooks/measureDelivery';
import type { RecordingOverhead } from './measureRecordingOverhead';
import { percent } from '../shared/report';
import type { EngineComparison } from './compareEngines';
import type { TargetCheck } from './judgeTargets';
import type { MachineInfo } from './machineInfo';
import type { EngineResult, Figure } from './measureEngine';
import { bytesPerTransaction } from '../shared/measureStorage';
import type { EngineData } from './prepareEngineData';
import type { SuiteArgs } from './suiteArgs';
import { formatLatency, type LoadResult } from '../shared/runLoad';
import type { ReplicaReads } from '../replicas/measureReplicaReads';
import { latencyRatio } from './latencyRatio';
import { LARGE_TABLE_ROWS } from './explainListPlans';

/** Everything a suite run produced. */
export type SuiteResults = {
  args: SuiteArgs;
  command: string;
  machine: MachineInfo;
  data: { engine: string; counts: EngineData['counts']; seedSeconds: number; storage: EngineData['storage'] }[];
  engines: EngineResult[];
  /** Both engines' services side by side (both engines only). */
  engineComparison?: EngineComparison;
  aggregation?: AggregationReport;
  backfill: { engine: string; result: BackfillResult }[];
  /** Webhook deliveries to a local receiver, per engine. */
  webhooks: { engine: string; result: DeliveryResult }[];
  /** CPU of a REST request with usage recording on and off, per engine. */
  recording: { engine: string; result: RecordingOverhead }[];
  /** REST requests read from a streaming replica beside the same requests read from its primary (PostgreSQL). */
  replicaReads?: ReplicaReads;
  targets: TargetCheck[];
  /** Parts that failed, with why (the file is written anyway). */
  failures: string[];
  durationSeconds: number;
};

const n = (value: number, digits = 0) =>
  value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
/** A ratio cell; a dash when a side got no answer. */
const ratioCell = (ratio: number) => (Number.isFinite(ratio) ? `${ratio.toFixed(2)}×` : '—');
const row = (cells: readonly string[]) => `| ${cells.join(' | ')} |`;
/** A Markdown table; columns whose cells are all numbers (or empty) are right-aligned. */
const table = (header: readonly string[], rows: readonly (readonly string[])[]) => {
  const numeric = header.map(
    (_, i) => rows.length > 0 && rows.every((cells) => /^[-+\d.,×% s]*$/.test(cells[i] ?? '')),
  );
  return [row(header), row(numeric.map((right) => (right ? '---:' : '---'))), ...rows.map(row)].join('\n');
};

/**
 * Writes bench/RESULTS.md (or the smoke's file): machine and versions, every figure beside its
 * floor with the ratios, statements per request, memory, aggregation, backfill, and the
 * targets with met / not met.
 * @param file where to write
 * @param results the run's results
 * @example writeResults('bench/RESULTS.md', results)
 */
export function writeResults(file: string, results: SuiteResults): void {
  writeFileSync(file, renderResults(results));
}

/**
 * The results as Markdown.
 * @param results the run's results
 * @returns the document
 * @example renderResults(results).startsWith('# Benchmark results') // true
 */
export function renderResults(results: SuiteResults): string {
  const { machine, args } = results;
  const versions = results.engines
    .map((r) => `${r.engine === 'postgres' ? 'PostgreSQL' : 'PGlite (embedded PostgreSQL)'} ${r.serverVersion}`)
    .join(', ');
  const lines = [
    '# Benchmark results',
    '',
    ...(args.smoke
      ? ['**Smoke run: tiny data, 1 s per path. It proves every path answers; its timings mean nothing.**', '']
      : []),
    `Written by \`${results.command}\` (bench/suite.ts; method and options in bench/README.md) in ${n(results.durationSeconds / 60, 1)} minutes.`,
    '',
    table(
      ['', ''],
      [
        ['date', machine.date],
        ['commit', machine.commit],
        ['CPU', `${machine.cpuModel}, ${machine.cores} cores`],
        ['RAM', `${n(machine.ramGiB, 1)} GiB`],
        ['node', machine.node],
        ['databases', `${versions || 'none measured'}; PGlite package ${machine.pglite}`],
        [
          'load',
          `autocannon ${args.connections} connections (a request that names its own count: that many), ${args.duration} s measured per path in ${args.rounds} bursts taking turns with the other paths of its request, after ${args.warmup} s warm-up; load average at the end ${machine.loadAverage.map((l) => l.toFixed(2)).join(' ')}`,
        ],
      ],
    ),
    '',
    ...(results.failures.length > 0 ? ['## Failures', '', ...results.failures.map((f) => `- ${f}`), ''] : []),
    '## Targets',
    '',
    table(
      ['target', 'measured', 'met'],
      results.targets.map((t) => [
        t.target,
        t.measured,
        t.met === undefined ? 'not judged' : t.met ? 'met' : '**not met**',
      ]),
    ),
    '',
    '## Data sets',
    '',
    table(
      ['engine', 'EVM transactions', 'validations', 'UTXOs', 'metric rollup rows', 'built in'],
      results.data.map((d) => [
        d.engine,
        n(d.counts.evmTransactions),
        n(d.counts.validators),
        n(d.counts.utxos),
        n(d.counts.metricRollups),
        `${n(d.seedSeconds)} s`,
      ]),
    ),
    '',
    `The demo data set at scale ${args.scale}${args.validatorHistory ? " plus the list-validators bench's validator history" : ''}, one per engine.`,
    '',
    '## Storage',
    '',
    "Each data set as seeded, closed: its tables with their indexes and TOAST (the schema's relations, as the database counts them), per EVM transaction; PGlite's data folder besides (write-ahead log and catalogs included).",
    '',
    table(
      ['engine', 'tables MB', 'bytes per EVM transaction', 'folder MB', 'folder / tables', 'largest tables (MB)'],
      results.data.map(({ engine, storage }) => [
        engine,
        n(storage.tableBytes / 1e6, 1),
        n(bytesPerTransaction(storage)),
        storage.folderBytes === undefined ? '' : n(storage.folderBytes / 1e6, 1),
        storage.folderBytes === undefined ? '' : ratioCell(storage.folderBytes / storage.tableBytes),
        storage.largest.map((t) => `${t.table} ${n(t.bytes / 1e6, 1)}`).join(', '),
      ]),
    ),
    '',
  ];
  for (const result of results.engines) lines.push(...engineSection(result, args));
  if (results.engineComparison) lines.push(...comparisonSection(results.engineComparison, args));
  if (results.engines.length > 0) {
    lines.push(
      '## SQL statements per request',
      '',
      'Counted through REST at page sizes 10 and 100; equal counts mean no statement per item.',
      '',
    );
    const names = [...new Set(results.engines.flatMap((r) => r.statements.map((s) => s.request)))];
    lines.push(
      table(
        ['request', ...results.engines.flatMap((r) => [`at 10 (${r.engine})`, `at 100 (${r.engine})`]), 'equal'],
        names.map((name) => {
          const counts = results.engines.map((r) => r.statements.find((s) => s.request === name));
          return [
            name,
            ...counts.flatMap((c) => [String(c?.at10 ?? '?'), String(c?.at100 ?? '?')]),
            counts.every((c) => c && c.at10 === c.at100) ? 'yes' : '**no**',
          ];
        }),
      ),
      '',
    );
    lines.push(...plansSection(results.engines));
    lines.push(
      '## Resident memory',
      '',
      '*Service process*: `avalanche-data-service start` on the same data set, alone in its process (with PGlite, the database is inside it), ' +
        'VmRSS once ready, two seconds after the mixed load (every REST and GraphQL request above in turn; the target is judged on this reading) ' +
        "and 30 s after it, once V8's memory reducer has given the load's garbage pages back; no forced GC. " +
        "*Measuring process*: the process that ran the load above, after a full GC; it also holds the floors and what the load generator's worker thread left.",
      '',
    );
    lines.push(
      table(
        [
          'engine',
          'service MiB after start',
          'service MiB after the load',
          '30 s after the load',
          'mixed load req/s',
          'measuring process MiB after start',
          'after the load',
          'heap MiB after the load',
        ],
        results.engines.map((r) => [
          r.engine,
          r.serviceMemory ? n(r.serviceMemory.afterStartMiB) : '?',
          r.serviceMemory ? n(r.serviceMemory.afterLoadMiB) : '?',
          r.serviceMemory?.settledMiB !== undefined ? n(r.serviceMemory.settledMiB) : '?',
          r.serviceMemory ? n(r.serviceMemory.requestsPerSecond) : '?',
          n(r.memory.afterStartMiB),
          n(r.memory.afterLoadMiB),
          n(r.memory.heapAfterLoadMiB),
        ]),
      ),
      '',
    );
  }
  if (results.aggregation) lines.push(...aggregationSection(results.aggregation));
  if (results.backfill.length > 0) {
    lines.push(
      '## Indexer backfill from anvil',
      '',
      "Floor: the same blocks, receipts, traces and touched balances fetched from the node with the same concurrency, nothing decoded or written. The node (anvil) keeps every block's state in memory (`--prune-history`), as an archive node serves history. One chain; in each round the floor, then every engine's indexer into a fresh database, the engines taking turns; the seconds are the rounds' medians, each round's in brackets.",
      '',
    );
    lines.push(
      table(
        [
          'engine',
          'blocks',
          'transactions',
          'events (logs)',
          'floor s',
          'indexer s',
          'floor blocks/s',
          'indexer blocks/s',
          'indexer events/s',
          'indexer / floor',
        ],
        results.backfill.map(({ engine, result: r }) => [
          engine,
          n(r.blocks),
          n(r.transactions),
          n(r.logs),
          `${r.fetchSeconds.toFixed(2)} (${r.fetchRounds.map((x) => x.toFixed(1)).join(', ')})`,
          `${r.indexSeconds.toFixed(2)} (${r.indexRounds.map((x) => x.toFixed(1)).join(', ')})`,
          n(r.blocks / r.fetchSeconds),
          n(r.blocks / r.indexSeconds),
          n(r.logs / r.indexSeconds),
          `${(r.fetchSeconds / r.indexSeconds).toFixed(2)}×`,
        ]),
      ),
      '',
    );
  }
  if (results.recording.length > 0) {
    lines.push(
      '## Usage recording',
      '',
      "What recording the service's own requests (`USAGE_RECORDING`) adds to a REST request's CPU, judged inside the recording process: its event loop's busy samples in the recording's code (`--cpu-prof` over the bursts, the write path its flush runs included), plus the database's side of writing the rows measured by writing them again (on PGlite the database is a thread of the service; on PostgreSQL a backend does it, as it runs the requests' own statements), over the rest of the process's CPU. The garbage collector's share of the event loop is shown beside it: recording's allocations are part of it. Then, as context, the process with recording on against one with it off, given the same requests in bursts that take turns: the median over the rounds, and the rounds' middle half (first to third quartile), which shows how far one round strays.",
      '',
      table(
        [
          'engine',
          'recording',
          'event loop',
          'database side ms/request',
          'collector',
          'rows',
          'CPU ms/request on',
          'CPU ms/request off',
          'on vs off',
          "rounds' middle half",
        ],
        results.recording.map(({ engine, result }) => [
          engine,
          `${n(result.recordingPercent, 2)} %`,
          `${n(result.eventLoopPercent, 2)} %`,
          n(result.databaseCpuMsPerRequest, 3),
          `${n(result.gcPercent, 1)} %`,
          n(result.rows),
          n(result.cpuMsPerRequest.on, 3),
          n(result.cpuMsPerRequest.off, 3),
          `${n(result.overheadPercent, 1)} %`,
          `${result.middleHalfPercent.map((percent) => n(percent, 1)).join(' to ')} %`,
        ]),
      ),
      '',
    );
  }
  if (results.webhooks.length > 0) {
    lines.push(
      '## Webhook deliveries',
      '',
      "Floor: the receiver's request rate from a plain keep-alive HTTP client POSTing the same signed bodies at the same concurrency. Deliveries: the deliverer from a full outbox, every message claimed, signed, POSTed and recorded delivered. Commit→arrival: messages committed one at a time every 20 ms while the deliverer polls every 250 ms (WEBHOOK_POLL_INTERVAL_MS's default).",
      '',
      table(
        deliveryTableHeader,
        results.webhooks.map(({ engine, result }) => deliveryTableRow(engine, result)),
      ),
      '',
      "At the head: anvil mines a transfer to a watched address, one at a time; the indexer follows at the head (50 ms poll) and commits the block with its message; the deliverer, woken by the commit as in `start`, POSTs it. Commit→arrival starts at the message's created_at (in the block's transaction, just before its commit); sent→arrival at sending the transaction to the node. Target: commit→arrival p50 under 1 s.",
      '',
      table(
        headTableHeader,
        results.webhooks.map(({ engine, result }) => headTableRow(engine, result)),
      ),
      '',
    );
  }
  if (results.replicaReads) {
    const { evmTransactions, lagMs, pairs } = results.replicaReads;
    lines.push(
      '## Reads from a streaming replica',
      '',
      `A PostgreSQL 15 primary of the bench's own with a streaming replica (\`pg_basebackup -R\`), the demo data set (${n(evmTransactions)} EVM transactions); one service reads from the primary, another from the replica (\`DATABASE_REPLICA_URLS\`, ${lagMs ?? '?'} ms behind at the last check before the load), both in the bench's process, each request in bursts that take turns. Both servers share this machine's CPUs, so this is the replica path's own cost, not the capacity a replica on its own machine adds.`,
      '',
      table(
        [
          'request',
          'primary req/s',
          'replica req/s',
          'primary p50 ms',
          'replica p50 ms',
          'primary / replica req/s',
          'errors',
        ],
        pairs.map(({ label, primary, replica, ratio }) => [
          label,
          n(primary.requestsPerSecond),
          n(replica.requestsPerSecond),
          formatLatency(primary.p50),
          formatLatency(replica.p50),
          ratioCell(ratio),
          n(failureCount(primary) + failureCount(replica)),
        ]),
      ),
      '',
    );
  }
  return `${lines.join('\n')}\n`;
}

const failureCount = ({ failures }: LoadResult) =>
  failures.errors + failures.timeouts + failures.non2xx + failures.mismatches;

/**
 * How the lists' keyset pages are read: a summary per engine (the scans of each statement, any
 * sequential scan of a large table in bold), then every plan in full.
 * @param engines each engine's plans
 * @returns the section's lines
 * @example plansSection([{ engine: 'postgres', plans }])
 */
export function plansSection(engines: readonly Pick<EngineResult, 'engine' | 'plans'>[]): string[] {
  const lines = [
    '## Query plans of the list pages',
    '',
    `Each list's second page (the first page's \`nextPageToken\`, so the keyset condition is in the statement), requested once through REST; every statement it sent, ` +
      "`EXPLAIN (ANALYZE, BUFFERS) EXECUTE` on the service's database as the service runs it: the generic plan for a statement that keeps its plan (`KEEP_PLAN`), " +
      `a plan for its values otherwise. \`large seq scans\`: sequential scans of tables of more than ${n(LARGE_TABLE_ROWS)} rows (a page read along its index needs none).`,
    '',
  ];
  for (const { engine, plans } of engines) {
    lines.push(`### ${engine}`, '');
    lines.push(
      table(
        ['request', 'statement', 'plan', 'scans', 'large seq scans', 'ms'],
        plans.map((p) => [
          p.request,
          String(p.statement),
          p.generic ? 'generic (kept)' : 'for its values',
          p.scans.map((scan) => `\`${scan}\``).join('<br>') ||
            (p.executionMs === undefined ? '**not explained**' : 'none'),
          p.largeSeqScans.length > 0 ? `**${p.largeSeqScans.join(', ')}**` : 'none',
          p.executionMs === undefined ? '' : n(p.executionMs, 3),
        ]),
      ),
      '',
    );
    lines.push('<details><summary>The plans in full</summary>', '');
    for (const p of plans) lines.push(`${p.request}, statement ${p.statement}:`, '', '```', p.plan, '```', '');
    lines.push('</details>', '');
  }
  return lines;
}

/** A request's cell: its group, and its connections when they are not the run's (ANALYTIC_CONNECTIONS). */
function requestCell(group: string, connections: number, args: SuiteArgs): string {
  return connections === args.connections
    ? group
    : `${group} (${connections} connection${connections === 1 ? '' : 's'})`;
}

function engineSection(result: EngineResult, args: SuiteArgs): string[] {
  const rows = result.figures.map((figure) => {
    const floor = result.figures.find(
      (f) => f.path === 'pg' && f.group === figure.group && f.pageSize === figure.pageSize,
    );
    const isFloor = figure === floor;
    const failures = Object.values(figure.load.failures).reduce((sum, count) => sum + count, 0);
    return [
      requestCell(figure.group, figure.connections, args),
      figure.pageSize === undefined ? '' : String(figure.pageSize),
      isFloor ? 'floor' : figure.path === 'rest' ? 'REST' : 'GraphQL',
      n(figure.load.requestsPerSecond),
      formatLatency(figure.load.p50),
      formatLatency(figure.load.p99),
      String(failures),
      n(figure.bodyBytes / 1024, 1),
      floor && !isFloor ? ratioCell(latencyRatio(figure, floor)) : '',
      floor && !isFloor ? `${(floor.load.requestsPerSecond / figure.load.requestsPerSecond).toFixed(2)}×` : '',
      percent(figure.loop),
      percent(figure.cpu.other),
    ];
  });
  const title =
    result.engine === 'postgres'
      ? 'PostgreSQL on 127.0.0.1'
      : "embedded PGlite (file data directory, in a worker thread of the service's process)";
  return [
    `## ${title}`,
    '',
    `Floors: ${floorMethods(result.figures)} Other processes used ${percent(result.otherCpuBefore)} of the CPUs before the load; service errors: ${result.serviceErrors}.`,
    '',
    table(
      [
        'request',
        'page',
        'path',
        'req/s',
        'p50 ms',
        'p99 ms',
        'errors',
        'KB',
        '× floor p50',
        '× floor req/s',
        'loop',
        'other CPU',
      ],
      rows,
    ),
    '',
    "`p50 ms`, `p99 ms`: latency percentiles of the answers, each answer timed to the microsecond; `× floor p50`: the path's median latency over its floor's; `× floor req/s`: the floor's throughput over the path's (both 1.00× at parity). `loop`: the service's event loop busy; `other CPU`: share of the machine other processes used during the run.",
    '',
  ];
}

function comparisonSection(comparison: EngineComparison, args: SuiteArgs): string[] {
  return [
    '## PGlite beside PostgreSQL',
    '',
    "`avalanche-data-service start` on each engine's data set, both running at once (one page-token key, so the same data gives the same answers), " +
      `warmed with ${args.warmup} s of every REST request in turn each; then per request ${args.duration} s on each engine in ${args.rounds} burst${args.rounds === 1 ? '' : 's'} taking turns ` +
      "(PostgreSQL, PGlite, PostgreSQL, …), so the host's drift falls on both. The target is judged here, not on the sections above, which were measured minutes apart.",
    '',
    table(
      ['request', 'page', 'PostgreSQL req/s', 'p50 ms', 'PGlite req/s', 'p50 ms', 'PostgreSQL / PGlite req/s'],
      comparison.pairs.map((pair) => [
        requestCell(pair.group, pair.connections, args),
        pair.pageSize === undefined ? '' : String(pair.pageSize),
        n(pair.postgres.requestsPerSecond),
        formatLatency(pair.postgres.p50),
        n(pair.pglite.requestsPerSecond),
        formatLatency(pair.pglite.p50),
        `${pair.ratio.toFixed(2)}×`,
      ]),
    ),
    '',
  ];
}

function floorMethods(figures: readonly Figure[]): string {
  const groups = new Set(figures.map((f) => f.group));
  const parts = [
    groups.has('validators filtered')
      ? "validators, UTXOs and metrics run the service's own statement builder, formatter and page-token signing directly on the database;"
      : '',
    [...groups].some((g) => g.startsWith('listErc20'))
      ? "listErc20, ERC-20 balances, block transactions and get transaction replay the exact statements the service sent (captured), in the same rounds, and build the body with the service's formatters;"
      : '',
    groups.has('staking validatorCount daily over a year')
      ? "the staking series runs the resolver's subnet lookup and the service's statement builder;"
      : '',
    groups.has('composite query')
      ? "the composite query runs the service's own runCompositeQuery (its statements, the combination in memory, the page) with the floor's reads;"
      : '',
    [...groups].some((g) => g.startsWith('GraphQL join'))
      ? "the join's floor is the same GraphQL query without the cross-subgraph field."
      : '',
  ];
  return parts.filter(Boolean).join(' ');
}

function aggregationSection(report: AggregationReport): string[] {
  const lines = [
    '## Signature aggregation',
    '',
    `${n(report.validators)} simulated validators answering JSON-RPC on 127.0.0.1 from precomputed signatures (the aggregator's own time).`,
    '',
  ];
  for (const { backend, runs } of report.backends) {
    lines.push(`BLS with ${backend}:`, '');
    lines.push(
      table(
        ['run', 'ms', 'max loop stall ms', 'requests', 'signers', 'rejected', 'pairing checks'],
        runs.map((r) => [
          r.label,
          n(r.ms),
          n(r.stallMs),
          String(r.requested),
          String(r.signers),
          String(r.rejected),
          String(r.pairingChecks),
        ]),
      ),
      '',
    );
  }
  if (report.verification.length > 0) {
    lines.push('The same responses verified on one thread (parse and subgroup check included):', '');
    lines.push(
      table(
        ['verification', 'ms', 'pairing checks', 'valid'],
        report.verification.map((t) => [t.label, n(t.ms), String(t.pairingChecks), String(t.valid)]),
      ),
      '',
    );
  }
  return lines;
}
