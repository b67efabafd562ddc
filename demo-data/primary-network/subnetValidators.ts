// Validators of subnets: permissioned subnet validators (AddSubnetValidatorTx, always a node that
// validates the primary network over the same period) and L1 validators (ConvertSubnetToL1Tx,
// then RegisterL1ValidatorTx / SetL1ValidatorWeightTx with Warp messages signed by the L1's
// current validators, using the demo BLS keys).
import { pAddress } from '../accounts';
import { AVAX, DAY, DEMO_NOW, HOUR, NETWORKS, type NetworkName } from '../constants';
import { fromHex } from '../../avalanche/bytes';
import type { Random } from '../random';
import { demoValidatorCredentials, demoValidatorNodeId } from '../validatorKeys';
import type { ChainEvent, EventLog, L1FeeEffect } from './events';
import {
  convertSubnetToL1Tx,
  disableL1ValidatorTx,
  increaseL1ValidatorBalanceTx,
  registerL1ValidatorTx,
  setL1ValidatorWeightTx,
} from './l1Txs';
import { addSubnetValidatorTx, removeSubnetValidatorTx, type TxContext } from './pchainTxs';
import { validationStatusAt } from '../../domain';
import type { Stake } from './stakingRules';
import type { SubnetPlan } from './subnets';
import {
  addressedCall,
  conversionValidationId,
  l1ValidatorWeightPayload,
  registerL1ValidatorPayload,
  signWarpMessage,
  unsignedMessage,
} from './warpMessages';

/** A subnet or L1 validation. */
export type SubnetValidation = {
  subnetId: string;
  nodeIndex: number;
  nodeId: string;
  isL1: boolean;
  validationId?: string;
  weight: bigint;
  start: number;
  end: number | null;
  addEvent: ChainEvent;
  /** The transaction that removed it before its end (its status is `removed` from its block time). */
  removeEvent?: ChainEvent;
  /** L1 validations: the owner of the remaining balance and of the deactivation (one address, both). */
  l1Owner?: { threshold: number; addresses: string[] };
  uptimePercent: number;
};

/**
 * Plans the validators of every non-primary subnet of a network.
 * @param network mainnet or fuji
 * @param subnets planned subnets (L1s get their conversion event set here)
 * @param stakes primary-network validations (subnet validators are chosen among them)
 * @param firstL1Node first node index for L1-only nodes (after the primary-network nodes)
 * @param log event log
 * @param rng random stream
 * @returns the validations
 * @example planSubnetValidators('mainnet', subnets, stakes, 600, log, rng)
 */
export function planSubnetValidators(
  network: NetworkName,
  subnets: SubnetPlan[],
  stakes: Stake[],
  firstL1Node: number,
  log: EventLog,
  rng: Random,
): SubnetValidation[] {
  const info = NETWORKS[network];
  const ctx: TxContext = { networkId: info.networkId, avaxAssetId: info.avaxAssetId, rng: rng.fork('txs') };
  const out: SubnetValidation[] = [];
  let nextNode = firstL1Node;
  for (const subnet of subnets.slice(1)) {
    if (subnet.isL1) {
      const count = subnet.indexedKey ? 6 : rng.int(2, 5);
      out.push(...planL1(network, ctx, log, rng, subnet, nextNode, count, stakes));
      nextNode += 6;
    } else {
      out.push(...planPermissioned(ctx, log, rng, subnet, stakes));
    }
  }
  return out;
}

/**
 * Upper bound of the L1-only nodes a network needs, so their BLS credentials can be computed
 * ahead of planning.
 * @param subnets planned subnets
 * @returns number of node indexes to reserve after the primary-network nodes
 * @example countL1Nodes(subnets) // 6 per L1
 */
export function countL1Nodes(subnets: SubnetPlan[]): number {
  // Indexed L1s have 6 validators, others at most 5: reserving 6 each keeps indexes stable.
  return subnets.filter((s) => s.isL1).length * 6;
}

