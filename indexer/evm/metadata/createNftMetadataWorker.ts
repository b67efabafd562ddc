// Fills NFT metadata after the blocks are written: every EvmNftToken still UNINDEXED gets its token
// URI by eth_call (`tokenURI` for ERC-721, `uri` with `{id}` for ERC-1155) and its metadata fetched
// (fetchNftMetadata.ts). Kept out of the block transaction: a slow metadata host never holds back
// indexing, and the block's rows do not depend on it.
import type { Logger } from '../../../logging/createLoggerFactory';
import type { Database } from '../../../prisma/database';
import type { EvmChainConfig, IndexerConfig } from '../../config/readIndexerConfig';
import { createRpcClient, type RpcClient } from '../rpc/createRpcClient';
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
  /** Resolves once no token is left UNINDEXED (for --exit-at-head). */
  drain(): Promise<void>;
  stop(): Promise<void>;
};

type Pending = { chain_id: bigint; address: string; token_id: string; erc_type: string };

/**
 * Creates the worker.
 * @param options database, chains, fetch options, logger
 * @returns the worker
 * @example const worker = createNftMetadataWorker({ db, chains: config.evm, options: config.nftMetadata, logger }); worker.start()
 */
export function createNftMetadataWorker(options: NftMetadataWorkerOptions): NftMetadataWorker {
  const { db, logger } = options;
  const rpcs = new Map<bigint, RpcClient>(options.chains.map((c) => [c.chainId, createRpcClient({ urls: c.rpcUrls, timeoutMs: c.rpcTimeoutMs, attempts: 3 })]));
  const batch = options.batch ?? 16;
  let stopped = true;
  let loop: Promise<void> | null = null;

  async function tokenUri(rpc: RpcClient, token: Pending): Promise<string | null> {
    const id = BigInt(token.token_id).toString(16).padStart(64, '0');
    const selector = token.erc_type === 'ERC-1155' ? '0x0e89341c' : '0xc87b56dd';
    const outcome = (await rpc.batch([{ method: 'eth_call', params: [{ to: token.address, data: `${selector}${id}` }, 'latest'] }]))[0]!;
    if (!outcome.ok) return null;
    const uri = abiText(outcome.result);
    return token.erc_type === 'ERC-1155' ? uri.replace(/\{id\}/g, id) : uri;
  }

  async function handle(token: Pending): Promise<void> {
    const rpc = rpcs.get(BigInt(token.chain_id))!;
    const uri = await tokenUri(rpc, token).catch(() => null);
    const outcome: NftMetadataOutcome | { indexStatus: 'MISSING_TOKEN'; detail: string } =
      uri === null ? { indexStatus: 'MISSING_TOKEN', detail: 'tokenURI/uri reverted' } : await fetchNftMetadata(uri, options.options);
    const m = outcome.indexStatus === 'INDEXED' ? outcome.metadata : null;
    if (!m) logger.debug(`evm:${token.chain_id}: NFT ${token.address} #${token.token_id}: ${outcome.indexStatus} (${(outcome as { detail: string }).detail})`);
    // A plain UPDATE, not an upsert: a token a reorg removed meanwhile must not come back.
    await db.query(
      `UPDATE evm_nft_token SET token_uri = $4, index_status = $5, metadata_last_updated_timestamp = $6, metadata_name = $7, metadata_symbol = $8,
              image_uri = $9, description = $10, animation_uri = $11, external_url = $12, background = $13, attributes = $14, properties = $15, metadata_decimals = $16
        WHERE chain_id = $1 AND address = $2 AND token_id = $3::numeric`,
      [token.chain_id.toString(), token.address, token.token_id, uri ?? '', outcome.indexStatus, Math.floor(Date.now() / 1000).toString(),
        m?.name ?? null, m?.symbol ?? null, m?.image ?? null, m?.description ?? null, m?.animationUrl ?? null, m?.externalUrl ?? null, m?.background ?? null,
        m?.attributes ?? null, m?.properties ?? null, m?.decimals ?? null],
    );
  }

  /** Handles one batch; returns how many tokens it found. The loop and drain() share one step at a time. */
  let current: Promise<number> | null = null;
  const step = () => (current ??= stepOnce().finally(() => {
    current = null;
  }));
  async function stepOnce(): Promise<number> {
    const pending = await db.query<Pending>(
      `SELECT chain_id, address, token_id::text AS token_id, erc_type::text AS erc_type FROM evm_nft_token
        WHERE index_status = 'UNINDEXED' AND chain_id = ANY($1::bigint[]) ORDER BY chain_id, address, token_id LIMIT $2`,
      [[...rpcs.keys()].map(String), batch],
    );
    await Promise.all(pending.map((t) => handle(t).catch((error: unknown) => logger.warn(`NFT metadata of ${t.address} #${t.token_id}: ${(error as Error).message}`))));
    return pending.length;
  }

  let wake: (() => void) | null = null;
  const sleep = (ms: number) => new Promise<void>((resolve) => {
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
        const [{ left }] = await db.query<{ left: bigint }>(`SELECT count(*) AS left FROM evm_nft_token WHERE index_status = 'UNINDEXED' AND chain_id = ANY($1::bigint[])`, [[...rpcs.keys()].map(String)]);
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
