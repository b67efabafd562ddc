// The L1 validator fee as P-Chain blocks move the chain's time on (ACP-77; avalanchego
// advanceValidatorFeeState): fees accrue before the block's transactions, and validations whose
// balance has run out are deactivated by the block. The stored state is a fake database here; the
// whole indexer against a fake node is in primaryNetwork.test.ts.
import { NO_SUPPLY_TOTALS } from '../../domain';
import { NO_L1_FEES } from '../../indexer/primary-network/apply/txContext';
import { UNKNOWN_SUPPLY } from '../../indexer/primary-network/apply/supplyLedger';
import type { PrimaryBlock } from '../../indexer/primary-network/codec/decodePrimaryBlock';
import { chainFacts } from '../../indexer/primary-network/follow/networkFacts';
import { prepareBlock, type ChainMemory } from '../../indexer/primary-network/follow/prepareBlock';
import { decodeSignedTx } from '../../avalanche/tx-codec/readSignedTxs';
import { AVAX, L1_VALIDATION_ID, NODE, tx3, tx9 } from '../fixtures/avalanchego/fujiChains';

const FUJI_ETNA = 1_732_550_400n;
const block = (height: bigint, timestamp: bigint): PrimaryBlock => ({
  blockId: `block-${height}`,
  parentId: `block-${height - 1n}`,
  height,
  blockType: 'BanffStandardBlock',
  timestamp,
  txs: [],
  sizeBytes: 100,
});
/** A database holding validations that run out at the given EndAccumulatedFee (the statement's second argument bounds it). */
const storedValidations = (runOutAt: Record<string, bigint>) => {
  const statements: unknown[][] = [];
  return {
    statements,
    query: async (sql: string, args: unknown[] = []) => {
      statements.push([sql, args]);
      if (!sql.includes('l1_end_accumulated_fee <=')) return [] as never[];
      const accrued = BigInt(String(args[1]));
      return Object.entries(runOutAt)
        .filter(([, end]) => end > 0n && end <= accrued)
        .map(([id, end]) => ({
          validation_id: id,
          subnet_id: 'L1',
          node_id: `NodeID-${id}`,
          end: String(end),
        })) as never[];
    },
  };
};
const memory = (timestamp: bigint, fees: ChainMemory['fees']): ChainMemory => ({
  timestamp,
  proposal: null,
  supply: UNKNOWN_SUPPLY,
  nodeSupply: 0n,
  fees,
  totals: NO_SUPPLY_TOTALS,
});
const options = (db: { query: (sql: string, args?: unknown[]) => Promise<never[]> }, m: ChainMemory) => ({
  db,
  facts: chainFacts('FUJI', 'P'),
  memory: m,
  rewardUtxos: async () => [],
});

