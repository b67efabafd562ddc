// subnet-evm's own methods (spec 4.2; node-rpc-behaviour note section 5) from a hand-made chain whose
// fee manager is configured in the genesis, disabled, enabled again with an initial config and then
// changed by setFeeConfig; plus eth_getBalance and eth_getLogs' limits and errors.
import { createPublicClient } from 'viem';
import type { Database } from '../../prisma/database';
import { setupTestDatabase, teardown } from '../setup/database';
import { startTestService, type TestService } from '../setup/service';
import { definesMethod } from '../support/executionApis';
import { conformingHttp, createConformanceLog, expectConforms } from './conformance';
import { call, send } from './http';
import { insertMiniChains, MINI } from './miniChains';

let db: Database;
let service: TestService;
let rpc: string;
const { l1 } = MINI;
const time = (block: number) => l1.genesisTime + 10 * block;
const hex = (n: number | bigint) => `0x${n.toString(16)}`;
/** A call's answer; a result of a method execution-apis defines (eth_getBalance, eth_getLogs) is checked against it. */
const request = async (method: string, params: unknown[] = [], url = rpc) => {
  const answer = (await send(url, { body: call(method, params) })).json;
  if (answer.result !== undefined && definesMethod(method)) expectConforms(method, answer.result);
  return answer;
};
const conformance = createConformanceLog();

/** The genesis fee config (minBaseFee above 2^53), the upgrade's initial one, and the one set in block 5. */
const GENESIS_FEES = {
  gasLimit: 8_000_000,
  targetBlockRate: 2,
  minBaseFee: l1.bigMinBaseFee,
  targetGas: 15_000_000,
  baseFeeChangeDenominator: 36,
  minBlockGasCost: 0,
  maxBlockGasCost: 1_000_000,
  blockGasCostStep: 200_000,
};
const INITIAL_FEES = { ...GENESIS_FEES, minBaseFee: 5_000_000_000 };
const [
  gasLimit,
  targetBlockRate,
  minBaseFee,
  targetGas,
  baseFeeChangeDenominator,
  minBlockGasCost,
  maxBlockGasCost,
  blockGasCostStep,
] = l1.changedFees.map(Number);
const CHANGED_FEES = {
  gasLimit,
  targetBlockRate,
  minBaseFee,
  targetGas,
  baseFeeChangeDenominator,
  minBlockGasCost,
  maxBlockGasCost,
  blockGasCostStep,
};
/** The fee config as JSON text: member order of commontype.FeeConfig, numbers exact. */
const feesText = (fees: Record<string, number | bigint>) =>
  `{${Object.entries(fees)
    .map(([k, v]) => `"${k}":${v}`)
    .join(',')}}`;

beforeAll(async () => {
  db = await setupTestDatabase();
  await insertMiniChains(db);
  service = await startTestService(db, { nodeRpc: { logsMaxBlocks: 4, logsMaxResults: 5 } });
  rpc = `${service.base}/ext/bc/${l1.blockchainId}/rpc`;
});
afterEach(() => expect(conformance.violations).toEqual([]));
afterAll(async () => {
  await service?.close();
  await teardown(db);
});

describe('eth_feeConfig', () => {
  test('defaults to the head; lastChangedAt is the block of the last FeeConfigChanged', async () => {
    for (const params of [[], [null], ['latest'], ['accepted'], [hex(6)], [{ blockNumber: hex(6) }]]) {
      const answer = await send(rpc, { body: call('eth_feeConfig', params) });
      expect(answer.text).toBe(
        `{"jsonrpc":"2.0","id":1,"result":{"feeConfig":${feesText(CHANGED_FEES)},"lastChangedAt":5}}\n`,
      );
    }
  });

  test('follows the fee manager through the blocks: genesis, disabled, enabled with its initial config, changed', async () => {
    const expected: [number, string, number][] = [
      [1, feesText(GENESIS_FEES), 0],
      [2, feesText(GENESIS_FEES), 0],
      [3, feesText(GENESIS_FEES), 0],
      [4, feesText(INITIAL_FEES), 4],
      [5, feesText(CHANGED_FEES), 5],
    ];
    for (const [block, fees, changed] of expected) {
      const byNumber = await send(rpc, { body: call('eth_feeConfig', [hex(block)]) });
      expect([block, byNumber.text]).toEqual([
        block,
        `{"jsonrpc":"2.0","id":1,"result":{"feeConfig":${fees},"lastChangedAt":${changed}}}\n`,
      ]);
      const byHash = await send(rpc, {
        body: call('eth_feeConfig', [{ blockHash: MINI.blockHash(l1.blockchainId, block) }]),
      });
      expect(byHash.text).toBe(byNumber.text);
    }
  });

  test('errors: unknown hash, neither block nor hash, a future block, a bare number', async () => {
    expect((await request('eth_feeConfig', [`0x${'ab'.repeat(32)}`])).error).toEqual({
      code: -32000,
      message: 'header for hash not found',
    });
    expect((await request('eth_feeConfig', [{}])).error).toEqual({
      code: -32000,
      message: 'invalid arguments; neither block nor hash specified',
    });
    expect((await request('eth_feeConfig', [hex(99)])).error).toEqual({
      code: -32000,
      message: 'cannot query unfinalized data',
    });
    expect((await request('eth_feeConfig', [16])).error).toEqual({
      code: -32602,
      message: 'invalid argument 0: json: cannot unmarshal number into Go value of type string',
    });
    expect(
      (await request('eth_feeConfig', [{ blockNumber: hex(1), blockHash: MINI.blockHash(l1.blockchainId, 1) }])).error,
    ).toEqual({
      code: -32602,
      message: 'invalid argument 0: cannot specify both BlockHash and BlockNumber, choose one or the other',
    });
  });
});

