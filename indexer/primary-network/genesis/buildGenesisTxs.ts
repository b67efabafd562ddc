// The primary network's genesis transactions, built from a genesis config with avalanchego's rules
// (genesis/genesis.go FromConfig, vms/avm/genesis.go NewGenesis, vms/platformvm/genesis/genesis.go
// New) as avalanchejs objects, so their IDs are the node's: SHA-256 of codec version ‖ unsigned
// transaction ‖ no credentials. The X-Chain's AVAX CreateAssetTx (its ID is the AVAX asset ID), the
// P-Chain's genesis UTXOs (transaction ID 32 zero bytes, output index = position), one
// AddValidatorTx (or AddPermissionlessValidatorTx with a BLS signer) per initial staker, and the
// CreateChainTx of the X-Chain and the C-Chain.
import { sha256 } from '@noble/hashes/sha2.js';
import {
  Address,
  BigIntPr,
  Byte,
  Bytes,
  Id,
  Input,
  Int,
  NodeId,
  OutputOwners,
  Stringpr,
  TransferableOutput,
  TransferOutput,
  avaxSerial,
  avmSerial,
  pvmSerial,
} from '@avalabs/avalanchejs';
import { compareBytes, concatBytes, u16, u32 } from '../../../avalanche/bytes';
import { cb58Encode } from '../../../avalanche/cb58';
import { chainCodec, unverifiedProofOfPossession } from '../../../avalanche/tx-codec/chainCodecs';
import { txTypeName, type BlockTx } from '../../../avalanche/tx-codec/readSignedTxs';
import { initialSupply, type GenesisAllocation, type GenesisConfig, type GenesisUnlock } from './readGenesisConfig';

/** A P-Chain genesis UTXO: output `index` of the empty transaction ID. */
export type GenesisUtxo = { index: number; output: TransferOutput | pvmSerial.StakeableLockOut };

/** Everything the genesis creates, with avalanchego's IDs. */
export type GenesisTxs = {
  avaxAssetId: string;
  /** The X-Chain's CreateAssetTx of AVAX. */
  avaxAssetTx: BlockTx;
  /** The avm genesis bytes (the X-Chain CreateChainTx's genesis data). */
  avmGenesisBytes: Uint8Array;
  utxos: GenesisUtxo[];
  /** The initial stakers' transactions, in the order of the node's genesis (see {@link endTimeHeapOrder}). */
  validatorTxs: BlockTx[];
  /** The supply the allocations make, before the initial stakers' rewards (Config.InitialSupply). */
  initialSupply: bigint;
  /** CreateChainTx of the X-Chain, then the C-Chain. */
  chainTxs: BlockTx[];
};

/** An ID made of ASCII letters padded with zeros, as avalanchego's constants (`ids.ID{'a','v','m'}`). */
const asciiId = (name: string) => {
  const bytes = new Uint8Array(32);
  bytes.set(new TextEncoder().encode(name));
  return new Id(bytes);
};
const EMPTY_ID = new Id(new Uint8Array(32));
const AVM_ID = asciiId('avm');
const EVM_ID = asciiId('evm');
const X_CHAIN_FX_IDS = [asciiId('secp256k1fx'), asciiId('nftfx'), asciiId('propertyfx')];

const owner = (addresses: Uint8Array[]) =>
  new OutputOwners(
    new BigIntPr(0n),
    new Int(1),
    [...addresses].sort(compareBytes).map((a) => new Address(a)),
  );
const transferOut = (amount: bigint, address: Uint8Array) => new TransferOutput(new BigIntPr(amount), owner([address]));
/** A P-Chain genesis output: locked until `locktime` when that is after the genesis time (stakeable.LockOut). */
const platformOut = (unlock: GenesisUnlock, address: Uint8Array, startTime: bigint) =>
  unlock.locktime > startTime
    ? new pvmSerial.StakeableLockOut(new BigIntPr(unlock.locktime), transferOut(unlock.amount, address))
    : transferOut(unlock.amount, address);
const genesisBase = (networkId: number, memo: Uint8Array = new Uint8Array()) =>
  new avaxSerial.BaseTx(new Int(networkId), EMPTY_ID, [], [], new Bytes(memo));

/** A genesis transaction: codec version, the unsigned transaction, an empty credential list. */
function genesisTx(unsigned: { _type: unknown }, chain: 'P' | 'X'): BlockTx {
  const codec = chainCodec(chain);
  const bytes = concatBytes(u16(0), codec.PackPrefix(unsigned as never), u32(0));
  return {
    txId: cb58Encode(sha256(bytes)),
    txType: txTypeName(String(unsigned._type)),
    unsigned: unsigned as BlockTx['unsigned'],
    bytes,
  };
}

