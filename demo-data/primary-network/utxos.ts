// AVAX UTXOs of the P-Chain and the atomic memory of P, X and C: stakes and rewards of every
// staker, plus wallet activity that puts every balance category of spec 2.6 on the showcase
// address and on a crowd of other addresses (see utxoPlan.ts for the category rules).
import { pAddress, type PAddress } from '../accounts';
import { AVAX, DAY, DEMO_NOW, HOUR, NETWORKS, PRIMARY_NETWORK_ID, type NetworkName } from '../constants';
import type { Random } from '../random';
import type { EventLog } from './events';
import { randomTxId, type TxContext } from './pchainTxs';
import { baseTx, exportTx, importTx } from './transferTxs';
import { ATOMIC_FEE, cChainAccountOf, cExportTx, cImportTx, type CChainTx } from './cChainTxs';
import { createRandom } from '../random';
import { toHex } from '../../avalanche/bytes';
import type { Output } from './txCodec';
import type { UtxoPlace, UtxoPlan } from './utxoPlan';
import { xExportTx, xImportTx, type XTxContext } from './xchainTxs';
import type { Stake } from './stakingRules';

/** A C-Chain block for atomic transactions: height and time from the EVM timeline. */
export type CChainBlockAt = (fraction: number) => { height: bigint; time: number };

/**
 * UTXOs of the stakes: the stake output of every validation and delegation (spent by the node's
 * next validation when it restakes) and the reward outputs of completed ones.
 * @param network mainnet or fuji
 * @param stakes validations with their delegations
 * @returns planned UTXOs
 * @example stakeUtxos('mainnet', stakes)
 */
export function stakeUtxos(network: NetworkName, stakes: Stake[]): UtxoPlan[] {
  const info = NETWORKS[network];
  const successor = new Map<Stake, Stake>();
  for (const s of stakes) if (s.previous) successor.set(s.previous, s);
  const plans: UtxoPlan[] = [];
  const all = stakes.flatMap((s) => [s, ...s.delegations]);
  for (const s of all) {
    const common = {
      blockchainId: PRIMARY_NETWORK_ID,
      txId: s.addEvent.tx.txId,
      assetId: info.avaxAssetId,
      owners: [s.owner],
      threshold: 1,
      createdOnChainId: PRIMARY_NETWORK_ID,
      platformLocktime: 0n,
    };
    const next = successor.get(s);
    plans.push({
      ...common,
      outputIndex: 0,
      amount: s.amount,
      utxoType: 'STAKE',
      stakeableLocktime: s.stakeableLocktime,
      staked: true,
      start: s.start,
      end: s.end,
      created: { event: s.addEvent },
      consumed: next ? { chainId: PRIMARY_NETWORK_ID, place: { event: next.addEvent } } : undefined,
    });
    if (!s.rewardEvent) continue;
    const rewards: [bigint, 'VALIDATOR' | 'DELEGATOR' | 'VALIDATOR_FEE'][] =
      s.kind === 'validator'
        ? [
            [s.reward, 'VALIDATOR'],
            [s.feeReward, 'VALIDATOR_FEE'],
          ]
        : [[s.reward, 'DELEGATOR']];
    rewards.forEach(([amount, rewardType], i) => {
      if (amount > 0n) {
        plans.push({
          ...common,
          outputIndex: 1 + i,
          amount,
          utxoType: 'TRANSFER',
          rewardType,
          stakeableLocktime: 0n,
          staked: false,
          created: { event: s.rewardEvent! },
        });
      }
    });
  }
  return plans;
}

/**
 * Wallet UTXOs: transfers (some spent later), platform- and stakeable-locked outputs, and atomic
 * exports between P, X and C (some imported, some still in shared memory, some locked).
 * @param network mainnet or fuji
 * @param log event log (P and X events are recorded)
 * @param cChainBlockAt C-Chain block for C-side atomic transactions
 * @param rng random stream
 * @returns planned UTXOs
 * @param cChainTxs collects the C-Chain's atomic transactions (exports into P and X, imports from them)
 * @example walletUtxos('mainnet', log, cChainBlockAt, rng, cChainTxs)
 */
