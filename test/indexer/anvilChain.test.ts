// The EVM indexer against a real node: anvil with OpenZeppelin ERC-20/721/1155 contracts, a CREATE2
// factory and a value forwarder, a few thousand transactions; the indexed rows are checked against
// the chain itself (balanceOf, eth_getBalance, ownerOf, eth_getLogs) and through the REST endpoints.
import type { Server } from 'node:http';
import { decodeEventLog, encodeFunctionData, decodeFunctionResult, type Abi } from 'viem';
import type { Database } from '../../prisma/database';
import { setupTestDatabase, teardown } from '../setup/database';
import { startTestService, type TestService } from '../setup/service';
import { compileContracts, type Artifact } from '../../bench/indexer/compileContracts';
import { generateTraffic, mineBlock, type TestContracts } from '../../bench/indexer/generateTraffic';
import { anvilConfig, indexOnce } from './support/indexOnce';
import { startNftMetadataHost } from './support/nftMetadataHost';
import { createRpcClient } from '../../shared/jsonRpc/createRpcClient';
import { fetchBlockBundle } from '../../indexer/evm/rpc/fetchBlockBundle';
import { decodeTraces } from '../../indexer/evm/decode/decodeTraces';
import { startAnvil, type Anvil } from '../../bench/indexer/startAnvil';

let anvil: Anvil;
let db: Database;
let artifacts: Record<string, Artifact>;
let contracts: TestContracts;
let accounts: string[];
let transactions = 0;
let metadataServer: Server;
let metadataBase = '';
let service: TestService;

const ethCall = async (to: string, name: string, fn: string, args: unknown[]) => {
  const abi = artifacts[name]!.abi as Abi;
  const data = encodeFunctionData({ abi, functionName: fn, args });
  return decodeFunctionResult({
    abi,
    functionName: fn,
    data: await anvil.rpc('eth_call', [{ to, data }, 'latest']),
  }) as unknown;
};

beforeAll(async () => {
  artifacts = compileContracts();
  ({ server: metadataServer, base: metadataBase } = await startNftMetadataHost());
  [anvil, db] = await Promise.all([startAnvil(), setupTestDatabase()]);
  const traffic = await generateTraffic(anvil, artifacts, {
    blocks: 36,
    txPerBlock: 60,
    nftBaseUri: `${metadataBase}/nft/`,
    multiUri: `${metadataBase}/m/{id}.json`,
  });
  ({ contracts, accounts, transactions } = traffic);
  await indexOnce(db, anvilConfig(anvil.url));
  service = await startTestService(db);
}, 120_000);

afterAll(async () => {
  await service?.close();
  await anvil?.stop();
  metadataServer?.close();
  await teardown(db);
});