/**
 * avalanchego's splitAllocations: the staked allocations cut into `parts` runs of equal weight (the
 * last takes the remainder), an unlock split where a run fills up.
 * @param allocations allocations of the initially staked addresses, in file order
 * @param parts number of initial stakers
 * @returns per staker, its (address, unlock) pieces
 * @example splitAllocations(staked, 5)
 */
export function splitAllocations(
  allocations: readonly GenesisAllocation[],
  parts: number,
): { address: Uint8Array; unlock: GenesisUnlock }[][] {
  const total = allocations.reduce((sum, a) => sum + a.unlockSchedule.reduce((s, u) => s + u.amount, 0n), 0n);
  const weight = total / BigInt(parts);
  const all: { address: Uint8Array; unlock: GenesisUnlock }[][] = [];
  let current: { address: Uint8Array; unlock: GenesisUnlock }[] = [];
  let currentAmount = 0n;
  for (const allocation of allocations) {
    for (const scheduled of allocation.unlockSchedule) {
      let amount = scheduled.amount;
      while (currentAmount + amount > weight && all.length < parts - 1) {
        const taken = weight - currentAmount;
        current.push({ address: allocation.avaxAddr, unlock: { amount: taken, locktime: scheduled.locktime } });
        amount -= taken;
        all.push(current);
        current = [];
        currentAmount = 0n;
      }
      if (amount === 0n) continue;
      current.push({ address: allocation.avaxAddr, unlock: { amount, locktime: scheduled.locktime } });
      currentAmount += amount;
    }
  }
  all.push(current);
  return all;
}

/**
 * The X-Chain's AVAX CreateAssetTx and the avm genesis bytes around it.
 * @param config the genesis config
 * @returns the transaction (its ID is the AVAX asset ID) and the avm genesis bytes
 * @example buildAvaxAssetTx(config).tx.txId
 */
export function buildAvaxAssetTx(config: GenesisConfig): { tx: BlockTx; avmGenesisBytes: Uint8Array } {
  const codec = chainCodec('X');
  // Holders sorted by (initial amount, address); the memo is their ETH addresses in that order.
  const holders = config.allocations
    .filter((a) => a.initialAmount > 0n)
    .sort((a, b) =>
      a.initialAmount === b.initialAmount
        ? compareBytes(a.avaxAddr, b.avaxAddr)
        : a.initialAmount < b.initialAmount
          ? -1
          : 1,
    );
  // The initial state's outputs are then sorted by their codec bytes (InitialState.Sort).
  const outs = holders
    .map((h) => transferOut(h.initialAmount, h.avaxAddr))
    .map((o) => ({ o, key: codec.PackPrefix(o as never) }))
    .sort((a, b) => compareBytes(a.key, b.key))
    .map(({ o }) => o);
  const states = outs.length ? [new avmSerial.InitialState(new Int(0), outs)] : [];
  const unsigned = new avmSerial.CreateAssetTx(
    genesisBase(config.networkId, concatBytes(...holders.map((h) => h.ethAddr))),
    new Stringpr('Avalanche'),
    new Stringpr('AVAX'),
    new Byte(new Uint8Array([9])),
    states,
  );
  // avm.Genesis{Txs: [GenesisAsset{Alias: "AVAX", CreateAssetTx}]}: the struct is embedded, without a type ID.
  const alias = new TextEncoder().encode('AVAX');
  const avmGenesisBytes = concatBytes(u16(0), u32(1), u16(alias.length), alias, unsigned.toBytes(codec as never));
  return { tx: genesisTx(unsigned, 'X'), avmGenesisBytes };
}

/**
 * Builds the genesis transactions and UTXOs of a genesis config.
 * @param config the genesis config
 * @returns the AVAX asset, P-Chain UTXOs, validator and chain transactions, with their IDs
 * @example const genesis = buildGenesisTxs(readGenesisConfig(file, 'FUJI', 'genesisFile'))
 */
