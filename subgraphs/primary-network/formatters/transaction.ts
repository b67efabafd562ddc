// A stored P- or X-Chain transaction in its official shape (the C-Chain's: cChainTransaction.ts): what its signed bytes say (amounts,
// chains, memo, owners), with the page's UTXO, staker, vertex and asset rows. The bytes are read
// by avalanchejs's codec without the canonical re-encoding check of the indexer (they were checked
// when stored), which keeps a page's decoding to a few microseconds per transaction.
import { avaxSerial, type Common } from '@avalabs/avalanchejs';
import { bech32Encode } from '../../../avalanche/bech32';
import { fromHex, toHex } from '../../../avalanche/bytes';
import { cb58Decode } from '../../../avalanche/cb58';
import { PRIMARY_NETWORK_ID } from '../../../avalanche/constants';
import { chainCodec, type ChainLetter } from '../../../avalanche/tx-codec/chainCodecs';
import { txTypeName } from '../../../avalanche/tx-codec/readSignedTxs';
import { toSafeNumber } from '../../shared/scalars';
import type { TransactionRow } from '../queries/listPrimaryTransactionsSql';
import type { AssetRow, StakerRow, TransactionUtxoRow, VertexOfTxRow } from '../queries/transactionDetailsSql';
import type { PrimaryNetworkAssetAmount } from '../types/primaryAsset.type';
import { PrimaryNetworkAssetCap } from '../types/network.type';
import type { PrimaryNetworkAssetType } from '../types/primaryEnums';
import type {
  L1ValidatorDetailsTransaction,
  PChainTransaction,
  PChainTransactionType,
  XChainTransaction,
  XChainTransactionType,
} from '../types/transaction.type';
import type { SubnetOwnershipInfo } from '../types/subnet.type';
import { formatPChainUtxo, formatUtxo } from './utxo';

type Prim = { value(): bigint | number };
type Ident = { toString(): string; toBytes(): Uint8Array };
type AmountOf = { assetId: Ident; amount(): bigint };
type Loose = Record<string, unknown> & {
  baseTx?: Loose;
  outputs?: AmountOf[];
  inputs?: AmountOf[];
  memo?: { bytes: Uint8Array };
};

/** A decoded stored transaction: its type and fields. */
export type DecodedTx = { txType: string; tx: Loose };

/**
 * Decodes a stored transaction (codec version, then the signed transaction).
 * @param txBytes the stored hex
 * @param chain `P`, `X` or `C` (an atomic transaction)
 * @returns its type and avalanchejs fields
 * @example decodeStoredTx(row.txBytes, 'P').txType // 'AddPermissionlessValidatorTx'
 */
export function decodeStoredTx(txBytes: string, chain: ChainLetter): DecodedTx {
  const [signed] = avaxSerial.SignedTx.fromBytes(fromHex(txBytes).subarray(2), chainCodec(chain));
  const unsigned = signed.unsignedTx as Common.Transaction;
  return { txType: txTypeName(String(unsigned._type)), tx: unsigned as unknown as Loose };
}

/** The avax BaseTx inside a transaction (P-Chain transactions wrap one). */
function baseOf(tx: Loose): Loose {
  const base = tx.baseTx ?? tx;
  return base.outputs ? base : (base.baseTx ?? base);
}

const amountOf = (item: AmountOf): bigint => {
  try {
    return item.amount();
  } catch {
    return 0n; // an NFT output has no amount
  }
};

/** What the page's rows give the formatter. */
export type PageDetails = {
  hrp: string;
  avaxAssetId: string;
  utxos: readonly TransactionUtxoRow[];
  stakers: readonly StakerRow[];
  vertices: readonly VertexOfTxRow[];
  assets: ReadonlyMap<string, AssetRow>;
};

/** Per-asset sums as official `AssetAmount`s (assets not indexed are left out). */
function assetAmounts(
  sums: ReadonlyMap<string, bigint>,
  assets: ReadonlyMap<string, AssetRow>,
): PrimaryNetworkAssetAmount[] {
  const out: PrimaryNetworkAssetAmount[] = [];
  for (const [assetId, amount] of sums) {
    const asset = assets.get(assetId);
    if (!asset) continue;
    out.push({
      assetId,
      name: asset.name,
      symbol: asset.symbol,
      denomination: asset.denomination,
      type: asset.type as PrimaryNetworkAssetType,
      amount: amount.toString(),
    });
  }
  return out;
}