describe('indexing a chain from a real node', () => {
  test('sent a few thousand transactions, and every block and transaction of the chain is indexed', async () => {
    expect(transactions).toBeGreaterThan(2000);
    const head = BigInt(await anvil.rpc('eth_blockNumber'));
    const blocks = await db.query<{ number: bigint; hash: string }>(
      'SELECT number, hash FROM evm_block WHERE chain_id = 31337 ORDER BY number',
    );
    expect(blocks).toHaveLength(Number(head) + 1);
    const sample = await anvil.batch<any>(
      blocks
        .filter((_, i) => i % 7 === 0)
        .map((b) => ({ method: 'eth_getBlockByNumber', params: [`0x${b.number.toString(16)}`, false] })),
    );
    for (const block of sample) expect(blocks[Number(BigInt(block.number))]!.hash).toBe(block.hash);
    const [{ count }] = await db.query<{ count: bigint }>(
      'SELECT count(*) AS count FROM evm_transaction WHERE chain_id = 31337',
    );
    expect(Number(count)).toBe(transactions);
    const [cursor] = await db.query<{ height: bigint }>(`SELECT height FROM sync_state WHERE chain_key = 'evm:31337'`);
    expect(cursor!.height).toBe(head);
  });

  test("every holder's ERC-20 balance equals balanceOf at the head", async () => {
    const rows = await db.query<{ token_address: string; holder: string; balance: string }>(
      `SELECT DISTINCT ON (token_address, holder) token_address, holder, balance::text AS balance FROM erc20_balance_change
        WHERE chain_id = 31337 ORDER BY token_address, holder, block_number DESC`,
    );
    expect(rows.length).toBeGreaterThanOrEqual(20);
    for (const row of rows)
      expect(BigInt(row.balance)).toBe(await ethCall(row.token_address, 'Token20', 'balanceOf', [row.holder]));
    // The current balances (4.12's default read) hold the same, for the same holders.
    const current = await db.query<{ token_address: string; holder: string; balance: string }>(
      'SELECT token_address, holder, balance::text AS balance FROM erc20_balance WHERE chain_id = 31337 ORDER BY token_address, holder',
    );
    expect(current).toEqual(rows);
    // And every account the chain knows holds what the index says (nothing where there is no row).
    for (const token of contracts.token) {
      for (const account of accounts) {
        const indexed = rows.find((r) => r.token_address === token && r.holder === account);
        expect(BigInt(indexed?.balance ?? 0)).toBe(await ethCall(token, 'Token20', 'balanceOf', [account]));
      }
    }
  });

  test('every native balance equals eth_getBalance at the head', async () => {
    const rows = await db.query<{ address: string; balance: string }>(
      `SELECT DISTINCT ON (address) address, balance::text AS balance FROM native_balance_change WHERE chain_id = 31337 ORDER BY address, block_number DESC`,
    );
    const chain = await anvil.batch<string>(
      rows.map((r) => ({ method: 'eth_getBalance', params: [r.address, 'latest'] })),
    );
    expect(rows.map((r) => r.balance)).toEqual(chain.map((b) => BigInt(b).toString()));
    for (const account of accounts) expect(rows.some((r) => r.address === account)).toBe(true);
    // The forwarder's targets and CREATE2 children received value from inside calls (traces).
    expect(rows.some((r) => r.address === contracts.forwarder)).toBe(true);
  });

  test('every ERC-721 owner equals ownerOf', async () => {
    const rows = await db.query<{ token_id: string; owner_address: string }>(
      `SELECT token_id::text, owner_address FROM evm_nft_token WHERE chain_id = 31337 AND address = $1`,
      [contracts.nft],
    );
    expect(rows.length).toBeGreaterThan(50);
    for (const row of rows)
      expect(row.owner_address).toBe(
        ((await ethCall(contracts.nft, 'Nft721', 'ownerOf', [BigInt(row.token_id)])) as string).toLowerCase(),
      );
  });

  test('every transfer matches a log of eth_getLogs, and every transfer log is a transfer (ERC-20 and ERC-721 told apart by topic count, ERC-1155 batches split)', async () => {
    const logs = await anvil.rpc<any[]>('eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest' }]);
    const expected: string[] = [];
    for (const log of logs) {
      const address = log.address.toLowerCase();
      const name = contracts.token.includes(address)
        ? 'Token20'
        : address === contracts.nft
          ? 'Nft721'
          : address === contracts.multi
            ? 'Multi1155'
            : null;
      if (!name) continue;
      const event = decodeEventLog({ abi: artifacts[name]!.abi as Abi, data: log.data, topics: log.topics }) as {
        eventName: string;
        args: any;
      };
      const at = `${log.transactionHash}|${BigInt(log.logIndex)}`;
      const kind = name === 'Token20' ? 'ERC-20' : name === 'Nft721' ? 'ERC-721' : 'ERC-1155';
      if (event.eventName === 'Transfer') {
        const tokenId = name === 'Nft721' ? String(event.args.tokenId) : '';
        expected.push(
          `${at}|0|${kind}|${address}|${event.args.from.toLowerCase()}|${event.args.to.toLowerCase()}|${name === 'Nft721' ? 1 : event.args.value}|${tokenId}`,
        );
      } else if (event.eventName === 'TransferSingle') {
        expected.push(
          `${at}|0|${kind}|${address}|${event.args.from.toLowerCase()}|${event.args.to.toLowerCase()}|${event.args.value}|${event.args.id}`,
        );
      } else if (event.eventName === 'TransferBatch') {
        (event.args.ids as bigint[]).forEach(
          (id, i) =>
            void expected.push(
              `${at}|${i}|${kind}|${address}|${event.args.from.toLowerCase()}|${event.args.to.toLowerCase()}|${event.args.values[i]}|${id}`,
            ),
        );
      }
    }
    const rows = await db.query<Record<string, string>>(
      `SELECT tx_hash, log_index || '|' || batch_index || '|' || erc_type::text AS position, token_address, from_address, to_address,
              value::text || '|' || coalesce(token_id::text, '') AS amount
         FROM evm_token_transfer WHERE chain_id = 31337`,
    );
    const keys = rows.map((r) =>
      [r.tx_hash, r.position, r.token_address, r.from_address, r.to_address, r.amount].join('|'),
    );
    expect(keys.sort()).toEqual(expected.sort());
    expect(expected.some((k) => k.includes('|2|ERC-1155|'))).toBe(true);
    const [{ count }] = await db.query<{ count: bigint }>(
      'SELECT count(*) AS count FROM evm_log WHERE chain_id = 31337',
    );
    expect(Number(count)).toBe(logs.length);
  });

  test('internal transactions: the refused inner call is reverted inside a successful transaction; CREATE2 children name the factory', async () => {
    const refused = await db.query<{ status: number; is_reverted: boolean }>(
      `SELECT t.status, i.is_reverted FROM evm_internal_transaction i JOIN evm_transaction t USING (chain_id, tx_hash) WHERE i.chain_id = 31337 AND i.to_address = $1`,
      [contracts.refuser],
    );
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((r) => r.is_reverted && r.status === 1)).toBe(true);
    const deployedEvents = await anvil.rpc<any[]>('eth_getLogs', [
      { fromBlock: '0x0', toBlock: 'latest', address: contracts.factory },
    ]);
    const children = await db.query<{ address: string; deployer_address: string; deployment_tx_hash: string }>(
      'SELECT address, deployer_address, deployment_tx_hash FROM evm_contract WHERE chain_id = 31337 AND deployer_contract_address = $1',
      [contracts.factory],
    );
    expect(children.map((c) => c.address).sort()).toEqual(
      deployedEvents.map((l) => `0x${l.data.slice(26, 66)}`).sort(),
    );
    const direct = await db.query<{ address: string }>(
      'SELECT address FROM evm_contract WHERE chain_id = 31337 AND deployer_contract_address IS NULL AND deployment_tx_hash IS NOT NULL',
    );
    expect(direct.map((c) => c.address).sort()).toEqual(Object.values(contracts).flat().sort());
  });

  test('token contracts carry their ercType and the metadata read by eth_call', async () => {
    const rows = await db.query<{
      address: string;
      erc_type: string;
      name: string;
      symbol: string;
      decimals: number | null;
    }>(
      `SELECT address, erc_type::text, name, symbol, decimals FROM evm_contract WHERE chain_id = 31337 AND erc_type <> 'UNKNOWN' ORDER BY address`,
    );
    const expected = [
      { address: contracts.token[0], erc_type: 'ERC-20', name: 'Token A', symbol: 'TKA', decimals: 18 },
      { address: contracts.token[1], erc_type: 'ERC-20', name: 'Token B', symbol: 'TKB', decimals: 18 },
      { address: contracts.nft, erc_type: 'ERC-721', name: 'Test Nft', symbol: 'TNFT', decimals: null },
      { address: contracts.multi, erc_type: 'ERC-1155', name: '', symbol: '', decimals: null },
    ].sort((a, b) => a.address!.localeCompare(b.address!));
    expect(rows).toEqual(expected);
  });

  test('NFT metadata: fetched over http with the indexStatus of each outcome', async () => {
    const rows = await db.query<{
      address: string;
      token_id: string;
      index_status: string;
      metadata_name: string | null;
      token_uri: string;
    }>(
      'SELECT address, token_id::text, index_status, metadata_name, token_uri FROM evm_nft_token WHERE chain_id = 31337',
    );
    for (const row of rows) {
      const n = Number(row.token_id);
      const is721 = row.address === contracts.nft;
      const status = is721 && n % 3 === 1 ? 'UNREACHABLE_TOKEN_URI' : n % 5 === 0 ? 'INVALID_METADATA_JSON' : 'INDEXED';
      expect([row.token_id, row.index_status]).toEqual([row.token_id, status]);
      if (status === 'INDEXED') expect(row.metadata_name).toBe(`Token #${n}`);
      expect(row.token_uri).toBe(
        is721 ? `${metadataBase}/nft/${n}` : `${metadataBase}/m/${BigInt(n).toString(16).padStart(64, '0')}.json`,
      );
    }
  });

  test('a chain the primary-network data does not know is created from the config, and the REST endpoints serve its rows', async () => {
    const holder = accounts[3]!;
    const { status, body } = await service.request(
      `/v1/chains/31337/addresses/${holder}/balances:listErc20?pageSize=100`,
    );
    expect(status).toBe(200);
    const byToken = new Map<string, string>(
      body.erc20TokenBalances.map((b: any) => [b.address.toLowerCase(), b.balance]),
    );
    for (const token of contracts.token)
      expect(BigInt(byToken.get(token) ?? 0)).toBe(await ethCall(token, 'Token20', 'balanceOf', [holder]));
    const [nft] = await db.query<{ token_id: string; owner_address: string }>(
      `SELECT token_id::text, owner_address FROM evm_nft_token WHERE chain_id = 31337 AND address = $1 AND index_status = 'INDEXED' LIMIT 1`,
      [contracts.nft],
    );
    const token = await service.request(`/v1/chains/31337/nfts/collections/${contracts.nft}/tokens/${nft!.token_id}`);
    expect(token.status).toBe(200);
    expect(token.body.metadata.name).toBe(`Token #${nft!.token_id}`);
    const tx = await db.query<{ tx_hash: string }>(
      'SELECT tx_hash FROM evm_transaction WHERE chain_id = 31337 AND to_address = $1 LIMIT 1',
      [contracts.forwarder],
    );
    const detail = await service.request(`/v1/chains/31337/transactions/${tx[0]!.tx_hash}`);
    expect(detail.status).toBe(200);
    expect(
      detail.body.internalTransactions.some(
        (i: any) => i.to.address.toLowerCase() === contracts.refuser && i.isReverted === true,
      ),
    ).toBe(true);
  });
});

