import pg from 'pg';
import type { Blockchain as BlockchainRow, Subnet as SubnetRow } from '../../prisma/generated/client';
import { formatBlockchain } from '../../subgraphs/primary-network/formatters/blockchain';
import { formatSubnet } from '../../subgraphs/primary-network/formatters/subnet';
import { bigintKey, stringKey } from '../../subgraphs/shared/paging/keyCodecs';
import { encodePageToken } from '../../subgraphs/shared/paging/pageToken';
import { tokenScope } from '../../subgraphs/shared/paging/tokenScope';
import { listSubnetsSql } from '../list-subnets/listSubnetsSql';
import { restAnswer, restNullable, restOmitted } from '../shared/restView';
import type { FloorRoute } from './startFloor';

/** Values of the `network` enum in PostgreSQL (the Prisma schema maps them to lower case). */
const storedNetwork = { MAINNET: 'mainnet', FUJI: 'fuji' } as const;
const prismaNetwork = { mainnet: 'MAINNET', fuji: 'FUJI' } as const;

/**
 * The floor of list subnets, `GET /v1/networks/{network}/subnets?pageSize=N`: the same two SQL
 * statements through its own pg.Pool (default size 10, like the service's), the service's
 * formatters and page-token signing, and REST's member rules read from the supergraph's `@rest`
 * (omitted members left out, unset nullable ones null), so the bodies are byte-for-byte comparable.
 *
 * @param options where the data is and the page-token secret the service uses
 * @returns the route; `end` ends its pool
 * @example const floor = await startFloor([route], end) // const { route, end } = subnetsFloorRoute({ databaseUrl, schema, pageTokenSecret })
 */
export function subnetsFloorRoute({
  databaseUrl,
  schema,
  pageTokenSecret,
}: {
  databaseUrl: string;
  schema: string;
  pageTokenSecret: string;
}): {
  route: FloorRoute;
  end: () => Promise<void>;
} {
  const url = new URL(databaseUrl);
  url.searchParams.delete('schema'); // Prisma's parameter, not libpq's
  const pool = new pg.Pool({ connectionString: url.toString() });
  pool.on('error', () => {}); // an idle connection dropped by the server must not crash the bench
  const sql = listSubnetsSql(schema);
  const signer = { secret: pageTokenSecret };

  async function listSubnets(network: 'MAINNET' | 'FUJI', pageSize: number, apiNetwork: string) {
    const stored = storedNetwork[network];
    const subnets = (await pool.query(sql.subnetPage, [stored, pageSize + 1, 0])).rows.map(toSubnetRow);
    const items = subnets.slice(0, pageSize);
    const last = items[items.length - 1];
    const page = {
      items,
      nextPageToken:
        subnets.length > pageSize && last
          ? encodePageToken(
              signer,
              tokenScope('subnets', { network: apiNetwork }),
              [bigintKey, stringKey],
              [last.createBlockTimestamp, last.subnetId],
            )
          : undefined,
    };
    const ids = page.items.map((row) => row.subnetId);
    const chains = new Map<string, BlockchainRow[]>(ids.map((id) => [id, []]));
    if (ids.length > 0) {
      for (const row of (await pool.query(sql.blockchainsOf(ids.length), [stored, ...ids, 0])).rows) {
        chains.get(row.subnet_id)?.push(toBlockchainRow(row));
      }
    }
    return restAnswer('listSubnets', {
      subnets: page.items.map((row) => ({
        ...restMembers('Subnet', formatSubnet(row)),
        blockchains: chains.get(row.subnetId)!.map(restBlockchain),
      })),
      nextPageToken: page.nextPageToken,
    });
  }

  return {
    route: {
      path: /^\/v1\/networks\/(mainnet|fuji|testnet)\/subnets$/,
      answer: (request, match) =>
        listSubnets(
          match[1] === 'mainnet' ? 'MAINNET' : 'FUJI',
          Number(request.url.searchParams.get('pageSize') ?? 100),
          match[1]!,
        ),
    },
    end: () => pool.end(),
  };
}

/** A row as Prisma returns it: pg's default parsers give int8 as text, Prisma gives bigint and its enum names. */
function toSubnetRow(row: Record<string, any>): SubnetRow {
  return {
    network: prismaNetwork[row.network as keyof typeof prismaNetwork],
    subnetId: row.subnet_id,
    createBlockTimestamp: BigInt(row.create_block_timestamp),
    createBlockIndex: BigInt(row.create_block_index),
    ownerAddresses: row.owner_addresses,
    threshold: row.threshold,
    locktime: BigInt(row.locktime),
    isL1: row.is_l1,
    l1ConversionTransactionHash: row.l1_conversion_transaction_hash,
    l1ValidatorManagerBlockchainId: row.l1_validator_manager_blockchain_id,
    l1ValidatorManagerAddress: row.l1_validator_manager_address,
  };
}

function toBlockchainRow(row: Record<string, any>): BlockchainRow {
  return {
    network: prismaNetwork[row.network as keyof typeof prismaNetwork],
    blockchainId: row.blockchain_id,
    subnetId: row.subnet_id,
    createBlockTimestamp: BigInt(row.create_block_timestamp),
    createBlockNumber: BigInt(row.create_block_number),
    vmId: row.vm_id,
    blockchainName: row.blockchain_name,
    evmChainId: row.evm_chain_id === null ? null : BigInt(row.evm_chain_id),
    genesisData: row.genesis_data,
  };
}

/** A blockchain as REST shows it: omitted members left out, unset nullable genesis members null. */
function restBlockchain(row: BlockchainRow) {
  const blockchain = restMembers('Blockchain', formatBlockchain(row));
  const genesisData = blockchain.genesisData as Record<string, unknown> | undefined;
  if (genesisData) for (const field of restNullable('GenesisData')) genesisData[field] ??= null;
  return blockchain;
}

/** A formatted object without the members `@rest(omit)` leaves out of the type's REST answer. */
function restMembers<T extends object>(typeName: string, value: T): Record<string, unknown> {
  const members = { ...value } as Record<string, unknown>;
  for (const field of restOmitted(typeName)) delete members[field];
  return members;
}
