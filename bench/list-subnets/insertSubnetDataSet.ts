import type { Database } from '../../prisma/database';
import type { Prisma } from '../../prisma/generated/client';
import { evmGenesis } from './evmGenesis';
import { fakeId } from './fakeId';

/** What {@link insertSubnetDataSet} wrote. */
export type SubnetDataSet = {
  subnets: { MAINNET: number; FUJI: number };
  blockchains: number;
  /** Average size of a stored EVM genesis, bytes of JSON. */
  genesisBytes: number;
};

/** subnet-evm's VM ID; most chains run it. */
const subnetEvmVmId = 'srEXiWaHuhNyGwPUi444Tu47ZEDwxTWrbQiuD7FmgSAQ6X7Dy';
const chainNames = ['Beam', 'Dexalot', 'Lamina1', 'Pulsar', 'Nova', 'Helix', 'Orbit', 'Quartz', 'Coqnet', 'Henesys'];
/** Rows per createMany: blockchains carry ~2 KB of JSON each, so statements stay a few MB. */
const chunkSize = 500;

/**
 * Inserts a deterministic data set shaped like the P-Chain's: subnets created over five years
 * (some in the same second, every 8th an L1), each with one to three blockchains, most of them
 * EVM chains with a ~2 KB genesis, and the fuji network alongside so queries must filter it out.
 *
 * @param db an empty, migrated database
 * @param counts subnets per network
 * @returns row counts and the average genesis size
 * @example await insertSubnetDataSet(db, { MAINNET: 2000, FUJI: 1000 })
 */
export async function insertSubnetDataSet(
  db: Database,
  counts: { MAINNET: number; FUJI: number },
): Promise<SubnetDataSet> {
  let blockchains = 0;
  let genesisBytes = 0;
  let genesisCount = 0;
  for (const network of ['MAINNET', 'FUJI'] as const) {
    const subnets: Prisma.SubnetCreateManyInput[] = [];
    const chains: Prisma.BlockchainCreateManyInput[] = [];
    const first = 1_600_000_000; // September 2020
    const spacing = Math.floor((5 * 365 * 86_400) / counts[network]);
    for (let i = 0; i < counts[network]; i++) {
      const label = `${network}/subnet/${i}`;
      const subnetId = fakeId('cb58', label);
      // Every 50th subnet shares its creation second with the previous one: the keyset's tie-break matters.
      const created = first + (i % 50 === 49 ? i - 1 : i) * spacing;
      const chainCount = 1 + (i % 3 === 0 ? 1 : 0) + (i % 7 === 0 ? 1 : 0);
      const firstChainId = fakeId('cb58', `${label}/chain/0`);
      const isL1 = i % 8 === 0;
      subnets.push({
        network,
        subnetId,
        createBlockTimestamp: BigInt(created),
        createBlockIndex: BigInt(1_000 + i * 97),
        ownerAddresses: Array.from({ length: 1 + (i % 3) }, (_, n) => fakeId('pChainAddress', `${label}/owner/${n}`)),
        threshold: 1 + (i % 2),
        locktime: 0n,
        isL1,
        l1ConversionTransactionHash: isL1 ? fakeId('cb58', `${label}/conversion`) : null,
        l1ValidatorManagerBlockchainId: isL1 ? firstChainId : null,
        l1ValidatorManagerAddress: isL1 ? fakeId('evmAddress', `${label}/validator-manager`) : null,
      });
      for (let j = 0; j < chainCount; j++) {
        const chainCreated = created + 60 * (j + 1);
        const isEvm = j === 0 ? i % 10 !== 9 : j === 1;
        const chainId = (network === 'MAINNET' ? 100_000 : 500_000) + i * 4 + j;
        const genesis = isEvm ? evmGenesis(`${label}/chain/${j}`, i + j, chainId, chainCreated) : undefined;
        if (genesis) {
          genesisBytes += JSON.stringify(genesis).length;
          genesisCount++;
        }
        chains.push({
          network,
          blockchainId: j === 0 ? firstChainId : fakeId('cb58', `${label}/chain/${j}`),
          subnetId,
          createBlockTimestamp: BigInt(chainCreated),
          createBlockNumber: BigInt(2_000 + i * 97 + j),
          vmId: isEvm ? subnetEvmVmId : fakeId('cb58', `vm/${i % 4}`),
          blockchainName: `${chainNames[i % chainNames.length]} ${j === 0 ? 'Chain' : `Chain ${j + 1}`} ${i}`,
          evmChainId: isEvm ? BigInt(chainId) : null,
          genesisData: genesis as Prisma.InputJsonValue | undefined,
        });
      }
    }
    for (let start = 0; start < subnets.length; start += chunkSize) {
      await db.prisma.subnet.createMany({ data: subnets.slice(start, start + chunkSize) });
    }
    for (let start = 0; start < chains.length; start += chunkSize) {
      await db.prisma.blockchain.createMany({ data: chains.slice(start, start + chunkSize) });
    }
    blockchains += chains.length;
  }
  // Fresh planner statistics, as a long-running database would have; autovacuum might otherwise
  // analyze the tables in the middle of a measurement.
  await db.query('ANALYZE subnet, blockchain');
  return {
    subnets: { ...counts },
    blockchains,
    genesisBytes: genesisCount > 0 ? Math.round(genesisBytes / genesisCount) : 0,
  };
}
