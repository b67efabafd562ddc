// Fills NFT metadata after the blocks are written: every EvmNftToken still UNINDEXED gets its token
// URI by eth_call (`tokenURI` for ERC-721, `uri` with `{id}` for ERC-1155) and its metadata fetched
// (fetchNftMetadata.ts). Kept out of the block transaction: a slow metadata host never holds back
// indexing, and the block's rows do not depend on it. A failure that may pass (the host unreachable
// or throttling, the node not answering the call) is tried again later with exponential backoff
// (metadataRetryAt), up to `retryAttempts` times; the row shows the last outcome meanwhile. A client's
// reindex request (the API's reindexNft) makes a token due now the same way.
import type { Logger } from '../../../logging/createLoggerFactory';
import type { Database } from '../../../prisma/database';
import { updateRows } from '../../../prisma/write';
import type { EvmChainConfig, IndexerConfig } from '../../config/readIndexerConfig';
import { createRpcClient, type RpcClient } from '../../../shared/jsonRpc/createRpcClient';
import { fetchNftMetadata, type NftMetadataOutcome } from './fetchNftMetadata';
import { abiText } from './readTokenMetadata';

/** Options of {@link createNftMetadataWorker}. */
export type NftMetadataWorkerOptions = {
  db: Database;
  chains: readonly EvmChainConfig[];
  options: IndexerConfig['nftMetadata'];
  logger: Logger;
  /** Between looks for new tokens. @default 2000 */
  pollMs?: number;
  /** Tokens handled at once. @default 16 */
  batch?: number;
};

/** The worker. */
export type NftMetadataWorker = {
  start(): void;
  /** Resolves once every token has been tried once (for --exit-at-head; retries wait for the follow mode). */
  drain(): Promise<void>;
  stop(): Promise<void>;
};

type Pending = {
  chain_id: bigint;
  address: string;
  token_id: string;
  erc_type: string;
  metadata_attempts: number;
  /** When a client last asked for a refetch (reindexNft), as the row said when the token was picked. */
  reindex_requested_at: string | null;
};

/** Longest wait between two tries. */
const MAX_RETRY_DELAY_SECONDS = 86_400;

/**
 * Creates the worker.
 * @param options database, chains, fetch options, logger
 * @returns the worker
 * @example const worker = createNftMetadataWorker({ db, chains: config.evm, options: config.nftMetadata, logger }); worker.start()
 */
