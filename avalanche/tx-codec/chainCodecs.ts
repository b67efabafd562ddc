// avalanchejs's codecs (version 0) of the P-Chain and the X-Chain: transactions, outputs, UTXOs.
import { utils } from '@avalabs/avalanchejs';

/** An avalanchejs linear codec. */
export type ChainCodec = ReturnType<ReturnType<typeof utils.getManagerForVM>['getDefaultCodec']>;

/**
 * The codec of a chain.
 * @param chain `P` or `X`
 * @returns avalanchejs's codec of that VM
 * @example chainCodec('P').PackPrefix(output)
 */
export function chainCodec(chain: 'P' | 'X'): ChainCodec {
  return utils.getManagerForVM(chain === 'P' ? 'PVM' : 'AVM').getDefaultCodec();
}