describe('header members', () => {
  test("each block's roots, extraData, size and blob members are stored as the node gave them and served back by the chain RPC", async () => {
    const [{ blockchain_id: id }] = await db.query<{ blockchain_id: string }>(
      'SELECT blockchain_id FROM evm_chain WHERE chain_id = 31337',
    );
    const members = [
      'stateRoot',
      'transactionsRoot',
      'receiptsRoot',
      'extraData',
      'size',
      'blobGasUsed',
      'excessBlobGas',
      'parentBeaconBlockRoot',
    ];
    for (const number of ['0x1', '0x5', await anvil.rpc<string>('eth_blockNumber')]) {
      const node = await anvil.rpc<Record<string, string>>('eth_getBlockByNumber', [number, false]);
      const served = await (
        await fetch(`${service.base}/ext/bc/${id}/rpc`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_getBlockByNumber', params: [number, false] }),
        })
      ).json();
      const pick = (block: Record<string, string>) =>
        Object.fromEntries(members.filter((m) => block[m] !== undefined).map((m) => [m, block[m]!.toLowerCase()]));
      expect(Object.keys(pick(node))).toEqual(
        expect.arrayContaining(['stateRoot', 'transactionsRoot', 'receiptsRoot', 'extraData', 'size']),
      );
      expect(pick(served.result)).toEqual(pick(node));
    }
  });
});

