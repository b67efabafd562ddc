// `npm run bench:warp`: signature aggregation (4.1) for 1,000 validators over JSON-RPC on
// 127.0.0.1, with the longest event-loop stall of each run (BLS work runs in worker threads, so
// the loop stays free), then the same responses verified two ways: the aggregator's one aggregate
// check (bisecting only on failure) against one pairing check per signature.
//
//   npm run bench:warp                                   # embedded PGlite in memory
//   npm run bench:warp -- --validators 1000 --runs 3
//   DATABASE_URL=postgresql://postgres@127.0.0.1:5432/test npm run bench:warp   # a throw-away schema
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { cb58Decode, cb58Encode } from '../avalanche/cb58';
import { PRIMARY_NETWORK_ID } from '../demo-data/constants';
import { createDatabase, type Database } from '../prisma/database';
import { createSignatureAggregator, type AggregationResult } from '../signature-aggregator';
import type { BlsBackend } from '../signature-aggregator/bls/blsWorkerSource';
import { defaultBlsBackend } from '../signature-aggregator/bls/createBlsPool';
import { encodeUnsignedMessage } from '../signature-aggregator/codec/unsignedMessage';
import { encodeWarpPayload } from '../signature-aggregator/codec/warpPayload';
import { createRpcSignatureSource } from '../signature-aggregator/sources/createRpcSignatureSource';
import { compareVerification } from './aggregate-signatures/compareVerification';
import { signaturesOf, syntheticValidators } from './aggregate-signatures/syntheticValidators';
import { startSimulatedNodes, type NodeAnswers } from './aggregate-signatures/startSimulatedNodes';
import { createCleanup } from './shared/cleanup';
import { formatTable } from './shared/formatTable';
import { keepTrafficOnLoopback } from './shared/keepTrafficOnLoopback';
import { openBenchDatabase } from './shared/openBenchDatabase';

const subnetId = cb58Encode(new Uint8Array(32).fill(0xb0));
const chainId = cb58Encode(new Uint8Array(32).fill(0xc0));

async function main() {
  const { validators: count, runs } = parseArgs(process.argv.slice(2));
  keepTrafficOnLoopback();
  const cleanup = createCleanup((label, error) => console.error(`cleanup ${label}: ${String(error)}`));
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => void cleanup.run().then(() => process.exit(130)));
  try {
    const db = await openDatabase(cleanup);
    const validators = syntheticValidators(count);
    const answers: NodeAnswers = new Map();
    const nodes = await startSimulatedNodes(answers);
    cleanup.defer('nodes', () => nodes.close());
    await insertNetwork(db, validators, nodes.baseUrl);
    console.log(`${count} validators, total weight ${validators.reduce((sum, v) => sum + v.weight, 0n)}; nodes at ${nodes.baseUrl}`);

    // Each curve library the aggregator can use, in the same run: blst (where it loads) beside noble.
    const backends: BlsBackend[] = defaultBlsBackend() === 'blst' ? ['blst', 'noble'] : ['noble'];
    let messages = 0;
    const newMessage = (badShare = 0) => {
      const payload = encodeWarpPayload({ kind: 'addressedCall', sourceAddress: new Uint8Array(20).fill(0xbe), payload: Uint8Array.of(messages & 0xff, messages++ >> 8) });
      const message = encodeUnsignedMessage({ networkId: 5, sourceChainId: cb58Decode(chainId), payload });
      const signatures = signaturesOf(message.bytes, count);
      // Dishonest nodes answer with a valid point over another message: it parses, and fails verification.
      if (badShare > 0) {
        const other = signaturesOf(Uint8Array.of(0xff, messages & 0xff, messages >> 8), count);
        for (let i = 0; i < count; i += Math.round(1 / badShare)) signatures[i] = other[i]!;
      }
      answers.set(cb58Encode(message.id), signatures);
      return { message, signatures };
    };
    for (const backend of backends) {
      const aggregator = createSignatureAggregator({
        prisma: db.prisma,
        sources: [createRpcSignatureSource({ prisma: db.prisma })],
        options: { requestTimeoutMs: 10_000, aggregationTimeoutMs: 120_000, blsBackend: backend },
      });
      const rows: string[][] = [];
      const record = (label: string, ms: number, stallMs: number, result: AggregationResult) =>
        rows.push([label, ms.toFixed(0), stallMs.toFixed(0), String(result.stats.requested), String(result.signers.length), String(result.stats.rejected), String(result.stats.pairingChecks)]);
      const timed = async (label: string, quorumPercentageBuffer: number, badShare = 0) => {
        const { message } = newMessage(badShare);
        const loop = monitorEventLoopDelay({ resolution: 10 });
        loop.enable();
        // The histogram records from its second tick on: a stall before it would go unseen.
        await new Promise((resolve) => setTimeout(resolve, 50));
        const started = performance.now();
        const result = await aggregator.aggregateSignatures({ network: 'FUJI', message: message.bytes, quorumPercentage: 67, quorumPercentageBuffer });
        const ms = performance.now() - started;
        loop.disable();
        record(label, ms, loop.max / 1e6, result);
      };
      try {
        await timed('first request (keys parsed and cached)', 33);
        for (let run = 1; run <= runs; run++) await timed(`quorum 67 + buffer 33 (all validators), run ${run}`, 33);
        await timed('quorum 67, no buffer', 0);
        await timed('quorum 67 + buffer 33, 1% dishonest nodes', 33, 0.01);
      } finally {
        await aggregator.close();
      }
      console.log(`\nAggregation over JSON-RPC (${count} validators, 127.0.0.1), BLS with ${backend}\n`);
      console.log(formatTable(['run', 'ms', 'max loop delay ms', 'requests', 'signers', 'rejected', 'pairing checks'], rows));
    }

    const keys = validators.map((v) => v.publicKey);
    const honest = newMessage();
    const dishonest = newMessage(0.01);
    const timings = [
      ...(await compareVerification(honest.message.bytes, keys, honest.signatures, `${count} honest responses`)),
      ...(await compareVerification(dishonest.message.bytes, keys, dishonest.signatures, `${count} responses, 1% invalid`)),
    ];
    console.log(`\nVerifying the same ${count} responses on one thread each (parse and subgroup check included)\n`);
    console.log(formatTable(['verification', 'ms', 'pairing checks', 'valid'], timings.map((t) => [t.label, t.ms.toFixed(0), String(t.pairingChecks), String(t.valid)])));
  } finally {
    await cleanup.run();
  }
}