describe('eth_getChainConfig', () => {
  test("the genesis config with the network's upgrade times, keys sorted, upgrades last", async () => {
    const answer = await send(rpc, { body: call('eth_getChainConfig') });
    const config = answer.json.result;
    const admin = l1.admin;
    expect(config).toEqual({
      allowFeeRecipients: true,
      berlinBlock: 0,
      byzantiumBlock: 0,
      // Mainnet: Durango 2024-03-06, Etna 2024-12-16, Granite, Helicon unscheduled; Shanghai and Cancun follow Durango and Etna.
      cancunTime: 1_734_368_400,
      chainId: Number(l1.chainId),
      constantinopleBlock: 0,
      contractNativeMinterConfig: { adminAddresses: [admin], blockTimestamp: 0, initialMint: { [admin]: '0x3e8' } },
      durangoTimestamp: 1_709_740_800,
      eip150Block: 0,
      eip155Block: 0,
      eip158Block: 0,
      etnaTimestamp: 1_734_368_400,
      feeConfig: { ...GENESIS_FEES, minBaseFee: expect.any(Number) },
      feeManagerConfig: { adminAddresses: [admin], blockTimestamp: 0 },
      graniteTimestamp: 1_763_568_000,
      heliconTimestamp: 253_399_622_400,
      homesteadBlock: 0,
      istanbulBlock: 0,
      londonBlock: 0,
      muirGlacierBlock: 0,
      petersburgBlock: 0,
      shanghaiTime: 1_709_740_800,
      subnetEVMTimestamp: 0,
      warpConfig: { blockTimestamp: l1.genesisTime, quorumNumerator: 0, requirePrimaryNetworkSigners: false },
      upgrades: {
        precompileUpgrades: [
          { feeManagerConfig: { blockTimestamp: l1.feeManagerOff, disable: true } },
          {
            feeManagerConfig: {
              adminAddresses: [admin],
              blockTimestamp: l1.feeManagerOn,
              initialFeeConfig: INITIAL_FEES,
            },
          },
        ],
      },
    });
    const keys = Object.keys(config);
    expect(keys.at(-1)).toBe('upgrades');
    expect(keys.slice(0, -1)).toEqual([...keys.slice(0, -1)].sort());
    expect(answer.text).toContain(`"feeConfig":${feesText(GENESIS_FEES)}`);
  });

  test('takes no argument', async () => {
    expect((await request('eth_getChainConfig', [{}])).error).toEqual({
      code: -32602,
      message: 'too many arguments, want at most 0',
    });
  });
});

