import type { PrismaClient } from '../prisma/generated/client';
import type { Network } from '../prisma/generated/enums';
import { cb58Encode } from '../avalanche/cb58';
import type { BlsPool, VerifiedSignature } from './bls/createBlsPool';
import { encodeSignedMessage } from './codec/signedMessage';
import type { UnsignedMessage } from './codec/unsignedMessage';
import { collectSignatures, type CollectionStats } from './collect/collectSignatures';
import type { SignatureCache } from './collect/createSignatureCache';
import { InsufficientReachableWeightError, InvalidAggregationRequestError } from './errors';
import type { SignatureAggregatorOptions } from './options';
import { meetsQuorum, requiredWeight } from './quorum';
import type { FetchSignature, SignatureSource } from './sources/signatureSource';
import type { KeyCache } from './validators/createKeyCache';
import { flattenValidators } from './validators/flattenValidators';
import { loadValidatorEntries } from './validators/loadValidatorEntries';
import { resolvePChainHeight } from './validators/resolvePChainHeight';
import { warpNetworkId } from './warpNetworkId';

/** What an aggregation uses besides its request. */
export type AggregatorDeps = {
  prisma: PrismaClient;
  /** Asked in order for each validator: earlier sources are tried first. */
  sources: readonly SignatureSource[];
  cache: SignatureCache;
  keyCache: KeyCache;
  /** Worker threads for every curve operation: the event loop only keeps the books. */
  bls: BlsPool;
  options: SignatureAggregatorOptions;
};

/** One message to get signed. */
export type MessageAggregation = {
  network: Network;
  message: UnsignedMessage;
  justification?: Uint8Array;
  /** cb58; default: the subnet that validates the message's source chain. */
  signingSubnetId?: string;
  /** 1 to 100 (the API turns 0 into the default 67 before). */
  quorumPercentage: number;
  quorumPercentageBuffer: number;
  /** 0 for the latest indexed height. */
  pChainHeight: bigint;
  /** When the request began (Date.now()); the overall deadline counts from it. */
  startedAt: number;
};

/** A signed message and how it came about. */
export type AggregationResult = {
  signedMessage: Uint8Array;
  /** cb58 message ID. */
  messageId: string;
  signingSubnetId: string;
  pChainHeight: bigint;
  /** Canonical indices of the signers. */
  signers: number[];
  signedWeight: bigint;
  totalWeight: bigint;
  stats: CollectionStats;
};

/**
 * Gets an unsigned Warp message signed by a quorum of the signing subnet's validators at a
 * P-Chain height, and returns the signed message an Avalanche chain verifies: canonical set from
 * the database, cached signatures first, then the sources, then one aggregate. Keys are parsed,
 * answers verified and signatures aggregated in the BLS worker threads, never on the event loop.
 *
 * @param deps database, sources, caches, worker pool and options
 * @param request the message and the quorum rules
 * @returns the signed message with its signers and weights
 * @throws InvalidAggregationRequestError for a message of another network, or an unknown chain or subnet
 * @throws InsufficientReachableWeightError when the reachable validators cannot make the quorum (nothing is sent)
 * @throws InsufficientSignaturesError when not enough valid signatures arrive before the deadline
 * @example await aggregateMessage(deps, { network: 'FUJI', message, quorumPercentage: 67, quorumPercentageBuffer: 0, pChainHeight: 0n, startedAt: Date.now() })
 */