function planPermissioned(
  ctx: TxContext,
  log: EventLog,
  rng: Random,
  subnet: SubnetPlan,
  stakes: Stake[],
): SubnetValidation[] {
  const out: SubnetValidation[] = [];
  const eligible = stakes.filter((s) => s.end > subnet.createTime + 2 * DAY && s.start < DEMO_NOW + 7 * DAY);
  const count = Math.min(eligible.length, rng.int(3, 7));
  const chosen = new Set<number>();
  for (let i = 0; i < count * 3 && chosen.size < count; i++) {
    const pick = rng.int(0, eligible.length - 1);
    const v = eligible[pick]!;
    if ([...chosen].some((c) => eligible[c]!.nodeIndex === v.nodeIndex)) continue;
    chosen.add(pick);
    const from = Math.max(v.start, subnet.createTime + HOUR) + 60;
    let start: number;
    let end: number;
    if (v.status === 'active' && from < DEMO_NOW - HOUR) {
      start = rng.int(from, DEMO_NOW - HOUR);
      end = rng.int(DEMO_NOW + HOUR, v.end);
    } else if (v.end - from > DAY) {
      start = rng.int(from, v.end - DAY);
      end = rng.int(start + HOUR, v.end);
    } else continue;
    const weight = BigInt(rng.int(20, 100));
    const status = validationStatusAt({ startTimestamp: start, endTimestamp: end }, DEMO_NOW);
    const accepted = status === 'pending' ? Math.max(v.addEvent.time + 60, DEMO_NOW - rng.int(HOUR, DAY)) : start;
    const addEvent = log.add(
      accepted,
      addSubnetValidatorTx(ctx, { nodeId: v.nodeId, start: BigInt(start), end: BigInt(end), weight }, subnet.subnetId),
    );
    const validation: SubnetValidation = {
      subnetId: subnet.subnetId,
      nodeIndex: v.nodeIndex,
      nodeId: v.nodeId,
      isL1: false,
      weight,
      start,
      end,
      addEvent,
      uptimePercent: v.uptimePercent,
    };
    if (status === 'active' && rng.chance(0.15)) {
      validation.removeEvent = log.add(
        rng.int(start + 60, DEMO_NOW - 60),
        removeSubnetValidatorTx(ctx, v.nodeId, subnet.subnetId),
      );
    }
    out.push(validation);
  }
  return out;
}

