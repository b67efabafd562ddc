import { hexToBytes, toHexRow } from '../../../prisma/hexBytes';
import type { EvmChain } from '../../../prisma/generated/client';
import { NotFoundError } from '../../shared/errors';
import type { EvmContext } from '../context';
import type { CurrencyCode } from '../types/evmEnums';
import type { GetTransactionResponse } from '../types/transaction.type';
import { getTransaction } from './getTransaction';

/**
 * getDeploymentTransaction: the transaction that deployed a contract (directly, or through a
 * factory whose call it was), as getTransaction answers it, with prices in the request's currency.
 * The contract's row names it (`evm_contract.deployment_tx_hash`).
 * @param context the request's context
 * @param request chain, contract address (lower case), currency of prices
 * @returns the transaction
 * @throws NotFoundError for an address that is not a contract with a known deployment on the chain
 * @example await getDeploymentTransaction(context, { chain, address, currency: CurrencyCode.eur })
 */
export async function getDeploymentTransaction(
  context: EvmContext,
  request: { chain: EvmChain; address: string; currency: CurrencyCode },
): Promise<GetTransactionResponse> {
  const { chain, address, currency } = request;
  const contract = await context.prisma.evmContract.findUnique({
    where: { chainId_address: { chainId: chain.chainId, address: hexToBytes(address) } },
    select: { deploymentTxHash: true },
  });
  const txHash = contract && toHexRow(contract).deploymentTxHash;
  if (!txHash)
    throw new NotFoundError(
      `address ${address} is not a contract of chain ${chain.chainId} whose deployment this service indexes`,
    );
  return getTransaction(context, { chain, txHash, currency });
}