export async function aggregateMessage(deps: AggregatorDeps, request: MessageAggregation): Promise<AggregationResult> {
  const { network, message } = request;
  const expectedNetworkId = warpNetworkId(network);
  if (message.networkId !== expectedNetworkId) {
    throw new InvalidAggregationRequestError(
      `the message is for network ID ${message.networkId}, but ${network.toLowerCase()} is network ID ${expectedNetworkId}`,
    );
  }
  if (request.quorumPercentage + request.quorumPercentageBuffer > 100) {
    throw new InvalidAggregationRequestError('quorumPercentage + quorumPercentageBuffer must be at most 100');
  }
  const signingSubnetId =
    request.signingSubnetId ?? (await sourceSubnetOf(deps.prisma, network, message.sourceChainId));
  if (
    request.signingSubnetId &&
    !(await deps.prisma.subnet.findUnique({
      where: { network_subnetId: { network, subnetId: signingSubnetId } },
      select: { subnetId: true },
    }))
  ) {
    throw new InvalidAggregationRequestError(
      `signingSubnetId ${signingSubnetId} is not a subnet of ${network.toLowerCase()}`,
    );
  }
  const at = await resolvePChainHeight(deps.prisma, network, request.pChainHeight);
  const entries = await loadValidatorEntries(deps.prisma, network, signingSubnetId, at);
  const set = flattenValidators(entries, await deps.keyCache(entries.flatMap((entry) => entry.publicKey ?? [])));
  if (set.validators.length === 0) {
    throw new InsufficientReachableWeightError(
      `subnet ${signingSubnetId} has no validator with a BLS key at P-Chain height ${at.height}`,
    );
  }
  const quorumWeight = requiredWeight(set.totalWeight, request.quorumPercentage);
  const targetWeight = requiredWeight(set.totalWeight, request.quorumPercentage + request.quorumPercentageBuffer);

  const messageKey = Buffer.from(message.id).toString('hex');
  const cachedByKey = deps.cache.get(messageKey);
  const cached = new Map<number, VerifiedSignature>();
  let cachedWeight = 0n;
  for (const validator of set.validators) {
    const signature = cachedByKey.get(Buffer.from(validator.publicKey.compressed).toString('hex'));
    if (!signature) continue;
    cached.set(validator.index, signature);
    cachedWeight += validator.weight;
  }

  const fetchers = new Map<number, FetchSignature[]>();
  if (cachedWeight < targetWeight) {
    const context = {
      network,
      message,
      justification: request.justification,
      validators: set.validators,
      bls: deps.bls,
    };
    for (const source of deps.sources) {
      for (const [index, fetchSignature] of await source.connect(context)) {
        if (cached.has(index)) continue;
        fetchers.set(index, [...(fetchers.get(index) ?? []), fetchSignature]);
      }
    }
    const reachableWeight = [...fetchers.keys()].reduce(
      (sum, index) => sum + set.validators[index]!.weight,
      cachedWeight,
    );
    if (reachableWeight < quorumWeight) {
      throw new InsufficientReachableWeightError(
        `validators holding ${reachableWeight} of the ${set.totalWeight} weight of subnet ${signingSubnetId} at P-Chain height ${at.height} can be asked ` +
          `(local signers or recorded node URLs); a quorum of ${request.quorumPercentage}% needs ${quorumWeight}`,
      );
    }
  }

  const collected = await collectSignatures({
    validators: set.validators,
    totalWeight: set.totalWeight,
    fetchers,
    cached,
    message: message.bytes,
    bls: deps.bls,
    quorumWeight,
    targetWeight,
    requestTimeoutMs: deps.options.requestTimeoutMs,
    deadline: request.startedAt + deps.options.aggregationTimeoutMs,
    maxConcurrentRequests: deps.options.maxConcurrentRequests,
    onVerified: (index, signature) =>
      deps.cache.add(messageKey, Buffer.from(set.validators[index]!.publicKey.compressed).toString('hex'), signature),
  });
  // The collector only stops above the quorum; this is the chain's own test, kept as a guard.
  if (!meetsQuorum(collected.signedWeight, set.totalWeight, request.quorumPercentage)) {
    throw new Error('collected weight below quorum');
  }
  return {
    signedMessage: encodeSignedMessage(message, collected.signers, collected.signature),
    messageId: cb58Encode(message.id),
    signingSubnetId,
    pChainHeight: at.height,
    signers: collected.signers,
    signedWeight: collected.signedWeight,
    totalWeight: set.totalWeight,
    stats: collected.stats,
  };
}

/** The subnet validating a chain; the default signing subnet of its messages. */
async function sourceSubnetOf(prisma: PrismaClient, network: Network, sourceChainId: Uint8Array): Promise<string> {
  const blockchainId = cb58Encode(sourceChainId);
  const chain = await prisma.blockchain.findUnique({
    where: { network_blockchainId: { network, blockchainId } },
    select: { subnetId: true },
  });
  if (!chain) {
    throw new InvalidAggregationRequestError(
      `the message's source chain ${blockchainId} is not a blockchain of ${network.toLowerCase()}; pass signingSubnetId`,
    );
  }
  return chain.subnetId;
}
