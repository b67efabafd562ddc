// The selectors of well-known functions (ERC-20/721/1155, wrapped native tokens, Uniswap-style and
// Trader Joe routers, multicall), shipped with the service as knownMethodSignatures.json and written
// to evm_method_signature when the indexer starts, so a chain without verified ABIs still names
// `transfer(address,uint256)`. Rows already stored are kept.
import type { Database } from '../../../prisma/database';
import { insertRows } from '../../../prisma/write';
import knownMethodSignatures from './knownMethodSignatures.json';

/** The shipped table: selector (`0x` + 8 hex) to text signature. */
export const KNOWN_METHOD_SIGNATURES: Readonly<Record<string, string>> = knownMethodSignatures;

/**
 * Stores the shipped selectors that are not stored yet.
 * @param db the database
 * @returns how many selectors the table holds
 * @example await writeKnownMethodSignatures(db)
 */
export async function writeKnownMethodSignatures(db: Database): Promise<number> {
  const rows = Object.entries(KNOWN_METHOD_SIGNATURES).map(([methodHash, methodName]) => ({ methodHash, methodName }));
  await db.transaction((tx) => insertRows(tx, 'EvmMethodSignature', rows));
  return rows.length;
}
