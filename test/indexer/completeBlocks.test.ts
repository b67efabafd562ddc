// What a batch's blocks still need from the history (indexer/evm/follow/completeBlocks.ts), when the
// batch before it is still being written: its decisions are read before the database.
import { completeBlocks } from '../../indexer/evm/follow/completeBlocks';
import type { DecodedBlock } from '../../indexer/evm/decode/decodeBlock';
import type { Database } from '../../prisma/database';
import { setupTestDatabase, teardown } from '../setup/database';
import { A, address, teleporterBlock, tx } from '../support/teleporterChains';

const ZERO = address(0);
const TOKEN = address(0x70c);
const X = address(0xa);
const Y = address(0xb);

/** Block `n` of chain A moving TOKEN: one ERC-20 transfer per move. */
function moving(n: number, moves: { from: string; to: string; value: bigint }[]): DecodedBlock {
  const block = teleporterBlock(A, n, []);
  block.rows.EvmTokenTransfer = moves.map((move, i) => ({
    chainId: A.chainId,
    txHash: tx(A.chainId, n * 100 + i),
    logIndex: i,
    blockNumber: BigInt(n),
    ercType: 'ERC20',
    tokenAddress: TOKEN,
    from: move.from,
    to: move.to,
    value: move.value.toString(),
  }));
  return block;
}

const balances = (rows: readonly { holder: string; balance: unknown }[] | undefined) =>
  Object.fromEntries((rows ?? []).map((row) => [row.holder, String(row.balance)]));

let db: Database;
beforeAll(async () => {
  db = await setupTestDatabase();
});
afterAll(() => teardown(db));

describe('completeBlocks()', () => {
  // The token is known, so no metadata is asked of a node; nothing is written, as while the first batch's write is in flight.
  const context = () => ({
    db,
    rpc: undefined as never,
    chainId: A.chainId,
    startBlock: 0n,
    memory: { knownTokens: new Set([TOKEN]) },
  });

  test("a batch completed while the one before is being written takes that one's balances, not the database's", async () => {
    const first = await completeBlocks(context(), [moving(1, [{ from: ZERO, to: X, value: 100n }])]);
    const second = await completeBlocks(context(), [moving(2, [{ from: X, to: Y, value: 30n }])], first.decisions);
    expect(balances(second.writes[0]!.rows!.Erc20BalanceChange)).toEqual({ [X]: '70', [Y]: '30' });
  });

  test('its own earlier blocks come before the batch being written', async () => {
    const first = await completeBlocks(context(), [moving(1, [{ from: ZERO, to: X, value: 100n }])]);
    const second = await completeBlocks(
      context(),
      [moving(2, [{ from: X, to: Y, value: 30n }]), moving(3, [{ from: X, to: Y, value: 5n }])],
      first.decisions,
    );
    expect(balances(second.writes[1]!.rows!.Erc20BalanceChange)).toEqual({ [X]: '65', [Y]: '35' });
    expect(second.decisions.balances.get(`${TOKEN}|${X}`)).toBe(65n);
  });

  test('without it, the balance before the batch is the stored one', async () => {
    const alone = await completeBlocks(context(), [moving(2, [{ from: X, to: Y, value: 30n }])]);
    expect(balances(alone.writes[0]!.rows!.Erc20BalanceChange)).toEqual({ [X]: '-30', [Y]: '30' });
  });
});