describe('call traces', () => {
  test('debug_traceBlockByNumber + callTracer and trace_block give the same internal transactions and deployments', async () => {
    const rpc = createRpcClient({ urls: [anvil.url] });
    const head = BigInt(await anvil.rpc('eth_blockNumber'));
    for (const n of [2n, head / 2n, head - 1n]) {
      const geth = await fetchBlockBundle(rpc, n, { traceMethod: 'callTracer' }, () => {});
      const parity = await fetchBlockBundle(rpc, n, { traceMethod: 'trace_block' }, () => {});
      const shape = (bundle: typeof geth) =>
        bundle!.traces!.map((frame, i) => {
          const { internals, deployments } = decodeTraces(31337n, n, bundle!.block.transactions[i]!.hash, frame);
          return { internals: internals.map(({ gasLimit, gasUsed, ...rest }) => rest), deployments };
        });
      expect(shape(parity)).toEqual(shape(geth));
      expect(geth!.traces!.length).toBeGreaterThan(10);
    }
  });
});

describe('reorg', () => {
  test("a reorged block's rows are gone after the next block, and balances and owners are back to the common ancestor", async () => {
    const [a, b] = [accounts[5]!, accounts[6]!];
    const newcomer = '0x00000000000000000000000000000000000c0ffe'; // holds no token before the reorged block
    const before = (await ethCall(contracts.token[0]!, 'Token20', 'balanceOf', [a])) as bigint;
    const hashes = await mineBlock(anvil, [
      {
        from: a,
        to: contracts.token[0],
        gas: '0x30000',
        data: encodeFunctionData({ abi: artifacts.Token20!.abi as Abi, functionName: 'transfer', args: [b, 12345n] }),
      },
      {
        from: a,
        to: contracts.token[0],
        gas: '0x30000',
        data: encodeFunctionData({
          abi: artifacts.Token20!.abi as Abi,
          functionName: 'transfer',
          args: [newcomer, 5n],
        }),
      },
      {
        from: a,
        to: contracts.nft,
        gas: '0x30000',
        data: encodeFunctionData({ abi: artifacts.Nft721!.abi as Abi, functionName: 'mint', args: [b, 999_999n] }),
      },
    ]);
    await indexOnce(db, anvilConfig(anvil.url));
    expect(await db.query('SELECT 1 FROM evm_transaction WHERE tx_hash = ANY($1)', [hashes])).toHaveLength(3);
    expect(
      await db.query('SELECT 1 FROM erc20_balance WHERE chain_id = 31337 AND holder = $1', [newcomer]),
    ).toHaveLength(1);
    expect(
      await db.query(`SELECT 1 FROM evm_nft_token WHERE address = $1 AND token_id = 999999`, [contracts.nft]),
    ).toHaveLength(1);
    // Replace the last block with an empty one (the transactions go back to the pool; drop them), then a new block on top.
    await anvil.rpc('anvil_reorg', [1, []]);
    await anvil.rpc('anvil_dropAllTransactions').catch(() => undefined);
    await anvil.rpc('evm_mine');
    await indexOnce(db, anvilConfig(anvil.url));
    expect(await db.query('SELECT 1 FROM evm_transaction WHERE tx_hash = ANY($1)', [hashes])).toHaveLength(0);
    expect(await db.query('SELECT 1 FROM evm_token_transfer WHERE tx_hash = ANY($1)', [hashes])).toHaveLength(0);
    expect(
      await db.query(`SELECT 1 FROM evm_nft_token WHERE address = $1 AND token_id = 999999`, [contracts.nft]),
    ).toHaveLength(0);
    const head = BigInt(await anvil.rpc('eth_blockNumber'));
    const chainBlocks = await anvil.batch<any>(
      [head - 2n, head - 1n, head].map((n) => ({
        method: 'eth_getBlockByNumber',
        params: [`0x${n.toString(16)}`, false],
      })),
    );
    const stored = await db.query<{ hash: string }>(
      'SELECT hash FROM evm_block WHERE chain_id = 31337 AND number >= $1 ORDER BY number',
      [(head - 2n).toString()],
    );
    expect(stored.map((s) => s.hash)).toEqual(chainBlocks.map((blk) => blk.hash));
    const [balance] = await db.query<{ balance: string }>(
      'SELECT balance::text AS balance FROM erc20_balance_change WHERE chain_id = 31337 AND token_address = $1 AND holder = $2 ORDER BY block_number DESC LIMIT 1',
      [contracts.token[0], a],
    );
    expect(BigInt(balance!.balance)).toBe(before);
    expect(await ethCall(contracts.token[0]!, 'Token20', 'balanceOf', [a])).toBe(before);
    // The current balances went back too: the sender's to its balance before, the first-time holder's row is gone.
    const current = await db.query<{ holder: string; balance: string }>(
      'SELECT holder, balance::text AS balance FROM erc20_balance WHERE chain_id = 31337 AND token_address = $1 AND holder = ANY($2) ORDER BY holder',
      [contracts.token[0], [a, newcomer]],
    );
    expect(current).toEqual([{ holder: a, balance: before.toString() }]);
  }, 120_000);

  test('a reorg that only replaces the head block is undone at the head, without waiting for a new block', async () => {
    const [a, b] = [accounts[7]!, accounts[8]!];
    const hashes = await mineBlock(anvil, [
      {
        from: a,
        to: contracts.token[0],
        gas: '0x30000',
        data: encodeFunctionData({ abi: artifacts.Token20!.abi as Abi, functionName: 'transfer', args: [b, 777n] }),
      },
    ]);
    await indexOnce(db, anvilConfig(anvil.url));
    expect(await db.query('SELECT 1 FROM evm_transaction WHERE tx_hash = ANY($1)', [hashes])).toHaveLength(1);
    const height = BigInt(await anvil.rpc('eth_blockNumber'));
    await anvil.rpc('anvil_reorg', [1, []]);
    await anvil.rpc('anvil_dropAllTransactions').catch(() => undefined);
    expect(BigInt(await anvil.rpc('eth_blockNumber'))).toBe(height); // same height, another block
    await indexOnce(db, anvilConfig(anvil.url));
    expect(await db.query('SELECT 1 FROM evm_transaction WHERE tx_hash = ANY($1)', [hashes])).toHaveLength(0);
    expect(
      await db.query('SELECT 1 FROM erc20_balance_change WHERE chain_id = 31337 AND block_number = $1', [
        height.toString(),
      ]),
    ).toHaveLength(0);
    const node = await anvil.rpc<{ hash: string }>('eth_getBlockByNumber', [`0x${height.toString(16)}`, false]);
    const [stored] = await db.query<{ hash: string }>(
      'SELECT hash FROM evm_block WHERE chain_id = 31337 AND number = $1',
      [height.toString()],
    );
    expect(stored!.hash).toBe(node.hash);
    const [cursor] = await db.query<{ height: bigint; block_hash: string }>(
      `SELECT height, block_hash FROM sync_state WHERE chain_key = 'evm:31337'`,
    );
    expect(cursor).toEqual({ height, block_hash: node.hash });
  }, 120_000);
});

