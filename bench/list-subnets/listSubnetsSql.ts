/** The two statements of one list-subnets request, as Prisma 7 (adapter-pg) writes them. */
export type ListSubnetsSql = {
  /** `$1` stored network (`mainnet`, `fuji`), `$2` page size + 1, `$3` offset 0: the newest subnets of a network. */
  subnetPage: string;
  /** `$1` network, `$2`…`$(n+1)` subnet IDs, `$(n+2)` offset 0: their blockchains, oldest first. */
  blockchainsOf(subnetCount: number): string;
};

const subnetColumns = [
  'network',
  'subnet_id',
  'create_block_timestamp',
  'create_block_index',
  'owner_addresses',
  'threshold',
  'locktime',
  'is_l1',
  'l1_conversion_transaction_hash',
  'l1_validator_manager_blockchain_id',
  'l1_validator_manager_address',
];
const blockchainColumns = [
  'network',
  'blockchain_id',
  'subnet_id',
  'create_block_timestamp',
  'create_block_number',
  'vm_id',
  'blockchain_name',
  'evm_chain_id',
  'genesis_data',
];

/**
 * The SQL the service sends for `GET /v1/networks/{network}/subnets` (first page, newest first):
 * SubnetResolver.listSubnets' keyset `findMany` and the `blockchainsOfSubnet` loader's batch,
 * written out character for character so the pg baseline runs exactly the same statements.
 * The bench checks this against what Prisma actually sends before measuring; when the resolver
 * or Prisma changes, that check fails and this file needs the new text.
 *
 * @param schema the PostgreSQL schema Prisma qualifies every name with
 * @returns both statements
 * @example await pool.query(listSubnetsSql(schema).subnetPage, ['mainnet', 11, 0])
 */
export function listSubnetsSql(schema: string): ListSubnetsSql {
  const table = (name: string) => `"${schema}"."${name}"`;
  // Prisma reads enum columns as text.
  const select = (name: string, columns: string[]) =>
    columns.map((column) => `${table(name)}."${column}"${column === 'network' ? '::text' : ''}`).join(', ');
  const network = `CAST($1::text AS ${table('network')})`;
  const subnetPage =
    `SELECT ${select('subnet', subnetColumns)} FROM ${table('subnet')} ` +
    `WHERE ${table('subnet')}."network" = ${network} ` +
    `ORDER BY ${table('subnet')}."create_block_timestamp" DESC, ${table('subnet')}."subnet_id" DESC LIMIT $2 OFFSET $3`;
  return {
    subnetPage,
    blockchainsOf: (subnetCount) => {
      const ids = Array.from({ length: subnetCount }, (_, i) => `$${i + 2}`).join(',');
      return (
        `SELECT ${select('blockchain', blockchainColumns)} FROM ${table('blockchain')} ` +
        `WHERE (${table('blockchain')}."network" = ${network} AND ${table('blockchain')}."subnet_id" IN (${ids})) ` +
        `ORDER BY ${table('blockchain')}."create_block_timestamp" ASC, ${table('blockchain')}."blockchain_id" ASC ` +
        `OFFSET $${subnetCount + 2}`
      );
    },
  };
}