/** PostgreSQL in a throw-away schema when DATABASE_URL is set (127.0.0.1 only), else PGlite in memory. */
async function openDatabase(cleanup: ReturnType<typeof createCleanup>): Promise<Database> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    const db = await createDatabase({ dataDir: 'memory://' });
    cleanup.defer('database', () => db.close());
    return db;
  }
  const bench = await openBenchDatabase({ databaseUrl });
  cleanup.defer('database', () => bench.dropAndClose());
  return bench.db;
}

async function insertNetwork(db: Database, validators: ReturnType<typeof syntheticValidators>, baseUrl: string): Promise<void> {
  await db.prisma.subnet.create({ data: { network: 'FUJI', subnetId, createBlockTimestamp: 0n, createBlockIndex: 0n, ownerAddresses: [], threshold: 1, locktime: 0n } });
  await db.prisma.blockchain.create({
    data: { network: 'FUJI', blockchainId: chainId, subnetId, createBlockTimestamp: 0n, createBlockNumber: 0n, vmId: 'subnet-evm', blockchainName: 'bench' },
  });
  await db.prisma.primaryNetworkBlock.create({
    data: {
      network: 'FUJI', blockchainId: PRIMARY_NETWORK_ID, blockNumber: 1n, blockHash: 'bench-1', parentHash: 'bench-0', blockType: 'BanffStandardBlock',
      blockTimestamp: 1_800_000_000n, txCount: 0, transactions: [], blockSizeBytes: 0, currentSupply: '0',
    },
  });
  await db.prisma.validator.createMany({
    data: validators.map((v) => ({
      network: 'FUJI' as const, txHash: `bench-${v.index}`, validationId: `bench-${v.index}`, nodeId: v.nodeId, subnetId, isL1Validator: true,
      amountStaked: v.weight.toString(), weight: v.weight, startTimestamp: 1_700_000_000n, blockIndex: 1n,
      blsPublicKey: `0x${Buffer.from(v.publicKey).toString('hex')}`,
    })),
  });
  await db.prisma.nodeEndpoint.createMany({ data: validators.map((v) => ({ network: 'FUJI' as const, nodeId: v.nodeId, httpUrl: `${baseUrl}/node/${v.index}` })) });
}

function parseArgs(argv: readonly string[]): { validators: number; runs: number } {
  const args = { validators: 1000, runs: 3 };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i]!.split(/=(.*)/s, 2);
    const value = Number(inline ?? argv[++i]);
    const bounds = flag === '--validators' ? [1, 10_000] : flag === '--runs' ? [1, 100] : undefined;
    if (!bounds) throw new Error(`Validation failed: option ${flag}, expected --validators or --runs`);
    if (!Number.isInteger(value) || value < bounds[0]! || value > bounds[1]!) throw new Error(`Validation failed: ${flag} ${value}, expected an integer from ${bounds[0]} to ${bounds[1]}`);
    args[flag === '--validators' ? 'validators' : 'runs'] = value;
  }
  return args;
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(error instanceof Error && error.message.startsWith('Validation failed') ? 2 : 1);
  },
);
