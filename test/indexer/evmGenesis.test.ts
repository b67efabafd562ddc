// Addresses funded at genesis and idle since: the EVM indexer writes the genesis `alloc` as block 0's
// native balances, from the config's genesisFile or from the genesis the primary-network data holds
// for the chain, and the REST native balance (4.12 nativeTokenBalance) equals the node's eth_getBalance.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Database } from '../../prisma/database';
import { insertRows } from '../../prisma/write';
import { parseIndexerConfig } from '../../indexer/config/readIndexerConfig';
import { startAnvil, type Anvil } from '../../bench/indexer/startAnvil';
import { setupTestDatabase, teardown } from '../setup/database';
import { startTestService } from '../setup/service';
import { anvilConfig, indexOnce } from './support/indexOnce';

const IDLE = '0x00000000000000000000000000000000000000a1';
const ALSO_IDLE = '0x00000000000000000000000000000000000000b2';
const RECEIVES = '0x00000000000000000000000000000000000000c3';
// Keys as genesis files write them: no 0x, mixed case; balances in hex and in decimal.
const genesis = {
  config: { chainId: 31337 },
  gasLimit: '0x3B9ACA00',
  difficulty: '0x0',
  timestamp: '0x0',
  alloc: {
    '00000000000000000000000000000000000000A1': { balance: '0x3635C9ADC5DEA00000' },
    [ALSO_IDLE]: { balance: '12345' },
    [RECEIVES]: { balance: '0x10' },
    '0x00000000000000000000000000000000000000d4': { balance: '0x0', code: '0x00' }, // no balance: no row
  },
};

let folder: string;
let genesisFile: string;
let anvil: Anvil;

beforeAll(async () => {
  folder = mkdtempSync(path.join(tmpdir(), 'evm-genesis-'));
  genesisFile = path.join(folder, 'genesis.json');
  writeFileSync(genesisFile, JSON.stringify(genesis));
  anvil = await startAnvil({ args: ['--init', genesisFile] });
  const [from] = await anvil.rpc<string[]>('eth_accounts');
  await anvil.rpc('eth_sendTransaction', [{ from, to: RECEIVES, value: '0x5' }]);
  await anvil.rpc('evm_mine');
}, 60_000);
afterAll(async () => {
  await anvil?.stop();
  rmSync(folder, { recursive: true, force: true });
});

/** Each address's native balance through REST beside eth_getBalance at the head. */
async function restAndNode(db: Database): Promise<{ rest: Record<string, string>; node: Record<string, string> }> {
  const service = await startTestService(db);
  try {
    const rest: Record<string, string> = {};
    const node: Record<string, string> = {};
    for (const address of [IDLE, ALSO_IDLE, RECEIVES]) {
      const { status, body } = await service.request(`/v1/chains/31337/addresses/${address}/balances:listErc20`);
      expect(status).toBe(200);
      rest[address] = (body as { nativeTokenBalance: { balance: string } }).nativeTokenBalance.balance;
      node[address] = BigInt(await anvil.rpc<string>('eth_getBalance', [address, 'latest'])).toString();
    }
    return { rest, node };
  } finally {
    await service.close();
  }
}

describe('genesis balances of an EVM chain', () => {
  test('genesisFile: addresses funded at genesis and idle since have their balance; a later transfer moves on from it', async () => {
    const db = await setupTestDatabase();
    try {
      await indexOnce(db, anvilConfig(anvil.url, { genesisFile }));
      const { rest, node } = await restAndNode(db);
      expect(rest).toEqual(node);
      expect(node[IDLE]).toBe((10n ** 21n).toString()); // 0x3635C9ADC5DEA00000 = 1,000 ETH
      expect(node[RECEIVES]).toBe('21'); // 0x10 + 5
      const atGenesis = await db.query<{ address: string; balance: string }>(
        'SELECT address, balance::text AS balance FROM native_balance_change WHERE chain_id = 31337 AND block_number = 0 AND address = ANY($1) ORDER BY address',
        [[IDLE, ALSO_IDLE, RECEIVES]],
      );
      expect(atGenesis).toEqual([
        { address: IDLE, balance: '1000000000000000000000' },
        { address: ALSO_IDLE, balance: '12345' },
        { address: RECEIVES, balance: '16' },
      ]);
    } finally {
      await teardown(db);
    }
  }, 120_000);

  test('without genesisFile, the genesis the primary-network data holds for the chain is used', async () => {
    const db = await setupTestDatabase();
    try {
      const subnetId = '2bRCr6B4MiEfSjidDwxDpdCyviwnfUVqB2HGwhm947w9YYqb7r';
      const blockchainId = '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5';
      await insertRows(db, 'Subnet', [
        {
          network: 'FUJI',
          subnetId,
          createBlockTimestamp: 1n,
          createBlockIndex: 1n,
          ownerAddresses: [],
          threshold: 1,
          locktime: 0n,
        },
      ]);
      await insertRows(db, 'Blockchain', [
        {
          network: 'FUJI',
          blockchainId,
          subnetId,
          createBlockTimestamp: 1n,
          createBlockNumber: 1n,
          vmId: 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy',
          blockchainName: 'Genesis L1',
          evmChainId: 31337n,
          genesisData: genesis,
        },
      ]);
      await indexOnce(db, anvilConfig(anvil.url));
      const { rest, node } = await restAndNode(db);
      expect(rest).toEqual(node);
    } finally {
      await teardown(db);
    }
  }, 120_000);

  test('error: a genesisFile whose alloc is not addresses and amounts is refused at start', () => {
    const bad = path.join(folder, 'bad.json');
    writeFileSync(bad, JSON.stringify({ alloc: { '0x12': { balance: '1' } } }));
    expect(() =>
      parseIndexerConfig(
        JSON.stringify({ evm: [{ chainId: 1, rpcUrl: 'http://127.0.0.1:1', network: 'fuji', genesisFile: bad }] }),
      ),
    ).toThrow(`Validation failed: evm[0].genesisFile: ${bad}: alloc key "0x12" is not an address`);
    writeFileSync(bad, JSON.stringify({ alloc: { [IDLE]: { balance: '-1' } } }));
    expect(() =>
      parseIndexerConfig(
        JSON.stringify({ evm: [{ chainId: 1, rpcUrl: 'http://127.0.0.1:1', network: 'fuji', genesisFile: bad }] }),
      ),
    ).toThrow('is not a hex or decimal amount');
    expect(() =>
      parseIndexerConfig(
        JSON.stringify({
          evm: [
            {
              chainId: 1,
              rpcUrl: 'http://127.0.0.1:1',
              network: 'fuji',
              genesisFile: path.join(folder, 'missing.json'),
            },
          ],
        }),
      ),
    ).toThrow('cannot be read (ENOENT), expected a readable genesis JSON file');
  });
});