function add(sums: Map<string, bigint>, assetId: string, amount: bigint): void {
  sums.set(assetId, (sums.get(assetId) ?? 0n) + amount);
}

/** The asset IDs the amounts of a decoded transaction name (for the page's asset statement). */
export function assetIdsOf(decoded: DecodedTx): string[] {
  const base = baseOf(decoded.tx);
  const items = [
    ...(base.inputs ?? []),
    ...(base.outputs ?? []),
    ...((decoded.tx.ins as AmountOf[] | undefined) ?? []),
    ...((decoded.tx.outs as AmountOf[] | undefined) ?? []),
    ...((decoded.tx.stake as AmountOf[] | undefined) ?? []),
  ];
  return [...new Set(items.map((i) => i.assetId.toString()))];
}

function ownersInfo(owners: unknown, hrp: string): SubnetOwnershipInfo {
  const o = owners as { locktime: Prim; threshold: Prim; addrs: { toBytes(): Uint8Array }[] };
  return {
    locktime: Number(o.locktime.value()),
    threshold: Number(o.threshold.value()),
    addresses: o.addrs.map((a) => bech32Encode(hrp, a.toBytes())),
  };
}

const hex = (bytes: Uint8Array) => `0x${toHex(bytes)}`;

function l1Details(row: StakerRow, balanceChange?: bigint): L1ValidatorDetailsTransaction {
  return {
    validationId: row.validationId,
    validationIdHex: hex(cb58Decode(row.validationId)),
    nodeId: row.nodeId,
    subnetId: row.subnetId,
    weight: toSafeNumber(BigInt(row.weight)),
    remainingBalance: toSafeNumber(BigInt(row.l1Balance ?? '0')),
    ...(balanceChange === undefined ? {} : { balanceChange: toSafeNumber(balanceChange) }),
  };
}

/** Sums of a transaction's UTXO rows of one role, per asset. */
function utxoSums(rows: readonly TransactionUtxoRow[]): Map<string, bigint> {
  const sums = new Map<string, bigint>();
  for (const u of rows) add(sums, u.assetId, BigInt(u.amount.toFixed()));
  return sums;
}

/**
 * A P-Chain transaction (official `PChainTransaction`).
 * @param row the stored transaction
 * @param decoded its decoded fields
 * @param page the page's rows
 * @returns the API value
 * @example formatPChainTransaction(row, decodeStoredTx(row.txBytes, 'P'), page)
 */
