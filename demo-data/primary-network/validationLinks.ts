// The L1 validations each placed P-Chain transaction acts on, by the rule the indexer links them
// with (signature-aggregator/codec/l1TxValidationIds), read back from the transaction's bytes.
import { decodeSignedTx } from '../../avalanche/tx-codec/readSignedTxs';
import type { BulkWriter } from '../../prisma/write';
import { L1_VALIDATION_TX_TYPES, l1ValidationIdsOfTx } from '../../signature-aggregator/codec/l1TxValidationIds';
import { NETWORKS, PRIMARY_NETWORK_ID, type NetworkName } from '../constants';
import type { ChainEvent } from './events';

const L1_TYPES: ReadonlySet<string> = new Set(L1_VALIDATION_TX_TYPES);

/**
 * Writes a PrimaryNetworkTransactionValidation row per L1 validation each placed P-Chain
 * transaction acts on.
 * @param network the network
 * @param events every placed event
 * @param writer row writer
 * @returns how many rows were written
 * @example await writeValidationLinks('mainnet', log.all(), writer)
 */
export async function writeValidationLinks(
  network: NetworkName,
  events: readonly ChainEvent[],
  writer: BulkWriter,
): Promise<number> {
  let written = 0;
  for (const e of events) {
    if (e.chain !== 'P' || e.blockTime === undefined || !L1_TYPES.has(e.tx.txType)) continue;
    const tx = decodeSignedTx(e.tx.bytes, 'P');
    for (const validationId of new Set(l1ValidationIdsOfTx(tx.txType, tx.unsigned))) {
      await writer.push('PrimaryNetworkTransactionValidation', {
        network: NETWORKS[network].prisma,
        validationId,
        blockchainId: PRIMARY_NETWORK_ID,
        blockTimestamp: BigInt(e.blockTime),
        txHash: e.tx.txId,
      });
      written++;
    }
  }
  return written;
}
