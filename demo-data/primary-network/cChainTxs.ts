// Builders of the C-Chain's atomic transactions (coreth's ImportTx and ExportTx, avalanchejs's evm
// types), and the accounts they credit and debit: an ExportTx debits an account for outputs it puts
// into the P- or X-Chain's shared memory, an ImportTx consumes UTXOs the P- or X-Chain exported into
// the C-Chain's and credits an account.
import { sha256 } from '@noble/hashes/sha2.js';
import { Address, BigIntPr, evmSerial, Int } from '@avalabs/avalanchejs';
import { encodeSignedTx } from '../../avalanche/tx-codec/encodeSignedTx';
import type { Database } from '../../prisma/database';
import type { NetworkInfo } from '../constants';
import type { Random } from '../random';
import type { BuiltTx } from './pchainTxs';
import { idOf, transferableInputOf, transferableOutputOf, type Input, type Output } from './txCodec';

/** An atomic transaction of the demo's C-Chain, at its EVM block. */
export type CChainTx = { tx: BuiltTx; height: bigint; time: number; account: string; burned: bigint };

/** The fee an atomic transaction of the demo burns, nAVAX. */
export const ATOMIC_FEE = 1_000_000n;

/**
 * The demo's C-Chain account of a wallet (20 bytes derived from its address).
 * @param wallet the wallet's bech32 address
 * @returns the account's bytes
 * @example toHex(cChainAccountOf('avax1…'))
 */
export function cChainAccountOf(wallet: string): Uint8Array {
  return sha256(new TextEncoder().encode(`avalanche-demo-data/c-chain-account/${wallet}`)).subarray(0, 20);
}

/**
 * A C-Chain ExportTx: `account` pays `output` (plus the fee) into `destinationChainId`'s shared memory.
 * @param info the network
 * @param rng random stream (the signature)
 * @param destinationChainId the importing chain
 * @param account the account debited
 * @param output the exported output (index 0)
 * @returns the transaction
 * @example cExportTx(NETWORKS.mainnet, rng, xChainId, account, output)
 */
export function cExportTx(
  info: NetworkInfo,
  rng: Random,
  destinationChainId: string,
  account: Uint8Array,
  output: Output,
): BuiltTx {
  const tx = new evmSerial.ExportTx(
    new Int(info.networkId),
    idOf(info.cChainId),
    idOf(destinationChainId),
    [
      new evmSerial.Input(
        new Address(account),
        new BigIntPr(output.amount + ATOMIC_FEE),
        idOf(info.avaxAssetId),
        new BigIntPr(0n),
      ),
    ],
    [transferableOutputOf(output)],
  );
  return { txType: 'ExportTx', ...encodeSignedTx(tx, [[rng.bytes(65)]], 'C') };
}

/**
 * A C-Chain ImportTx: consumes `input` from the shared memory with `sourceChainId` and credits `account` with it less the fee.
 * @param info the network
 * @param rng random stream (the signature)
 * @param sourceChainId the exporting chain
 * @param input the exported UTXO
 * @param account the account credited
 * @returns the transaction
 * @example cImportTx(NETWORKS.mainnet, rng, pChainId, input, account)
 */
export function cImportTx(
  info: NetworkInfo,
  rng: Random,
  sourceChainId: string,
  input: Input,
  account: Uint8Array,
): BuiltTx {
  const tx = new evmSerial.ImportTx(
    new Int(info.networkId),
    idOf(info.cChainId),
    idOf(sourceChainId),
    [transferableInputOf(input)],
    [new evmSerial.Output(new Address(account), new BigIntPr(input.amount - ATOMIC_FEE), idOf(info.avaxAssetId))],
  );
  return { txType: 'ImportTx', ...encodeSignedTx(tx, [[rng.bytes(65)]], 'C') };
}

/**
 * Sets the running total of what the atomic transactions burned on every block of a demo C-Chain
 * (written before the primary network, whose plan builds the transactions), as the indexer keeps it.
 * @param db the database
 * @param chainId the C-Chain's EVM chain ID
 * @param txs its atomic transactions
 * @returns when updated
 * @example await setAtomicBurnedTotals(db, 43114n, counts.cChainTxs)
 */
export async function setAtomicBurnedTotals(
  db: Pick<Database, 'query'>,
  chainId: bigint,
  txs: readonly CChainTx[],
): Promise<void> {
  await db.query(
    `WITH burns AS (SELECT h, sum(b) AS burned FROM unnest($2::bigint[], $3::numeric[]) AS x(h, b) GROUP BY h),
          running AS (SELECT h, sum(burned) OVER (ORDER BY h) AS total FROM burns)
     UPDATE evm_block e SET atomic_burned_total =
       coalesce((SELECT r.total FROM running r WHERE r.h <= e.number ORDER BY r.h DESC LIMIT 1), 0)
      WHERE e.chain_id = $1`,
    [chainId.toString(), txs.map((t) => t.height.toString()), txs.map((t) => t.burned.toString())],
  );
}
