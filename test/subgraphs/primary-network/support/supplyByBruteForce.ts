// The supply totals of a primary-network history worked out again, by brute force and with rules
// written here rather than imported: every stored transaction decoded and walked for its
// TransferableInputs and TransferableOutputs (wherever the type nests them), AVAX in minus AVAX out
// minus what it deposits into L1 validator balances; rewards as the reward UTXOs paid.
import { avaxSerial } from '@avalabs/avalanchejs';
import { decodeSignedTx } from '../../../../avalanche/tx-codec/readSignedTxs';
import type { Database } from '../../../../prisma/database';

/**
 * AVAX a transaction burns by its own bytes: inputs minus outputs of the AVAX asset, minus the
 * balances it hands to L1 validators.
 */
export function burnedByBytes(txBytesHex: string, chain: 'P' | 'X', avaxAssetId: string): bigint {
  const tx = decodeSignedTx(Buffer.from(txBytesHex.slice(2), 'hex'), chain);
  const unsigned = tx.unsigned as unknown as Record<string, unknown>;
  let sum = 0n;
  const walk = (node: unknown, seen: Set<unknown>) => {
    if (node === null || typeof node !== 'object' || seen.has(node)) return;
    seen.add(node);
    if (node instanceof avaxSerial.TransferableInput) {
      if (node.assetId.toString() === avaxAssetId) sum += node.amount();
      return;
    }
    if (node instanceof avaxSerial.TransferableOutput) {
      if (node.assetId.toString() === avaxAssetId) sum -= (node.output as unknown as { amount(): bigint }).amount();
      return;
    }
    for (const child of Object.values(node)) walk(child, seen);
  };
  walk(unsigned, new Set());
  const prim = (v: unknown) => BigInt((v as { value(): bigint | number }).value());
  if (tx.txType === 'RegisterL1ValidatorTx' || tx.txType === 'IncreaseL1ValidatorBalanceTx')
    sum -= prim(unsigned.balance);
  if (tx.txType === 'ConvertSubnetToL1Tx')
    for (const v of unsigned.validators as { balance: unknown }[]) sum -= prim(v.balance);
  return sum;
}

/** Sum of `burnedByBytes` over the transactions a block or vertex of the chain lists (genesis ones are in none). */
export async function chainBurnedByBruteForce(
  db: Pick<Database, 'query'>,
  network: 'mainnet' | 'fuji',
  blockchainId: string,
  chain: 'P' | 'X',
  avaxAssetId: string,
): Promise<bigint> {
  const txs = await db.query<{ tx_bytes: string }>(
    `SELECT t.tx_bytes FROM primary_network_transaction t
      WHERE t.network = $1 AND t.blockchain_id = $2
        AND (t.tx_hash IN (SELECT unnest(b.transactions) FROM primary_network_block b WHERE b.network = $1 AND b.blockchain_id = $2)
          OR t.tx_hash IN (SELECT unnest(v.transactions) FROM x_chain_vertex v WHERE v.network = $1 AND $3))`,
    [network, blockchainId, chain === 'X'],
  );
  let burned = 0n;
  for (const tx of txs) burned += burnedByBytes(tx.tx_bytes, chain, avaxAssetId);
  return burned;
}

/** Staking rewards paid: every reward UTXO's amount. */
export async function rewardsByBruteForce(db: Pick<Database, 'query'>, network: 'mainnet' | 'fuji'): Promise<bigint> {
  const rows = await db.query<{ amount: string }>(
    'SELECT amount::text AS amount FROM utxo WHERE network = $1 AND reward_type IS NOT NULL',
    [network],
  );
  return rows.reduce((sum, row) => sum + BigInt(row.amount), 0n);
}

/**
 * AVAX the P-Chain's transactions deposited into L1 validator balances, and what they refunded from
 * them: the outputs numbered after a DisableL1ValidatorTx's or SetL1ValidatorWeightTx's own.
 */
export async function l1BalanceFlowsByBruteForce(
  db: Pick<Database, 'query'>,
  network: 'mainnet' | 'fuji',
): Promise<{ deposited: bigint; refunded: bigint }> {
  const txs = await db.query<{ tx_hash: string; tx_type: string; tx_bytes: string }>(
    `SELECT tx_hash, tx_type, tx_bytes FROM primary_network_transaction WHERE network = $1
      AND tx_type IN ('ConvertSubnetToL1Tx', 'RegisterL1ValidatorTx', 'IncreaseL1ValidatorBalanceTx', 'DisableL1ValidatorTx', 'SetL1ValidatorWeightTx')`,
    [network],
  );
  let deposited = 0n;
  let refunded = 0n;
  const prim = (v: unknown) => BigInt((v as { value(): bigint | number }).value());
  for (const row of txs) {
    const unsigned = decodeSignedTx(Buffer.from(row.tx_bytes.slice(2), 'hex'), 'P').unsigned as unknown as Record<
      string,
      any
    >;
    if (row.tx_type === 'ConvertSubnetToL1Tx')
      for (const v of unsigned.validators as { balance: unknown }[]) deposited += prim(v.balance);
    else if (row.tx_type === 'RegisterL1ValidatorTx' || row.tx_type === 'IncreaseL1ValidatorBalanceTx')
      deposited += prim(unsigned.balance);
    else {
      const own = (unsigned.baseTx.outputs as unknown[]).length;
      const [refund] = await db.query<{ amount: string }>(
        'SELECT coalesce(sum(amount), 0)::text AS amount FROM utxo WHERE network = $1 AND tx_hash = $2 AND output_index >= $3',
        [network, row.tx_hash, own],
      );
      refunded += BigInt(refund!.amount);
    }
  }
  return { deposited, refunded };
}
