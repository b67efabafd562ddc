import { parseEvmAddress } from '../../../avalanche/parseEvmAddress';
import { commaList } from './commaList';
import { createParameterScalar } from './parameterScalar';

/** Items of an EVM address list (`contractAddresses`). */
export const maxEvmAddresses = 64;

/** `address` path parameters of the EVM endpoints. */
export const EvmAddress = createParameterScalar({
  name: 'EvmAddress',
  description: 'An EVM address, 0x followed by 40 hex digits, in any case.',
  openApi: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$', example: '0x71c7656ec7ab88b098defb751b7401b5f6d8976f' },
  parse: parseEvmAddress,
});

/** `contractAddresses`: comma-separated EVM addresses. */
export const EvmAddressList = createParameterScalar({
  name: 'EvmAddressList',
  description: `Comma-separated EVM addresses (at most ${maxEvmAddresses}).`,
  openApi: {
    type: 'string',
    example: '0x71c7656ec7ab88b098defb751b7401b5f6d8976f,0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e',
  },
  parse: (input) => commaList(input, maxEvmAddresses, parseEvmAddress),
});
