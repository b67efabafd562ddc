import { delegationCapacity, STAKING_PARAMETERS, validationStatusAt } from '../../domain';
import type { Database } from '../../prisma/database';
import type { Prisma } from '../../prisma/generated/client';
import { fakeId } from '../list-subnets/fakeId';

/** What {@link insertValidatorDataSet} wrote. */
export type ValidatorDataSet = {
  /** Validations per network. */
  validations: { MAINNET: number; FUJI: number };
  /** Mainnet validations with each status at the bench's instant. */
  statuses: Record<'active' | 'pending' | 'completed' | 'removed', number>;
  subnets: number;
};

/** The primary network's subnet ID. */
export const PRIMARY_SUBNET_ID = '11111111111111111111111111111111LpoYY';
const AVAX = 1_000_000_000n;
const DAY = 86_400;
const YEAR = 365 * DAY;
/** Rows per createMany (a validation row is ~700 bytes). */
const chunkSize = 1_000;

/** Numbers of a network's data set. */
type Shape = { nodes: number; primary: number; subnets: number; perSubnet: number; l1s: number; perL1: number };
const shapes: Record<'MAINNET' | 'FUJI', Shape> = {
  MAINNET: { nodes: 2_400, primary: 9_000, subnets: 40, perSubnet: 40, l1s: 10, perL1: 120 },
  FUJI: { nodes: 600, primary: 2_000, subnets: 10, perSubnet: 30, l1s: 4, perL1: 50 },
};

/**
 * Inserts a deterministic validator set shaped like the P-Chain's history at `now`: per network,
 * primary-network nodes that validated back to back for years (so most validations are completed
 * and about one in six is active or pending), permissioned subnet validations (some removed early)
 * and L1 validators without end (some removed). Stakes, fees, uptimes and delegations follow the
 * networks' staking rules; the stored delegation capacity is the domain's (`delegationCapacity`).
 *
 * @param db an empty, migrated database
 * @param now the bench's instant, Unix seconds (the service's clock is pinned to it)
 * @returns row counts
 * @example await insertValidatorDataSet(db, 1_790_000_000)
 */
