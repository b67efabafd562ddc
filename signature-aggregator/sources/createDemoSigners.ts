import { bls12_381 } from '@noble/curves/bls12-381.js';
import { Network } from '../../prisma/generated/enums';
import { demoValidatorNodeId, demoValidatorSecretKey } from '../../demo-data/validatorKeys';
import type { LocalSigners } from './localSigners';

/** Node indexes searched for demo node IDs: the demo uses about 700 per network. */
const demoIndexes = 4096;

/**
 * Signers for the demo data's validators, whose keys derive from their index
 * (demo-data/validatorKeys.ts), so both aggregation endpoints answer on a fresh `npm start`.
 * A validator is signed for only when its node ID is a demo node ID *and* its recorded key is
 * the derived one, so real validators are never impersonated.
 * @returns the signers
 * @example createLocalSignatureSource([createDemoSigners()])
 */
export function createDemoSigners(): LocalSigners {
  const indexes = new Map<Network, Map<string, number>>();
  const checked = new Map<string, Uint8Array | null>();
  const indexOf = (network: Network, nodeId: string) => {
    let byNode = indexes.get(network);
    if (!byNode) {
      const name = network === Network.MAINNET ? 'mainnet' : 'fuji';
      byNode = new Map(Array.from({ length: demoIndexes }, (_, i) => [demoValidatorNodeId(name, i), i]));
      indexes.set(network, byNode);
    }
    return byNode.get(nodeId);
  };
  return {
    secretKeyFor(validator, network) {
      for (const nodeId of validator.nodeIds) {
        const index = indexOf(network, nodeId);
        if (index === undefined) continue;
        const memo = `${network}/${index}`;
        let secretKey = checked.get(memo);
        if (secretKey === undefined) {
          const candidate = demoValidatorSecretKey(network === Network.MAINNET ? 'mainnet' : 'fuji', index);
          const publicKey = bls12_381.longSignatures.getPublicKey(candidate).toBytes(true);
          secretKey = Buffer.compare(publicKey, validator.publicKey.compressed) === 0 ? candidate : null;
          checked.set(memo, secretKey);
        }
        if (secretKey) return secretKey;
      }
      return undefined;
    },
  };
}
