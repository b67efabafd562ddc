import http from 'node:http';
import pg from 'pg';
import type { Blockchain as BlockchainRow, Subnet as SubnetRow } from '../../prisma/generated/client';
import { formatBlockchain } from '../../subgraphs/primary-network/formatters/blockchain';
import { formatSubnet } from '../../subgraphs/primary-network/formatters/subnet';
import { bigintKey, stringKey } from '../../subgraphs/shared/paging/keyCodecs';
import { encodePageToken } from '../../subgraphs/shared/paging/pageToken';
import { tokenScope } from '../../subgraphs/shared/paging/tokenScope';
import { listenOnLoopback, type LoopbackServer } from '../shared/listenOnLoopback';
import { listSubnetsSql } from './listSubnetsSql';
import { sendJson } from '../shared/sendJson';

/** Values of the `network` enum in PostgreSQL (the Prisma schema maps them to lower case). */
const storedNetwork = { MAINNET: 'mainnet', FUJI: 'fuji' } as const;
const prismaNetwork = { mainnet: 'MAINNET', fuji: 'FUJI' } as const;

/** genesisData fields REST shows as `null` when unset (rest-facade/restResponse.ts keeps them). */
const keptGenesisNulls = ['airdropAmount', 'baseFeePerGas', 'blobGasUsed', 'excessBlobGas'] as const;

/**
 * The floor to compare the service with: a bare node:http server that answers
 * `GET /v1/networks/{network}/subnets?pageSize=N` with the same two SQL statements through one
 * pg.Pool (default size 10, like the service's), and the same JSON body. It reuses the service's
 * formatters and page-token signing, so the bodies are byte-for-byte comparable and the
 * difference measured is the stack: Express, sofa, Apollo Server, the gateway's query plan,
 * GraphQL execution, DataLoader and Prisma.
 *
 * @param options where the data is and the page-token secret the service uses
 * @returns the listening server; closing it also ends the pool
 * @example const baseline = await startPgBaseline({ databaseUrl, schema, pageTokenSecret })
 */
export async function startPgBaseline({
  databaseUrl,
  schema,
  pageTokenSecret,
}: {
  databaseUrl: string;
  schema: string;
  pageTokenSecret: string;
}): Promise<LoopbackServer> {
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
          ? encodePageToken(signer, tokenScope('subnets', { network: apiNetwork }), [bigintKey, stringKey], [last.createBlockTimestamp, last.subnetId])
          : undefined,
    };
    const ids = page.items.map((row) => row.subnetId);
    const chains = new Map<string, BlockchainRow[]>(ids.map((id) => [id, []]));
    if (ids.length > 0) {
      for (const row of (await pool.query(sql.blockchainsOf(ids.length), [stored, ...ids, 0])).rows) {
        chains.get(row.subnet_id)?.push(toBlockchainRow(row));
      }
    }
    return {
      subnets: page.items.map((row) => {
        const { network: _graphqlOnly, ...subnet } = formatSubnet(row);
        return { ...subnet, blockchains: chains.get(row.subnetId)!.map(restBlockchain) };
      }),
      nextPageToken: page.nextPageToken,
    };
  }

  const server = http.createServer((request, response) => {
    const send = (status: number, body: unknown) => sendJson(response, status, body);
    const target = new URL(request.url ?? '/', 'http://127.0.0.1');
    const match = /^\/v1\/networks\/(mainnet|fuji|testnet)\/subnets$/.exec(target.pathname);
    const pageSize = Number(target.searchParams.get('pageSize') ?? 100);
    if (request.method !== 'GET' || !match) return send(404, { statusCode: 404, error: 'Not Found' });
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > 10_000) return send(400, { statusCode: 400, error: 'Bad Request' });
    listSubnets(match[1] === 'mainnet' ? 'MAINNET' : 'FUJI', pageSize, match[1]!).then(
      (body) => send(200, body),
      (error: Error) => send(500, { statusCode: 500, error: 'Internal Server Error', message: error.message }),
    );
  });
  return listenOnLoopback(server, { afterClose: async () => { await pool.end(); } });
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

/** A blockchain as REST shows it: GraphQL-only `network` left out, unset genesis fields kept as null. */
function restBlockchain(row: BlockchainRow) {
  const { network: _graphqlOnly, ...blockchain } = formatBlockchain(row);
  const genesisData = blockchain.genesisData as Record<string, unknown> | undefined;
  if (genesisData) for (const field of keptGenesisNulls) genesisData[field] ??= null;
  return blockchain;
}
