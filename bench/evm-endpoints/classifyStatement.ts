/**
 * What a statement of the measured endpoints reads, from its text: the pg baseline keeps each
 * statement's rows under this role, and runs statements of one round together.
 * @param sql the statement as the service sent it
 * @returns the role
 * @throws {Error} for a statement the baseline does not know
 * @example classifyStatement('SELECT … FROM "s"."evm_chain" …') // 'chain'
 */
export function classifyStatement(sql: string): string {
  if (sql.includes('UNION ALL') && sql.includes('evm_token_transfer')) return 'page';
  // ERC-20 balances' statement: the page (current balances, or the walk at a block) with the native balance and prices.
  if (sql.includes('erc20_balance') && sql.includes('AS balances')) return 'balances';
  if (sql.includes('native_balance_change')) return 'native';
  // GET transaction's statement: the transaction with its block, transfers, frames, messages, contracts, NFTs and prices as JSON rows.
  if (sql.includes('FROM evm_transaction t') && sql.includes('AS transfers')) return 'transaction';
  if (sql.includes('asset_price')) return 'prices';
  const roles: Record<string, string> = {
    evm_chain: 'chain',
    evm_transaction: 'tx',
    evm_block: 'block',
    evm_token_transfer: 'transfers',
    evm_internal_transaction: 'internals',
    teleporter_message: 'messages',
    evm_method_signature: 'method',
    evm_contract: 'contracts',
    evm_nft_token: 'nfts',
  };
  // The first known table read. Prisma's queries name the schema and quote the table; the service's
  // raw SQL names the table alone, maybe after `FROM unnest(…)` of its keys.
  const role = [...sql.matchAll(/FROM (?:"[^"]+"\.)?"?(\w+)"?/g)].map((match) => roles[match[1]!]).find(Boolean);
  if (!role) throw new Error(`the pg baseline does not know this statement: ${sql.slice(0, 200)}`);
  return role;
}
