// The validator state the chain does not record, from the node's platform.getCurrentValidators:
// uptime and connection of each indexed validation, an L1 validator's remaining fee balance, and the pending rewards of the current stakers
// (a delegator's potential reward split with its validator by the delegation fee, domain rule);
// and from its info.peers, the software version of each validating node and where it is benched.
import { PRIMARY_NETWORK_ID } from '../../../avalanche/constants';
import { delegationFeeSplit, validatorRulesSql } from '../../../domain';
import type { Database } from '../../../prisma/database';
import type { BlockWrite, RowOf, RowUpdate } from '../../../prisma/write';
import type { CurrentValidator, Peer } from '../rpc/createNodeApi';
import type { ChainFacts } from './networkFacts';

const strip = (addresses: readonly string[] | undefined) => (addresses ?? []).map((a) => a.replace(/^[PXC]-/, ''));
const num = (text: string | undefined) => (text !== undefined && /^\d+$/.test(text) ? BigInt(text) : null);

/**
 * The changes of a refresh, for the chain's current cursor (writeBlock without a new block).
 * @param db the database (which validations are indexed)
 * @param facts the P-Chain's facts
 * @param validators the node's answer
 * @param now chain time of the refresh (the last indexed block's), for uptime seconds
 * @param peers the node's peer list; null when the node does not serve it (nothing is changed then)
 * @returns updates and upserts
 * @example const write = await refreshValidators(db, facts, await api.currentValidators(), memory.timestamp, await api.peers())
 */
export async function refreshValidators(
  db: Pick<Database, 'query'>,
  facts: ChainFacts,
  validators: readonly CurrentValidator[],
  now: bigint,
  peers: readonly Peer[] | null = null,
): Promise<Omit<BlockWrite, 'cursor'>> {
  const network = facts.network;
  const ids = validators.map((v) => v.validationID ?? v.txID);
  const stored = new Set(
    (
      await db.query<{ validation_id: string }>(
        'SELECT validation_id FROM validator WHERE network = $1 AND validation_id = ANY($2::text[])',
        [network.toLowerCase(), ids],
      )
    ).map((r) => r.validation_id),
  );
  const updates: RowUpdate[] = [];
  const pending: RowOf<'PendingReward'>[] = [];
  const addresses: RowOf<'PendingRewardAddress'>[] = [];
  const reward = (
    txHash: string,
    rewardType: RowOf<'PendingReward'>['rewardType'],
    nodeId: string,
    amountStaked: bigint,
    start: bigint,
    end: bigint,
    amount: bigint,
    owners: string[],
  ) => {
    pending.push({
      network,
      txHash,
      rewardType,
      nodeId,
      amountStaked: amountStaked.toString(),
      startTimestamp: start,
      endTimestamp: end,
      assetId: facts.avaxAssetId,
      estimatedRewardAmount: amount.toString(),
    });
    for (const address of owners) addresses.push({ network, txHash, rewardType, address });
  };
  for (const v of validators) {
    const validationId = v.validationID ?? v.txID;
    const start = num(v.startTime) ?? 0n;
    const uptime =
      v.uptime !== undefined && Number.isFinite(Number(v.uptime)) ? Math.min(100, Math.max(0, Number(v.uptime))) : null;
    // An L1 validator's balance drains continuously (the fee): the node's value, and inactive at 0.
    const l1Balance = v.validationID && v.subnetID && v.subnetID !== PRIMARY_NETWORK_ID ? num(v.balance) : null;
    if (stored.has(validationId) && (uptime !== null || v.connected !== undefined || l1Balance !== null)) {
      const elapsed = now > start ? now - start : 0n;
      updates.push({
        model: 'Validator',
        where: { network, validationId },
        set: {
          ...(uptime !== null
            ? {
                uptimePercentage: uptime.toFixed(4),
                uptimeSeconds: (elapsed * BigInt(Math.round(uptime * 10_000))) / 1_000_000n,
              }
            : {}),
          ...(v.connected !== undefined ? { isConnected: v.connected } : {}),
          ...(l1Balance !== null ? { l1Balance: l1Balance.toString(), isActive: l1Balance > 0n } : {}),
        },
      });
    }
    const subnet = v.subnetID ?? PRIMARY_NETWORK_ID;
    const end = num(v.endTime);
    const weight = num(v.weight) ?? 0n;
    if (subnet !== PRIMARY_NETWORK_ID || end === null) continue;
    const potential = num(v.potentialReward);
    if (potential !== null)
      reward(v.txID, 'VALIDATOR', v.nodeID, weight, start, end, potential, strip(v.validationRewardOwner?.addresses));
    const shares = v.delegationFee !== undefined ? BigInt(Math.round(Number(v.delegationFee) * 10_000)) : 0n;
    for (const d of v.delegators ?? []) {
      const amount = num(d.weight ?? d.stakeAmount) ?? 0n;
      const total = num(d.potentialReward);
      if (total === null) continue;
      const split = delegationFeeSplit(total, shares);
      const dStart = num(d.startTime) ?? 0n;
      const dEnd = num(d.endTime) ?? 0n;
      reward(
        d.txID,
        'DELEGATOR',
        d.nodeID,
        amount,
        dStart,
        dEnd,
        split.delegatorReward,
        strip(d.rewardOwner?.addresses),
      );
      reward(
        d.txID,
        'VALIDATOR_FEE',
        d.nodeID,
        amount,
        dStart,
        dEnd,
        split.validatorFee,
        strip(v.delegationRewardOwner?.addresses),
      );
    }
  }
  if (peers) updates.push(...(await peerUpdates(db, network, peers, now)));
  return { updates, upserts: { PendingReward: pending }, rows: { PendingRewardAddress: addresses } };
}

/**
 * The peer facts of every validation in the set at `now`: its node's version and the chains the
 * node is benched on; a node missing from the list is benched nowhere (it gets no queries at all)
 * and keeps the version last seen.
 */
async function peerUpdates(
  db: Pick<Database, 'query'>,
  network: ChainFacts['network'],
  peers: readonly Peer[],
  now: bigint,
): Promise<RowUpdate[]> {
  const byNode = new Map(peers.map((peer) => [peer.nodeID, peer]));
  const rules = validatorRulesSql({ at: Number(now), alias: 'v' });
  const current = await db.query<{ validation_id: string; node_id: string }>(
    `SELECT v.validation_id, v.node_id FROM validator v WHERE v.network = $1 AND ${rules.inSet}`,
    [network.toLowerCase()],
  );
  return current.map(({ validation_id: validationId, node_id: nodeId }) => {
    const peer = byNode.get(nodeId);
    return {
      model: 'Validator',
      where: { network, validationId },
      set: { benchedChainIds: peer?.benched ?? [], ...(peer?.version ? { avalancheGoVersion: peer.version } : {}) },
    };
  });
}
