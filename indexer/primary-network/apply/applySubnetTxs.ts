// Subnets, blockchains and L1s on the P-Chain: CreateSubnetTx, TransferSubnetOwnershipTx (new
// owners), CreateChainTx (genesis data), ConvertSubnetToL1Tx (its validators), and the L1 validator
// transactions. Warp messages inside L1 transactions are read with the signature aggregator's codec.
import { sha256 } from '@noble/hashes/sha2.js';
import { bech32Encode } from '../../../avalanche/bech32';
import { toHex } from '../../../avalanche/bytes';
import { cb58Encode, nodeIdToString } from '../../../avalanche/cb58';
import { conversionValidationId } from '../../../signature-aggregator/codec/conversionValidationId';
import { l1WarpMessage } from '../../../signature-aggregator/codec/l1TxValidationIds';
import type { L1BalanceOwner } from './blockChanges';
import { changeL1Fee, endL1Fee } from './l1FeeChanges';
import { ownersOf } from './outputRows';
import type { TxContext } from './txContext';

type Id = { toString(): string; toBytes(): Uint8Array };
type Prim = { value(): bigint | number | string };

/**
 * CreateSubnetTx: the subnet, ID = the transaction ID, its owners.
 * @param ctx the transaction and its block
 * @returns nothing; the row goes to the working set
 * @example applyCreateSubnet(ctx)
 */
export function applyCreateSubnet(ctx: TxContext): void {
  const tx = ctx.tx.unsigned as unknown as { subnetOwners: unknown };
  const owners = ownersOf(tx.subnetOwners, ctx.hrp);
  ctx.changes.insert('Subnet', {
    network: ctx.network,
    subnetId: ctx.tx.txId,
    createBlockTimestamp: ctx.timestamp,
    createBlockIndex: ctx.height,
    ownerAddresses: owners.addresses,
    threshold: owners.threshold,
    locktime: owners.locktime,
  });
}

/**
 * TransferSubnetOwnershipTx: the subnet's owners become the new ones.
 * @param ctx the transaction and its block
 * @returns nothing; the change goes to the working set
 * @example applyTransferSubnetOwnership(ctx)
 */
export function applyTransferSubnetOwnership(ctx: TxContext): void {
  const tx = ctx.tx.unsigned as unknown as { subnetID: Id; subnetOwners: unknown };
  const owners = ownersOf(tx.subnetOwners, ctx.hrp);
  ctx.changes.update(
    'Subnet',
    { network: ctx.network, subnetId: tx.subnetID.toString() },
    { ownerAddresses: owners.addresses, threshold: owners.threshold, locktime: owners.locktime },
  );
}

/**
 * CreateChainTx: the blockchain, its genesis kept as JSON when it is JSON (subnet-evm), its EVM chain ID from `config.chainId`.
 * @param ctx the transaction and its block
 * @returns nothing; the row goes to the working set
 * @example applyCreateChain(ctx)
 */
export function applyCreateChain(ctx: TxContext): void {
  const tx = ctx.tx.unsigned as unknown as {
    subnetID: Id;
    chainName: Prim;
    vmID: Id;
    genesisData: { bytes: Uint8Array };
  };
  let genesis: Record<string, unknown> | null = null;
  try {
    const parsed = JSON.parse(Buffer.from(tx.genesisData.bytes).toString('utf8'));
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) genesis = parsed;
  } catch {
    // not JSON (another VM's genesis): stored without genesis data
  }
  const chainId = (genesis?.config as { chainId?: unknown } | undefined)?.chainId;
  ctx.changes.insert('Blockchain', {
    network: ctx.network,
    blockchainId: ctx.tx.txId,
    subnetId: tx.subnetID.toString(),
    createBlockTimestamp: ctx.timestamp,
    createBlockNumber: ctx.height,
    vmId: tx.vmID.toString(),
    blockchainName: String(tx.chainName.value()).slice(0, 128),
    evmChainId:
      typeof chainId === 'number' || (typeof chainId === 'string' && /^\d+$/.test(chainId)) ? BigInt(chainId) : null,
    genesisData: (genesis ?? undefined) as never,
  });
}

