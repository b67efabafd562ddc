import { Prisma } from '../../../prisma/generated/client';
import type { EvmContract } from '../../../prisma/rows';
import { bigintKey, nullableKey, stringKey } from '../../shared/paging/keyCodecs';
import { paginateSql } from '../../shared/paging/paginateSql';
import { sortKey } from '../../shared/paging/sortKey';
import type { EvmContext } from '../context';
import { formatDeployedContract } from '../formatters/deployedContract';
import type { ListContractDeploymentsResponse } from '../types/contract.type';
import { pageArgs, type AccountListRequest } from './accountRange';
import { readSql } from '../../../prisma/read/readSql';

type ContractRow = EvmContract;

/**
 * Newest deployment first, then address (indexes `evm_contract(chain_id, deployer_address |
 * deployer_contract_address, deployment_block_number, address)`).
 */
const deploymentOrder = [
  sortKey<ContractRow>('deploymentBlockNumber', nullableKey(bigintKey), 'deployment_block_number'),
  sortKey<ContractRow>('address', stringKey, 'address'),
];

const columns =
  Prisma.raw(`c.chain_id AS "chainId", c.address, c.erc_type::text AS "ercType", c.name, c.symbol, c.decimals, c.logo_uri AS "logoUri",
  c.description, c.official_site AS "officialSite", c.email, c.color, c.logo_asset_id AS "logoAssetId", c.banner_asset_id AS "bannerAssetId",
  c.banner_uri AS "bannerUri", c.resource_links AS "resourceLinks", c.tags, c.token_reputation::text AS "tokenReputation", c.price_key AS "priceKey",
  c.deployment_tx_hash AS "deploymentTxHash", c.deployer_address AS "deployerAddress", c.deployer_contract_address AS "deployerContractAddress",
  c.deployment_block_number AS "deploymentBlockNumber", c.deployment_block_number`);

/** Database names of `erc_type` → the model's. */
const ercTypes: Record<string, EvmContract['ercType']> = {
  'ERC-20': 'ERC20',
  'ERC-721': 'ERC721',
  'ERC-1155': 'ERC1155',
  UNKNOWN: 'UNKNOWN',
};

/**
 * 4.15: the contracts an address deployed, newest first, with their metadata: those whose
 * deployment transaction it sent (directly, or through a factory contract), and those a factory
 * at the address created. Two index ranges with the keyset and LIMIT inside each; a contract
 * matching both sides appears once.
 * @param context the request's context
 * @param request chain, deployer, page
 * @returns the page
 * @throws BadRequestError for a token of another query
 * @example await listContractDeployments(context, { chain, address, pageSize: 10 })
 */
export async function listContractDeployments(
  context: EvmContext,
  request: AccountListRequest,
): Promise<ListContractDeploymentsResponse> {
  const chainId = request.chain.chainId;
  const address = request.address;
  const page = await paginateSql(
    {
      list: 'deployments',
      args: pageArgs(request, 'deployments'),
      signer: context.pageTokens,
      order: 'desc',
      keys: deploymentOrder,
    },
    (k) => Prisma.sql`
      SELECT * FROM (
        (SELECT ${columns} FROM evm_contract c WHERE c.chain_id = ${chainId} AND c.deployer_address = ${address} ${k.after('c')}
          ORDER BY ${k.orderBy('c')} LIMIT ${k.limit})
        UNION ALL
        (SELECT ${columns} FROM evm_contract c WHERE c.chain_id = ${chainId} AND c.deployer_contract_address = ${address}
          AND c.deployer_address IS DISTINCT FROM ${address} ${k.after('c')}
          ORDER BY ${k.orderBy('c')} LIMIT ${k.limit})
      ) x
      ORDER BY ${k.orderBy('x')} LIMIT ${k.limit}`,
    (sql) => readSql<ContractRow>(context.read, sql),
  );
  return {
    nextPageToken: page.nextPageToken,
    contracts: page.items.map((row) => formatDeployedContract({ ...row, ercType: ercTypes[row.ercType] ?? 'UNKNOWN' })),
  };
}