describe('EVM balances (getNativeBalance, listErc721Balances, listErc1155Balances, listCollectibleBalances)', () => {
  /** A view function's answer at a block of the chain (anvil keeps every block's state). */
  const ethCallAt = async (to: string, name: string, fn: string, args: unknown[], block: bigint) => {
    const abi = artifacts[name]!.abi as Abi;
    const data = encodeFunctionData({ abi, functionName: fn, args });
    const tag = `0x${block.toString(16)}`;
    return decodeFunctionResult({ abi, functionName: fn, data: await anvil.rpc('eth_call', [{ to, data }, tag]) });
  };
  const list = async (path: string, member: string) => {
    const { status, body } = await service.request(path);
    expect([path, status]).toEqual([path, 200]);
    expect(body.nextPageToken).toBeUndefined();
    return body[member] as any[];
  };
  /** The token IDs the chain's transfers ever named for a collection (what ownerOf/balanceOf are asked about). */
  const tokenIds = async (address: string) =>
    (
      await db.query<{ token_id: string }>(
        'SELECT DISTINCT token_id::text FROM evm_token_transfer WHERE chain_id = 31337 AND token_address = $1 ORDER BY 1',
        [address],
      )
    ).map((r) => BigInt(r.token_id));

  test('ERC-721 holdings equal ownerOf at the head: each account lists exactly the tokens it owns', async () => {
    const owners = new Map<string, bigint[]>();
    for (const id of await tokenIds(contracts.nft)) {
      const owner = ((await ethCall(contracts.nft, 'Nft721', 'ownerOf', [id])) as string).toLowerCase();
      owners.set(owner, [...(owners.get(owner) ?? []), id]);
    }
    expect([...owners.values()].flat().length).toBeGreaterThan(50);
    for (const account of accounts) {
      const items = await list(
        `/v1/chains/31337/addresses/${account}/balances:listErc721?pageSize=500`,
        'erc721TokenBalances',
      );
      expect(items.map((i) => [i.address, BigInt(i.tokenId)])).toEqual(
        (owners.get(account) ?? []).sort((a, b) => (a < b ? -1 : 1)).map((id) => [contracts.nft, id]),
      );
      expect(items.every((i) => i.ownerAddress === account && i.name === 'Test Nft' && i.symbol === 'TNFT')).toBe(true);
    }
  });

  test('ERC-1155 balances equal balanceOf at the head and at a past block; the collectible list holds both kinds', async () => {
    const head = BigInt(await anvil.rpc('eth_blockNumber'));
    const ids = await tokenIds(contracts.multi);
    expect(ids.length).toBeGreaterThanOrEqual(3);
    let held = 0;
    for (const block of [head, head / 2n, 3n]) {
      for (const account of accounts) {
        const query = block === head ? '' : `&blockNumber=${block}`;
        const items = await list(
          `/v1/chains/31337/addresses/${account}/balances:listErc1155?pageSize=500${query}`,
          'erc1155TokenBalances',
        );
        const expected: [string, string, string][] = [];
        for (const id of ids) {
          const balance = (await ethCallAt(contracts.multi, 'Multi1155', 'balanceOf', [account, id], block)) as bigint;
          if (balance > 0n) expected.push([contracts.multi, id.toString(), balance.toString()]);
        }
        held += expected.length;
        expect([block, account, items.map((i) => [i.address, i.tokenId, i.balance])]).toEqual([
          block,
          account,
          expected,
        ]);
      }
    }
    expect(held).toBeGreaterThan(20);
    const both = await list(
      `/v1/chains/31337/addresses/${accounts[1]}/balances:listCollectibles?pageSize=500`,
      'collectibleBalances',
    );
    const single = [
      ...(await list(
        `/v1/chains/31337/addresses/${accounts[1]}/balances:listErc721?pageSize=500`,
        'erc721TokenBalances',
      )),
      ...(await list(
        `/v1/chains/31337/addresses/${accounts[1]}/balances:listErc1155?pageSize=500`,
        'erc1155TokenBalances',
      )),
    ].sort((a, b) =>
      a.address !== b.address ? (a.address < b.address ? -1 : 1) : BigInt(a.tokenId) < BigInt(b.tokenId) ? -1 : 1,
    );
    expect(both).toEqual(single);
  });

  test('the native balance equals eth_getBalance at the head and at a past block', async () => {
    const head = BigInt(await anvil.rpc('eth_blockNumber'));
    for (const block of [head, head / 2n]) {
      const chain = await anvil.batch<string>(
        accounts.map((a) => ({ method: 'eth_getBalance', params: [a, `0x${block.toString(16)}`] })),
      );
      for (const [i, account] of accounts.entries()) {
        const query = block === head ? '' : `?blockNumber=${block}`;
        const { status, body } = await service.request(
          `/v1/chains/31337/addresses/${account}/balances:getNative${query}`,
        );
        expect(status).toBe(200);
        expect([account, block, body.nativeTokenBalance.balance]).toEqual([
          account,
          block,
          BigInt(chain[i]!).toString(),
        ]);
      }
    }
  });

  test('a reorg restores the ERC-1155 balances of the common ancestor, and a holding made above it goes', async () => {
    const [a, b] = [accounts[9]!, accounts[10]!];
    const newcomer = '0x00000000000000000000000000000000000c0ff1';
    const balancesOf = async (holder: string) =>
      (
        await db.query<{ token_id: string; balance: string }>(
          'SELECT token_id::text, balance::text FROM erc1155_balance WHERE chain_id = 31337 AND holder = $1 AND token_address = $2 ORDER BY token_id',
          [holder, contracts.multi],
        )
      ).map((r) => [r.token_id, r.balance]);
    const before = [await balancesOf(a), await balancesOf(b)];
    const abi = artifacts.Multi1155!.abi as Abi;
    const hashes = await mineBlock(anvil, [
      {
        from: a,
        to: contracts.multi,
        gas: '0x40000',
        data: encodeFunctionData({ abi, functionName: 'mintBatch', args: [a, [4n, 5n], [7n, 8n]] }),
      },
      {
        from: a,
        to: contracts.multi,
        gas: '0x40000',
        data: encodeFunctionData({ abi, functionName: 'mint', args: [newcomer, 2n, 3n] }),
      },
      {
        from: a,
        to: contracts.multi,
        gas: '0x40000',
        data: encodeFunctionData({ abi, functionName: 'safeTransferFrom', args: [a, b, 4n, 2n, '0x'] }),
      },
    ]);
    await indexOnce(db, anvilConfig(anvil.url));
    expect(await db.query('SELECT 1 FROM evm_transaction WHERE tx_hash = ANY($1)', [hashes])).toHaveLength(3);
    expect(await balancesOf(newcomer)).toEqual([['2', '3']]);
    expect(await balancesOf(a)).not.toEqual(before[0]);
    await anvil.rpc('anvil_reorg', [1, []]);
    await anvil.rpc('anvil_dropAllTransactions').catch(() => undefined);
    await anvil.rpc('evm_mine');
    await indexOnce(db, anvilConfig(anvil.url));
    expect([await balancesOf(a), await balancesOf(b)]).toEqual(before);
    expect(await balancesOf(newcomer)).toEqual([]);
    for (const [holder, rows] of [
      [a, before[0]!],
      [b, before[1]!],
    ] as const) {
      for (const [id, balance] of rows)
        expect(await ethCall(contracts.multi, 'Multi1155', 'balanceOf', [holder, BigInt(id)])).toBe(BigInt(balance));
    }
  }, 120_000);
});