export function formatPChainTransaction(row: TransactionRow, decoded: DecodedTx, page: PageDetails): PChainTransaction {
  const { tx } = decoded;
  const base = baseOf(tx);
  const consumed = page.utxos.filter((u) => u.forTx === row.txHash && u.role === 'consumed');
  const emitted = page.utxos.filter((u) => u.forTx === row.txHash && u.role === 'emitted');
  const inputs = new Map<string, bigint>();
  for (const i of [...(base.inputs ?? []), ...((tx.ins as AmountOf[] | undefined) ?? [])])
    add(inputs, i.assetId.toString(), amountOf(i));
  const outputs = new Map<string, bigint>();
  for (const o of [...(base.outputs ?? []), ...((tx.outs as AmountOf[] | undefined) ?? [])])
    add(outputs, o.assetId.toString(), amountOf(o));
  const staked = new Map<string, bigint>();
  for (const o of (tx.stake as AmountOf[] | undefined) ?? []) add(staked, o.assetId.toString(), amountOf(o));
  let l1Balance = 0n;
  if (decoded.txType === 'ConvertSubnetToL1Tx')
    for (const v of tx.validators as { balance: Prim }[]) l1Balance += BigInt(v.balance.value());
  if (decoded.txType === 'RegisterL1ValidatorTx' || decoded.txType === 'IncreaseL1ValidatorBalanceTx')
    l1Balance = BigInt((tx.balance as Prim).value());
  const burned = new Map<string, bigint>();
  for (const [assetId, amount] of inputs) {
    const left =
      amount -
      (outputs.get(assetId) ?? 0n) -
      (staked.get(assetId) ?? 0n) -
      (assetId === page.avaxAssetId ? l1Balance : 0n);
    if (left !== 0n || inputs.size > 0) burned.set(assetId, left);
  }
  const l1Sums = new Map<string, bigint>(l1Balance > 0n ? [[page.avaxAssetId, l1Balance]] : []);
  const result: PChainTransaction = {
    txHash: row.txHash,
    txType: decoded.txType as PChainTransactionType,
    blockTimestamp: toSafeNumber(row.blockTimestamp),
    blockNumber: row.blockNumber.toString(),
    blockHash: row.blockHash ?? '',
    consumedUtxos: consumed.map(formatPChainUtxo),
    emittedUtxos: emitted.map(formatPChainUtxo),
    value: assetAmounts(utxoSums(emitted), page.assets),
    amountBurned: assetAmounts(burned, page.assets),
    amountStaked: assetAmounts(staked, page.assets),
    amountL1ValidatorBalanceBurned: assetAmounts(l1Sums, page.assets),
  };
  const memo = base.memo?.bytes;
  if (memo && memo.length > 0) result.memo = hex(memo);
  if (decoded.txType === 'ImportTx') result.sourceChain = String(tx.sourceChain);
  if (decoded.txType === 'ExportTx') result.destinationChain = String(tx.destination);
  const staker = page.stakers.find((s) => s.txHash === row.txHash && !s.isL1Validator);
  switch (decoded.txType) {
    case 'AddValidatorTx':
    case 'AddPermissionlessValidatorTx':
    case 'AddSubnetValidatorTx':
    case 'AddDelegatorTx':
    case 'AddPermissionlessDelegatorTx': {
      if (staker) {
        result.nodeId = staker.nodeId;
        result.subnetId = staker.subnetId;
        result.startTimestamp = toSafeNumber(BigInt(staker.startTimestamp));
        if (staker.endTimestamp !== null) result.endTimestamp = toSafeNumber(BigInt(staker.endTimestamp));
        if (staker.delegationFee !== null) result.delegationFeePercent = String(Number(staker.delegationFee));
        if (staker.rewardTxHash) result.rewardTxHash = staker.rewardTxHash;
        if (staker.rewardAddresses.length) result.rewardAddresses = staker.rewardAddresses;
        if (staker.estimatedReward) result.estimatedReward = staker.estimatedReward;
        if (staker.blsPublicKey && staker.blsProofOfPossession)
          result.blsCredentials = { publicKey: staker.blsPublicKey, proofOfPossession: staker.blsProofOfPossession };
      }
      break;
    }
    case 'RemoveSubnetValidatorTx':
      result.nodeId = String(tx.nodeId);
      result.subnetId = String(tx.subnetId);
      break;
    case 'CreateSubnetTx':
      result.subnetId = row.txHash;
      result.subnetOwnershipInfo = ownersInfo(tx.subnetOwners, page.hrp);
      break;
    case 'TransferSubnetOwnershipTx':
      result.subnetId = String(tx.subnetID);
      result.subnetOwnershipInfo = ownersInfo(tx.subnetOwners, page.hrp);
      break;
    case 'CreateChainTx':
      result.subnetId = String(tx.subnetID);
      result.blockchainInfo = { chainName: String((tx.chainName as Prim).value()), vmId: String(tx.vmID) };
      break;
    case 'ConvertSubnetToL1Tx': {
      result.subnetId = String(tx.subnetID);
      result.l1ValidatorManagerDetails = {
        blockchainId: String(tx.chainID),
        contractAddress: hex((tx.address as { bytes: Uint8Array }).bytes),
      };
      const validators = tx.validators as { nodeId: Ident; balance: Prim }[];
      result.l1ValidatorDetails = page.stakers
        .filter((s) => s.txHash === row.txHash && s.isL1Validator)
        .map((s) => {
          const v = validators.find((x) => String(x.nodeId) === s.nodeId);
          return l1Details(s, v ? BigInt(v.balance.value()) : undefined);
        });
      break;
    }
    case 'RegisterL1ValidatorTx':
      result.l1ValidatorDetails = page.stakers
        .filter((s) => s.txHash === row.txHash && s.isL1Validator)
        .map((s) => l1Details(s, l1Balance));
      break;
    case 'IncreaseL1ValidatorBalanceTx':
    case 'DisableL1ValidatorTx': {
      const validationId = String(tx.validationId);
      const s = page.stakers.find((x) => x.validationId === validationId && x.isL1Validator);
      if (s) {
        result.l1ValidatorDetails = [
          l1Details(s, decoded.txType === 'IncreaseL1ValidatorBalanceTx' ? l1Balance : undefined),
        ];
        result.subnetId = s.subnetId;
        result.nodeId = s.nodeId;
      }
      break;
    }
    case 'RewardValidatorTx': {
      result.stakingTxHash = String(tx.txId);
      const rewarded = page.stakers.find((s) => s.txHash === result.stakingTxHash);
      if (rewarded?.rewardAddresses.length) result.rewardAddresses = rewarded.rewardAddresses;
      if (rewarded) {
        result.nodeId = rewarded.nodeId;
        result.rewardTxHash = row.txHash;
      }
      break;
    }
    default:
  }
  if (result.subnetId === undefined && staker?.subnetId === PRIMARY_NETWORK_ID) result.subnetId = PRIMARY_NETWORK_ID;
  return result;
}

