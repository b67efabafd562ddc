import { monitorEventLoopDelay } from 'node:perf_hooks';
import { cb58Decode, cb58Encode } from '../../avalanche/cb58';
import { PRIMARY_NETWORK_ID } from '../../demo-data/constants';
import type { Database } from '../../prisma/database';
import { createSignatureAggregator } from '../../signature-aggregator';
import type { BlsBackend } from '../../signature-aggregator/bls/blsCurve';
import { defaultBlsBackend } from '../../signature-aggregator/bls/createBlsPool';
import { encodeUnsignedMessage } from '../../signature-aggregator/codec/unsignedMessage';
import { encodeWarpPayload } from '../../signature-aggregator/codec/warpPayload';
import { createRpcSignatureSource } from '../../signature-aggregator/sources/createRpcSignatureSource';
import { compareVerification, type VerificationTiming } from './compareVerification';
import { startSimulatedNodes } from './startSimulatedNodes';
import { signaturesOf, syntheticValidators } from './syntheticValidators';

const subnetId = cb58Encode(new Uint8Array(32).fill(0xb0));
const chainId = cb58Encode(new Uint8Array(32).fill(0xc0));

/** One aggregation request and what it took. */
export type AggregationRun = {
  label: string;
  /** Wall time of `aggregateSignatures`, milliseconds. */
  ms: number;
  /** Longest event-loop stall meanwhile, milliseconds. */
  stallMs: number;
  requested: number;
  signers: number;
  rejected: number;
  pairingChecks: number;
};

/** Everything {@link measureAggregation} measured. */
export type AggregationReport = {
  validators: number;
  totalWeight: bigint;
  /** Runs per curve library: blst (where it loads) beside noble. */
  backends: { backend: BlsBackend; runs: AggregationRun[] }[];
  /** The same responses verified on one thread: aggregate check vs one check per signature (noble). */
  verification: VerificationTiming[];
};

/** Label of the runs of the default request (quorum 67 %, no buffer), which the time target judges. */
export const DEFAULT_REQUEST_LABEL = 'quorum 67, no buffer (the default request)';

/**
 * Signature aggregation (4.1) for `validators` synthetic L1 validators answering JSON-RPC on
 * 127.0.0.1 from precomputed signatures, on a worker thread (so the aggregator's own time is
 * measured, not signing or serving):
 * a first request, `runs` runs with a 33 % buffer (every validator), `runs` default requests (quorum
 * 67, no buffer) and one with 1 % dishonest nodes,
 * per curve library; then the verification comparison.
 * @param db an empty, migrated database (the aggregator reads the validator set from it)
 * @param options validator count, full-quorum runs, and whether to time the verification comparison
 * @returns the runs and timings
 * @example const report = await measureAggregation(db, { validators: 1000, runs: 3, compare: true })
 */
