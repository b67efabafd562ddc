// 4.13, 4.16 and 4.20 on the demo data set, and the GraphQL views of EVM chains and addresses.
// Expected values come from the raw tables with plain SQL.
import type { Database } from '../../../prisma/database';
import { DEMO_NOW } from '../../../demo-data/constants';
import { cb58Encode } from '../../../avalanche/cb58';
import { fromHex } from '../../../avalanche/bytes';
import { keccakHex } from '../../../demo-data/evm/abi';
import { getCreateAddress } from 'ethers';
import { officialResponseErrors } from '../../support/officialSchemas';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../../setup/seededDatabase';
import { startTestService, type TestService } from '../../setup/service';
import { accountOf, allPages, money, priceAt, SHOWCASE } from './evmTestSupport';

let db: Database;
let service: TestService;
/** A block of 10,001 transactions on the Fuji C-Chain, below its indexed range (so nothing else sees it). */
const BIG_BLOCK = 45_999_000n;
/** The block after it, without base fee, holding {@link FAILED_CREATION}. */
const PRE_FEE_BLOCK = 45_999_001n;
/** A contract creation that failed, and its sender. */
const FAILED_CREATION = `0x${'f0'.repeat(32)}`;
const CREATOR = `0x${'3'.repeat(40)}`;

