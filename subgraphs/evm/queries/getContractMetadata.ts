import type { EvmChain } from '../../../prisma/generated/client';
import type { EvmContract } from '../../../prisma/rows';
import { KEEP_PLAN } from '../../../prisma/read/preparedReads';
import { toModelRow } from '../../../prisma/read/toModelRow';
import { NotFoundError } from '../../shared/errors';
import type { EvmContext } from '../context';
import { formatDeployedContract } from '../formatters/deployedContract';
import type { Erc1155Contract, Erc20Contract, Erc721Contract, UnknownContract } from '../types/contract.type';

/**
 * getContractMetadata: the contract at an address with its profile, as the variant of its
 * ercType (an Erc20Contract, Erc721Contract, Erc1155Contract or UnknownContract). One row by its
 * primary key.
 * @param context the request's context
 * @param request chain and address
 * @returns the contract
 * @throws NotFoundError for an address that is no contract this service knows on the chain (an
 *   externally owned account, or an address it never saw)
 * @example await getContractMetadata(context, { chain, address: '0xb97e…' })
 */
export async function getContractMetadata(
  context: EvmContext,
  request: { chain: EvmChain; address: string },
): Promise<Erc20Contract | Erc721Contract | Erc1155Contract | UnknownContract> {
  const chainId = request.chain.chainId;
  const [row] = await context.read<Record<string, unknown>>(
    'SELECT * FROM evm_contract WHERE chain_id = $1 AND address = $2',
    [chainId.toString(), request.address],
    KEEP_PLAN,
  );
  if (!row) {
    throw new NotFoundError(`address ${request.address} is not a contract this service knows on chain ${chainId}`);
  }
  return formatDeployedContract(toModelRow<EvmContract>('EvmContract', row));
}