export function buildGenesisTxs(config: GenesisConfig): GenesisTxs {
  const { tx: avaxAssetTx, avmGenesisBytes } = buildAvaxAssetTx(config);
  const avaxAssetId = avaxAssetTx.txId;
  const avax = Id.fromString(avaxAssetId);
  const key = (b: Uint8Array) => Buffer.from(b).toString('hex');
  const staked = new Set(config.initialStakedFunds.map(key));

  const utxos: GenesisUtxo[] = [];
  for (const allocation of config.allocations) {
    if (staked.has(key(allocation.avaxAddr))) continue;
    for (const unlock of allocation.unlockSchedule) {
      if (unlock.amount > 0n)
        utxos.push({ index: utxos.length, output: platformOut(unlock, allocation.avaxAddr, config.startTime) });
    }
  }

  const pieces = splitAllocations(
    config.allocations.filter((a) => staked.has(key(a.avaxAddr))),
    config.initialStakers.length,
  );
  const stakerTxs = config.initialStakers.map((staker, i) => {
    const end = config.startTime + config.initialStakeDuration - BigInt(i) * config.initialStakeDurationOffset;
    // Stake outputs sorted by (locktime, amount, address), as genesis.New sorts them.
    const stakePieces = [...(pieces[i] ?? [])].sort((a, b) =>
      a.unlock.locktime !== b.unlock.locktime
        ? a.unlock.locktime < b.unlock.locktime
          ? -1
          : 1
        : a.unlock.amount !== b.unlock.amount
          ? a.unlock.amount < b.unlock.amount
            ? -1
            : 1
          : compareBytes(a.address, b.address),
    );
    const stake = stakePieces.map(
      (p) => new TransferableOutput(avax, platformOut(p.unlock, p.address, config.startTime)),
    );
    const weight = stakePieces.reduce((sum, p) => sum + p.unlock.amount, 0n);
    const validator = new pvmSerial.Validator(
      new NodeId(staker.nodeId),
      new BigIntPr(config.startTime),
      new BigIntPr(end),
      new BigIntPr(weight),
    );
    const rewards = owner([staker.rewardAddress]);
    const unsigned = staker.signer
      ? new pvmSerial.AddPermissionlessValidatorTx(
          genesisBase(config.networkId),
          new pvmSerial.SubnetValidator(validator, EMPTY_ID),
          new pvmSerial.Signer(unverifiedProofOfPossession(staker.signer.publicKey, staker.signer.proofOfPossession)),
          stake,
          rewards,
          rewards,
          new Int(staker.delegationFee),
        )
      : new pvmSerial.AddValidatorTx(
          genesisBase(config.networkId),
          validator,
          stake,
          rewards,
          new Int(staker.delegationFee),
        );
    return { tx: genesisTx(unsigned, 'P'), end };
  });
  const validatorTxs = endTimeHeapOrder(stakerTxs).map((s) => s.tx);

  const chain = (name: string, vmId: Id, fxIds: Id[], genesis: Uint8Array) =>
    genesisTx(
      new pvmSerial.CreateChainTx(
        genesisBase(config.networkId),
        EMPTY_ID,
        new Stringpr(name),
        vmId,
        fxIds,
        new Bytes(genesis),
        new Input([]),
      ),
      'P',
    );
  const chainTxs = [
    chain('X-Chain', AVM_ID, X_CHAIN_FX_IDS, avmGenesisBytes),
    chain('C-Chain', EVM_ID, [], new TextEncoder().encode(config.cChainGenesis)),
  ];
  return {
    avaxAssetId,
    avaxAssetTx,
    avmGenesisBytes,
    utxos,
    validatorTxs,
    initialSupply: initialSupply(config),
    chainTxs,
  };
}

/**
 * The order of the genesis validators in the node's genesis: platformvm's genesis.New pushes them,
 * in config order, into a heap by end time (txheap.NewByEndTime) and lists the heap's array as it
 * stands (heap.MapValues), not sorted. The order matters: each initial staker's reward is computed
 * on the supply the ones before it left (state.syncGenesis).
 * @param stakers the staker transactions in config order, with their end times
 * @returns the same, in heap array order (Go's container/heap push: append, then sift up while strictly earlier)
 * @example endTimeHeapOrder([{ tx, end: 100n }, { tx: other, end: 90n }]) // other first
 */
export function endTimeHeapOrder<T extends { end: bigint }>(stakers: readonly T[]): T[] {
  const heap: T[] = [];
  for (const staker of stakers) {
    heap.push(staker);
    for (let j = heap.length - 1; j > 0; ) {
      const parent = (j - 1) >> 1;
      if (!(heap[j]!.end < heap[parent]!.end)) break;
      [heap[j], heap[parent]] = [heap[parent]!, heap[j]!];
      j = parent;
    }
  }
  return heap;
}
