import type { Database } from '../../prisma/database';
import type { PageTokenSigner } from '../../subgraphs/shared/paging/pageToken';
import { erc20TransfersBody, transactionBody } from './baselineBodies';
import type { EndpointRequest } from './evmTargets';
import { addressTransactionsBody, blockTransactionsBody, erc20BalancesBody } from './listBodies';
import { restAnswer } from '../shared/restView';
import type { ReplayedRequest } from '../floor/replayFloorRoute';

/** The demo's showcase EVM address (demo-data/accounts.ts): the busiest account, as explorers' top users are. */
export const SHOWCASE = '0xad9ea0f0f155856c610bc910d7af91513f98a093';

/** A request of the EVM floor: REST and GraphQL forms, the rounds its statements run in, and its body. */
export type EvmFloorRequest = {
  request: Omit<EndpointRequest, 'query'>;
  rounds: string[][];
  body: ReplayedRequest['body'];
  /**
   * false: the floor's body equals the service's as JSON values, not byte for byte. The REST facade
   * writes an NFT's interface members (address, ercType, tokenId, tokenUri) first; a body built from
   * the formatter keeps the official order, and member order means nothing to a JSON client.
   */
  sameBytes?: false;
};

/**
 * The measured EVM requests of the demo data: the showcase's first page of ERC-20 transfers per
 * page size (4.10), and a C-Chain swap near the head with three ERC-20 transfers (4.16).
 * @param db the seeded database
 * @param pageSizes list page sizes
 * @param signer the service's page-token key (the floor signs the same tokens)
 * @returns the requests, lists first
 * @throws {Error} when the data set has no such swap
 * @example const requests = await chooseEvmRequests(db, [10], { secret })
 */
export async function chooseEvmRequests(
  db: Pick<Database, 'query'>,
  pageSizes: readonly number[],
  signer: PageTokenSigner,
): Promise<EvmFloorRequest[]> {
  const [tx] = await db.query<{ tx_hash: string }>(
    `SELECT t.tx_hash FROM evm_token_transfer t WHERE t.chain_id = 43114 AND t.erc_type = 'ERC-20'
       AND t.block_number > (SELECT max(number) - 5000 FROM evm_block WHERE chain_id = 43114)
     GROUP BY t.tx_hash HAVING count(*) >= 3 ORDER BY t.tx_hash LIMIT 1`,
  );
  if (!tx) throw new Error('the data set has no C-Chain transaction with three ERC-20 transfers near its head');
  const list = pageSizes.map((pageSize) => ({
    request: {
      label: `listErc20 pageSize=${pageSize}`,
      path: `/v1/chains/43114/addresses/${SHOWCASE}/transactions:listErc20?pageSize=${pageSize}`,
      field: 'listErc20Transactions',
      variables: { chainId: '43114', address: SHOWCASE, pageSize },
    },
    rounds: [['chain'], ['page']],
    body: (rows: Parameters<ReplayedRequest['body']>[0]) =>
      restAnswer('listErc20Transactions', erc20TransfersBody(rows, { address: SHOWCASE, pageSize, signer })),
  }));
  const get = {
    request: {
      label: 'GET transaction (a swap)',
      path: `/v1/chains/43114/transactions/${tx.tx_hash}`,
      field: 'getTransaction',
      variables: { chainId: '43114', txHash: tx.tx_hash },
    },
    rounds: [['chain'], ['transaction']],
    body: (rows: Parameters<ReplayedRequest['body']>[0]) => restAnswer('getTransaction', transactionBody(rows)),
  };
  return [...list, get];
}

/**
 * More EVM lists of the demo data: the showcase's ERC-20 balances and transactions per page size, and
 * the whole of the busiest C-Chain block near the head (4.13, pageSize 0, the endpoint's default).
 * @param db the seeded database
 * @param pageSizes balance page sizes
 * @param signer the service's page-token key
 * @returns the requests
 * @throws {Error} when the C-Chain has no blocks
 * @example const more = await chooseEvmListRequests(db, [10], { secret })
 */
export async function chooseEvmListRequests(
  db: Pick<Database, 'query'>,
  pageSizes: readonly number[],
  signer: PageTokenSigner,
): Promise<EvmFloorRequest[]> {
  const [block] = await db.query<{ block_number: bigint }>(
    `SELECT block_number FROM evm_transaction WHERE chain_id = 43114
       AND block_number > (SELECT max(number) - 5000 FROM evm_block WHERE chain_id = 43114)
     GROUP BY block_number ORDER BY count(*) DESC, block_number DESC LIMIT 1`,
  );
  if (!block) throw new Error('the data set has no C-Chain transactions near its head');
  const balances = pageSizes.map((pageSize) => ({
    request: {
      label: `ERC-20 balances pageSize=${pageSize}`,
      path: `/v1/chains/43114/addresses/${SHOWCASE}/balances:listErc20?pageSize=${pageSize}`,
      field: 'listErc20Balances',
      variables: { chainId: '43114', address: SHOWCASE, pageSize },
    },
    rounds: [['chain'], ['balances']],
    body: (rows: Parameters<ReplayedRequest['body']>[0]) =>
      restAnswer('listErc20Balances', erc20BalancesBody(rows, { address: SHOWCASE, pageSize, signer })),
  }));
  const number = String(block.block_number);
  const transactions = {
    request: {
      label: 'block transactions (whole block)',
      path: `/v1/chains/43114/blocks/${number}/transactions`,
      field: 'getTransactionsForBlock',
      variables: { chainId: '43114', blockId: number },
    },
    rounds: [['chain'], ['block'], ['tx'], ['contracts', 'method']],
    body: (rows: Parameters<ReplayedRequest['body']>[0]) =>
      restAnswer('getTransactionsForBlock', blockTransactionsBody(rows, { pageSize: 0, signer })),
  };
  // The showcase's transactions (listTransactions): every side of the address merged, newest first.
  const addressTransactions = pageSizes.map((pageSize) => ({
    request: {
      label: `address transactions pageSize=${pageSize}`,
      path: `/v1/chains/43114/addresses/${SHOWCASE}/transactions?pageSize=${pageSize}`,
      field: 'listTransactions',
      variables: { chainId: '43114', address: SHOWCASE, pageSize },
    },
    rounds: [['chain'], ['page']],
    sameBytes: false as const,
    body: (rows: Parameters<ReplayedRequest['body']>[0]) =>
      restAnswer('listTransactions', addressTransactionsBody(rows, { address: SHOWCASE, pageSize, signer })),
  }));
  return [...balances, ...addressTransactions, transactions];
}
