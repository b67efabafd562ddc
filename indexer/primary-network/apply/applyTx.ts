// One transaction's effects on the working set of its block, by type (the types of the shared
// enumerations note). A proposal block's transaction takes effect with the option block after it,
// which calls this with the outcome.
import {
  applyCreateChain,
  applyConvertSubnetToL1,
  applyCreateSubnet,
  applyDisableL1Validator,
  applyIncreaseL1ValidatorBalance,
  applyRegisterL1Validator,
  applySetL1ValidatorWeight,
  applyTransferSubnetOwnership,
} from './applySubnetTxs';
import { applyAddDelegator, applyAddValidator, applyRemoveSubnetValidator, applyRewardValidator } from './applyStaking';
import { applyTransfers } from './applyTransfers';
import { applyCreateAsset, applyOperations } from './applyXChainTxs';
import { addTransaction } from '../../../domain';
import { txAmounts } from '../../../avalanche/tx-codec/txAmounts';
import { l1ValidationIdsOfTx } from '../../../signature-aggregator/codec/l1TxValidationIds';
import type { TxContext } from './txContext';

/**
 * Applies a transaction.
 * @param ctx the transaction, its block and the working set
 * @param outcome for the transaction of a proposal block: whether the option block committed it
 * @returns when applied
 * @example await applyTx(ctx)
 */
export async function applyTx(ctx: TxContext, outcome: 'commit' | 'abort' | null = null): Promise<void> {
  // An aborted proposal changes nothing, except a staker's end: it leaves the set unrewarded.
  if (outcome === 'abort' && ctx.tx.txType !== 'RewardValidatorTx') return;
  const emittedMark = ctx.changes.emittedCount();
  await applyEffects(ctx, outcome);
  // The L1 validations it acts on, as its bytes name them (known to the index or not).
  const validationIds = l1ValidationIdsOfTx(ctx.tx.txType, ctx.tx.unsigned);
  if (validationIds.length > 0)
    ctx.changes.linkValidations(
      { network: ctx.network, blockchainId: ctx.chainId, blockTimestamp: ctx.timestamp, txHash: ctx.tx.txId },
      validationIds,
    );
  // Genesis allocations are the supply's start, not flows of a transaction.
  if (ctx.genesis) return;
  // The supply totals take what the transaction states it consumes, emits and deposits, and the
  // reward UTXOs a RewardValidatorTx pays (platform.getRewardUTXOs: not in its bytes).
  const rewards =
    ctx.tx.txType === 'RewardValidatorTx'
      ? ctx.changes
          .emittedSince(emittedMark)
          .filter((u) => u.assetId === ctx.avaxAssetId)
          .reduce((sum, u) => sum + BigInt(String(u.amount)), 0n)
      : 0n;
  ctx.totals.value = addTransaction(
    ctx.totals.value,
    { ...txAmounts(ctx.tx.txType, ctx.tx.unsigned), rewards },
    ctx.avaxAssetId,
  );
}

async function applyEffects(ctx: TxContext, outcome: 'commit' | 'abort' | null): Promise<void> {
  const type = ctx.tx.txType;
  if (type === 'RewardValidatorTx') return applyRewardValidator(ctx, outcome !== 'abort');
  if (type === 'AdvanceTimeTx') return;
  const outputCount = await applyTransfers(ctx);
  switch (type) {
    case 'AddValidatorTx':
    case 'AddPermissionlessValidatorTx':
    case 'AddSubnetValidatorTx':
      return applyAddValidator(ctx, outputCount);
    case 'AddDelegatorTx':
    case 'AddPermissionlessDelegatorTx':
      return applyAddDelegator(ctx, outputCount);
    case 'RemoveSubnetValidatorTx':
      return applyRemoveSubnetValidator(ctx);
    case 'CreateSubnetTx':
      return applyCreateSubnet(ctx);
    case 'TransferSubnetOwnershipTx':
      return applyTransferSubnetOwnership(ctx);
    case 'CreateChainTx':
      return applyCreateChain(ctx);
    case 'ConvertSubnetToL1Tx':
      return applyConvertSubnetToL1(ctx);
    case 'RegisterL1ValidatorTx':
      return applyRegisterL1Validator(ctx);
    case 'SetL1ValidatorWeightTx':
      return applySetL1ValidatorWeight(ctx);
    case 'IncreaseL1ValidatorBalanceTx':
      return applyIncreaseL1ValidatorBalance(ctx);
    case 'DisableL1ValidatorTx':
      return applyDisableL1Validator(ctx);
    case 'CreateAssetTx':
      return applyCreateAsset(ctx, outputCount);
    case 'OperationTx':
      return applyOperations(ctx, outputCount);
    default:
      // BaseTx, ImportTx, ExportTx, TransformSubnetTx: their UTXO effects are all there is.
      return;
  }
}
