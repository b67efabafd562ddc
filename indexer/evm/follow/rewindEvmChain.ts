// Reorg rollback of one EVM chain to a common ancestor: every row with a block height above it goes
// (prisma/write/rewindChain), and the rows that hold a current state are repaired in the same
// transaction first: ERC-20 and ERC-1155 current balances go back to the last change at or below the
// ancestor (those whose first change is above it go with the rows above), ERC-721 owners to the last
// transfer at or below it (tokens minted above it go), Teleporter messages lose the sides written
// above it (rewindTeleporter); on a C-Chain, the atomic transactions above it lose their effects
// (rewindAtomicTxs). The webhooks' undelivered messages of the lost blocks go with them.
import { recountRewoundMetrics } from '../../../metrics/rewindMetrics';
import type { Database, SqlExecutor } from '../../../prisma/database';
import { rewindChain, type ChainRows, type SyncCursor } from '../../../prisma/write';

/**
 * The chain's rows, per model, with the field holding their height.
 * @param chainId the chain
 * @returns the targets of rewindChain
 * @example evmChainRows(31337n)
 */
export function evmChainRows(chainId: bigint): ChainRows[] {
  const chain = { chainId };
  return [
    { model: 'EvmBlock', chain, heightField: 'number' },
    { model: 'EvmTransaction', chain, heightField: 'blockNumber' },
    { model: 'EvmLog', chain, heightField: 'blockNumber' },
    { model: 'EvmInternalTransaction', chain, heightField: 'blockNumber' },
    { model: 'EvmTokenTransfer', chain, heightField: 'blockNumber' },
    { model: 'Erc20BalanceChange', chain, heightField: 'blockNumber' },
    { model: 'Erc20Balance', chain, heightField: 'blockNumber' },
    { model: 'Erc1155BalanceChange', chain, heightField: 'blockNumber' },
    { model: 'Erc1155Balance', chain, heightField: 'blockNumber' },
    { model: 'NativeBalanceChange', chain, heightField: 'blockNumber' },
    { model: 'EvmContract', chain, heightField: 'deploymentBlockNumber' },
    // The outbox: messages of the lost blocks not delivered yet go; delivered ones stay (a receiver
    // was told; docs/api-decisions.md, "Webhooks").
    { model: 'WebhookMessage', chain: { chainKey: `evm:${chainId}`, status: 'pending' }, heightField: 'blockHeight' },
  ];
}

async function repairCurrentState(tx: SqlExecutor, chainId: bigint, height: bigint): Promise<void> {
  const params = [chainId.toString(), height.toString()];
  // Balances with a change at or below the ancestor go back to it; the others stay above it and go with the history.
  await tx.query(
    `UPDATE erc20_balance e SET (block_number, balance) = (
       SELECT c.block_number, c.balance FROM erc20_balance_change c
        WHERE c.chain_id = e.chain_id AND c.holder = e.holder AND c.token_address = e.token_address AND c.block_number <= $2
        ORDER BY c.block_number DESC LIMIT 1)
      WHERE e.chain_id = $1 AND e.block_number > $2
        AND EXISTS (SELECT 1 FROM erc20_balance_change c
                     WHERE c.chain_id = e.chain_id AND c.holder = e.holder AND c.token_address = e.token_address AND c.block_number <= $2)`,
    params,
  );
  await tx.query(
    `UPDATE erc1155_balance e SET (block_number, balance) = (
       SELECT c.block_number, c.balance FROM erc1155_balance_change c
        WHERE c.chain_id = e.chain_id AND c.holder = e.holder AND c.token_address = e.token_address AND c.token_id = e.token_id
          AND c.block_number <= $2
        ORDER BY c.block_number DESC LIMIT 1)
      WHERE e.chain_id = $1 AND e.block_number > $2
        AND EXISTS (SELECT 1 FROM erc1155_balance_change c
                     WHERE c.chain_id = e.chain_id AND c.holder = e.holder AND c.token_address = e.token_address
                       AND c.token_id = e.token_id AND c.block_number <= $2)`,
    params,
  );
  await tx.query(
    `WITH moved AS (
       SELECT DISTINCT token_address, token_id FROM evm_token_transfer
        WHERE chain_id = $1 AND block_number > $2 AND erc_type = 'ERC-721'
     ), owner AS (
       SELECT m.token_address, m.token_id,
              (SELECT t.to_address FROM evm_token_transfer t
                WHERE t.chain_id = $1 AND t.token_address = m.token_address AND t.token_id = m.token_id AND t.erc_type = 'ERC-721' AND t.block_number <= $2
                ORDER BY t.block_number DESC, t.log_index DESC LIMIT 1) AS owner_address
         FROM moved m
     )
     UPDATE evm_nft_token n SET owner_address = owner.owner_address
       FROM owner WHERE n.chain_id = $1 AND n.address = owner.token_address AND n.token_id = owner.token_id`,
    params,
  );
  // Tokens whose every transfer is above the ancestor did not exist there.
  await tx.query(
    `DELETE FROM evm_nft_token n WHERE n.chain_id = $1
        AND EXISTS (SELECT 1 FROM evm_token_transfer t WHERE t.chain_id = $1 AND t.token_address = n.address AND t.token_id = n.token_id AND t.block_number > $2)
        AND NOT EXISTS (SELECT 1 FROM evm_token_transfer t WHERE t.chain_id = $1 AND t.token_address = n.address AND t.token_id = n.token_id AND t.block_number <= $2)`,
    params,
  );
  await rewindTeleporter(tx, params);
  await rewindAtomicTxs(tx, params);
}