describe('eth_getActivePrecompilesAt and eth_getActiveRulesAt', () => {
  const genesisFeeManager = { adminAddresses: [l1.admin], blockTimestamp: 0 };
  const minter = { adminAddresses: [l1.admin], blockTimestamp: 0, initialMint: { [l1.admin]: '0x3e8' } };
  const warp = { blockTimestamp: l1.genesisTime, quorumNumerator: 0, requirePrimaryNetworkSigners: false };

  test("the precompiles active at a time (disabled ones left out), by default at the head block's time", async () => {
    expect((await request('eth_getActivePrecompilesAt', [l1.genesisTime - 1])).result).toEqual({
      contractNativeMinterConfig: minter,
      feeManagerConfig: genesisFeeManager,
    });
    expect((await request('eth_getActivePrecompilesAt', [time(1)])).result).toEqual({
      contractNativeMinterConfig: minter,
      feeManagerConfig: genesisFeeManager,
      warpConfig: warp,
    });
    expect((await request('eth_getActivePrecompilesAt', [time(3)])).result).toEqual({
      contractNativeMinterConfig: minter,
      warpConfig: warp,
    });
    const reenabled = {
      contractNativeMinterConfig: minter,
      feeManagerConfig: { adminAddresses: [l1.admin], blockTimestamp: l1.feeManagerOn, initialFeeConfig: INITIAL_FEES },
      warpConfig: warp,
    };
    expect((await request('eth_getActivePrecompilesAt', [time(4)])).result).toEqual(reenabled);
    expect((await request('eth_getActivePrecompilesAt', [])).result).toEqual(reenabled);
    expect((await request('eth_getActivePrecompilesAt', [null])).result).toEqual(reenabled);
  });

  test('the rules: every eth rule at block 0 (merge on), the Avalanche upgrades by time, the active precompiles', async () => {
    const before = (await request('eth_getActiveRulesAt', [time(3)])).result;
    expect(before).toEqual({
      ethRules: {
        ChainID: Number(l1.chainId),
        IsHomestead: true,
        IsEIP150: true,
        IsEIP155: true,
        IsEIP158: true,
        IsByzantium: true,
        IsConstantinople: true,
        IsPetersburg: true,
        IsIstanbul: true,
        IsBerlin: true,
        IsLondon: true,
        IsMerge: true,
        IsShanghai: false,
        IsCancun: false,
        IsPrague: false,
        IsVerkle: false,
      },
      avalancheRules: {
        IsSubnetEVM: true,
        IsDurango: false,
        IsEtna: false,
        IsFortuna: false,
        IsGranite: false,
        IsHelicon: false,
      },
      precompiles: { contractNativeMinterConfig: { timestamp: 0 }, warpConfig: { timestamp: l1.genesisTime } },
    });
    const later = (await request('eth_getActiveRulesAt', [1_800_000_000])).result;
    expect(later.ethRules).toMatchObject({ IsShanghai: true, IsCancun: true, IsPrague: false });
    expect(later.avalancheRules).toEqual({
      IsSubnetEVM: true,
      IsDurango: true,
      IsEtna: true,
      IsFortuna: false,
      IsGranite: true,
      IsHelicon: false,
    });
    expect(later.precompiles).toEqual({
      contractNativeMinterConfig: { timestamp: 0 },
      feeManagerConfig: { timestamp: l1.feeManagerOn },
      warpConfig: { timestamp: l1.genesisTime },
    });
    expect((await request('eth_getActiveRulesAt', [])).result.precompiles.feeManagerConfig).toEqual({
      timestamp: l1.feeManagerOn,
    });
  });

  test('the time is a JSON number (uint64): hex strings, negatives and fractions are -32602', async () => {
    const cases: [unknown, string][] = [
      ['0x10', 'json: cannot unmarshal string into Go value of type uint64'],
      [-1, 'json: cannot unmarshal number -1 into Go value of type uint64'],
      [1.5, 'json: cannot unmarshal number 1.5 into Go value of type uint64'],
    ];
    for (const [value, message] of cases) {
      expect((await request('eth_getActivePrecompilesAt', [value])).error).toEqual({
        code: -32602,
        message: `invalid argument 0: ${message}`,
      });
    }
  });
});

describe('eth_getBalance', () => {
  const client = () => createPublicClient({ transport: conformingHttp(rpc, conformance) });

  test('the last change at or before the block; an untouched address is 0 on a chain indexed from genesis', async () => {
    expect(await client().getBalance({ address: l1.account as `0x${string}`, blockNumber: 2n })).toBe(5000n);
    expect(await client().getBalance({ address: l1.account as `0x${string}`, blockNumber: 3n })).toBe(4000n);
    expect(await client().getBalance({ address: l1.account as `0x${string}` })).toBe(4000n);
    expect(await client().getBalance({ address: '0x2222222222222222222222222222222222222222' })).toBe(0n);
  });

  test('on a chain indexed from a later block, an address without a change is unknown; so are blocks below the range', async () => {
    const cRpc = `${service.base}/ext/bc/C/rpc`;
    expect((await request('eth_getBalance', [l1.account, hex(102)], cRpc)).result).toBe(hex(777));
    expect((await request('eth_getBalance', [l1.account, hex(100)], cRpc)).error).toEqual({
      code: -32000,
      message: `the balance of ${l1.account} at block 100 is not in this service's index`,
    });
    expect((await request('eth_getBalance', [l1.account, hex(5)], cRpc)).error.message).toBe(
      "block 5 is not in this service's index",
    );
    expect((await request('eth_getBalance', [l1.account])).error).toEqual({
      code: -32602,
      message: 'missing value for required argument 1',
    });
    expect((await request('eth_getBalance', ['0x12', 'latest'])).error.message).toBe(
      'invalid argument 0: hex string has length 2, want 40 for common.Address',
    );
  });
});

