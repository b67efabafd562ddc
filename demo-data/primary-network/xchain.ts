// X-Chain assets and UTXOs: AVAX, a few fungible assets and an NFT family, created by
// CreateAssetTx (before Cortina, so they sit in vertices) and moved by BaseTx and OperationTx.
import { NFT_OUTPUT_AMOUNT } from '../../domain';
import type { Prisma } from '../../prisma/generated/client';
import { pAddress, type PAddress } from '../accounts';
import { DAY, DEMO_NOW, HOUR, NETWORKS, type NetworkName } from '../constants';
import type { Random } from '../random';
import type { EventLog } from './events';
import type { UtxoPlan } from './utxoPlan';
import { createAssetTx, nftMintTx, xBaseTx, type XTxContext } from './xchainTxs';

type AssetSpec = { name: string; symbol: string; denomination: number; nft: boolean; beforeCortina: boolean };

const ASSETS: Record<NetworkName, AssetSpec[]> = {
  mainnet: [
    { name: 'Frost Token', symbol: 'FRST', denomination: 9, nft: false, beforeCortina: true },
    { name: 'Ember Credits', symbol: 'EMB', denomination: 2, nft: false, beforeCortina: true },
    { name: 'Avalanche Summit Badge', symbol: 'ASB', denomination: 0, nft: true, beforeCortina: true },
    { name: 'Tessera Dollar', symbol: 'TSD', denomination: 6, nft: false, beforeCortina: false },
  ],
  fuji: [
    { name: 'Test Frost', symbol: 'TFRST', denomination: 9, nft: false, beforeCortina: true },
    { name: 'Fuji Collectible', symbol: 'FCOL', denomination: 0, nft: true, beforeCortina: true },
  ],
};

/**
 * Plans the X-Chain: asset creations, transfers to the showcase and other wallets, NFT mints,
 * and untracked filler transfers so that vertices and blocks look busy.
 * @param network mainnet or fuji
 * @param log event log (X events)
 * @param rng random stream
 * @returns Asset rows (AVAX first) and planned X-Chain UTXOs
 * @example const { assets, utxos } = planXChain('mainnet', log, rng)
 */