describe("an address's transaction list", () => {
  /** An item as compared: the transaction and the address's transfers and listed internal calls in it. */
  type Item = { txHash: string; erc20: string[]; erc721: string[]; erc1155: string[]; internals: string[] };

  /**
   * What the node says an address took part in: every transaction it sent or received (blocks),
   * every ERC-20/721/1155 transfer it sent or received (eth_getLogs, decoded with the contracts'
   * ABIs) and every internal call it made or received that the list names (callTracer frames below
   * the top-level call: CALL and CALLCODE with value, CREATE and CREATE2), newest first.
   */
  let node: { blocks: any[]; traces: any[][]; logs: any[] } | undefined;
  async function fromTheNode(address: string): Promise<Item[]> {
    if (!node) {
      const head = Number(BigInt(await anvil.rpc('eth_blockNumber')));
      const numbers = Array.from({ length: head + 1 }, (_, n) => `0x${n.toString(16)}`);
      node = {
        blocks: await anvil.batch<any>(numbers.map((n) => ({ method: 'eth_getBlockByNumber', params: [n, true] }))),
        traces: await anvil.batch<any[]>(
          numbers.map((n) => ({ method: 'debug_traceBlockByNumber', params: [n, { tracer: 'callTracer' }] })),
        ),
        logs: await anvil.rpc<any[]>('eth_getLogs', [{ fromBlock: '0x0', toBlock: 'latest' }]),
      };
    }
    const { blocks, traces, logs } = node;
    const items = new Map<string, Item & { at: [number, number] }>();
    const item = (hash: string, at: [number, number]) => {
      if (!items.has(hash)) items.set(hash, { txHash: hash, erc20: [], erc721: [], erc1155: [], internals: [], at });
      return items.get(hash)!;
    };
    const position = new Map<string, [number, number]>();
    for (const block of blocks)
      for (const tx of block.transactions) {
        const at: [number, number] = [Number(BigInt(block.number)), Number(BigInt(tx.transactionIndex))];
        position.set(tx.hash, at);
        if (tx.from.toLowerCase() === address || tx.to?.toLowerCase() === address) item(tx.hash, at);
      }
    for (const log of logs) {
      const token = log.address.toLowerCase();
      const name = contracts.token.includes(token)
        ? 'Token20'
        : token === contracts.nft
          ? 'Nft721'
          : token === contracts.multi
            ? 'Multi1155'
            : null;
      if (!name) continue;
      const event = decodeEventLog({ abi: artifacts[name]!.abi as Abi, data: log.data, topics: log.topics }) as {
        eventName: string;
        args: any;
      };
      if (!['Transfer', 'TransferSingle', 'TransferBatch'].includes(event.eventName)) continue;
      if (event.args.from.toLowerCase() !== address && event.args.to.toLowerCase() !== address) continue;
      const own = item(log.transactionHash, position.get(log.transactionHash)!);
      const logIndex = Number(BigInt(log.logIndex));
      if (name === 'Token20') own.erc20.push(`${logIndex}:${event.args.value}`);
      else if (name === 'Nft721') own.erc721.push(`${logIndex}:${event.args.tokenId}`);
      else if (event.eventName === 'TransferSingle') own.erc1155.push(`${logIndex}:${event.args.id}`);
      else for (const id of event.args.ids as bigint[]) own.erc1155.push(`${logIndex}:${id}`);
    }
    const listed = (frame: any) =>
      ['CREATE', 'CREATE2'].includes(frame.type) ||
      (['CALL', 'CALLCODE'].includes(frame.type) && BigInt(frame.value ?? '0x0') > 0n);
    for (const blockTraces of traces)
      for (const { txHash, result } of blockTraces) {
        const walk = (frame: any) => {
          for (const call of frame.calls ?? []) {
            const [from, to] = [call.from.toLowerCase(), call.to?.toLowerCase()];
            if (listed(call) && (from === address || to === address))
              item(txHash, position.get(txHash)!).internals.push(`${call.type}:${BigInt(call.value ?? '0x0')}`);
            walk(call);
          }
        };
        walk(result);
      }
    return [...items.values()]
      .sort((x, y) => y.at[0] - x.at[0] || y.at[1] - x.at[1])
      .map(({ at: _at, ...rest }) => rest);
  }

  /** Every page of the served list, as {@link Item}s. */
  async function served(address: string): Promise<Item[]> {
    const items: Item[] = [];
    let token: string | undefined;
    do {
      const query = `pageSize=100${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`;
      const { status, body } = await service.request(`/v1/chains/31337/addresses/${address}/transactions?${query}`);
      expect(status).toBe(200);
      for (const t of body.transactions)
        items.push({
          txHash: t.nativeTransaction.txHash,
          erc20: t.erc20Transfers.map((x: any) => `${x.logIndex}:${x.value}`),
          erc721: t.erc721Transfers.map((x: any) => `${x.logIndex}:${x.erc721Token.tokenId}`),
          erc1155: t.erc1155Transfers.map((x: any) => `${x.logIndex}:${x.erc1155Token.tokenId}`),
          internals: t.internalTransactions.map((x: any) => `${x.internalTxType}:${x.value}`),
        });
      token = body.nextPageToken;
    } while (token);
    return items;
  }

  test('equals what the node says: every transaction it sent or received, every transfer and internal call it appears in', async () => {
    // An account (sends, receives tokens and NFTs) and the forwarder (receives calls, pays value on inside calls).
    const [account, forwarder] = [await fromTheNode(accounts[1]!), await fromTheNode(contracts.forwarder)];
    expect(account.some((t) => t.erc20.length > 0) && account.some((t) => t.erc721.length + t.erc1155.length > 0)).toBe(
      true,
    );
    expect(forwarder.some((t) => t.internals.length > 0)).toBe(true);
    expect(await served(accounts[1]!)).toEqual(account);
    expect(await served(contracts.forwarder)).toEqual(forwarder);
  }, 400_000);
});