export async function measureAggregation(
  db: Database,
  options: { validators: number; runs: number; compare: boolean },
): Promise<AggregationReport> {
  const count = options.validators;
  const validators = syntheticValidators(count);
  const nodes = await startSimulatedNodes();
  try {
    await insertNetwork(db, validators, nodes.baseUrl);
    let messages = 0;
    const newMessage = async (badShare = 0) => {
      const payload = encodeWarpPayload({
        kind: 'addressedCall',
        sourceAddress: new Uint8Array(20).fill(0xbe),
        payload: Uint8Array.of(messages & 0xff, messages++ >> 8),
      });
      const message = encodeUnsignedMessage({ networkId: 5, sourceChainId: cb58Decode(chainId), payload });
      const signatures = signaturesOf(message.bytes, count);
      // Dishonest nodes answer with a valid point over another message: it parses, and fails verification.
      if (badShare > 0) {
        const other = signaturesOf(Uint8Array.of(0xff, messages & 0xff, messages >> 8), count);
        for (let i = 0; i < count; i += Math.round(1 / badShare)) signatures[i] = other[i]!;
      }
      await nodes.answer(cb58Encode(message.id), signatures);
      return { message, signatures };
    };
    const backends: AggregationReport['backends'] = [];
    for (const backend of defaultBlsBackend() === 'blst' ? (['blst', 'noble'] as const) : (['noble'] as const)) {
      const aggregator = createSignatureAggregator({
        prisma: db.prisma,
        sources: [createRpcSignatureSource({ prisma: db.prisma })],
        options: { requestTimeoutMs: 10_000, aggregationTimeoutMs: 120_000, blsBackend: backend },
      });
      const runs: AggregationRun[] = [];
      const timed = async (label: string, quorumPercentageBuffer: number, badShare = 0) => {
        const { message } = await newMessage(badShare);
        const loop = monitorEventLoopDelay({ resolution: 10 });
        loop.enable();
        // The histogram records from its second tick on: a stall before it would go unseen.
        await new Promise((resolve) => setTimeout(resolve, 50));
        const started = performance.now();
        const result = await aggregator.aggregateSignatures({
          network: 'FUJI',
          message: message.bytes,
          quorumPercentage: 67,
          quorumPercentageBuffer,
        });
        const ms = performance.now() - started;
        loop.disable();
        const { requested, rejected, pairingChecks } = result.stats;
        runs.push({
          label,
          ms,
          stallMs: loop.max / 1e6,
          requested,
          signers: result.signers.length,
          rejected,
          pairingChecks,
        });
      };
      try {
        await timed('first request (keys parsed and cached)', 33);
        for (let run = 1; run <= options.runs; run++)
          await timed(`quorum 67 + buffer 33 (all validators), run ${run}`, 33);
        // The request as clients send it by default (4.1: buffer 0): collection stops once 67 % of the weight signed.
        for (let run = 1; run <= options.runs; run++) await timed(`${DEFAULT_REQUEST_LABEL}, run ${run}`, 0);
        await timed('quorum 67 + buffer 33, 1% dishonest nodes', 33, 0.01);
      } finally {
        await aggregator.close();
      }
      backends.push({ backend, runs });
    }
    const verification: VerificationTiming[] = [];
    if (options.compare) {
      const keys = validators.map((v) => v.publicKey);
      const honest = await newMessage();
      const dishonest = await newMessage(0.01);
      verification.push(
        ...(await compareVerification(honest.message.bytes, keys, honest.signatures, `${count} honest responses`)),
      );
      verification.push(
        ...(await compareVerification(
          dishonest.message.bytes,
          keys,
          dishonest.signatures,
          `${count} responses, 1% invalid`,
        )),
      );
    }
    return {
      validators: count,
      totalWeight: validators.reduce((sum, v) => sum + v.weight, 0n),
      backends,
      verification,
    };
  } finally {
    await nodes.close();
  }
}

async function insertNetwork(
  db: Database,
  validators: ReturnType<typeof syntheticValidators>,
  baseUrl: string,
): Promise<void> {
  await db.prisma.subnet.create({
    data: {
      network: 'FUJI',
      subnetId,
      createBlockTimestamp: 0n,
      createBlockIndex: 0n,
      ownerAddresses: [],
      threshold: 1,
      locktime: 0n,
    },
  });
  await db.prisma.blockchain.create({
    data: {
      network: 'FUJI',
      blockchainId: chainId,
      subnetId,
      createBlockTimestamp: 0n,
      createBlockNumber: 0n,
      vmId: 'subnet-evm',
      blockchainName: 'bench',
    },
  });
  await db.prisma.primaryNetworkBlock.create({
    data: {
      network: 'FUJI',
      blockchainId: PRIMARY_NETWORK_ID,
      blockNumber: 1n,
      blockHash: 'bench-1',
      parentHash: 'bench-0',
      blockType: 'BanffStandardBlock',
      blockTimestamp: 1_800_000_000n,
      txCount: 0,
      transactions: [],
      blockSizeBytes: 0,
      currentSupply: '0',
    },
  });
  await db.prisma.validator.createMany({
    data: validators.map((v) => ({
      network: 'FUJI' as const,
      txHash: `bench-${v.index}`,
      validationId: `bench-${v.index}`,
      nodeId: v.nodeId,
      subnetId,
      isL1Validator: true,
      amountStaked: v.weight.toString(),
      weight: v.weight,
      startTimestamp: 1_700_000_000n,
      blockIndex: 1n,
      blsPublicKey: `0x${Buffer.from(v.publicKey).toString('hex')}`,
    })),
  });
  await db.prisma.nodeEndpoint.createMany({
    data: validators.map((v) => ({
      network: 'FUJI' as const,
      nodeId: v.nodeId,
      httpUrl: `${baseUrl}/node/${v.index}`,
    })),
  });
}