function planL1(
  network: NetworkName,
  ctx: TxContext,
  log: EventLog,
  rng: Random,
  subnet: SubnetPlan,
  firstNode: number,
  count: number,
  stakes: Stake[],
): SubnetValidation[] {
  const manager = subnet.manager!;
  const time0 = subnet.conversionTime!;
  const owner = pAddress(network, 'l1-owner', firstNode);
  const owners = { locktime: 0n, threshold: 1, addresses: [owner.bytes] };
  const key = (i: number) => demoValidatorCredentials(network, firstNode + i);
  const node = (i: number) => demoValidatorNodeId(network, firstNode + i);
  const balance0 = BigInt(rng.int(5, 50)) * AVAX;
  const convertEvent = log.add(
    time0,
    convertSubnetToL1Tx(ctx, subnet.subnetId, manager.blockchainId, manager.address, [
      {
        nodeId: node(0),
        weight: 100n,
        balance: balance0,
        publicKey: key(0).publicKey,
        proofOfPossession: key(0).proofOfPossession,
        owners,
      },
    ]),
  );
  subnet.conversionEvent = convertEvent;
  // What each transaction does to the fee; the block builder applies it (l1FeeLedger.ts), so whether
  // a validation is still active and what is left of its balance are known once blocks are placed.
  const feeChange = (event: ChainEvent, validationId: string, nodeId: string, change: L1FeeEffect): void => {
    event.l1Fees = [{ validationId, subnetId: subnet.subnetId, nodeId, ...change }];
  };
  feeChange(convertEvent, conversionValidationId(subnet.subnetId, 0), node(0), {
    kind: 'register',
    balance: balance0,
    remainingBalanceOwner: owner,
  });
  const out: SubnetValidation[] = [
    {
      subnetId: subnet.subnetId,
      nodeIndex: firstNode,
      nodeId: node(0),
      isL1: true,
      validationId: conversionValidationId(subnet.subnetId, 0),
      weight: 100n,
      start: time0,
      end: null,
      addEvent: convertEvent,
      l1Owner: { threshold: 1, addresses: [owner.text] },
      uptimePercent: 99.9,
    },
  ];
  const span = Math.max(DAY, DEMO_NOW - DAY - time0);
  const sign = (payload: Uint8Array, at: number) => {
    // Signers: the validators of the manager chain's subnet at that moment. A manager on the
    // C-Chain is validated by the primary network; one on the L1 by the L1's current validators.
    const signers =
      manager.blockchainId === NETWORKS[network].cChainId
        ? [...new Set(stakes.filter((v) => v.start <= at && v.end > at).map((v) => v.nodeIndex))].map((i) =>
            demoValidatorCredentials(network, i),
          )
        : out
            .filter((v) => v.start < at && !(v.removeEvent && v.removeEvent.time <= at))
            .map((v) => key(v.nodeIndex - firstNode));
    const unsigned = unsignedMessage(
      NETWORKS[network].networkId,
      manager.blockchainId,
      addressedCall(fromHex(manager.address), payload),
    );
    return signWarpMessage(unsigned, signers);
  };
  for (let i = 1; i < count; i++) {
    const at = time0 + Math.floor((span * i) / count) + rng.int(60, 3600);
    const weight = BigInt(rng.int(20, 200));
    const balance = BigInt(rng.int(1, 20)) * AVAX;
    const { payload, validationId } = registerL1ValidatorPayload({
      subnetId: subnet.subnetId,
      nodeId: node(i),
      blsPublicKey: key(i).publicKey,
      expiry: BigInt(at + DAY),
      remainingBalanceOwner: owners,
      disableOwner: owners,
      weight,
    });
    const addEvent = log.add(at, registerL1ValidatorTx(ctx, balance, key(i).proofOfPossession, sign(payload, at)));
    feeChange(addEvent, validationId, node(i), { kind: 'register', balance, remainingBalanceOwner: owner });
    const validation: SubnetValidation = {
      subnetId: subnet.subnetId,
      nodeIndex: firstNode + i,
      nodeId: node(i),
      isL1: true,
      validationId,
      weight,
      start: at,
      end: null,
      addEvent,
      l1Owner: { threshold: 1, addresses: [owner.text] },
      uptimePercent: rng.int(9500, 10000) / 100,
    };
    out.push(validation);
    const later = (): number => rng.int(at + HOUR, Math.max(at + 2 * HOUR, DEMO_NOW - HOUR));
    const fate = rng.weighted(['stay', 'reweigh', 'remove', 'disable', 'topup'], [45, 20, 15, 10, 10]);
    if (fate === 'reweigh' || fate === 'remove') {
      const when = later();
      const newWeight = fate === 'remove' ? 0n : BigInt(rng.int(20, 400));
      const message = sign(l1ValidatorWeightPayload(validationId, 1n, newWeight), when);
      const event = log.add(when, setL1ValidatorWeightTx(ctx, message));
      // Weight 0 removes the validation: it stops paying and has no weight left, as the indexer writes it.
      if (fate === 'remove') {
        feeChange(event, validationId, node(i), { kind: 'end' });
        Object.assign(validation, { removeEvent: event, weight: 0n });
      } else validation.weight = newWeight;
    } else if (fate === 'disable') {
      feeChange(log.add(later(), disableL1ValidatorTx(ctx, validationId)), validationId, node(i), { kind: 'end' });
    } else if (fate === 'topup') {
      const extra = BigInt(rng.int(1, 10)) * AVAX;
      const event = log.add(later(), increaseL1ValidatorBalanceTx(ctx, validationId, extra));
      feeChange(event, validationId, node(i), { kind: 'topUp', amount: extra });
    }
  }
  return out;
}