export function planXChain(
  network: NetworkName,
  log: EventLog,
  rng: Random,
): { assets: Prisma.AssetCreateManyInput[]; utxos: UtxoPlan[] } {
  const info = NETWORKS[network];
  const ctx: XTxContext = {
    networkId: info.networkId,
    avaxAssetId: info.avaxAssetId,
    rng: rng.fork('txs'),
    xChainId: info.xChainId,
  };
  const assets: Prisma.AssetCreateManyInput[] = [
    {
      network: info.prisma,
      assetId: info.avaxAssetId,
      name: 'Avalanche',
      symbol: 'AVAX',
      denomination: 9,
      type: 'SECP256K1',
      createdAtTimestamp: BigInt(info.genesisTimestamp),
      cap: 'FIXED',
    },
  ];
  const utxos: UtxoPlan[] = [];
  const owners = (a: PAddress, locktime = 0n) => ({ locktime, threshold: 1, addresses: [a.bytes] });
  const issuer = pAddress(network, 'asset-issuer', 0);
  const fungible: { assetId: string; unit: bigint }[] = [{ assetId: info.avaxAssetId, unit: 10n ** 9n }];

  for (const spec of ASSETS[network]) {
    const at = spec.beforeCortina
      ? rng.int(info.genesisTimestamp + 30 * DAY, info.cortina - 30 * DAY)
      : rng.int(info.cortina + DAY, DEMO_NOW - 200 * DAY);
    const supply = 10n ** BigInt(spec.denomination) * 1_000_000_000n;
    const tx = createAssetTx(ctx, spec, [[owners(issuer), spec.nft ? 0n : supply]]);
    const event = log.add(at, tx, 'X');
    assets.push({
      network: info.prisma,
      assetId: tx.txId,
      name: spec.name,
      symbol: spec.symbol,
      denomination: spec.denomination,
      type: spec.nft ? 'NFT' : 'SECP256K1',
      createdAtTimestamp: BigInt(at),
      // The NFT family's initial state is a mint output; fungible assets get transfer outputs only.
      cap: spec.nft ? 'VARIABLE' : 'FIXED',
    });
    if (spec.nft) {
      // NFTs minted from the family's mint output (output 0 of the CreateAssetTx).
      for (let i = 0; i < 12; i++) {
        const holder = i < 3 ? pAddress(network, 'delegator', 0) : pAddress(network, 'delegator', 1 + rng.int(0, 300));
        const mintAt = rng.int(Math.max(at, info.cortina) + HOUR, DEMO_NOW - HOUR);
        const payload = new TextEncoder().encode(
          JSON.stringify({ name: `${spec.name} #${i + 1}`, image: `ipfs://bafybeigdemo${i}` }),
        );
        const mint = log.add(
          mintAt,
          nftMintTx(ctx, tx.txId, { txId: tx.txId, outputIndex: 0 }, 0, payload, owners(holder)),
          'X',
        );
        utxos.push(xUtxo(info.xChainId, mint.tx.txId, 0, tx.txId, NFT_OUTPUT_AMOUNT, holder, 0n, { event: mint }));
      }
    } else {
      utxos.push(xUtxo(info.xChainId, tx.txId, 0, tx.txId, supply, issuer, 0n, { event }));
      fungible.push({ assetId: tx.txId, unit: 10n ** BigInt(spec.denomination) });
    }
  }

  // Transfers to wallets: the showcase address receives every asset, one AVAX output time-locked.
  const wallets = [
    pAddress(network, 'delegator', 0),
    ...Array.from({ length: 60 }, (_, i) => pAddress(network, 'delegator', 2 + i * 5)),
  ];
  const firstBlockTime = info.cortina + DAY;
  wallets.forEach((wallet, w) => {
    const picks = w === 0 ? fungible : [rng.pick(fungible)];
    for (const { assetId, unit } of picks) {
      const created = assetCreation(log, assetId);
      const amount = unit * BigInt(rng.int(1, 2000));
      const at = rng.int(Math.max(firstBlockTime, created + HOUR), DEMO_NOW - HOUR);
      const event = log.add(at, xBaseTx(ctx, [{ assetId, amount, owners: owners(wallet) }]), 'X');
      const utxo = xUtxo(info.xChainId, event.tx.txId, 0, assetId, amount, wallet, 0n, { event });
      utxos.push(utxo);
      if (w > 0 && rng.chance(0.3) && at < DEMO_NOW - DAY) {
        const spend = log.add(
          rng.int(at + HOUR, DEMO_NOW - HOUR),
          xBaseTx(ctx, [], [{ txId: event.tx.txId, outputIndex: 0, assetId, amount }]),
          'X',
        );
        utxo.consumed = { chainId: info.xChainId, place: { event: spend } };
      }
    }
    if (w === 0 || rng.chance(0.1)) {
      const lock = BigInt(DEMO_NOW + rng.int(20, 400) * DAY);
      const amount = 10n ** 9n * BigInt(rng.int(10, 900));
      const event = log.add(
        rng.int(DEMO_NOW - 300 * DAY, DEMO_NOW - HOUR),
        xBaseTx(ctx, [{ assetId: info.avaxAssetId, amount, owners: owners(wallet, lock) }]),
        'X',
      );
      utxos.push(xUtxo(info.xChainId, event.tx.txId, 0, info.avaxAssetId, amount, wallet, lock, { event }));
    }
  });

  // Untracked traffic: transfers between other addresses, before and after Cortina.
  const fillers = network === 'mainnet' ? 700 : 300;
  for (let i = 0; i < fillers; i++) {
    const before = i < fillers * 0.4;
    const at = before
      ? rng.int(info.genesisTimestamp + DAY, info.cortina - HOUR)
      : rng.int(info.cortina + HOUR, DEMO_NOW - HOUR);
    const to = pAddress(network, 'x-user', rng.int(0, 5000));
    log.add(
      at,
      xBaseTx(ctx, [{ assetId: info.avaxAssetId, amount: 10n ** 9n * BigInt(rng.int(1, 5000)), owners: owners(to) }]),
      'X',
    );
  }
  return { assets, utxos };
}

function assetCreation(log: EventLog, assetId: string): number {
  const event = log.all().find((e) => e.tx.txId === assetId);
  return event ? event.time : 0;
}

function xUtxo(
  xChainId: string,
  txId: string,
  outputIndex: number,
  assetId: string,
  amount: bigint,
  owner: PAddress,
  lock: bigint,
  created: UtxoPlan['created'],
): UtxoPlan {
  return {
    blockchainId: xChainId,
    txId,
    outputIndex,
    assetId,
    amount,
    owners: [owner],
    threshold: 1,
    utxoType: 'TRANSFER',
    platformLocktime: lock,
    stakeableLocktime: 0n,
    staked: false,
    createdOnChainId: xChainId,
    created,
  };
}
