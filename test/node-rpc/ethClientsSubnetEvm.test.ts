// Client compatibility, subnet-evm's own methods (ethClientsFixture.ts CLIENT_TEST_METHODS.subnetEvm)
// on the demo L1s, through viem's and ethers v6's generic request: both parse the answers, and the
// values equal what the index holds (the L1s' genesis, precompile upgrades and fee manager events).
import { keccak_256 } from '@noble/hashes/sha3.js';
import {
  CLIENT_TEST_METHODS,
  SEEDED_DATABASE_TIMEOUT_MS,
  expectCalledAndChecked,
  openEthClients,
  type EthClients,
} from './ethClientsFixture';

let f: EthClients;
const q = (sql: string, params: unknown[] = []) => f.db.query<any>(sql, params.map(String));
const l1s = () => f.chains.filter((c) => c.chainId === 737373n || c.chainId === 202611n);
const FEE_TUPLE = '(uint256,uint256,uint256,uint256,uint256,uint256,uint256,uint256)';

beforeAll(async () => {
  f = await openEthClients();
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(() => f?.close());
afterEach(() =>
  expect({ viem: f.viemLog.violations, ethers: f.ethersLog.violations }).toEqual({ viem: [], ethers: [] }),
);

describe('eth_feeConfig', () => {
  test("an L1's fee config: the genesis one, or a fee manager upgrade's initial one from its first block, or the last FeeConfigChanged's", async () => {
    const topic = `0x${Buffer.from(keccak_256(new TextEncoder().encode(`FeeConfigChanged(address,${FEE_TUPLE},${FEE_TUPLE})`))).toString('hex')}`;
    for (const chain of l1s()) {
      const [{ genesis_data: genesis, blockchain_id: id }] = await q(
        'SELECT genesis_data, blockchain_id FROM blockchain WHERE evm_chain_id = $1',
        [chain.chainId],
      );
      const [{ timestamp: headTime }] = await q('SELECT timestamp FROM evm_block WHERE chain_id = $1 AND number = $2', [
        chain.chainId,
        chain.head,
      ]);
      const [upgrade] = await q(
        "SELECT block_timestamp, disable, config FROM precompile_upgrade WHERE blockchain_id = $1 AND precompile_name = 'feeManagerConfig' AND block_timestamp <= $2 ORDER BY position DESC LIMIT 1",
        [id, headTime],
      );
      let expected = { feeConfig: genesis.config.feeConfig as Record<string, number>, lastChangedAt: 0 };
      if (upgrade && !upgrade.disable) {
        const [{ number }] = await q(
          'SELECT number FROM evm_block WHERE chain_id = $1 AND timestamp >= $2 ORDER BY number LIMIT 1',
          [chain.chainId, upgrade.block_timestamp],
        );
        expected = { feeConfig: upgrade.config.initialFeeConfig ?? expected.feeConfig, lastChangedAt: Number(number) };
      }
      const [change] = await q(
        'SELECT block_number, data FROM evm_log WHERE chain_id = $1 AND address = $2 AND topic0 = $3 AND block_number >= $4 ORDER BY block_number DESC, log_index DESC LIMIT 1',
        [chain.chainId, '0x0200000000000000000000000000000000000003', topic, expected.lastChangedAt],
      );
      // data = abi.encode(oldFeeConfig, newFeeConfig): the new config is words 8-15, in FeeConfig's field order.
      const word = (i: number) => Number(BigInt(`0x${(change.data as string).slice(2 + i * 64, 2 + i * 64 + 64)}`));
      if (change)
        expected = {
          feeConfig: Object.fromEntries(Object.keys(expected.feeConfig).map((field, i) => [field, word(8 + i)])),
          lastChangedAt: Number(change.block_number),
        };
      expect([
        await chain.viem.request({ method: 'eth_feeConfig' as never }),
        await chain.ethers.send('eth_feeConfig', []),
      ]).toEqual([expected, expected]);
    }
  });
});

describe('eth_getChainConfig', () => {
  test('the genesis chain ID and fee config', async () => {
    for (const chain of l1s()) {
      const [{ genesis_data: genesis }] = await q('SELECT genesis_data FROM blockchain WHERE evm_chain_id = $1', [
        chain.chainId,
      ]);
      for (const config of [
        await chain.viem.request({ method: 'eth_getChainConfig' as never }),
        await chain.ethers.send('eth_getChainConfig', []),
      ] as any[]) {
        expect([config.chainId, config.feeConfig]).toEqual([Number(chain.chainId), genesis.config.feeConfig]);
      }
    }
  });
});

describe('eth_getActivePrecompilesAt', () => {
  test('at the first block: the genesis precompile configs active by then, with their activation times', async () => {
    for (const chain of l1s()) {
      const [{ genesis_data: genesis }] = await q('SELECT genesis_data FROM blockchain WHERE evm_chain_id = $1', [
        chain.chainId,
      ]);
      const [{ timestamp }] = await q('SELECT timestamp FROM evm_block WHERE chain_id = $1 AND number = $2', [
        chain.chainId,
        chain.first,
      ]);
      const upgrades = await q(
        'SELECT count(*) AS n FROM precompile_upgrade u JOIN blockchain b ON b.blockchain_id = u.blockchain_id WHERE b.evm_chain_id = $1 AND u.block_timestamp <= $2',
        [chain.chainId, timestamp],
      );
      expect(Number(upgrades[0].n)).toBe(0);
      const expected = Object.fromEntries(
        Object.entries(genesis.config as Record<string, any>)
          .filter(
            ([key, value]) =>
              key.endsWith('Config') && key !== 'feeConfig' && value.blockTimestamp <= Number(timestamp),
          )
          .map(([key, value]) => [key, value.blockTimestamp]),
      );
      for (const active of [
        await chain.viem.request({
          method: 'eth_getActivePrecompilesAt' as never,
          params: [Number(timestamp)] as never,
        }),
        await chain.ethers.send('eth_getActivePrecompilesAt', [Number(timestamp)]),
      ] as any[]) {
        expect(
          Object.fromEntries(Object.entries(active).map(([key, value]: [string, any]) => [key, value.blockTimestamp])),
        ).toEqual(expected);
      }
    }
  });
});

describe('eth_getActiveRulesAt', () => {
  test('at the head: the upgrades the demo chains have and the active precompiles with their times', async () => {
    for (const chain of l1s()) {
      const [{ timestamp }] = await q('SELECT timestamp FROM evm_block WHERE chain_id = $1 AND number = $2', [
        chain.chainId,
        chain.head,
      ]);
      const active: any = await chain.ethers.send('eth_getActivePrecompilesAt', [Number(timestamp)]);
      for (const rules of [
        await chain.viem.request({ method: 'eth_getActiveRulesAt' as never }),
        await chain.ethers.send('eth_getActiveRulesAt', []),
      ] as any[]) {
        expect(rules.avalancheRules).toMatchObject({
          IsSubnetEVM: true,
          IsDurango: true,
          IsEtna: true,
          IsGranite: true,
        });
        expect(rules.precompiles).toEqual(
          Object.fromEntries(
            Object.entries(active).map(([key, value]: [string, any]) => [key, { timestamp: value.blockTimestamp }]),
          ),
        );
      }
    }
  });
});

describe('the methods of this file', () => {
  test('were called through both clients, and each result of a method execution-apis defines was checked', () =>
    expectCalledAndChecked(f, CLIENT_TEST_METHODS.subnetEvm));
});
