// The signature aggregator: gets Warp messages signed by a quorum of validators and returns the
// signed message (REST 4.1 and 4.2). It is its own job, without GraphQL: the primary-network
// subgraph calls it, and anything else may. Layout: codec/ (Warp and P-Chain encodings),
// bls/ (noble with Avalanche's tags, in worker threads), validators/ (canonical set from the database),
// sources/ (where signatures come from), collect/ (concurrency, verification, cache),
// pchain/ (4.2 messages built from P-Chain transactions).
import type { PrismaClient } from '../prisma/generated/client';
import type { Network } from '../prisma/generated/enums';
import { aggregateMessage, type AggregationResult } from './aggregateMessage';
import { createBlsPool } from './bls/createBlsPool';
import { decodeMessageInput } from './codec/decodeMessageInput';
import { createSignatureCache } from './collect/createSignatureCache';
import { InvalidAggregationRequestError, UnsupportedTransactionError } from './errors';
import { toCb58Id } from '../avalanche/toCb58Id';
import { defaultAggregatorOptions, type SignatureAggregatorOptions } from './options';
import { buildL1Message } from './pchain/buildL1Message';
import { loadL1Transaction } from './pchain/loadL1Transaction';
import { messageFromJustification } from './pchain/messageFromJustification';
import type { SignatureSource } from './sources/signatureSource';
import { createKeyCache } from './validators/createKeyCache';

export type { AggregationResult } from './aggregateMessage';

/** Default quorum when a request gives none (or 0, as ICM reads it). */
export const defaultQuorumPercentage = 67;

/** A 4.1 request, decoded from hex but otherwise as the client sent it. */
export type AggregateSignaturesRequest = {
  network: Network;
  /** A raw unsigned message or SendWarpMessage log data. */
  message?: Uint8Array;
  justification?: Uint8Array;
  /** cb58 or hex; default: the subnet of the message's source chain. */
  signingSubnetId?: string;
  /** 0 to 100; 0 or absent means {@link defaultQuorumPercentage}. */
  quorumPercentage?: number;
  /** 0 to 100; quorum + buffer at most 100. */
  quorumPercentageBuffer?: number;
  /** 0 or absent: the latest indexed P-Chain height. */
  pChainHeight?: bigint;
};

/** The service. */
export type SignatureAggregator = {
  /** 4.1: aggregates signatures of the given message (or of the P-Chain message its justification names). */
  aggregateSignatures(request: AggregateSignaturesRequest): Promise<AggregationResult>;
  /** 4.2: aggregates signatures of the P-Chain message of an L1 transaction. */
  aggregateTransactionMessage(network: Network, txHash: string): Promise<AggregationResult>;
  /** Stops the BLS worker threads; requests still running fail. Call it when the service shuts down. */
  close(): Promise<void>;
};

/**
 * Creates the aggregator.
 * @param deps `prisma` (validators, chains, transactions), `sources` asked in order, and option overrides
 * @returns the aggregator; it holds caches and a pool of worker threads (started on first use), so
 * make one per process and close it on shutdown (idle threads never keep the process alive)
 * @example
 * const aggregator = createSignatureAggregator({ prisma, sources: [createLocalSignatureSource([createKeySigners(keys)]), createRpcSignatureSource({ prisma })] })
 * const { signedMessage } = await aggregator.aggregateSignatures({ network: 'FUJI', message })
 * await aggregator.close()
 */
export function createSignatureAggregator({
  prisma,
  sources,
  options = {},
}: {
  prisma: PrismaClient;
  sources: readonly SignatureSource[];
  options?: Partial<SignatureAggregatorOptions>;
}): SignatureAggregator {
  const settings = { ...defaultAggregatorOptions, ...options };
  const bls = createBlsPool({
    size: settings.workerThreads,
    backend: settings.blsBackend === 'auto' ? undefined : settings.blsBackend,
  });
  const deps = {
    prisma,
    sources,
    options: settings,
    cache: createSignatureCache(settings.signatureCacheSize),
    keyCache: createKeyCache(settings.publicKeyCacheSize, bls.parseKeys),
    bls,
  };

  return {
    async aggregateSignatures(request) {
      const startedAt = Date.now();
      const quorumPercentage = request.quorumPercentage || defaultQuorumPercentage;
      const quorumPercentageBuffer = request.quorumPercentageBuffer ?? 0;
      let signingSubnetId: string | undefined;
      if (request.signingSubnetId !== undefined) {
        signingSubnetId = toCb58Id(request.signingSubnetId);
        if (!signingSubnetId)
          throw new InvalidAggregationRequestError('signingSubnetId must be a 32-byte ID in cb58 or hex');
      }
      const rules = { quorumPercentage, quorumPercentageBuffer, pChainHeight: request.pChainHeight ?? 0n, startedAt };
      if (request.message && request.message.length > 0) {
        const message = decodeMessageInput(request.message);
        return aggregateMessage(deps, {
          network: request.network,
          message,
          justification: request.justification,
          signingSubnetId,
          ...rules,
        });
      }
      if (!request.justification || request.justification.length === 0)
        throw new InvalidAggregationRequestError('message or justification is required');
      const derived = await messageFromJustification(prisma, request.network, request.justification);
      return aggregateMessage(deps, {
        network: request.network,
        ...derived,
        signingSubnetId: signingSubnetId ?? derived.signingSubnetId,
        ...rules,
      });
    },

    async aggregateTransactionMessage(network, txHash) {
      const startedAt = Date.now();
      const { tx, txType } = await loadL1Transaction(prisma, network, txHash);
      if (tx.type === 'other') {
        throw new UnsupportedTransactionError(
          `transaction ${txHash} is a ${txType}; only ConvertSubnetToL1Tx, RegisterL1ValidatorTx and SetL1ValidatorWeightTx have a P-Chain Warp message`,
        );
      }
      const built = await buildL1Message(prisma, network, tx);
      return aggregateMessage(deps, {
        network,
        ...built,
        quorumPercentage: defaultQuorumPercentage,
        quorumPercentageBuffer: 0,
        pChainHeight: 0n,
        startedAt,
      });
    },

    close: () => bls.close(),
  };
}
