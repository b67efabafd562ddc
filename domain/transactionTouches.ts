// What a P- or X-Chain transaction touches: the owners and assets of the UTXOs it consumes or emits
// (a reward UTXO counts for the RewardValidatorTx that pays it). The indexer and the demo generator
// gather them with one ledger and write the rows it gives beside the transaction's, so an address's
// or an asset's transactions are one index range (PrimaryNetworkTransactionAddress / Asset).
import type { RowOf } from '../prisma/write';

/** Where a transaction is: its chain and block time (the order of the lists). */
export type TransactionPlace = {
  network: RowOf<'PrimaryNetworkTransactionAddress'>['network'];
  blockchainId: string;
  blockTimestamp: bigint;
  txHash: string;
};

/** The rows of one transaction's touches. */
export type TouchRows = {
  addresses: RowOf<'PrimaryNetworkTransactionAddress'>[];
  assets: RowOf<'PrimaryNetworkTransactionAsset'>[];
};

/** A ledger of the touches of transactions, keyed by transaction hash. */
export type TouchLedger = ReturnType<typeof createTouchLedger>;

/**
 * Starts an empty ledger.
 * @returns the ledger
 * @example const ledger = createTouchLedger(); ledger.touch(txId, ['avax1…'], avaxAssetId); ledger.rowsOf(place)
 */
export function createTouchLedger() {
  const touches = new Map<string, { addresses: Set<string>; assets: Set<string> }>();
  return {
    /** Records that `txHash` consumes or emits a UTXO of `assetId` owned by `addresses`. */
    touch(txHash: string, addresses: Iterable<string>, assetId: string): void {
      let entry = touches.get(txHash);
      if (!entry) {
        entry = { addresses: new Set(), assets: new Set() };
        touches.set(txHash, entry);
      }
      for (const address of addresses) entry.addresses.add(address);
      entry.assets.add(assetId);
    },
    /** The rows of a transaction's touches (none when it touched nothing). */
    rowsOf(place: TransactionPlace): TouchRows {
      const entry = touches.get(place.txHash);
      const { network, blockchainId, blockTimestamp, txHash } = place;
      return {
        addresses: [...(entry?.addresses ?? [])]
          .sort()
          .map((address) => ({ network, address, blockchainId, blockTimestamp, txHash })),
        assets: [...(entry?.assets ?? [])]
          .sort()
          .map((assetId) => ({ network, assetId, blockchainId, blockTimestamp, txHash })),
      };
    },
  };
}
