import { sha256 } from '@noble/hashes/sha2.js';
import type { PrismaClient } from '../../prisma/generated/client';
import type { Network } from '../../prisma/generated/enums';
import { cb58Encode } from '../../avalanche/cb58';
import { decodeL1Transaction, type L1Transaction } from '../codec/decodeL1Transaction';
import { InvalidWarpMessageError, TransactionNotFoundError } from '../errors';

/** A stored transaction, decoded. */
export type StoredL1Transaction = { txHash: string; txType: string; tx: L1Transaction };

/**
 * Loads a P- or X-Chain transaction by hash and decodes it. Stored bytes may carry the 4-byte
 * checksum of avalanchego's API hex encoding; the transaction ID (SHA-256 of the signed bytes)
 * tells which form they are in.
 * @param prisma database
 * @param network network
 * @param txHash cb58 transaction ID
 * @returns the decoded transaction (`other` for kinds without an L1 message)
 * @throws TransactionNotFoundError when no transaction has that hash
 * @example (await loadL1Transaction(prisma, 'FUJI', txHash)).tx.type
 */
export async function loadL1Transaction(
  prisma: PrismaClient,
  network: Network,
  txHash: string,
): Promise<StoredL1Transaction> {
  const row = await prisma.primaryNetworkTransaction.findUnique({
    where: { network_txHash: { network, txHash } },
    select: { txHash: true, txType: true, txBytes: true },
  });
  if (!row) throw new TransactionNotFoundError(`transaction ${txHash} was not found on ${network.toLowerCase()}`);
  const hex = row.txBytes.replace(/^0x/, '');
  let bytes = Uint8Array.from(Buffer.from(hex, 'hex'));
  if (
    cb58Encode(sha256(bytes)) !== txHash &&
    bytes.length > 4 &&
    cb58Encode(sha256(bytes.subarray(0, -4))) === txHash
  ) {
    bytes = bytes.slice(0, -4);
  }
  try {
    return { txHash, txType: row.txType, tx: decodeL1Transaction(bytes) };
  } catch (error) {
    if (error instanceof InvalidWarpMessageError)
      throw new InvalidWarpMessageError(`stored ${row.txType} ${txHash}: ${error.message}`);
    throw error;
  }
}
