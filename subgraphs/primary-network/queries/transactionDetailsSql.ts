import { Prisma } from '../../../prisma/generated/client';
import type { Network as DbNetwork } from '../../../prisma/generated/enums';
import { dataModel } from '../../../prisma/generated/metadata';
import type { UtxoListRow } from './listUtxosSql';
import { selectColumns } from './selectColumns';

/** A UTXO a transaction of the page consumes or emits. */
export type TransactionUtxoRow = UtxoListRow & { role: 'consumed' | 'emitted'; forTx: string };

const networkOf = (network: DbNetwork) => Prisma.sql`CAST(${dataModel.enums.Network[network]} AS network)`;

/**
 * The one statement of a page's UTXOs: those its transactions consume, those they emit, and the
 * reward UTXOs its RewardValidatorTxs pay (which carry their staker's ID), with asset and owners.
 * @param network network
 * @param txHashes the page's transactions
 * @param rewards RewardValidatorTx hash → staker transaction hash
 * @returns the statement
 * @example await readSql<TransactionUtxoRow>(context.read, transactionUtxosSql('MAINNET', hashes, rewards))
 */
export function transactionUtxosSql(
  network: DbNetwork,
  txHashes: readonly string[],
  rewards: ReadonlyMap<string, string>,
): Prisma.Sql {
  const n = networkOf(network);
  return Prisma.sql`WITH x AS (
      SELECT u.utxo_id, 'consumed' AS role, u.consuming_tx_hash AS for_tx FROM utxo u
        WHERE u.network = ${n} AND u.consuming_tx_hash = ANY (${[...txHashes]}::text[])
      UNION ALL
      SELECT u.utxo_id, 'emitted', u.tx_hash FROM utxo u
        WHERE u.network = ${n} AND u.tx_hash = ANY (${[...txHashes]}::text[]) AND u.reward_type IS NULL
      UNION ALL
      SELECT u.utxo_id, 'emitted', r.reward_tx
        FROM unnest(${[...rewards.values()]}::text[], ${[...rewards.keys()]}::text[]) AS r(staker, reward_tx)
        JOIN utxo u ON u.network = ${n} AND u.tx_hash = r.staker AND u.reward_type IS NOT NULL
    )
    SELECT ${selectColumns('Utxo', 'u')}, s.name AS "assetName", s.symbol AS "assetSymbol", s.denomination AS "assetDenomination",
      s.type::text AS "assetType",
      ARRAY(SELECT a.address FROM utxo_address a WHERE a.network = u.network AND a.utxo_id = u.utxo_id ORDER BY a.address) AS "owners",
      x.role, x.for_tx AS "forTx"
    FROM x JOIN utxo u ON u.network = ${n} AND u.utxo_id = x.utxo_id
    JOIN asset s ON s.network = u.network AND s.asset_id = u.asset_id
    ORDER BY u.tx_hash, u.output_index`;
}

/** A validation or delegation a transaction of the page adds, or an L1 validation it changes. */
export type StakerRow = {
  txHash: string;
  validationId: string;
  nodeId: string;
  subnetId: string;
  isL1Validator: boolean;
  weight: bigint;
  startTimestamp: bigint;
  endTimestamp: bigint | null;
  delegationFee: string | null;
  blsPublicKey: string | null;
  blsProofOfPossession: string | null;
  l1Balance: string | null;
  rewardAddresses: string[];
  rewardTxHash: string | null;
  estimatedReward: string | null;
  isDelegation: boolean;
};

/**
 * The validations and delegations the page's transactions add (by transaction) or name (by validation ID).
 * @param network network
 * @param txHashes the page's transactions
 * @param validationIds L1 validations the page's IncreaseL1ValidatorBalanceTx / DisableL1ValidatorTx name
 * @returns the statement
 * @example await readSql<StakerRow>(context.read, stakersSql('MAINNET', hashes, []))
 */
export function stakersSql(
  network: DbNetwork,
  txHashes: readonly string[],
  validationIds: readonly string[],
): Prisma.Sql {
  const n = networkOf(network);
  return Prisma.sql`SELECT v.tx_hash AS "txHash", v.validation_id AS "validationId", v.node_id AS "nodeId", v.subnet_id AS "subnetId",
      v.is_l1_validator AS "isL1Validator", v.weight, v.start_timestamp AS "startTimestamp", v.end_timestamp AS "endTimestamp",
      v.delegation_fee::text AS "delegationFee", v.bls_public_key AS "blsPublicKey", v.bls_proof_of_possession AS "blsProofOfPossession",
      v.l1_balance::text AS "l1Balance", v.reward_addresses AS "rewardAddresses", v.reward_tx_hash AS "rewardTxHash",
      (SELECT SUM(p.estimated_reward_amount)::text FROM pending_reward p WHERE p.network = v.network AND p.tx_hash = v.tx_hash) AS "estimatedReward",
      false AS "isDelegation"
    FROM validator v WHERE v.network = ${n} AND (v.tx_hash = ANY (${[...txHashes]}::text[]) OR v.validation_id = ANY (${[...validationIds]}::text[]))
    UNION ALL
    SELECT d.tx_hash, d.validator_tx_hash, d.node_id, ${'11111111111111111111111111111111LpoYY'}, false, d.amount_delegated::bigint,
      d.start_timestamp, d.end_timestamp, NULL, NULL, NULL, NULL, d.reward_addresses, d.reward_tx_hash,
      (SELECT SUM(p.estimated_reward_amount)::text FROM pending_reward p WHERE p.network = d.network AND p.tx_hash = d.tx_hash),
      true
    FROM delegation d WHERE d.network = ${n} AND d.tx_hash = ANY (${[...txHashes]}::text[])`;
}

/** A vertex holding an X-Chain transaction of the page. */
export type VertexOfTxRow = { txHash: string; hash: string; height: bigint; timestamp: bigint };

/**
 * The vertices holding the page's X-Chain transactions that no block holds (at their stored height).
 * @param network network
 * @param txs the transactions and their vertex heights
 * @returns the statement
 * @example await readSql<VertexOfTxRow>(context.read, verticesOfTxsSql('MAINNET', [{ txHash, height }]))
 */
export function verticesOfTxsSql(network: DbNetwork, txs: readonly { txHash: string; height: bigint }[]): Prisma.Sql {
  return Prisma.sql`SELECT r.tx_hash AS "txHash", v.vertex_hash AS hash, v.vertex_height AS height, v.vertex_timestamp AS timestamp
    FROM unnest(${txs.map((t) => t.txHash)}::text[], ${txs.map((t) => t.height.toString())}::bigint[]) AS r(tx_hash, height)
    JOIN x_chain_vertex v ON v.network = ${networkOf(network)} AND v.vertex_height = r.height AND r.tx_hash = ANY (v.transactions)`;
}

/** An asset named by the page (AVAX for amounts, created assets). */
export type AssetRow = {
  assetId: string;
  name: string;
  symbol: string;
  denomination: number;
  type: string;
  cap: string;
};

/**
 * Assets by ID.
 * @param network network
 * @param assetIds the IDs
 * @returns the statement
 * @example await readSql<AssetRow>(context.read, assetsSql('MAINNET', [avax]))
 */
export function assetsSql(network: DbNetwork, assetIds: readonly string[]): Prisma.Sql {
  return Prisma.sql`SELECT asset_id AS "assetId", name, symbol, denomination, type::text AS type, cap::text AS cap FROM asset
    WHERE network = ${networkOf(network)} AND asset_id = ANY (${[...assetIds]}::text[])`;
}
