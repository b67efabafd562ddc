import type { EvmChain } from '../../../prisma/generated/client';

/** A list of one account's activity on one chain (4.8–4.11, 4.15): whose, where, and which page. */
export type AccountListRequest = {
  chain: EvmChain;
  /** Lower-case address. */
  address: string;
  /** Inclusive; genesis when absent. */
  startBlock?: bigint;
  /** Exclusive; up to the latest block when absent. */
  endBlock?: bigint;
  pageSize: number;
  pageToken?: string | null;
};

/**
 * What a page token of an account list is bound to: every argument, with the chain as its EVM
 * chain ID (so `43114` and the C-Chain's blockchain ID share tokens) and the kind of list (so a
 * token of the ERC-20 list is refused by the ERC-721 list, whose keys look alike).
 * @param request the list request
 * @param kind which list
 * @returns the paging arguments
 * @example pageArgs(request, 'ERC-20')
 */
export function pageArgs(request: AccountListRequest, kind: string) {
  return {
    kind,
    chainId: request.chain.chainId,
    address: request.address,
    startBlock: request.startBlock,
    endBlock: request.endBlock,
    pageSize: request.pageSize,
    pageToken: request.pageToken,
  };
}
