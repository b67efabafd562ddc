import { Network } from '../prisma/generated/enums';
import type { LocalSigners } from '../signature-aggregator/sources/localSigners';
import { demoValidatorNodeId, demoValidatorSecretKey } from './validatorKeys';

/** Node indexes searched for demo node IDs: the demo uses about 700 per network. */
const demoIndexes = 4096;

/**
 * Signers for the demo data's validators, whose keys derive from their index
 * (validatorKeys.ts), so both aggregation endpoints answer on a fresh `npm start`. The
 * composition root passes them to the service; the aggregator itself knows nothing of the demo.
 * A demo node ID proposes its derived key, and the local source signs only when that key's
 * public key is the validator's recorded one, so real validators are never impersonated.
 * @returns the signers
 * @example createService({ db, options, localSigners: [createDemoSigners()] })
 */
export function createDemoSigners(): LocalSigners {
  const nameOf = (network: Network) => (network === Network.MAINNET ? 'mainnet' : 'fuji');
  // Built now, not on the first request: deriving 2 × 4096 node IDs takes a few hundred
  // milliseconds of CPU that no request should wait for on the event loop.
  const indexes = new Map(
    [Network.MAINNET, Network.FUJI].map((network) => [
      network,
      new Map(Array.from({ length: demoIndexes }, (_, i) => [demoValidatorNodeId(nameOf(network), i), i])),
    ]),
  );
  const secretKeys = new Map<string, Uint8Array>();
  const indexOf = (network: Network, nodeId: string) => indexes.get(network)?.get(nodeId);
  return {
    secretKeyFor(validator, network) {
      for (const nodeId of validator.nodeIds) {
        const index = indexOf(network, nodeId);
        if (index === undefined) continue;
        const memo = `${network}/${index}`;
        let secretKey = secretKeys.get(memo);
        if (!secretKey) secretKeys.set(memo, (secretKey = demoValidatorSecretKey(nameOf(network), index)));
        return secretKey;
      }
      return undefined;
    },
  };
}
