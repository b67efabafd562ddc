import { createUnionType, Field, ObjectType } from 'type-graphql';
import { Erc1155Transfer, Erc20Transfer, Erc721Transfer } from './transfer.type';

/** A transfer of one token contract: the official `oneOf` of the three standards' transfers. */
export const TokenTransfer = createUnionType({
  name: 'TokenTransfer',
  description: 'An ERC-20, ERC-721 or ERC-1155 transfer (told apart by erc20Token, erc721Token or erc1155Token).',
  types: () => [Erc20Transfer, Erc721Transfer, Erc1155Transfer] as const,
});

/**
 * The variant of a transfer, by the token member only its standard has (the subgraph's
 * `__resolveType` of TokenTransfer).
 * @example resolveTokenTransferType({ erc721Token }) // 'Erc721Transfer'
 */
export function resolveTokenTransferType(value: object): string {
  if ('erc20Token' in value) return 'Erc20Transfer';
  return 'erc721Token' in value ? 'Erc721Transfer' : 'Erc1155Transfer';
}

/** A page of the transfers of one token contract (listTransfers). */
@ObjectType({ simpleResolvers: true })
export class ListTransfersResponse {
  @Field({ nullable: true, description: 'Pass as pageToken to get the next page; absent on the last page.' })
  nextPageToken?: string;
  @Field(() => [TokenTransfer]) transfers!: (Erc20Transfer | Erc721Transfer | Erc1155Transfer)[];
}