/**
 * An X-Chain transaction (official `XChainLinearTransaction`, or `XChainNonLinearTransaction` for
 * one of a vertex).
 * @param row the stored transaction
 * @param decoded its decoded fields
 * @param page the page's rows
 * @returns the API value
 * @example formatXChainTransaction(row, decodeStoredTx(row.txBytes, 'X'), page)
 */
export function formatXChainTransaction(row: TransactionRow, decoded: DecodedTx, page: PageDetails): XChainTransaction {
  const { tx } = decoded;
  const base = baseOf(tx);
  const consumed = page.utxos.filter((u) => u.forTx === row.txHash && u.role === 'consumed');
  const emitted = page.utxos.filter((u) => u.forTx === row.txHash && u.role === 'emitted');
  const unlocked = new Map<string, bigint>();
  for (const i of [...(base.inputs ?? []), ...((tx.importedIns as AmountOf[] | undefined) ?? [])])
    add(unlocked, i.assetId.toString(), amountOf(i));
  const common = {
    txHash: row.txHash,
    timestamp: toSafeNumber(row.blockTimestamp),
    txType: decoded.txType as XChainTransactionType,
    memo: hex(base.memo?.bytes ?? new Uint8Array()),
    consumedUtxos: consumed.map(formatUtxo),
    emittedUtxos: emitted.map(formatUtxo),
    amountUnlocked: assetAmounts(unlocked, page.assets),
    amountCreated: assetAmounts(utxoSums(emitted), page.assets),
    ...(decoded.txType === 'ImportTx' ? { sourceChain: String(tx.sourceChain) } : {}),
    ...(decoded.txType === 'ExportTx' ? { destinationChain: String(tx.destination) } : {}),
    ...(decoded.txType === 'CreateAssetTx' && page.assets.get(row.txHash)
      ? {
          assetCreated: {
            ...page.assets.get(row.txHash)!,
            type: page.assets.get(row.txHash)!.type as PrimaryNetworkAssetType,
            createdAtTimestamp: toSafeNumber(row.blockTimestamp),
            cap:
              page.assets.get(row.txHash)!.cap === 'variable'
                ? PrimaryNetworkAssetCap.variable
                : PrimaryNetworkAssetCap.fixed,
          },
        }
      : {}),
  };
  if (row.blockHash !== null)
    return { ...common, chainFormat: 'linear', blockHeight: toSafeNumber(row.blockNumber), blockHash: row.blockHash };
  return {
    ...common,
    chainFormat: 'non-linear',
    vertices: page.vertices
      .filter((v) => v.txHash === row.txHash)
      .map((v) => ({
        hash: v.hash,
        height: toSafeNumber(BigInt(v.height)),
        timestamp: toSafeNumber(BigInt(v.timestamp)),
      })),
  };
}
