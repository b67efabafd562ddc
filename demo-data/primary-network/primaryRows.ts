// Rows of subnets, blockchains, validators, delegations and pending rewards, built once every
// event has its block. Delegation totals of a Validator row are sums over its Delegation rows.
import { DEMO_NOW, NETWORKS, PRIMARY_NETWORK_ID, type NetworkName } from '../constants';
import type { BulkWriter } from '../../prisma/write';
import { demoValidatorCredentials } from '../validatorKeys';
import { heightOf } from './events';
import { demoPeer } from './peers';
import { delegationCapacity, validationStatusAt } from '../../domain';
import { STAKING, type Stake } from './stakingRules';
import type { L1FeeLedger } from './l1FeeLedger';
import type { SubnetValidation } from './subnetValidators';
import type { SubnetPlan } from './subnets';

/**
 * Writes Subnet, Blockchain and PrecompileUpgrade rows.
 * @param network mainnet or fuji
 * @param subnets planned subnets with placed events
 * @param writer row writer
 * @returns nothing
 * @example await writeSubnets('mainnet', subnets, writer)
 */
export async function writeSubnets(network: NetworkName, subnets: SubnetPlan[], writer: BulkWriter): Promise<void> {
  const info = NETWORKS[network];
  for (const s of subnets) {
    await writer.push('Subnet', {
      network: info.prisma,
      subnetId: s.subnetId,
      createBlockTimestamp: BigInt(s.createEvent?.blockTime ?? s.createTime),
      createBlockIndex: s.createEvent ? heightOf(s.createEvent) : 0n,
      ownerAddresses: s.owners.map((o) => o.text),
      threshold: s.threshold,
      locktime: 0n,
      isL1: s.isL1,
      l1ConversionTransactionHash: s.conversionEvent?.tx.txId ?? null,
      l1ValidatorManagerBlockchainId: s.manager?.blockchainId ?? null,
      l1ValidatorManagerAddress: s.manager?.address ?? null,
    });
    for (const b of s.blockchains) {
      await writer.push('Blockchain', {
        network: info.prisma,
        blockchainId: b.blockchainId,
        subnetId: b.subnetId,
        createBlockTimestamp: BigInt(b.createEvent?.blockTime ?? b.createTime),
        createBlockNumber: b.createEvent ? heightOf(b.createEvent) : 0n,
        vmId: b.vmId,
        blockchainName: b.name,
        evmChainId: b.evmChainId,
        genesisData: (b.genesis ?? undefined) as never,
      });
      for (const u of b.upgrades) {
        await writer.push('PrecompileUpgrade', {
          network: info.prisma,
          blockchainId: b.blockchainId,
          position: u.position,
          precompileName: u.precompileName,
          blockTimestamp: BigInt(u.blockTimestamp),
          disable: u.disable,
          config: u.config as never,
        });
      }
    }
  }
}

/**
 * Writes Validator, Delegation, PendingReward and PendingRewardAddress rows of the primary
 * network, and Validator rows of subnets and L1s.
 * @param network mainnet or fuji
 * @param stakes primary-network validations
 * @param subnetValidations subnet and L1 validations
 * @param placed the P-Chain height at a time (for validations that left the set without a transaction),
 *   and the L1 validations' fee states after the last block
 * @param writer row writer
 * @returns nothing
 * @example await writeValidators('fuji', stakes, subnetValidations, placed, writer)
 */