type L1Validator = {
  nodeId: { bytes: Uint8Array };
  weight: Prim;
  balance: Prim;
  signer: { publicKey: Uint8Array; signature: Uint8Array };
  remainingBalanceOwner: unknown;
  deactivationOwner: unknown;
};

/** The stored form of a remaining-balance owner: a ConvertSubnetToL1Tx's (avalanchejs) or a RegisterL1Validator message's. */
function balanceOwner(ctx: TxContext, owner: unknown): L1BalanceOwner {
  if (typeof (owner as { threshold?: unknown } | undefined)?.threshold === 'number') {
    const o = owner as { threshold: number; addresses: Uint8Array[] };
    return { threshold: o.threshold, addresses: o.addresses.map((a) => bech32Encode(ctx.hrp, a)) };
  }
  const { threshold, addresses } = ownersOf(owner, ctx.hrp);
  return { threshold, addresses };
}

/**
 * ConvertSubnetToL1Tx: the subnet becomes an L1 with its validator manager; each listed validator a validation
 * whose ID is SHA-256(subnetID ‖ uint32 index).
 * @param ctx the transaction and its block
 * @returns nothing; rows and changes go to the working set
 * @example applyConvertSubnetToL1(ctx)
 */
export function applyConvertSubnetToL1(ctx: TxContext): void {
  const tx = ctx.tx.unsigned as unknown as {
    subnetID: Id;
    chainID: Id;
    address: { bytes: Uint8Array };
    validators: L1Validator[];
  };
  const subnetId = tx.subnetID.toString();
  ctx.changes.update(
    'Subnet',
    { network: ctx.network, subnetId },
    {
      isL1: true,
      l1ConversionTransactionHash: ctx.tx.txId,
      l1ValidatorManagerBlockchainId: tx.chainID.toString(),
      l1ValidatorManagerAddress: `0x${toHex(tx.address.bytes)}`,
    },
  );
  tx.validators.forEach((v, i) => {
    const balance = BigInt(v.balance.value());
    const weight = BigInt(v.weight.value());
    const validation = {
      validationId: cb58Encode(conversionValidationId(tx.subnetID.toBytes(), i)),
      nodeId: nodeIdToString(v.nodeId.bytes),
      subnetId,
    };
    const fee = changeL1Fee(ctx, validation, 0n, { kind: 'register', balance });
    ctx.changes.addValidator(
      {
        network: ctx.network,
        txHash: ctx.tx.txId,
        ...validation,
        isL1Validator: true,
        amountStaked: weight.toString(),
        weight,
        startTimestamp: ctx.timestamp,
        endTimestamp: null,
        blockIndex: ctx.height,
        blsPublicKey: `0x${toHex(v.signer.publicKey)}`,
        blsProofOfPossession: `0x${toHex(v.signer.signature)}`,
        isActive: fee.end > 0n,
        l1Balance: fee.balance.toString(),
        rewardAddresses: [],
        l1EndAccumulatedFee: fee.end.toString(),
        l1RemainingBalanceOwner: balanceOwner(ctx, v.remainingBalanceOwner),
        l1DeactivationOwner: balanceOwner(ctx, v.deactivationOwner),
      },
      null,
    );
  });
}

/**
 * RegisterL1ValidatorTx: a validation whose ID is SHA-256 of the RegisterL1Validator message.
 * @param ctx the transaction and its block
 * @returns nothing; the row goes to the working set
 * @example applyRegisterL1Validator(ctx)
 */
export function applyRegisterL1Validator(ctx: TxContext): void {
  const tx = ctx.tx.unsigned as unknown as {
    balance: Prim;
    blsSignature: { toBytes(): Uint8Array };
    message: { bytes: Uint8Array };
  };
  const { message, payload } = l1WarpMessage(tx.message.bytes);
  if (message.type !== 'RegisterL1Validator')
    throw new Error(`RegisterL1ValidatorTx ${ctx.tx.txId} carries a ${message.type} message`);
  const balance = BigInt(tx.balance.value());
  const validation = {
    validationId: cb58Encode(sha256(payload)),
    nodeId: nodeIdToString(message.nodeId),
    subnetId: cb58Encode(message.subnetId),
  };
  const fee = changeL1Fee(ctx, validation, 0n, { kind: 'register', balance });
  ctx.changes.addValidator(
    {
      network: ctx.network,
      txHash: ctx.tx.txId,
      ...validation,
      isL1Validator: true,
      amountStaked: message.weight.toString(),
      weight: message.weight,
      startTimestamp: ctx.timestamp,
      endTimestamp: null,
      blockIndex: ctx.height,
      blsPublicKey: `0x${toHex(message.blsPublicKey)}`,
      blsProofOfPossession: `0x${toHex(tx.blsSignature.toBytes())}`,
      isActive: fee.end > 0n,
      l1Balance: fee.balance.toString(),
      rewardAddresses: [],
      l1EndAccumulatedFee: fee.end.toString(),
      l1RemainingBalanceOwner: balanceOwner(ctx, message.remainingBalanceOwner),
      l1DeactivationOwner: balanceOwner(ctx, message.disableOwner),
    },
    null,
  );
}