export async function insertValidatorDataSet(db: Database, now: number): Promise<ValidatorDataSet> {
  const statuses = { active: 0, pending: 0, completed: 0, removed: 0 };
  const validations = { MAINNET: 0, FUJI: 0 };
  let subnetCount = 0;
  for (const network of ['MAINNET', 'FUJI'] as const) {
    const shape = shapes[network];
    const random = createRandom(`${network}/validators`);
    const params = STAKING_PARAMETERS[network === 'MAINNET' ? 'mainnet' : 'fuji'];
    const subnets: Prisma.SubnetCreateManyInput[] = [subnetRow(network, PRIMARY_SUBNET_ID, 1_600_000_000, false)];
    const rows: Prisma.ValidatorCreateManyInput[] = [];
    let blockIndex = 1_000;
    const nodeId = (node: number) => `NodeID-${fakeId('cb58', `${network}/node/${node}`).slice(0, 33)}`;
    const bls = (node: number) => ({
      blsPublicKey: `0x${fakeId('hash', `${network}/bls/${node}`).slice(2)}${fakeId('hash', `${network}/bls2/${node}`).slice(2, 34)}`,
      blsProofOfPossession: `0x${[0, 1, 2].map((k) => fakeId('hash', `${network}/pop/${node}/${k}`).slice(2)).join('')}`,
    });

    // Primary network: each node restakes back to back, the last validation ending after now or not.
    const perNode = Math.ceil(shape.primary / shape.nodes);
    for (let node = 0; node < shape.nodes && rows.length < shape.primary; node++) {
      let end = now + Math.floor(random() * YEAR) - Math.floor(random() * 20 * DAY);
      const stake =
        params.minValidatorStake * BigInt(1 + Math.floor(Math.exp(random() * Math.log(random() < 0.05 ? 1500 : 60))));
      const fee = [2, 2, 2, 2, 3, 5, 8, 10, 20][Math.floor(random() * 9)]!;
      for (let k = 0; k < perNode && rows.length < shape.primary; k++) {
        const duration = [YEAR, YEAR, 180 * DAY, 30 * DAY, 14 * DAY][Math.floor(random() * 5)]!;
        // One in forty nodes joins after now: its validation is pending.
        const start = k === 0 && node % 40 === 0 ? now + Math.floor(random() * 7 * DAY) : end - duration;
        if (k === 0 && node % 40 === 0) end = start + duration;
        const amount = stake + BigInt(perNode - k) * AVAX;
        const cap = delegationCapacity({ amountStaked: amount, amountDelegated: 0n, status: 'active' }, params);
        const delegated = (cap * BigInt(Math.floor(random() * 1000))) / 1000n;
        const completed = end <= now;
        const uptime = random() < 0.9 ? 90 + random() * 10 : 40 + random() * 50;
        rows.push({
          network,
          txHash: fakeId('cb58', `${network}/primary/${node}/${k}`),
          validationId: fakeId('cb58', `${network}/primary/${node}/${k}`),
          nodeId: nodeId(node),
          subnetId: PRIMARY_SUBNET_ID,
          amountStaked: amount.toString(),
          weight: amount + delegated,
          delegationFee: fee.toFixed(4),
          startTimestamp: BigInt(start),
          endTimestamp: BigInt(end),
          blockIndex: BigInt(blockIndex++),
          ...bls(node),
          delegatorCount: Number(delegated / (25n * AVAX)) % 40,
          amountDelegated: delegated.toString(),
          delegationCapacity: delegationCapacity(
            { amountStaked: amount, amountDelegated: delegated, status: 'active' },
            params,
          ).toString(),
          uptimeSeconds: BigInt(Math.floor((Math.max(0, Math.min(now, end) - start) * uptime) / 100)),
          uptimePercentage: (start > now ? 0 : uptime).toFixed(4),
          isConnected: !completed && uptime > 90,
          validationRewardAmount: ((amount * 7n) / 100n).toString(),
          delegationRewardAmount: ((delegated * BigInt(fee)) / 1000n).toString(),
          rewardAddresses: [fakeId('pChainAddress', `${network}/owner/${node}`)],
          rewardTxHash: completed ? fakeId('cb58', `${network}/reward/${node}/${k}`) : null,
        });
        end = start - 60 - Math.floor(random() * 3 * DAY);
      }
    }

    // Permissioned subnets (some validations removed before their end) and L1s (no end time).
    for (let s = 0; s < shape.subnets + shape.l1s; s++) {
      const isL1 = s >= shape.subnets;
      const subnetId = fakeId('cb58', `${network}/subnet/${s}`);
      subnets.push(subnetRow(network, subnetId, now - 400 * DAY + s * DAY, isL1));
      for (let v = 0; v < (isL1 ? shape.perL1 : shape.perSubnet); v++) {
        const node = isL1 ? shape.nodes + s * 200 + v : Math.floor(random() * shape.nodes);
        const start = now - Math.floor(random() * 300 * DAY) + (random() < 0.05 ? 10 * DAY : 0);
        const end = isL1 ? null : start + Math.floor((14 + random() * 300) * DAY);
        const removed = random() < 0.1 && start < now ? start + Math.floor(random() * (now - start)) : null;
        const id = fakeId('cb58', `${network}/subnet/${s}/${v}`);
        rows.push({
          network,
          txHash: id,
          validationId: id,
          nodeId: nodeId(node),
          subnetId,
          isL1Validator: isL1,
          amountStaked: String(20 + Math.floor(random() * 200)),
          weight: BigInt(20 + Math.floor(random() * 200)),
          startTimestamp: BigInt(start),
          endTimestamp: end === null ? null : BigInt(end),
          blockIndex: BigInt(blockIndex++),
          removedAtBlockIndex: removed === null ? null : BigInt(blockIndex + 5),
          removedTimestamp: removed === null ? null : BigInt(removed),
          ...bls(node),
          uptimePercentage: (95 + random() * 5).toFixed(4),
          isActive: removed === null,
          l1Balance: isL1 ? (BigInt(1 + Math.floor(random() * 20)) * AVAX).toString() : null,
          rewardAddresses: [],
        });
      }
    }

    // Subnets another data set of the same database already holds (the primary network) are kept.
    await db.prisma.subnet.createMany({ data: subnets, skipDuplicates: true });
    for (let i = 0; i < rows.length; i += chunkSize)
      await db.prisma.validator.createMany({ data: rows.slice(i, i + chunkSize) });
    validations[network] = rows.length;
    subnetCount += subnets.length;
    if (network === 'MAINNET') {
      for (const row of rows)
        statuses[
          validationStatusAt(
            {
              startTimestamp: row.startTimestamp,
              endTimestamp: row.endTimestamp ?? null,
              removedTimestamp: row.removedTimestamp,
            },
            now,
          )
        ]++;
    }
  }
  await db.query('ANALYZE subnet, validator');
  return { validations, statuses, subnets: subnetCount };
}

function subnetRow(
  network: 'MAINNET' | 'FUJI',
  subnetId: string,
  created: number,
  isL1: boolean,
): Prisma.SubnetCreateManyInput {
  return {
    network,
    subnetId,
    createBlockTimestamp: BigInt(created),
    createBlockIndex: BigInt(created % 100_000),
    ownerAddresses: [fakeId('pChainAddress', `${network}/${subnetId}/owner`)],
    threshold: 1,
    locktime: 0n,
    isL1,
  };
}

/** A seeded pseudo-random stream in [0, 1) (mulberry32 over a hash of the label). */
function createRandom(label: string): () => number {
  let state = [...label].reduce((h, c) => Math.imul(h ^ c.charCodeAt(0), 16_777_619) >>> 0, 2_166_136_261);
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
