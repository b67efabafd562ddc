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
  if (sql.includes('asset_price')) return 'prices';
  const table = /FROM "[^"]+"\."(\w+)"/.exec(sql)?.[1];
  const roles: Record<string, string> = {
    evm_chain: 'chain', evm_transaction: 'tx', evm_block: 'block', evm_token_transfer: 'transfers', evm_internal_transaction: 'internals',
    teleporter_message: 'messages', evm_method_signature: 'method', evm_contract: 'contracts', evm_nft_token: 'nfts',
  };
  const role = table && roles[table];
  if (!role) throw new Error(`the pg baseline does not know this statement: ${sql.slice(0, 200)}`);
  return role;
}