describe('eth_getLogs limits and errors', () => {
  test("a range over the block cap is refused in subnet-evm's words; a result over the log cap too", async () => {
    expect((await request('eth_getLogs', [{ fromBlock: '0x1', toBlock: '0x5' }])).error).toEqual({
      code: -32000,
      message: 'requested too many blocks from 1 to 5, maximum is set to 4',
    });
    // Blocks 1-4 hold 6 logs (one or two transactions a block, a Transfer each) and the cap is 5.
    expect((await request('eth_getLogs', [{ fromBlock: '0x1', toBlock: '0x4' }])).error).toEqual({
      code: -32000,
      message: 'query returned more than 5 results; narrow the block range or the filter',
    });
    expect((await request('eth_getLogs', [{ fromBlock: '0x1', toBlock: '0x3' }])).result).toHaveLength(4);
  });

  test('range errors: after the last accepted block, begin after end, pending', async () => {
    expect((await request('eth_getLogs', [{ fromBlock: '0x9' }])).error.message).toBe(
      'requested from block 9 after last accepted block 6',
    );
    expect((await request('eth_getLogs', [{ fromBlock: '0x1', toBlock: '0x9' }])).error.message).toBe(
      'requested to block 9 after last accepted block 6',
    );
    expect((await request('eth_getLogs', [{ fromBlock: '0x3', toBlock: '0x2' }])).error.message).toBe(
      'invalid block range params',
    );
    expect((await request('eth_getLogs', [{ fromBlock: 'pending', toBlock: 'latest' }])).error.message).toBe(
      'invalid block range params',
    );
    expect((await request('eth_getLogs', [{ fromBlock: 'pending', toBlock: 'pending' }])).result).toEqual([]);
    expect((await request('eth_getLogs', [{ blockHash: `0x${'cd'.repeat(32)}` }])).error.message).toBe('unknown block');
  });

  test("filter errors: -32602 with the node's texts; more than four topics is -32000", async () => {
    const cases: [unknown, string][] = [
      [
        { blockHash: MINI.blockHash(l1.blockchainId, 1), fromBlock: '0x1' },
        'cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other',
      ],
      [{ address: '0x12' }, 'invalid address: hex has invalid length 1 after decoding; expected 20 for address'],
      [{ address: [l1.admin, 5] }, 'non-string address at index 1'],
      [{ address: 5 }, 'invalid addresses in query'],
      [{ topics: [5] }, 'invalid topic(s)'],
      [{ topics: ['0x12'] }, 'hex has invalid length 1 after decoding; expected 32 for topic'],
      ['latest', 'json: cannot unmarshal string into Go value of type filters.input'],
    ];
    for (const [filter, message] of cases)
      expect((await request('eth_getLogs', [filter])).error).toEqual({
        code: -32602,
        message: `invalid argument 0: ${message}`,
      });
    expect((await request('eth_getLogs', [{ topics: [null, null, null, null, null] }])).error).toEqual({
      code: -32000,
      message: 'exceed max topics',
    });
  });

  test('topic positions: a log needs at least as many topics as the filter has positions', async () => {
    // The Transfer logs have 3 topics; the FeeConfigChanged log has 2.
    expect(
      (await request('eth_getLogs', [{ fromBlock: '0x5', toBlock: '0x5', topics: [null, null] }])).result,
    ).toHaveLength(2);
    expect(
      (await request('eth_getLogs', [{ fromBlock: '0x5', toBlock: '0x5', topics: [null, null, null] }])).result,
    ).toHaveLength(1);
    expect(
      (await request('eth_getLogs', [{ fromBlock: '0x5', toBlock: '0x5', topics: [null, null, null, null] }])).result,
    ).toEqual([]);
  });
});
