// What a C-Chain atomic transaction (avalanchejs's evm ImportTx / ExportTx) moves: its account side
// (EVMOutputs an import credits, EVMInputs an export debits; amounts in nAVAX, as coreth states
// them) and its UTXO side (the inputs an import consumes from the C-Chain's shared memory, the
// outputs an export puts into the destination chain's). The indexer, the API and the demo generator
// read the same parts.
import { toHex } from '../bytes';
import { cb58Encode } from '../cb58';

/** An account credited or debited by an atomic transaction. */
export type EvmSide = {
  /** 0x address, lower case. */
  address: string;
  assetId: string;
  amount: bigint;
  /** ExportTx inputs only: the account's nonce. */
  nonce?: bigint;
};

/** The parts of an atomic transaction. */
export type AtomicTxParts = {
  txType: 'ImportTx' | 'ExportTx';
  /** The C-Chain's blockchain ID as the transaction names it. */
  blockchainId: string;
  /** ImportTx: the source chain; ExportTx: the destination chain. */
  otherChainId: string;
  /** ImportTx: EVMOutputs; ExportTx: EVMInputs. */
  evm: EvmSide[];
  /** ImportTx: the imported inputs (avalanchejs TransferableInput); ExportTx: the exported outputs (TransferableOutput). */
  utxos: { assetId: string; amount: bigint }[];
  /** Per asset: what the transaction consumes less what it creates (its fee, in AVAX). */
  burned: Map<string, bigint>;
};

type Id = { toBytes(): Uint8Array; toString(): string };
type Prim = { value(): bigint | number };
type EvmItem = { address: { toBytes(): Uint8Array }; amount: Prim; assetId: Id; nonce?: Prim };
type UtxoItem = { assetId: Id; amount?: () => bigint; input?: { amount(): bigint }; output?: { amount(): bigint } };
type Loose = {
  blockchainId: Id;
  sourceChain?: Id;
  destinationChain?: Id;
  importedInputs?: UtxoItem[];
  Outs?: EvmItem[];
  ins?: EvmItem[];
  exportedOutputs?: UtxoItem[];
};

const amountOf = (item: UtxoItem): bigint => {
  try {
    return typeof item.amount === 'function' ? item.amount() : (item.input ?? item.output)!.amount();
  } catch {
    return 0n;
  }
};

/**
 * The parts of a decoded atomic transaction.
 * @param txType `ImportTx` or `ExportTx`
 * @param unsigned avalanchejs's evm ImportTx or ExportTx
 * @returns its account side, UTXO side and burned amounts
 * @example atomicTxParts(tx.txType, tx.unsigned).evm[0].address // '0x8db97c7cece249c2b98bdc0226cc4c2a57bf52fc'
 */
export function atomicTxParts(txType: string, unsigned: unknown): AtomicTxParts {
  const tx = unsigned as Loose;
  const isImport = txType === 'ImportTx';
  if (!isImport && txType !== 'ExportTx') throw new Error(`${txType} is not an atomic transaction`);
  const evm = ((isImport ? tx.Outs : tx.ins) ?? []).map((item) => ({
    address: `0x${toHex(item.address.toBytes())}`,
    assetId: item.assetId.toString(),
    amount: BigInt(item.amount.value()),
    ...(item.nonce ? { nonce: BigInt(item.nonce.value()) } : {}),
  }));
  const utxos = ((isImport ? tx.importedInputs : tx.exportedOutputs) ?? []).map((item) => ({
    assetId: item.assetId.toString(),
    amount: amountOf(item),
  }));
  const burned = new Map<string, bigint>();
  const [consumed, created] = isImport ? [utxos, evm] : [evm, utxos];
  for (const c of consumed) burned.set(c.assetId, (burned.get(c.assetId) ?? 0n) + c.amount);
  for (const c of created) burned.set(c.assetId, (burned.get(c.assetId) ?? 0n) - c.amount);
  const other = isImport ? tx.sourceChain : tx.destinationChain;
  return {
    txType: isImport ? 'ImportTx' : 'ExportTx',
    blockchainId: cb58Encode(tx.blockchainId.toBytes()),
    otherChainId: cb58Encode(other!.toBytes()),
    evm,
    utxos,
    burned,
  };
}