describe('prepareBlock(): the L1 validator fee of a P-Chain block', () => {
  test("rule: the block charges every second since its parent at 512 nAVAX per active validator's counter, before its transactions", async () => {
    const t = FUJI_ETNA + 1_000n;
    const { write, memory: after } = await prepareBlock(
      options(storedValidations({}), memory(t, { accruedFees: 7n, excess: 0n, active: 3n })),
      block(10n, t + 60n),
    );
    expect(after.fees).toEqual({ accruedFees: 7n + 60n * 512n, excess: 0n, active: 3n });
    expect(write.rows?.PrimaryNetworkBlock?.[0]).toMatchObject({
      l1ValidatorsAccruedFees: 7n + 60n * 512n,
      activeL1Validators: 3,
      l1ValidatorExcess: '0',
    });
  });

  test('rule: a validation whose EndAccumulatedFee the accrued fees reach is deactivated by the block, its balance 0', async () => {
    const t = FUJI_ETNA + 1_000n;
    // v1 runs out exactly at the new accrued fees (avalanchego deactivates at <=), v2 a nAVAX later
    const db = storedValidations({ v1: 1_000n + 512n, v2: 1_000n + 512n + 1n });
    const { write, memory: after } = await prepareBlock(
      options(db, memory(t, { accruedFees: 1_000n, excess: 0n, active: 2n })),
      block(10n, t + 1n),
    );
    expect(after.fees.active).toBe(1n);
    expect(write.updates).toEqual([
      {
        model: 'Validator',
        where: { network: 'FUJI', validationId: 'v1' },
        set: { isActive: false, l1Balance: '0', l1EndAccumulatedFee: '0' },
      },
    ]);
    expect(write.rows?.PrimaryNetworkBlock?.[0]).toMatchObject({ activeL1Validators: 1 });
  });

  test('rule: the fees the block charges are burned and added to the running totals: a full span per validator, what was left of a balance that ran out', async () => {
    const t = FUJI_ETNA + 1_000n;
    // Three active; v1 had 100 nAVAX left, the others pay the 10 s span in full.
    const db = storedValidations({ v1: 1_000n + 100n });
    const before = { burned: 5n, l1ValidatorFees: 3n, rewards: 9n };
    const { write, memory: after } = await prepareBlock(
      options(db, { ...memory(t, { accruedFees: 1_000n, excess: 0n, active: 3n }), totals: before }),
      block(10n, t + 10n),
    );
    const charged = 2n * 10n * 512n + 100n;
    expect(after.totals).toEqual({ burned: 5n + charged, l1ValidatorFees: 3n + charged, rewards: 9n });
    expect(write.rows?.PrimaryNetworkBlock?.[0]).toMatchObject({
      burnedTotal: String(5n + charged),
      l1ValidatorFeesTotal: String(3n + charged),
      rewardsTotal: '9',
    });
  });

  test('rule: nothing accrues before Etna, nor at the first indexed block (no parent time), nor on the X-Chain', async () => {
    const before = await prepareBlock(
      options(storedValidations({}), memory(FUJI_ETNA - 100n, { ...NO_L1_FEES })),
      block(1n, FUJI_ETNA - 10n),
    );
    expect(before.memory.fees).toEqual(NO_L1_FEES);
    const first = await prepareBlock(
      options(storedValidations({}), memory(0n, { ...NO_L1_FEES })),
      block(1n, FUJI_ETNA + 10n),
    );
    expect(first.memory.fees).toEqual(NO_L1_FEES);
    const x = await prepareBlock(
      { ...options(storedValidations({}), memory(FUJI_ETNA, { ...NO_L1_FEES })), facts: chainFacts('FUJI', 'X') },
      { ...block(1n, FUJI_ETNA + 10n), blockType: 'StandardBlock' },
    );
    expect(x.memory.fees).toEqual(NO_L1_FEES);
  });

  test("rule: a validation whose balance runs out stops paying at its EndAccumulatedFee, before the block's transactions (order −1)", async () => {
    const t = FUJI_ETNA + 1_000n;
    const db = storedValidations({ v1: 1_000n + 100n, v2: 1_000n + 512n * 10n });
    const { write } = await prepareBlock(
      options(db, memory(t, { accruedFees: 1_000n, excess: 0n, active: 2n })),
      block(10n, t + 10n),
    );
    const stop = (validationId: string, end: bigint) => ({
      network: 'FUJI',
      validationId,
      subnetId: 'L1',
      nodeId: `NodeID-${validationId}`,
      blockIndex: 10n,
      txOrder: -1,
      kind: 'STOP',
      accruedFees: String(end),
      blockTimestamp: t + 10n,
    });
    expect(write.rows?.L1ValidatorFeeEvent).toEqual([stop('v1', 1_100n), stop('v2', 1_000n + 5_120n)]);
  });

  describe('IncreaseL1ValidatorBalanceTx', () => {
    const t = FUJI_ETNA + 1_000n;
    /** A database holding the fixture's L1 validation with the given EndAccumulatedFee (0: inactive). */
    const storedL1Validation = (end: bigint) => ({
      query: async (sql: string) =>
        (sql.includes('FROM validator WHERE network = $1 AND validation_id = $2')
          ? [
              {
                validation_id: L1_VALIDATION_ID,
                tx_hash: 'tx8',
                node_id: NODE.N2,
                subnet_id: tx3.id,
                is_l1_validator: true,
                amount_staked: '100',
                weight: 100n,
                delegator_count: 0,
                amount_delegated: '0',
                start_timestamp: t - 100n,
                end_timestamp: null,
                l1_balance: '0',
                removed_at_block_index: null,
                shares: null,
                l1_end_accumulated_fee: String(end),
                l1_remaining_balance_owner: null,
                potential_reward: null,
              },
            ]
          : []) as never[],
    });
    const topUp = { ...block(10n, t + 60n), txs: [decodeSignedTx(tx9.bytes, 'P')] };
    const accrued = 1_000n + 60n * 512n;

    test("rule: a top-up of an inactive validation starts a new period at the block's counter, as its transaction", async () => {
      const { write, memory: after } = await prepareBlock(
        options(storedL1Validation(0n), memory(t, { accruedFees: 1_000n, excess: 0n, active: 0n })),
        topUp,
      );
      expect(after.fees.active).toBe(1n);
      expect(write.rows?.L1ValidatorFeeEvent).toEqual([
        {
          network: 'FUJI',
          validationId: L1_VALIDATION_ID,
          subnetId: tx3.id,
          nodeId: NODE.N2,
          blockIndex: 10n,
          txOrder: 0,
          kind: 'START',
          accruedFees: String(accrued),
          blockTimestamp: t + 60n,
        },
      ]);
    });

    test('rule: a top-up of an active validation only moves its end: no period starts', async () => {
      const { write } = await prepareBlock(
        options(storedL1Validation(accrued + AVAX), memory(t, { accruedFees: 1_000n, excess: 0n, active: 1n })),
        topUp,
      );
      expect(write.rows?.L1ValidatorFeeEvent).toBeUndefined();
    });
  });
});
