// The net BTC.b each address bridged onto the C-Chain (getAddressesByBtcbBridged), as a rollup the
// metrics hooks keep: the Avalanche Bridge mints BTC.b to the user when bitcoin comes in (the
// token's Mint event, a Transfer from the zero address) and the user burns it to go back out
// (unwrap: its Unwrap event, a Transfer to the zero address). A block range's mints add to their
// recipients, its burns subtract from their holders; a rewind subtracts the removed blocks' share
// before their rows go. Read from the token's transfers of the range: one index range of
// evm_token_transfer(chain_id, token_address, block_number, …).
import type { SqlExecutor } from '../prisma/database';
import { byteaLiteral } from '../prisma/hexBytes';

/** The C-Chain, the only chain BTC.b is bridged to. */
export const BTCB_CHAIN_ID = 43114n;
/** BTC.b on the C-Chain (8 decimals), lower case. */
export const BTCB_ADDRESS = '0x152b9d0fdc40c096757f570a51e494bd4b943e50';
const ZERO = byteaLiteral('0x0000000000000000000000000000000000000000');
const BTCB = byteaLiteral(BTCB_ADDRESS);

/** Per address, the BTC.b minted to it less the BTC.b burnt from it, over the transfers of `source`. */
const netOfTransfers = (source: string) => `
  SELECT address, sum(amount) AS amount FROM (
    SELECT to_address AS address, value AS amount FROM ${source} t WHERE from_address = ${ZERO} AND to_address <> ${ZERO}
    UNION ALL
    SELECT from_address, -value FROM ${source} t WHERE to_address = ${ZERO} AND from_address <> ${ZERO}) moves
  GROUP BY address`;

const rangeTransfers = `(SELECT from_address, to_address, value FROM evm_token_transfer
  WHERE chain_id = ${BTCB_CHAIN_ID} AND token_address = ${BTCB} AND block_number BETWEEN $1 AND $2)`;

/**
 * Adds (sign 1) or takes back (sign −1) the BTC.b bridged in the C-Chain's blocks `from..to`, whose
 * transfers are written. Other chains have no BTC.b: nothing to do.
 * @param executor the transaction that writes (or rewinds) the blocks
 * @param range the chain and its block range, inclusive
 * @param sign 1 for blocks just written, −1 for blocks about to be removed
 * @returns when the rollup holds the range's share
 * @example await applyBtcbBridged(tx, { chainId: 43114n, from: 100n, to: 100n }, 1)
 */
export async function applyBtcbBridged(
  executor: SqlExecutor,
  range: { chainId: bigint; from: bigint; to: bigint },
  sign: 1 | -1,
): Promise<void> {
  if (range.chainId !== BTCB_CHAIN_ID) return;
  await executor.query(
    `INSERT INTO btcb_bridged (address, net)
     SELECT address, ${sign} * amount FROM (${netOfTransfers(rangeTransfers)}) d
     ON CONFLICT (address) DO UPDATE SET net = btcb_bridged.net + excluded.net`,
    [range.from.toString(), range.to.toString()],
  );
}

/** The rebuild's statement: every address's net from all of BTC.b's transfers, into the empty table. */
export const REBUILD_BTCB_BRIDGED_SQL = `INSERT INTO btcb_bridged (address, net)
${netOfTransfers(`(SELECT from_address, to_address, value FROM evm_token_transfer WHERE chain_id = ${BTCB_CHAIN_ID} AND token_address = ${BTCB}
  AND EXISTS (SELECT 1 FROM evm_chain c WHERE c.chain_id = ${BTCB_CHAIN_ID}))`)}`;
