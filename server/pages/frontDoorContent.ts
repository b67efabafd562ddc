// What the front door says (GET /, as JSON and as a page): the service's name and version, the data
// the database holds, examples that answer with it, and where the other endpoints are.
import { servicePackage } from '../../shared/servicePackage';
import type { ExampleUrls } from '../exampleUrls';
import type { LoadedData, NetworkName } from '../loadedData';

/** The front door's content, as JSON answers it. */
export type FrontDoor = {
  name: string;
  version: string;
  data: {
    /** While the database holds the demo data set: its scale and its fixed clock. */
    demoDataSet: { scale: number; now: string } | null;
    evmChains: { chainId: string; name: string; network: NetworkName; blockchainId: string; height: number | null }[];
    /** The P-Chains and X-Chains that have blocks. */
    primaryNetwork: { network: NetworkName; chain: 'p-chain' | 'x-chain'; blockchainId: string; height: number }[];
  };
  /** Paths that answer with data on what is loaded (the REST ones GET, the RPC one POST). */
  examples: ExampleUrls;
  links: { docs: string; graphql: string; openapi: string; ready: string; metrics: string };
};

/**
 * The front door's content from what the database holds.
 * @param loaded readLoadedData's answer
 * @param examples exampleUrls' answer on it
 * @returns the content
 * @example frontDoor(loaded, exampleUrls(loaded, { rpcNetwork: 'MAINNET' })).data.evmChains
 */
export function frontDoor(loaded: LoadedData, examples: ExampleUrls): FrontDoor {
  const { name, version } = servicePackage();
  return {
    name,
    version,
    data: {
      demoDataSet: loaded.demoData && {
        scale: loaded.demoData.scale,
        now: new Date(loaded.demoData.demoNow * 1000).toISOString(),
      },
      evmChains: loaded.evmChains.map((chain) => ({
        chainId: chain.chainId.toString(),
        name: chain.name,
        network: chain.network,
        blockchainId: chain.blockchainId,
        height: chain.height === null ? null : Number(chain.height),
      })),
      primaryNetwork: loaded.primaryChains.map((chain) => ({
        network: chain.network,
        chain: chain.chain,
        blockchainId: chain.blockchainId,
        height: Number(chain.height),
      })),
    },
    examples,
    links: {
      docs: '/docs',
      graphql: '/graphql',
      openapi: '/openapi.json',
      ready: '/health/ready',
      metrics: '/metrics',
    },
  };
}