/**
 * SetL1ValidatorWeightTx: the new weight; weight 0 removes the validation.
 * @param ctx the transaction and its block
 * @returns when applied to the working set
 * @example await applySetL1ValidatorWeight(ctx)
 */
export async function applySetL1ValidatorWeight(ctx: TxContext): Promise<void> {
  const tx = ctx.tx.unsigned as unknown as { message: { bytes: Uint8Array } };
  const { message } = l1WarpMessage(tx.message.bytes);
  if (message.type !== 'L1ValidatorWeight')
    throw new Error(`SetL1ValidatorWeightTx ${ctx.tx.txId} carries a ${message.type} message`);
  const validationId = cb58Encode(message.validationId);
  const validator = await ctx.changes.validator(validationId);
  if (!validator) return;
  if (message.weight === 0n) {
    endL1Fee(ctx, validator);
    ctx.changes.setValidator(
      validationId,
      {
        weight: 0n,
        amountStaked: '0',
        removedAtBlockIndex: ctx.height,
        removedTimestamp: ctx.timestamp,
        removeTxHash: ctx.tx.txId,
        isActive: false,
        l1Balance: '0',
        l1EndAccumulatedFee: '0',
      },
      { weight: 0n, amountStaked: 0n, removedAtBlockIndex: ctx.height, l1Balance: 0n, l1EndAccumulatedFee: 0n },
    );
    return;
  }
  ctx.changes.setValidator(
    validationId,
    { weight: message.weight, amountStaked: message.weight.toString() },
    { weight: message.weight, amountStaked: message.weight },
  );
}

/**
 * IncreaseL1ValidatorBalanceTx: more balance for the continuous fee; an inactive validation becomes
 * active again, paying from the fees accrued now.
 * @param ctx the transaction and its block
 * @returns when applied to the working set
 * @example await applyIncreaseL1ValidatorBalance(ctx)
 */
export async function applyIncreaseL1ValidatorBalance(ctx: TxContext): Promise<void> {
  const tx = ctx.tx.unsigned as unknown as { validationId: Id; balance: Prim };
  const validationId = tx.validationId.toString();
  const validator = await ctx.changes.validator(validationId);
  if (!validator) return;
  const { end, balance } = changeL1Fee(ctx, validator, validator.l1EndAccumulatedFee ?? 0n, {
    kind: 'topUp',
    amount: BigInt(tx.balance.value()),
  });
  ctx.changes.setValidator(
    validationId,
    { l1Balance: balance.toString(), isActive: end > 0n, l1EndAccumulatedFee: end.toString() },
    { l1Balance: balance, l1EndAccumulatedFee: end },
  );
}

/**
 * DisableL1ValidatorTx: inactive, its remaining balance returned to its owner (a UTXO).
 * @param ctx the transaction and its block
 * @returns when applied to the working set
 * @example await applyDisableL1Validator(ctx)
 */
export async function applyDisableL1Validator(ctx: TxContext): Promise<void> {
  const tx = ctx.tx.unsigned as unknown as { validationId: Id };
  const validationId = tx.validationId.toString();
  const validator = await ctx.changes.validator(validationId);
  if (!validator) return;
  endL1Fee(ctx, validator);
  ctx.changes.setValidator(
    validationId,
    { l1Balance: '0', isActive: false, l1EndAccumulatedFee: '0' },
    { l1Balance: 0n, l1EndAccumulatedFee: 0n },
  );
}