beforeAll(async () => {
  db = (await setupSeededDatabase()).db;
  await db.query(
    `INSERT INTO evm_block (chain_id, number, hash, parent_hash, timestamp, gas_limit, gas_used, tx_count, miner)
    VALUES (43113, $1, decode(repeat('b', 64), 'hex'), decode(repeat('a', 64), 'hex'), 1790000000, 15000000, 0, 10001, '\\x0100000000000000000000000000000000000000')`,
    [String(BIG_BLOCK)],
  );
  await db.query(
    `INSERT INTO evm_transaction (chain_id, tx_hash, block_number, block_index, from_address, to_address, value, gas_limit, gas_used, gas_price, nonce, tx_type, status, input)
    SELECT 43113, decode(lpad(to_hex(i), 64, '0'), 'hex'), $1, i, decode(repeat('1', 40), 'hex'), decode(repeat('2', 40), 'hex'), i, 21000, 21000, 1, i, 0, 1, '\\x'::bytea
    FROM generate_series(0, 10000) AS i`,
    [String(BIG_BLOCK)],
  );
  // The block after it: from before the chain had a base fee, with a contract creation that failed and whose
  // receipt named no contract address (the demo's creations all succeed).
  await db.query(
    `INSERT INTO evm_block (chain_id, number, hash, parent_hash, timestamp, gas_limit, gas_used, tx_count, miner)
    VALUES (43113, $1, decode(repeat('d', 64), 'hex'), decode(repeat('b', 64), 'hex'), 1790000002, 8000000, 53000, 1, '\\x0100000000000000000000000000000000000000')`,
    [String(PRE_FEE_BLOCK)],
  );
  await db.query(
    `INSERT INTO evm_transaction (chain_id, tx_hash, block_number, block_index, from_address, to_address, value, gas_limit, gas_used, gas_price, nonce, tx_type, status, input)
    VALUES (43113, $1, $2, 0, $3, NULL, 0, 60000, 53000, 225000000000, 7, 0, 0, '\\x6080604052'::bytea)`,
    [FAILED_CREATION, String(PRE_FEE_BLOCK), CREATOR],
  );
  service = await startTestService(db, { clock: () => DEMO_NOW });
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(async () => {
  await service?.close();
  await teardownSeeded(db);
});

type TxRow = {
  tx_hash: string;
  block_number: bigint;
  block_index: number;
  from_address: string;
  to_address: string | null;
  contract_address: string | null;
  value: string;
  gas_limit: string;
  gas_used: string;
  gas_price: string;
  nonce: bigint;
  tx_type: number;
  status: number;
  /** 0x hex. */
  input: string;
  method_hash: string | null;
  method_name: string | null;
  hash: string;
  timestamp: bigint;
  base_fee_per_gas: string | null;
  max_fee_per_gas: string | null;
  max_priority_fee_per_gas: string | null;
  timestamp_milliseconds: bigint | null;
  min_delay_excess: string | null;
};

/** A block's transactions as 2.12 items, computed from the raw rows. */
async function expectedItems(chainId: number, where: string, params: unknown[]) {
  const rows = await db.query<TxRow>(
    `SELECT t.tx_hash, t.block_number, t.block_index, t.from_address, t.to_address, t.contract_address, t.value::text, t.gas_limit::text, t.gas_used::text,
       t.gas_price::text, t.nonce, t.tx_type, t.status, t.input, t.method_hash, s.method_name, b.hash, b.timestamp, b.base_fee_per_gas::text,
       t.max_fee_per_gas::text, t.max_priority_fee_per_gas::text, b.timestamp_milliseconds, b.min_delay_excess::text
     FROM evm_transaction t JOIN evm_block b ON b.chain_id = t.chain_id AND b.number = t.block_number
     LEFT JOIN evm_method_signature s ON s.method_hash = t.method_hash
     WHERE t.chain_id = ${chainId} AND ${where} ORDER BY t.block_index`,
    params,
  );
  const items = [];
  for (const r of rows) {
    // A creation's `to` is the address it creates (the receipt's contractAddress, from sender and nonce).
    const to =
      r.to_address ?? r.contract_address ?? getCreateAddress({ from: r.from_address, nonce: r.nonce }).toLowerCase();
    const callType =
      r.to_address === null ? 'CONTRACT_CREATION' : r.input === '0x' ? 'NATIVE_TRANSFER' : 'CONTRACT_CALL';
    items.push({
      row: r,
      item: {
        blockNumber: String(r.block_number),
        blockTimestamp: Number(r.timestamp),
        // Granite's members, as the node's block gives them (none before Granite).
        ...(r.timestamp_milliseconds !== null ? { blockTimestampMilliseconds: Number(r.timestamp_milliseconds) } : {}),
        ...(r.min_delay_excess !== null ? { blockMinDelayExcess: Number(r.min_delay_excess) } : {}),
        blockHash: r.hash,
        chainId: String(chainId),
        blockIndex: r.block_index,
        txHash: r.tx_hash,
        txStatus: String(r.status),
        txType: r.tx_type,
        gasLimit: r.gas_limit,
        gasUsed: r.gas_used,
        gasPrice: r.gas_price,
        nonce: String(r.nonce),
        from: await accountOf(db, chainId, r.from_address),
        to: await accountOf(db, chainId, to),
        method:
          callType === 'CONTRACT_CALL'
            ? { callType, methodHash: r.method_hash, ...(r.method_name ? { methodName: r.method_name } : {}) }
            : { callType, methodHash: '' },
        value: r.value,
      },
    });
  }
  return items;
}

describe('GET /v1/chains/{chainId}/blocks/{blockId}/transactions (4.13)', () => {
  let block: { number: bigint; hash: string };
  beforeAll(async () => {
    [block] = (await db.query<{ number: bigint; hash: string }>(
      `SELECT b.number, b.hash FROM evm_block b WHERE b.chain_id = 43114 AND b.tx_count >= 4
         AND EXISTS (SELECT 1 FROM evm_transaction t WHERE t.chain_id = 43114 AND t.block_number = b.number AND t.to_address IS NULL)
         AND EXISTS (SELECT 1 FROM evm_transaction t WHERE t.chain_id = 43114 AND t.block_number = b.number AND length(t.input) = 0)
       ORDER BY b.number LIMIT 1`,
    )) as [{ number: bigint; hash: string }];
  });

  it('serves the whole block in one page by default (pageSize 0), in block order, with every field of 2.12', async () => {
    const { status, body } = await service.request(`/v1/chains/43114/blocks/${block.number}/transactions`);
    expect(status).toBe(200);
    expect(body).toEqual({
      transactions: (await expectedItems(43114, 't.block_number = $1', [String(block.number)])).map((e) => e.item),
    });
    expect(new Set(body.transactions.map((t: any) => t.method.callType))).toEqual(
      new Set(['NATIVE_TRANSFER', 'CONTRACT_CALL', 'CONTRACT_CREATION']),
    );
  });

  it('names the block by hash as well, in any case', async () => {
    const byHash = await service.request(
      `/v1/chains/43114/blocks/${block.hash.toUpperCase().replace('0X', '0x')}/transactions`,
    );
    const byNumber = await service.request(`/v1/chains/43114/blocks/${block.number}/transactions`);
    expect(byHash).toEqual(byNumber);
  });

  it('pages with a pageSize from 1 to 100, and tokens work for the number and the hash alike', async () => {
    const first = await service.request(`/v1/chains/43114/blocks/${block.number}/transactions?pageSize=2`);
    expect(first.body.transactions).toHaveLength(2);
    const rest = await allPages(
      service,
      `/v1/chains/43114/blocks/${block.hash}/transactions?pageSize=2&pageToken=${first.body.nextPageToken}`,
      'transactions',
    );
    const whole = (await service.request(`/v1/chains/43114/blocks/${block.number}/transactions`)).body.transactions;
    expect([...first.body.transactions, ...rest]).toEqual(whole);
  });

  it('serves at most 10,000 transactions per page with pageSize 0, and continues a larger block with nextPageToken', async () => {
    const { body } = await service.request(`/v1/chains/43113/blocks/${BIG_BLOCK}/transactions`);
    expect(body.transactions).toHaveLength(10_000);
    expect(body.transactions[9999].blockIndex).toBe(9999);
    const next = await service.request(
      `/v1/chains/43113/blocks/${BIG_BLOCK}/transactions?pageToken=${body.nextPageToken}`,
    );
    expect(next.body).toEqual({
      transactions: [
        expect.objectContaining({ blockIndex: 10_000, method: { callType: 'NATIVE_TRANSFER', methodHash: '' } }),
      ],
    });
  }, 60_000);

  it('serves an empty list for a block without transactions', async () => {
    const [empty] = await db.query<{ number: bigint }>(
      'SELECT number FROM evm_block WHERE chain_id = 43114 AND tx_count = 0 LIMIT 1',
    );
    expect((await service.request(`/v1/chains/43114/blocks/${empty!.number}/transactions`)).body).toEqual({
      transactions: [],
    });
  });

  it.each([
    [
      '/v1/chains/43114/blocks/70000000/transactions',
      404,
      'path parameter blockId 70000000 is not a block of chain 43114 indexed by this service',
    ],
    [
      `/v1/chains/43114/blocks/0x${'c'.repeat(64)}/transactions`,
      404,
      `path parameter blockId 0x${'c'.repeat(64)} is not a block of chain 43114 indexed by this service`,
    ],
    [
      '/v1/chains/43114/blocks/0x1234/transactions',
      400,
      'path parameter blockId must be a hash: 0x followed by 64 hex digits',
    ],
    [
      '/v1/chains/43114/blocks/latest/transactions',
      400,
      'path parameter blockId must be a block number or a block hash (0x followed by 64 hex digits)',
    ],
    ['/v1/chains/43114/blocks/71000000/transactions?pageSize=101', 400, 'query parameter pageSize must be at most 100'],
    ['/v1/chains/43114/blocks/71000000/transactions?pageSize=-1', 400, 'query parameter pageSize must be at least 0'],
    [
      '/v1/chains/4311/blocks/71000000/transactions',
      404,
      'path parameter chainId 4311 is not a chain this service indexes',
    ],
  ])('%s is a %i', async (path, status, message) => {
    expect(await service.request(path)).toEqual({
      status,
      body: { message, statusCode: status, error: status === 400 ? 'Bad Request' : 'Not Found' },
    });
  });
});

describe('GET /v1/chains/{chainId}/transactions/{txHash} (4.16)', () => {
  const get = (hash: string, chainId: number | string = 43114) =>
    service.request(`/v1/chains/${chainId}/transactions/${hash}`);

  it('serves the native transaction (2.12 with input and fees) from the raw rows', async () => {
    const [{ row, item }] = (await expectedItems(
      43114,
      `t.tx_hash = (SELECT tx_hash FROM evm_transaction WHERE chain_id = 43114 AND tx_type = 2 AND to_address IS NOT NULL AND length(input) > 4 ORDER BY tx_hash LIMIT 1)`,
      [],
    )) as [any];
    const { body } = await get(row.tx_hash);
    expect(body.nativeTransaction).toEqual({
      ...item,
      input: row.input,
      baseFeePerGas: row.base_fee_per_gas ?? '0',
      maxFeePerGas: row.max_fee_per_gas ?? undefined,
      maxPriorityFeePerGas: row.max_priority_fee_per_gas ?? undefined,
    });
  });

  it('serves every transfer kind in log order and every internal frame of the trace', async () => {
    const txs = await db.query<{ tx_hash: string }>(
      `(SELECT tx_hash FROM evm_token_transfer WHERE chain_id = 43114 AND erc_type = 'ERC-20' GROUP BY tx_hash HAVING count(*) >= 3 ORDER BY tx_hash LIMIT 2)
       UNION ALL (SELECT tx_hash FROM evm_token_transfer WHERE chain_id = 43114 AND erc_type = 'ERC-721' ORDER BY tx_hash LIMIT 1)
       UNION ALL (SELECT tx_hash FROM evm_token_transfer WHERE chain_id = 43114 AND erc_type = 'ERC-1155' AND batch_index > 0 ORDER BY tx_hash LIMIT 1)`,
    );
    for (const { tx_hash } of txs) {
      const { body } = await get(tx_hash);
      const transfers = await db.query<{
        erc_type: string;
        from_address: string;
        to_address: string;
        log_index: number;
        value: string;
        token_address: string;
        token_id: string | null;
      }>(
        `SELECT erc_type::text, from_address, to_address, log_index, value::text, token_address, token_id::text FROM evm_token_transfer
         WHERE chain_id = 43114 AND tx_hash = $1 ORDER BY log_index, batch_index`,
        [tx_hash],
      );
      const ofKind = (kind: string) => transfers.filter((t) => t.erc_type === kind);
      expect(
        body.erc20Transfers.map((t: any) => [t.from.address, t.to.address, t.logIndex, t.value, t.erc20Token.address]),
      ).toEqual(ofKind('ERC-20').map((t) => [t.from_address, t.to_address, t.log_index, t.value, t.token_address]));
      expect(
        body.erc721Transfers.map((t: any) => [t.from.address, t.to.address, t.logIndex, t.erc721Token.tokenId]),
      ).toEqual(ofKind('ERC-721').map((t) => [t.from_address, t.to_address, t.log_index, t.token_id]));
      expect(body.erc1155Transfers.map((t: any) => [t.logIndex, t.value, t.erc1155Token.tokenId])).toEqual(
        ofKind('ERC-1155').map((t) => [t.log_index, t.value, t.token_id]),
      );
      // Each NFT with what is indexed of it: its token URI and metadata status, its collection's name.
      const nfts = await db.query<{ token_uri: string | null; index_status: string | null; name: string | null }>(
        `SELECT n.token_uri, n.index_status, c.name FROM evm_token_transfer x
           LEFT JOIN evm_nft_token n ON n.chain_id = x.chain_id AND n.address = x.token_address AND n.token_id = x.token_id
           LEFT JOIN evm_contract c ON c.chain_id = x.chain_id AND c.address = x.token_address
         WHERE x.chain_id = 43114 AND x.tx_hash = $1 AND x.erc_type = 'ERC-721' ORDER BY x.log_index, x.batch_index`,
        [tx_hash],
      );
      expect(
        body.erc721Transfers.map((t: any) => [
          t.erc721Token.tokenUri,
          t.erc721Token.metadata.indexStatus,
          t.erc721Token.name,
        ]),
      ).toEqual(nfts.map((n) => [n.token_uri ?? '', n.index_status ?? 'UNINDEXED', n.name ?? '']));
      for (const t of body.erc20Transfers) {
        const [c] = await db.query<{ price_key: string | null }>(
          'SELECT price_key FROM evm_contract WHERE chain_id = 43114 AND address = $1',
          [t.erc20Token.address],
        );
        expect(t.erc20Token.price?.value).toBe(money(await priceAt(db, c!.price_key, 'usd', DEMO_NOW)));
        expect(t.from).toEqual(await accountOf(db, 43114, t.from.address));
      }
      const frames = await db.query<{
        from_address: string;
        to_address: string;
        type: string;
        value: string;
        is_reverted: boolean;
        gas_used: string;
        gas_limit: string;
      }>(
        `SELECT from_address, to_address, internal_tx_type::text AS type, value::text, is_reverted, gas_used::text, gas_limit::text FROM evm_internal_transaction
         WHERE chain_id = 43114 AND tx_hash = $1 ORDER BY trace_index`,
        [tx_hash],
      );
      const want = [];
      for (const f of frames) {
        want.push({
          from: await accountOf(db, 43114, f.from_address),
          to: await accountOf(db, 43114, f.to_address),
          internalTxType: f.type,
          value: f.value,
          isReverted: f.is_reverted,
          gasUsed: f.gas_used,
          gasLimit: f.gas_limit,
        });
      }
      expect(body.internalTransactions).toEqual(want);
    }
  });

  it('gives the native token with its usd price now and at the block time', async () => {
    const [tx] = await db.query<{ tx_hash: string; timestamp: bigint }>(
      'SELECT t.tx_hash, b.timestamp FROM evm_transaction t JOIN evm_block b ON b.chain_id = t.chain_id AND b.number = t.block_number WHERE t.chain_id = 43114 ORDER BY t.block_number LIMIT 1',
    );
    const { body } = await get(tx!.tx_hash);
    const [chain] = await db.query<Record<string, any>>('SELECT * FROM evm_chain WHERE chain_id = 43114');
    expect(body.networkTokenDetails).toEqual({
      networkToken: {
        name: chain!.native_token_name,
        symbol: chain!.native_token_symbol,
        decimals: chain!.native_token_decimals,
        logoUri: chain!.native_token_logo_uri,
        description: '',
      },
      currentPrice: { currencyCode: 'usd', value: money(await priceAt(db, 'avalanche-2', 'usd', DEMO_NOW)) },
      historicalPrice: { currencyCode: 'usd', value: money(await priceAt(db, 'avalanche-2', 'usd', tx!.timestamp)) },
    });
    expect(body.networkTokenDetails.currentPrice).not.toEqual(body.networkTokenDetails.historicalPrice);
  });

  it('gives teleporterMessageInfo for the sending and the delivering transaction, and none otherwise', async () => {
    const [m] = await db.query<{
      teleporter_message_id: string;
      source_blockchain_id: string;
      destination_blockchain_id: string;
      source_tx_hash: string;
      destination_tx_hash: string;
      destination: bigint;
    }>(
      `SELECT m.*, c.chain_id AS destination FROM teleporter_message m JOIN evm_chain c ON c.blockchain_id = m.destination_blockchain_id
       WHERE m.source_blockchain_id = (SELECT blockchain_id FROM evm_chain WHERE chain_id = 43114) AND m.destination_tx_hash IS NOT NULL ORDER BY 1 LIMIT 1`,
    );
    const info = {
      teleporterMessageId: m!.teleporter_message_id,
      sourceChainId: m!.source_blockchain_id,
      destinationChainId: m!.destination_blockchain_id,
    };
    expect((await get(m!.source_tx_hash)).body.teleporterMessageInfo).toEqual({
      ...info,
      direction: 'SOURCE_TRANSACTION',
    });
    expect((await get(m!.destination_tx_hash, String(m!.destination))).body.teleporterMessageInfo).toEqual({
      ...info,
      direction: 'DESTINATION_TRANSACTION',
    });
    const [plain] = await db.query<{ tx_hash: string }>(
      `SELECT tx_hash FROM evm_transaction WHERE chain_id = 43114 AND length(input) = 0 LIMIT 1`,
    );
    expect((await get(plain!.tx_hash)).body).not.toHaveProperty('teleporterMessageInfo');
  });

  it("gives teleporterMessageInfo as the TeleporterMessenger's events of the transaction name it (SendCrossChainMessage, else ReceiveCrossChainMessage)", async () => {
    // Decoded here from the raw logs: topic1 is the message ID, topic2 the other chain's blockchain ID.
    const topicOf = (signature: string) => keccakHex(new TextEncoder().encode(signature));
    const message = '(uint256,address,bytes32,address,uint256,address[],(uint256,address)[],bytes)';
    const send = topicOf(`SendCrossChainMessage(bytes32,bytes32,${message},(address,uint256))`);
    const receive = topicOf(`ReceiveCrossChainMessage(bytes32,bytes32,address,address,${message})`);
    const logs = await db.query<{
      chain_id: bigint;
      blockchain_id: string;
      tx_hash: string;
      topic0: string;
      topic1: string;
      topic2: string;
    }>(
      `SELECT * FROM (SELECT DISTINCT ON (l.chain_id, l.topic0) l.chain_id, c.blockchain_id, l.tx_hash, l.topic0, l.topic1, l.topic2
         FROM evm_log l JOIN evm_chain c ON c.chain_id = l.chain_id
         WHERE l.address = '\\x253b2784c75e510dd0ff1da844684a1ac0aa5fcf' AND l.topic0 IN ($1, $2)
           AND NOT EXISTS (SELECT 1 FROM evm_log o WHERE o.chain_id = l.chain_id AND o.tx_hash = l.tx_hash AND o.topic0 = $1 AND l.topic0 = $2)
         ORDER BY l.chain_id, l.topic0, l.block_number DESC, l.log_index) x`,
      [send, receive],
    );
    expect(new Set(logs.map((l) => l.topic0))).toEqual(new Set([send, receive]));
    for (const l of logs) {
      const other = cb58Encode(fromHex(l.topic2));
      const { body } = await get(l.tx_hash, String(l.chain_id));
      expect(body.teleporterMessageInfo).toEqual(
        l.topic0 === send
          ? {
              teleporterMessageId: l.topic1,
              direction: 'SOURCE_TRANSACTION',
              sourceChainId: l.blockchain_id,
              destinationChainId: other,
            }
          : {
              teleporterMessageId: l.topic1,
              direction: 'DESTINATION_TRANSACTION',
              sourceChainId: other,
              destinationChainId: l.blockchain_id,
            },
      );
    }
  });

  it.each([
    [
      `0x${'0'.repeat(64)}`,
      43114,
      404,
      `path parameter txHash 0x${'0'.repeat(64)} is not a transaction of chain 43114 indexed by this service`,
    ],
    ['0x1234', 43114, 400, 'path parameter txHash must be a hash: 0x followed by 64 hex digits'],
    [`0x${'g'.repeat(64)}`, 43114, 400, 'path parameter txHash must be a hash: 0x followed by 64 hex digits'],
    [`0x${'0'.repeat(64)}`, 99999, 404, 'path parameter chainId 99999 is not a chain this service indexes'],
    [`0x${'0'.repeat(64)}`, 'c-chain', 400, 'path parameter chainId must be an EVM chain ID or a blockchain ID (cb58)'],
  ])('%s on chain %s is a %i', async (hash, chainId, status, message) => {
    expect(await get(hash, chainId)).toEqual({
      status,
      body: { message, statusCode: status, error: status === 400 ? 'Bad Request' : 'Not Found' },
    });
  });

  it('names the address a failed creation would have made as its `to`, and gives a block without base fee baseFeePerGas 0', async () => {
    const to = { address: getCreateAddress({ from: CREATOR, nonce: 7 }).toLowerCase() };
    const one = await get(FAILED_CREATION, 43113);
    expect(one.status).toBe(200);
    expect(one.body.nativeTransaction).toMatchObject({
      txStatus: '0',
      to,
      method: { callType: 'CONTRACT_CREATION', methodHash: '' },
      baseFeePerGas: '0',
    });
    expect(officialResponseErrors('getTransaction', 200, one.body)).toEqual([]);
    const block = await service.request(`/v1/chains/43113/blocks/${PRE_FEE_BLOCK}/transactions`);
    expect(block.body.transactions).toEqual([expect.objectContaining({ txHash: FAILED_CREATION, txStatus: '0', to })]);
    expect(officialResponseErrors('getTransactionsForBlock', 200, block.body)).toEqual([]);
  });

  it("is a 404 for a transaction of another chain, and finds it by the chain's blockchain ID", async () => {
    const [tx] = await db.query<{ tx_hash: string }>(
      'SELECT tx_hash FROM evm_transaction WHERE chain_id = 737373 LIMIT 1',
    );
    expect((await get(tx!.tx_hash, 43114)).status).toBe(404);
    const [chain] = await db.query<{ blockchain_id: string }>(
      'SELECT blockchain_id FROM evm_chain WHERE chain_id = 737373',
    );
    expect(
      (await get(tx!.tx_hash.toUpperCase().replace('0X', '0x'), chain!.blockchain_id)).body.nativeTransaction.txHash,
    ).toBe(tx!.tx_hash);
  });
});

describe('GET /v1/chains/{chainId}/nfts/collections/{address}/tokens/{tokenId} (4.20)', () => {
  const get = (address: string, tokenId: string) =>
    service.request(`/v1/chains/43114/nfts/collections/${address}/tokens/${tokenId}`);

  it.each(['INDEXED', 'UNINDEXED', 'UNREACHABLE_TOKEN_URI', 'MISSING_TOKEN'])(
    'serves an NFT with its metadata and indexStatus %s',
    async (status) => {
      const [n] = await db.query<Record<string, any>>(
        `SELECT n.*, n.token_id::text AS id, c.name AS collection, c.symbol AS collection_symbol FROM evm_nft_token n JOIN evm_contract c ON c.chain_id = n.chain_id AND c.address = n.address
       WHERE n.chain_id = 43114 AND n.erc_type = 'ERC-721' AND n.index_status = $1 ORDER BY n.address, n.token_id LIMIT 1`,
        [status],
      );
      const { body } = await get(n!.address, n!.id);
      expect(body).toEqual({
        address: n!.address,
        name: n!.collection,
        symbol: n!.collection_symbol,
        ercType: 'ERC-721',
        tokenId: n!.id,
        tokenUri: n!.token_uri ?? '',
        metadata: {
          indexStatus: status,
          metadataLastUpdatedTimestamp:
            n!.metadata_last_updated_timestamp === null ? undefined : Number(n!.metadata_last_updated_timestamp),
          name: n!.metadata_name ?? undefined,
          symbol: n!.metadata_symbol ?? undefined,
          imageUri: n!.image_uri ?? undefined,
          description: n!.description ?? undefined,
          animationUri: n!.animation_uri ?? undefined,
          externalUrl: n!.external_url ?? undefined,
          background: n!.background ?? undefined,
          attributes: n!.attributes ?? undefined,
        },
        ownerAddress: n!.owner_address,
      });
    },
  );

  it('serves an ERC-1155 token as the Erc1155Token variant: properties and decimals in its metadata, no name, symbol or owner', async () => {
    const [n] = await db.query<Record<string, any>>(
      `SELECT address, token_id::text AS id, token_uri, properties FROM evm_nft_token WHERE chain_id = 43114 AND erc_type = 'ERC-1155' AND index_status = 'INDEXED' LIMIT 1`,
    );
    const { body } = await get(n!.address, n!.id);
    expect(body).toMatchObject({
      address: n!.address,
      ercType: 'ERC-1155',
      tokenId: n!.id,
      tokenUri: n!.token_uri,
      metadata: { indexStatus: 'INDEXED', properties: n!.properties, decimals: 0 },
    });
    expect(Object.keys(body).sort()).toEqual(['address', 'ercType', 'metadata', 'tokenId', 'tokenUri']);
    expect(body.metadata).not.toHaveProperty('attributes');
    expect(officialResponseErrors('getTokenDetails', 200, body)).toEqual([]);
  });

  it.each([
    [
      '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e',
      '1',
      404,
      'path parameter tokenId 1 of collection 0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e is not an NFT this service indexes on chain 43114',
    ],
    [
      '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e',
      'one',
      400,
      'path parameter tokenId must be a token ID (a decimal integer of at least 0)',
    ],
    [
      '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e',
      `1${'0'.repeat(78)}`,
      400,
      'path parameter tokenId must be a token ID of at most 115792089237316195423570985008687907853269984665640564039457584007913129639935 (2^256-1)',
    ],
    ['0xb97e', '1', 400, 'path parameter address must be an EVM address: 0x followed by 40 hex digits'],
  ])('%s token %s is a %i', async (address, tokenId, status, message) => {
    expect(await get(address, tokenId)).toEqual({
      status,
      body: { message, statusCode: status, error: status === 400 ? 'Bad Request' : 'Not Found' },
    });
  });

  it("finds the token by the chain's blockchain ID and the collection in any case; an unknown chain is a 404", async () => {
    const [n] = await db.query<{ address: string; id: string; blockchain_id: string }>(
      `SELECT n.address, n.token_id::text AS id, c.blockchain_id FROM evm_nft_token n JOIN evm_chain c ON c.chain_id = n.chain_id
       WHERE n.chain_id = 43114 AND n.erc_type = 'ERC-721' ORDER BY n.address, n.token_id LIMIT 1`,
    );
    const byNumber = await get(n!.address, n!.id);
    const byId = await service.request(
      `/v1/chains/${n!.blockchain_id}/nfts/collections/${n!.address.toUpperCase().replace('0X', '0x')}/tokens/${n!.id}`,
    );
    expect(byId).toEqual(byNumber);
    expect(byNumber.status).toBe(200);
    expect(await service.request(`/v1/chains/777/nfts/collections/${n!.address}/tokens/${n!.id}`)).toEqual({
      status: 404,
      body: {
        message: 'path parameter chainId 777 is not a chain this service indexes',
        statusCode: 404,
        error: 'Not Found',
      },
    });
  });
});

describe('GraphQL root fields of 4.8–4.13, 4.15, 4.16, 4.20', () => {
  /**
   * The GraphQL answer as REST writes it: without the nulls REST leaves out, and money (exact decimal text in GraphQL)
   * as a JSON number.
   */
  const money = new Set(['price', 'balanceValue', 'currentPrice', 'historicalPrice']);
  const withoutNulls = (value: unknown): unknown =>
    JSON.parse(
      JSON.stringify(value, (k, v) => {
        if (v === null) return undefined;
        return money.has(k) && typeof v.value === 'string' ? { ...v, value: Number(v.value) } : v;
      }),
    );

  it('answers each root field with the arguments and defaults of its REST route', async () => {
    const address = SHOWCASE.toUpperCase().replace('0X', '0x');
    const [block] = await db.query<{ hash: string }>(
      'SELECT hash FROM evm_block WHERE chain_id = 43114 AND tx_count >= 3 ORDER BY number DESC LIMIT 1',
    );
    const [tx] = await db.query<{ tx_hash: string }>(
      `SELECT tx_hash FROM evm_token_transfer WHERE chain_id = 43114 AND erc_type = 'ERC-20' ORDER BY tx_hash LIMIT 1`,
    );
    const [nft] = await db.query<{ address: string; id: string }>(
      `SELECT address, token_id::text AS id FROM evm_nft_token WHERE chain_id = 43114 AND index_status = 'INDEXED' ORDER BY address, token_id LIMIT 1`,
    );
    const [deployer] = await db.query<{ a: string }>(
      'SELECT deployer_address AS a FROM evm_contract WHERE chain_id = 43114 AND deployer_address IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC LIMIT 1',
    );
    const [range] = await db.query<{ lo: bigint; hi: bigint }>(
      'SELECT min(number) AS lo, max(number) AS hi FROM evm_block WHERE chain_id = 43114',
    );
    const start = String(range!.lo + 1000n);
    const end = String(range!.hi - 1000n);
    const list = (field: string, selection: string) =>
      `query($c: ChainId!, $a: EvmAddress!, $s: BlockNumber, $e: BlockNumber) { r: ${field}(chainId: $c, address: $a, startBlock: $s, endBlock: $e, pageSize: 4) { nextPageToken transactions { ${selection} } } }`;
    const cases: [string, Record<string, unknown>, string][] = [
      [
        list(
          'listErc20Transactions',
          'blockNumber txHash logIndex value from { address name } erc20Token { address symbol price { currencyCode value } }',
        ),
        { c: '43114', a: address, s: start, e: end },
        `/v1/chains/43114/addresses/${SHOWCASE}/transactions:listErc20?pageSize=4&startBlock=${start}&endBlock=${end}`,
      ],
      [
        list('listErc721Transactions', 'blockNumber txHash logIndex erc721Token { tokenId metadata { indexStatus } }'),
        { c: '43114', a: address, s: start, e: end },
        `/v1/chains/43114/addresses/${SHOWCASE}/transactions:listErc721?pageSize=4&startBlock=${start}&endBlock=${end}`,
      ],
      [
        list('listErc1155Transactions', 'txHash logIndex value erc1155Token { tokenId }'),
        { c: '43114', a: address },
        `/v1/chains/43114/addresses/${SHOWCASE}/transactions:listErc1155?pageSize=4`,
      ],
      [
        list('listInternalTransactions', 'txHash internalTxType value isReverted gasUsed'),
        { c: '43114', a: address },
        `/v1/chains/43114/addresses/${SHOWCASE}/transactions:listInternals?pageSize=4`,
      ],
      [
        'query($c: ChainId!, $a: EvmAddress!) { r: listErc20Balances(chainId: $c, address: $a, currency: eur, filterSpamTokens: false, pageSize: 3) { nextPageToken nativeTokenBalance { balance price { value } } erc20TokenBalances { address balance tokenReputation balanceValue { currencyCode value } } } }',
        { c: '43114', a: address },
        `/v1/chains/43114/addresses/${SHOWCASE}/balances:listErc20?currency=eur&filterSpamTokens=false&pageSize=3`,
      ],
      [
        'query($c: ChainId!, $b: BlockId!) { r: getTransactionsForBlock(chainId: $c, blockId: $b) { nextPageToken transactions { txHash blockIndex method { callType methodHash methodName } } } }',
        { c: '43114', b: block!.hash },
        `/v1/chains/43114/blocks/${block!.hash}/transactions`,
      ],
      [
        'query($c: ChainId!, $a: EvmAddress!) { r: listContractDeployments(chainId: $c, address: $a, pageSize: 2) { nextPageToken contracts { address ercType deploymentDetails { txHash deployerAddress deployerContractAddress } ... on Erc20Contract { decimals } } } }',
        { c: '43114', a: deployer!.a },
        `/v1/chains/43114/contracts/${deployer!.a}/deployments?pageSize=2`,
      ],
      [
        'query($c: ChainId!, $h: EvmHash!) { r: getTransaction(chainId: $c, txHash: $h) { erc20Transfers { logIndex value } internalTransactions { internalTxType } nativeTransaction { txHash input } networkTokenDetails { currentPrice { value } historicalPrice { value } } } }',
        { c: '43114', h: tx!.tx_hash },
        `/v1/chains/43114/transactions/${tx!.tx_hash}`,
      ],
      [
        'query($c: ChainId!, $a: EvmAddress!, $t: TokenId!) { r: getTokenDetails(chainId: $c, address: $a, tokenId: $t) { address tokenId ercType ... on Erc721Token { ownerAddress metadata { indexStatus name attributes } } } }',
        { c: '43114', a: nft!.address, t: nft!.id },
        `/v1/chains/43114/nfts/collections/${nft!.address}/tokens/${nft!.id}`,
      ],
    ];
    for (const [query, variables, path] of cases) {
      const graphql = await service.graphql(query, variables);
      expect({ query, errors: graphql.body.errors }).toEqual({ query, errors: undefined });
      const rest = await service.request(path);
      expect(rest.status).toBe(200);
      // The GraphQL answer is the REST body restricted to the selected members (money as REST writes it).
      const picked = withoutNulls(graphql.body.data.r);
      expect(rest.body).toMatchObject(picked as object);
      expect(JSON.stringify(picked)).not.toBe('{}');
    }
  });

  it.each([
    [
      'listErc20Transactions(chainId: "43114", address: "SHOWCASE", startBlock: "10", endBlock: "9") { transactions { txHash } }',
      'BAD_REQUEST',
      'startBlock must not be after endBlock',
    ],
    [
      'listInternalTransactions(chainId: "43114", address: "SHOWCASE", pageSize: 101) { transactions { txHash } }',
      'BAD_REQUEST',
      'pageSize must be at most 100',
    ],
    [
      'getTransaction(chainId: "9", txHash: "0x0000000000000000000000000000000000000000000000000000000000000000") { nativeTransaction { txHash } }',
      'NOT_FOUND',
      'chainId 9 is not a chain this service indexes',
    ],
    [
      'getTokenDetails(chainId: "43114", address: "0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e", tokenId: "7") { tokenId }',
      'NOT_FOUND',
      'tokenId 7 of collection 0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e is not an NFT this service indexes on chain 43114',
    ],
  ])('%s is a %s', async (field, code, message) => {
    const { body } = await service.graphql(`{ ${field.replace('SHOWCASE', SHOWCASE)} }`);
    expect(body.errors[0]).toMatchObject({ message, extensions: { code } });
  });
});

describe('GraphQL: EVM chains from the primary network, and addresses across chains', () => {
  it('joins an L1 to its EVM chain: latest block and counts (Blockchain.evmChain)', async () => {
    const { body } =
      await service.graphql(`{ listSubnets(network: mainnet, pageSize: 100) { subnets { isL1 blockchains { blockchainId evmChain {
      chainId latestBlock { number hash timestamp txCount } blockCount transactionCount } } } } }`);
    expect(body.errors).toBeUndefined();
    const chains = body.data.listSubnets.subnets.flatMap((s: any) => s.blockchains).filter((b: any) => b.evmChain);
    const expected = await db.query<{
      blockchain_id: string;
      chain_id: bigint;
      number: bigint;
      hash: string;
      timestamp: bigint;
      tx_count: number;
      blocks: bigint;
      txs: bigint;
    }>(
      `SELECT c.blockchain_id, c.chain_id, b.number, b.hash, b.timestamp, b.tx_count,
         (SELECT count(*) FROM evm_block WHERE chain_id = c.chain_id) AS blocks, (SELECT count(*) FROM evm_transaction WHERE chain_id = c.chain_id) AS txs
       FROM evm_chain c JOIN evm_block b ON b.chain_id = c.chain_id AND b.number = (SELECT max(number) FROM evm_block WHERE chain_id = c.chain_id)
       WHERE c.network = 'mainnet' ORDER BY c.blockchain_id`,
    );
    expect(chains.sort((a: any, b: any) => (a.blockchainId < b.blockchainId ? -1 : 1))).toEqual(
      expected.map((e) => ({
        blockchainId: e.blockchain_id,
        evmChain: {
          chainId: String(e.chain_id),
          latestBlock: { number: String(e.number), hash: e.hash, timestamp: Number(e.timestamp), txCount: e.tx_count },
          blockCount: String(e.blocks),
          transactionCount: String(e.txs),
        },
      })),
    );
  });

  it('follows an address across chains (EvmAccount) with the same lists as REST', async () => {
    const { body } = await service.graphql(
      `query($a: EvmAddress!) { evmAccount(address: $a) { address chains { chainId }
      onChain(chainId: "737373") { chainId nativeBalance erc20Transactions(pageSize: 5) { transactions { txHash logIndex value } nextPageToken }
        erc20Balances(pageSize: 500) { erc20TokenBalances { address balance } } } } }`,
      { a: SHOWCASE.toUpperCase().replace('0X', '0x') },
    );
    expect(body.errors).toBeUndefined();
    const account = body.data.evmAccount;
    expect(account.address).toBe(SHOWCASE);
    expect(account.chains.map((c: any) => c.chainId)).toEqual(['43113', '43114', '202611', '737373']);
    const rest = await service.request(`/v1/chains/737373/addresses/${SHOWCASE}/transactions:listErc20?pageSize=5`);
    expect(account.onChain.erc20Transactions).toEqual({
      transactions: rest.body.transactions.map((t: any) => ({
        txHash: t.txHash,
        logIndex: t.logIndex,
        value: t.value,
      })),
      nextPageToken: rest.body.nextPageToken,
    });
    const balances = await service.request(`/v1/chains/737373/addresses/${SHOWCASE}/balances:listErc20?pageSize=500`);
    expect(account.onChain.nativeBalance).toBe(balances.body.nativeTokenBalance.balance);
    expect(account.onChain.erc20Balances.erc20TokenBalances).toEqual(
      balances.body.erc20TokenBalances.map((b: any) => ({ address: b.address, balance: b.balance })),
    );
  });

  it('reaches an address from a chain (EvmChain.account) and answers unknown chains with a 404', async () => {
    const { body } = await service.graphql(
      `{ listEvmChains(network: mainnet) { chainId account(address: "${SHOWCASE}") { contractDeployments(pageSize: 1) { contracts { address } } } } }`,
    );
    expect(body.errors).toBeUndefined();
    expect(body.data.listEvmChains).toHaveLength(3);
    const missing = await service.graphql(
      `{ evmAccount(address: "${SHOWCASE}") { onChain(chainId: "1") { chainId } } }`,
    );
    expect(missing.body.errors[0]).toMatchObject({
      message: 'chainId 1 is not a chain this service indexes',
      extensions: { code: 'NOT_FOUND' },
    });
  });
});
