// The burn rule and the supply's running totals (domain/amountBurned.ts, domain/supplyTotals.ts).
import {
  addL1ValidatorFees,
  addTransaction,
  amountBurned,
  l1ValidatorFeesCharged,
  NO_SUPPLY_TOTALS,
} from '../../domain';

const AVAX = 'avax-asset';
const OTHER = 'other-asset';

describe('amountBurned()', () => {
  test('rule: per asset, what the inputs consume minus what the outputs emit', () => {
    const burned = amountBurned(
      [
        { assetId: AVAX, amount: 10n },
        { assetId: OTHER, amount: 5n },
        { assetId: AVAX, amount: 3n },
      ],
      [
        { assetId: AVAX, amount: 12n },
        { assetId: OTHER, amount: 5n },
      ],
    );
    expect([...burned]).toEqual([
      [AVAX, 1n],
      [OTHER, 0n],
    ]);
  });

  test('rule: an asset only emitted (minted) burns a negative amount', () => {
    expect(amountBurned([], [{ assetId: OTHER, amount: 7n }]).get(OTHER)).toBe(-7n);
  });
});

describe('addTransaction() and addL1ValidatorFees()', () => {
  test('rule: the AVAX burn joins the burned total, less what the transaction deposits into L1 validator balances', () => {
    const after = addTransaction(
      NO_SUPPLY_TOTALS,
      {
        consumed: [{ assetId: AVAX, amount: 3_001n }],
        emitted: [{ assetId: AVAX, amount: 1_000n }],
        l1Deposited: 2_000n,
        rewards: 0n,
      },
      AVAX,
    );
    expect(after).toEqual({ burned: 1n, l1ValidatorFees: 0n, rewards: 0n });
  });

  test('rule: other assets burn nothing of AVAX; rewards are added as paid', () => {
    const after = addTransaction(
      { burned: 5n, l1ValidatorFees: 1n, rewards: 2n },
      { consumed: [{ assetId: OTHER, amount: 9n }], emitted: [], l1Deposited: 0n, rewards: 40n },
      AVAX,
    );
    expect(after).toEqual({ burned: 5n, l1ValidatorFees: 1n, rewards: 42n });
  });

  test('rule: L1 validator fees charged are burned and counted on their own', () => {
    expect(addL1ValidatorFees({ burned: 5n, l1ValidatorFees: 1n, rewards: 2n }, 10n)).toEqual({
      burned: 15n,
      l1ValidatorFees: 11n,
      rewards: 2n,
    });
  });
});

describe('l1ValidatorFeesCharged()', () => {
  test('rule: each validator active before pays the growth of the accrued fee; one that runs out pays what it had left', () => {
    // three active; the accrued fee grows 100 → 160; one ran out at 130 (it had 30 left)
    expect(l1ValidatorFeesCharged(3n, 100n, 160n, [130n])).toBe(60n + 60n + 30n);
  });

  test('rule: nothing is charged while none is active or the fee does not grow', () => {
    expect(l1ValidatorFeesCharged(0n, 100n, 160n, [])).toBe(0n);
    expect(l1ValidatorFeesCharged(4n, 100n, 100n, [])).toBe(0n);
  });
});