/**
 * Teleporter messages lose the sides this chain wrote above the ancestor: a message whose send goes
 * and which was delivered keeps its delivery (its source is no longer indexed), one never delivered
 * goes; a delivery that goes turns the message back to pending (or removes it when its send was
 * never indexed); executions and receipts above the ancestor are unset.
 */
async function rewindTeleporter(tx: SqlExecutor, params: string[]): Promise<void> {
  const chain = '(SELECT blockchain_id FROM evm_chain WHERE chain_id = $1)';
  await tx.query(
    `DELETE FROM teleporter_message WHERE source_blockchain_id = ${chain} AND source_block_number > $2 AND destination_tx_hash IS NULL`,
    params,
  );
  await tx.query(
    `UPDATE teleporter_message SET source_tx_hash = '', source_block_number = NULL, source_timestamp = NULL,
            source_gas_used = NULL, fee_token_address = NULL, fee_amount = NULL,
            receipt_tx_hash = NULL, receipt_block_number = NULL, timestamp = destination_timestamp
      WHERE source_blockchain_id = ${chain} AND source_block_number > $2`,
    params,
  );
  await tx.query(
    `DELETE FROM teleporter_message WHERE destination_blockchain_id = ${chain} AND destination_block_number > $2 AND source_tx_hash = ''`,
    params,
  );
  await tx.query(
    `UPDATE teleporter_message SET destination_tx_hash = NULL, destination_block_number = NULL, destination_timestamp = NULL,
            destination_gas_used = NULL, deliverer_address = NULL, reward_redeemer = NULL,
            execution_tx_hash = NULL, execution_block_number = NULL, execution_failed = false
      WHERE destination_blockchain_id = ${chain} AND destination_block_number > $2`,
    params,
  );
  await tx.query(
    `UPDATE teleporter_message SET execution_tx_hash = NULL, execution_block_number = NULL
      WHERE destination_blockchain_id = ${chain} AND execution_block_number > $2`,
    params,
  );
  await tx.query(
    `UPDATE teleporter_message SET receipt_tx_hash = NULL, receipt_block_number = NULL
      WHERE source_blockchain_id = ${chain} AND receipt_block_number > $2`,
    params,
  );
}

/**
 * A C-Chain's atomic transactions above the ancestor lose their effects: the UTXOs their exports
 * put into other chains' shared memory go, those their imports consumed are unspent again (or go,
 * when only the import knew them: its export is not indexed), then their touch rows and rows. On any
 * other chain there are none, and each statement is one empty index range.
 */
async function rewindAtomicTxs(tx: SqlExecutor, params: string[]): Promise<void> {
  const rewound = `SELECT t.network, t.tx_hash FROM primary_network_transaction t JOIN evm_chain c
     ON t.network = c.network AND t.blockchain_id = c.blockchain_id
    WHERE c.chain_id = $1 AND t.block_number > $2`;
  await tx.query(
    `DELETE FROM utxo u USING (${rewound}) r
      WHERE u.network = r.network AND u.tx_hash = r.tx_hash AND u.created_on_chain_id = (SELECT blockchain_id FROM evm_chain WHERE chain_id = $1)`,
    params,
  );
  await tx.query(
    `DELETE FROM utxo u USING (${rewound}) r WHERE u.network = r.network AND u.consuming_tx_hash = r.tx_hash AND u.utxo_bytes = ''`,
    params,
  );
  await tx.query(
    `UPDATE utxo_address a SET consuming_block_timestamp = NULL FROM utxo u, (${rewound}) r
      WHERE u.network = r.network AND u.consuming_tx_hash = r.tx_hash AND a.network = u.network AND a.utxo_id = u.utxo_id`,
    params,
  );
  await tx.query(
    `UPDATE utxo u SET consumed_on_chain_id = NULL, consuming_tx_hash = NULL, consuming_block_number = NULL, consuming_block_timestamp = NULL
       FROM (${rewound}) r WHERE u.network = r.network AND u.consuming_tx_hash = r.tx_hash`,
    params,
  );
  for (const table of ['primary_network_transaction_address', 'primary_network_transaction_asset'])
    await tx.query(
      `DELETE FROM ${table} a USING (${rewound}) r WHERE a.network = r.network AND a.tx_hash = r.tx_hash`,
      params,
    );
  await tx.query(
    `DELETE FROM primary_network_transaction t USING evm_chain c
      WHERE t.network = c.network AND t.blockchain_id = c.blockchain_id AND c.chain_id = $1 AND t.block_number > $2`,
    params,
  );
}

/**
 * Rolls the chain back to `ancestor` (its rows above go, its cursor moves there), in one transaction,
 * with the metric rollups of the periods those rows were in recounted from the rows that remain.
 * @param db database
 * @param chainId the chain
 * @param ancestor the last block both branches share
 * @returns when committed
 * @example await rewindEvmChain(db, 31337n, { chainKey: 'evm:31337', height: 99n, blockHash })
 */
export async function rewindEvmChain(db: Database, chainId: bigint, ancestor: SyncCursor): Promise<void> {
  await rewindChain(db, ancestor, evmChainRows(chainId), {
    beforeDelete: [
      recountRewoundMetrics(chainId, ancestor.height),
      (tx) => repairCurrentState(tx, chainId, ancestor.height),
    ],
  });
}