export function walletUtxos(
  network: NetworkName,
  log: EventLog,
  cChainBlockAt: CChainBlockAt,
  rng: Random,
  cChainTxs: CChainTx[] = [],
): UtxoPlan[] {
  const info = NETWORKS[network];
  const ctx: TxContext = { networkId: info.networkId, avaxAssetId: info.avaxAssetId, rng: rng.fork('txs') };
  const xctx: XTxContext = { ...ctx, xChainId: info.xChainId };
  const P = PRIMARY_NETWORK_ID;
  const plans: UtxoPlan[] = [];
  const owners = (address: PAddress, platformLocktime = 0n) => ({
    locktime: platformLocktime,
    threshold: 1,
    addresses: [address.bytes],
  });
  const plan = (
    o: Omit<UtxoPlan, 'assetId' | 'threshold' | 'utxoType' | 'staked' | 'stakeableLocktime' | 'platformLocktime'> &
      Partial<UtxoPlan>,
  ): UtxoPlan => {
    const full: UtxoPlan = {
      assetId: info.avaxAssetId,
      threshold: 1,
      utxoType: 'TRANSFER',
      staked: false,
      stakeableLocktime: 0n,
      platformLocktime: 0n,
      ...o,
    };
    plans.push(full);
    return full;
  };
  const amount = () => BigInt(rng.int(1, 5000)) * AVAX + BigInt(rng.int(0, 999_999_999));
  const recent = (days: number) => DEMO_NOW - rng.int(HOUR, days * DAY);

  const wallets = [
    pAddress(network, 'delegator', 0),
    ...Array.from({ length: 140 }, (_, i) => pAddress(network, 'delegator', 1 + i * 3)),
  ];
  wallets.forEach((wallet, w) => {
    const showcase = w === 0;
    // Plain transfers on the P-Chain; about a third spent by a later transfer.
    for (let k = 0; k < (showcase ? 4 : rng.int(1, 3)); k++) {
      const value = amount();
      const at = recent(700);
      const event = log.add(at, baseTx(ctx, [{ assetId: info.avaxAssetId, amount: value, owners: owners(wallet) }]));
      const utxo = plan({
        blockchainId: P,
        txId: event.tx.txId,
        outputIndex: 0,
        amount: value,
        owners: [wallet],
        createdOnChainId: P,
        created: { event },
      });
      if (!showcase || k === 0) {
        if (rng.chance(showcase ? 1 : 0.35) && at < DEMO_NOW - 2 * DAY) {
          const spend = log.add(
            rng.int(at + HOUR, DEMO_NOW - HOUR),
            baseTx(ctx, [], [{ txId: event.tx.txId, outputIndex: 0, assetId: info.avaxAssetId, amount: value }]),
          );
          utxo.consumed = { chainId: P, place: { event: spend } };
        }
      }
    }
    // Vesting outputs: platform-locked and stakeable-locked, some with locks already expired.
    if (showcase || rng.chance(0.25)) {
      for (const kind of ['platform', 'stakeable'] as const) {
        const lock = BigInt(
          showcase || rng.chance(0.7) ? DEMO_NOW + rng.int(30, 700) * DAY : DEMO_NOW - rng.int(1, 200) * DAY,
        );
        const value = amount();
        const output: Output =
          kind === 'platform'
            ? { assetId: info.avaxAssetId, amount: value, owners: owners(wallet, lock) }
            : { assetId: info.avaxAssetId, amount: value, owners: owners(wallet), stakeableLocktime: lock };
        const event = log.add(recent(500), baseTx(ctx, [output]));
        plan({
          blockchainId: P,
          txId: event.tx.txId,
          outputIndex: 0,
          amount: value,
          owners: [wallet],
          createdOnChainId: P,
          created: { event },
          platformLocktime: kind === 'platform' ? lock : 0n,
          stakeableLocktime: kind === 'stakeable' ? lock : 0n,
        });
      }
    }
    // Atomic memory: exports waiting for their import, on each destination chain.
    if (showcase || rng.chance(0.2)) {
      for (const [from, to] of [
        ['X', 'P'],
        ['C', 'P'],
        ['P', 'X'],
        ['C', 'X'],
        ['P', 'C'],
        ['X', 'C'],
      ] as const) {
        const locks = showcase
          ? [0n, BigInt(DEMO_NOW + rng.int(10, 300) * DAY)]
          : [rng.chance(0.2) ? BigInt(DEMO_NOW + rng.int(10, 300) * DAY) : 0n];
        for (const lock of locks) {
          const imported = !showcase && rng.chance(0.4);
          atomic(from, to, wallet, lock, imported);
        }
      }
    }
  });

  function chainIdOf(chain: 'P' | 'X' | 'C'): string {
    return chain === 'P' ? P : chain === 'X' ? info.xChainId : info.cChainId;
  }

  function atomic(from: 'P' | 'X' | 'C', to: 'P' | 'X' | 'C', wallet: PAddress, lock: bigint, imported: boolean): void {
    const value = amount();
    const output: Output = { assetId: info.avaxAssetId, amount: value, owners: owners(wallet, lock) };
    const at = recent(imported ? 300 : 60);
    let created: UtxoPlace;
    let txId: string;
    if (from === 'C') {
      const block = cChainBlockAt(rng.float());
      // The ID the random stream gives seeds the transaction's own stream: the rest of the data set
      // draws what it drew before the C-Chain's transactions were built.
      const account = cChainAccountOf(wallet.text);
      const tx = cExportTx(info, createRandom(randomTxId(rng)), chainIdOf(to), account, output);
      txId = tx.txId;
      created = { chainTxId: txId, height: block.height, time: block.time };
      cChainTxs.push({
        tx,
        height: block.height,
        time: block.time,
        account: `0x${toHex(account)}`,
        burned: ATOMIC_FEE,
      });
    } else {
      const tx = from === 'P' ? exportTx(ctx, chainIdOf(to), [output]) : xExportTx(xctx, chainIdOf(to), [output]);
      const event = log.add(at, tx, from);
      txId = tx.txId;
      created = { event };
    }
    const utxo = plan({
      blockchainId: chainIdOf(to),
      txId,
      outputIndex: 0,
      amount: value,
      owners: [wallet],
      platformLocktime: lock,
      createdOnChainId: chainIdOf(from),
      created,
      sharedWithChainId: chainIdOf(from),
    });
    if (!imported) return;
    const createdTime = 'event' in created ? at : created.time;
    const input = { txId, outputIndex: 0, assetId: info.avaxAssetId, amount: value };
    if (to === 'C') {
      const block = cChainBlockAt(rng.float());
      if (block.time <= createdTime) return;
      const account = cChainAccountOf(wallet.text);
      const tx = cImportTx(info, createRandom(randomTxId(rng)), chainIdOf(from), input, account);
      utxo.consumed = {
        chainId: chainIdOf('C'),
        place: { chainTxId: tx.txId, height: block.height, time: block.time },
      };
      cChainTxs.push({
        tx,
        height: block.height,
        time: block.time,
        account: `0x${toHex(account)}`,
        burned: ATOMIC_FEE,
      });
      return;
    }
    const received: Output = { assetId: info.avaxAssetId, amount: value - 1_000_000n, owners: owners(wallet) };
    const tx =
      to === 'P'
        ? importTx(ctx, chainIdOf(from), [input], [received])
        : xImportTx(xctx, chainIdOf(from), [input], [received]);
    const event = log.add(Math.min(DEMO_NOW - 60, createdTime + rng.int(60, 3 * DAY)), tx, to);
    utxo.consumed = { chainId: chainIdOf(to), place: { event } };
    plan({
      blockchainId: chainIdOf(to),
      txId: tx.txId,
      outputIndex: 0,
      amount: received.amount,
      owners: [wallet],
      createdOnChainId: chainIdOf(to),
      created: { event },
    });
  }

  return plans;
}