export async function writeValidators(
  network: NetworkName,
  stakes: Stake[],
  subnetValidations: SubnetValidation[],
  placed: { pHeightAt: (time: number) => bigint; l1Fees: Pick<L1FeeLedger, 'outcome'> },
  writer: BulkWriter,
): Promise<void> {
  const { pHeightAt, l1Fees } = placed;
  const info = NETWORKS[network];
  const rules = STAKING[network];
  for (const v of stakes) {
    const credentials = demoValidatorCredentials(network, v.nodeIndex);
    const delegated = v.delegations.reduce((sum, d) => sum + d.amount, 0n);
    // Stored as what the validation accepts while active or pending, which time does not change;
    // readers apply the status at their instant (schema comment on delegationCapacity).
    const capacity = delegationCapacity(
      { amountStaked: v.amount, amountDelegated: delegated, status: 'active' },
      rules,
    );
    const elapsed = v.status === 'active' ? DEMO_NOW - v.start : v.status === 'completed' ? v.end - v.start : 0;
    await writer.push('Validator', {
      network: info.prisma,
      txHash: v.addEvent.tx.txId,
      validationId: v.addEvent.tx.txId,
      nodeId: v.nodeId,
      subnetId: PRIMARY_NETWORK_ID,
      isL1Validator: false,
      amountStaked: v.amount.toString(),
      weight: v.status === 'active' ? v.amount + delegated : v.amount,
      delegationFee: v.feePercent.toFixed(4),
      startTimestamp: BigInt(v.start),
      endTimestamp: BigInt(v.end),
      blockIndex: heightOf(v.addEvent),
      removedAtBlockIndex: v.rewardEvent ? heightOf(v.rewardEvent) : null,
      blsPublicKey: credentials.publicKey,
      blsProofOfPossession: credentials.proofOfPossession,
      delegatorCount: v.delegations.length,
      amountDelegated: delegated.toString(),
      delegationCapacity: capacity.toString(),
      uptimeSeconds: BigInt(Math.floor((elapsed * (v.status === 'pending' ? 0 : v.uptimePercent)) / 100)),
      uptimePercentage: (v.status === 'pending' ? 0 : v.uptimePercent).toFixed(4),
      isConnected: v.connected,
      ...demoPeer(network, v.nodeIndex, v.status === 'active' && v.connected),
      isActive: true,
      l1Balance: null,
      validationRewardAmount: v.reward.toString(),
      delegationRewardAmount: v.feeReward.toString(),
      rewardAddresses: [v.owner.text],
      rewardTxHash: v.rewardEvent?.tx.txId ?? null,
    });
    if (v.status === 'active') await pendingReward(network, v, 'VALIDATOR', v.reward, [v.owner.text], writer);
    for (const d of v.delegations) {
      await writer.push('Delegation', {
        network: info.prisma,
        txHash: d.addEvent.tx.txId,
        validatorTxHash: v.addEvent.tx.txId,
        nodeId: v.nodeId,
        amountDelegated: d.amount.toString(),
        startTimestamp: BigInt(d.start),
        endTimestamp: BigInt(d.end),
        blockIndex: heightOf(d.addEvent),
        rewardAddresses: [d.owner.text],
        rewardTxHash: d.rewardEvent?.tx.txId ?? null,
        delegatorRewardAmount: d.status === 'completed' ? d.reward.toString() : null,
      });
      if (d.status === 'active') {
        await pendingReward(network, d, 'DELEGATOR', d.reward, [d.owner.text], writer);
        await pendingReward(network, d, 'VALIDATOR_FEE', d.feeReward, [v.owner.text], writer);
      }
    }
  }
  for (const v of subnetValidations) {
    const credentials = demoValidatorCredentials(network, v.nodeIndex);
    const removedTimestamp = v.removeEvent ? v.removeEvent.blockTime! : null;
    const status = validationStatusAt({ startTimestamp: v.start, endTimestamp: v.end, removedTimestamp }, DEMO_NOW);
    const removedAt = v.removeEvent
      ? heightOf(v.removeEvent)
      : status === 'completed' && v.end !== null
        ? pHeightAt(v.end)
        : null;
    const elapsed = status === 'pending' ? 0 : (v.end !== null && v.end < DEMO_NOW ? v.end : DEMO_NOW) - v.start;
    // Permissioned subnet validators pay no continuous fee.
    const fee = v.isL1 && v.validationId ? l1Fees.outcome(v.validationId) : null;
    const isActive = fee?.isActive ?? true;
    await writer.push('Validator', {
      network: info.prisma,
      txHash: v.addEvent.tx.txId,
      validationId: v.validationId ?? v.addEvent.tx.txId,
      nodeId: v.nodeId,
      subnetId: v.subnetId,
      isL1Validator: v.isL1,
      amountStaked: v.weight.toString(),
      weight: v.weight,
      delegationFee: null,
      startTimestamp: BigInt(v.start),
      endTimestamp: v.end === null ? null : BigInt(v.end),
      blockIndex: heightOf(v.addEvent),
      removedAtBlockIndex: removedAt,
      removedTimestamp: removedTimestamp === null ? null : BigInt(removedTimestamp),
      removeTxHash: v.removeEvent?.tx.txId ?? null,
      blsPublicKey: credentials.publicKey,
      blsProofOfPossession: credentials.proofOfPossession,
      delegatorCount: 0,
      amountDelegated: '0',
      delegationCapacity: '0',
      uptimeSeconds: BigInt(Math.floor((Math.max(0, elapsed) * v.uptimePercent) / 100)),
      uptimePercentage: v.uptimePercent.toFixed(4),
      isConnected: status === 'active' && isActive,
      ...demoPeer(network, v.nodeIndex, status === 'active' && isActive),
      isActive,
      l1Balance: fee?.l1Balance.toString() ?? null,
      l1EndAccumulatedFee: fee?.l1EndAccumulatedFee.toString() ?? null,
      // As the indexer keeps them from the ConvertSubnetToL1Tx or the RegisterL1Validator message.
      l1RemainingBalanceOwner: v.l1Owner ?? undefined,
      l1DeactivationOwner: v.l1Owner ?? undefined,
      validationRewardAmount: null,
      delegationRewardAmount: null,
      rewardAddresses: [],
      rewardTxHash: null,
    });
  }
}

async function pendingReward(
  network: NetworkName,
  s: Stake,
  rewardType: 'VALIDATOR' | 'DELEGATOR' | 'VALIDATOR_FEE',
  amount: bigint,
  addresses: string[],
  writer: BulkWriter,
): Promise<void> {
  const info = NETWORKS[network];
  const key = { network: info.prisma, txHash: s.addEvent.tx.txId, rewardType };
  await writer.push('PendingReward', {
    ...key,
    nodeId: s.nodeId,
    amountStaked: s.amount.toString(),
    startTimestamp: BigInt(s.start),
    endTimestamp: BigInt(s.end),
    assetId: info.avaxAssetId,
    estimatedRewardAmount: amount.toString(),
  });
  for (const address of addresses) await writer.push('PendingRewardAddress', { ...key, address });
}