export function createNftMetadataWorker(options: NftMetadataWorkerOptions): NftMetadataWorker {
  const { db, logger } = options;
  const rpcs = new Map<bigint, RpcClient>(
    options.chains.map((c) => [
      c.chainId,
      createRpcClient({ urls: c.rpcUrls, timeoutMs: c.rpcTimeoutMs, attempts: 3 }),
    ]),
  );
  const batch = options.batch ?? 16;
  let stopped = true;
  let loop: Promise<void> | null = null;

  /** The token URI; null when the call reverts (no such token). Throws when the node does not answer. */
  async function tokenUri(rpc: RpcClient, token: Pending): Promise<string | null> {
    const id = BigInt(token.token_id).toString(16).padStart(64, '0');
    const selector = token.erc_type === 'ERC-1155' ? '0x0e89341c' : '0xc87b56dd';
    const outcome = (
      await rpc.batch([{ method: 'eth_call', params: [{ to: token.address, data: `${selector}${id}` }, 'latest'] }])
    )[0]!;
    if (!outcome.ok) return null;
    const uri = abiText(outcome.result);
    return token.erc_type === 'ERC-1155' ? uri.replace(/\{id\}/g, id) : uri;
  }

  async function handle(token: Pending): Promise<void> {
    const rpc = rpcs.get(BigInt(token.chain_id))!;
    const now = Math.floor(Date.now() / 1000);
    const attempts = token.metadata_attempts + 1;
    // Tries left: the first fetch plus retryAttempts retries.
    const retryAt = (retry: boolean) =>
      retry && attempts <= options.options.retryAttempts
        ? BigInt(now + Math.min(options.options.retryDelaySeconds * 2 ** (attempts - 1), MAX_RETRY_DELAY_SECONDS))
        : null;
    const where = { chainId: BigInt(token.chain_id), address: token.address, tokenId: token.token_id };
    let uri: string | null;
    try {
      uri = await tokenUri(rpc, token);
    } catch (error) {
      logger.debug(
        `evm:${token.chain_id}: NFT ${token.address} #${token.token_id}: token URI call failed (${(error as Error).message})`,
      );
      // Still UNINDEXED: the node, not the token, failed.
      await updateRows(db, [
        {
          model: 'EvmNftToken',
          where,
          set: {
            metadataAttempts: attempts,
            metadataRetryAt: retryAt(true),
            metadataLastUpdatedTimestamp: BigInt(now),
          },
        },
      ]);
      return;
    }
    const outcome: NftMetadataOutcome | { indexStatus: 'MISSING_TOKEN'; detail: string; retry?: undefined } =
      uri === null
        ? { indexStatus: 'MISSING_TOKEN', detail: 'tokenURI/uri reverted' }
        : await fetchNftMetadata(uri, options.options);
    const m = outcome.indexStatus === 'INDEXED' ? outcome.metadata : null;
    if (!m)
      logger.debug(
        `evm:${token.chain_id}: NFT ${token.address} #${token.token_id}: ${outcome.indexStatus} (${(outcome as { detail: string }).detail})`,
      );
    // An update of the stored row, not an upsert: a token a reorg removed meanwhile must not come back.
    await updateRows(db, [
      {
        model: 'EvmNftToken',
        where,
        set: {
          tokenUri: uri ?? '',
          indexStatus: outcome.indexStatus,
          metadataLastUpdatedTimestamp: BigInt(now),
          metadataAttempts: attempts,
          metadataRetryAt: retryAt(outcome.indexStatus !== 'INDEXED' && outcome.retry === true),
          metadataName: m?.name ?? null,
          metadataSymbol: m?.symbol ?? null,
          imageUri: m?.image ?? null,
          description: m?.description ?? null,
          animationUri: m?.animationUrl ?? null,
          externalUrl: m?.externalUrl ?? null,
          background: m?.background ?? null,
          attributes: m?.attributes ?? null,
          properties: m?.properties ?? null,
          metadataDecimals: m?.decimals ?? null,
        },
      },
    ]);
  }

  /**
   * A refetch a client asked for while this fetch ran (reindexNft moved `reindex_requested_at`) wants the
   * metadata as it is after the request, which this fetch may have read before: the token stays due.
   */
  async function keepRequested(token: Pending): Promise<void> {
    await db.query(
      `UPDATE evm_nft_token SET metadata_retry_at = reindex_requested_at
       WHERE chain_id = $1 AND address = $2 AND token_id = $3::numeric AND reindex_requested_at IS DISTINCT FROM $4::bigint`,
      [String(token.chain_id), token.address, token.token_id, token.reindex_requested_at],
    );
  }

  /** Handles one batch; returns how many tokens it found. The loop and drain() share one step at a time. */
  let current: Promise<number> | null = null;
  const step = () =>
    (current ??= stepOnce().finally(() => {
      current = null;
    }));
  async function stepOnce(): Promise<number> {
    // Tokens never fetched, then retries that are due (each half served by its own index).
    const pending = await db.query<Pending>(
      `(SELECT chain_id, address, token_id::text AS token_id, erc_type::text AS erc_type, metadata_attempts, reindex_requested_at::text AS reindex_requested_at FROM evm_nft_token
         WHERE index_status = 'UNINDEXED' AND metadata_retry_at IS NULL AND chain_id = ANY($1::bigint[]) ORDER BY index_status, chain_id, address, token_id LIMIT $2)
       UNION ALL
       (SELECT chain_id, address, token_id::text, erc_type::text, metadata_attempts, reindex_requested_at::text FROM evm_nft_token
         WHERE metadata_retry_at <= $3 AND chain_id = ANY($1::bigint[]) ORDER BY metadata_retry_at LIMIT $2)
       LIMIT $2`,
      [[...rpcs.keys()].map(String), batch, Math.floor(Date.now() / 1000).toString()],
    );
    await Promise.all(
      pending.map((t) =>
        handle(t)
          .then(() => keepRequested(t))
          .catch((error: unknown) =>
            logger.warn(`NFT metadata of ${t.address} #${t.token_id}: ${(error as Error).message}`),
          ),
      ),
    );
    return pending.length;
  }

  let wake: (() => void) | null = null;
  const sleep = (ms: number) =>
    new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      timer.unref();
      wake = () => {
        clearTimeout(timer);
        resolve();
      };
    });

  return {
    start() {
      if (!stopped) return;
      stopped = false;
      loop = (async () => {
        while (!stopped) {
          const found = await step().catch((error: unknown) => {
            logger.warn(`NFT metadata: ${(error as Error).message}`);
            return 0;
          });
          if (found < batch && !stopped) await sleep(options.pollMs ?? 2_000);
        }
      })();
    },
    async drain() {
      // Until nothing is left, or a round changed nothing (every token of it failed to be recorded).
      let before = Number.POSITIVE_INFINITY;
      for (;;) {
        const found = await step();
        const [{ left }] = await db.query<{ left: bigint }>(
          `SELECT count(*) AS left FROM evm_nft_token WHERE index_status = 'UNINDEXED' AND metadata_retry_at IS NULL AND chain_id = ANY($1::bigint[])`,
          [[...rpcs.keys()].map(String)],
        );
        if (found === 0 || Number(left) === 0 || Number(left) >= before) return;
        before = Number(left);
      }
    },
    async stop() {
      stopped = true;
      wake?.();
      await loop;
      loop = null;
    },
  };
}
