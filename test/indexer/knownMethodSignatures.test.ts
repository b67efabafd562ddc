// The method names shipped with the service: every selector of the table is the keccak of its
// signature (computed here with viem, never copied), the well-known ERC-20/721/1155, router and
// multicall functions are in it, and the indexer stores them so transactions are named without
// verified ABIs.
import { toFunctionSelector } from 'viem';
import {
  KNOWN_METHOD_SIGNATURES,
  writeKnownMethodSignatures,
} from '../../indexer/evm/methods/writeKnownMethodSignatures';
import type { Database } from '../../prisma/database';
import { setupTestDatabase, teardown } from '../setup/database';

describe('methodName of well-known selectors: a shipped table, each selector the keccak of its signature', () => {
  let db: Database;
  beforeAll(async () => {
    db = await setupTestDatabase();
  }, 60_000);
  afterAll(() => teardown(db));

  test('every entry: the selector is the first 4 bytes of keccak-256 of the signature', () => {
    const entries = Object.entries(KNOWN_METHOD_SIGNATURES);
    expect(entries.length).toBeGreaterThan(40);
    for (const [selector, signature] of entries)
      expect([signature, selector]).toEqual([signature, toFunctionSelector(signature)]);
  });

  test.each([
    'transfer(address,uint256)',
    'approve(address,uint256)',
    'transferFrom(address,address,uint256)',
    'safeTransferFrom(address,address,uint256)',
    'safeTransferFrom(address,address,uint256,bytes)',
    'setApprovalForAll(address,bool)',
    'safeTransferFrom(address,address,uint256,uint256,bytes)',
    'safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)',
    'swapExactTokensForTokens(uint256,uint256,address[],address,uint256)',
    'swapExactETHForTokens(uint256,address[],address,uint256)',
    'swapExactAVAXForTokens(uint256,address[],address,uint256)',
    'exactInputSingle((address,address,uint24,address,uint256,uint256,uint256,uint160))',
    'multicall(bytes[])',
    'aggregate3((address,bool,bytes)[])',
    'deposit()',
    'withdraw(uint256)',
  ])('%s is named', (signature) => {
    expect(KNOWN_METHOD_SIGNATURES[toFunctionSelector(signature)]).toBe(signature);
  });

  test('written to evm_method_signature, where the API looks names up; a stored name is kept', async () => {
    const transfer = toFunctionSelector('transfer(address,uint256)');
    const approve = toFunctionSelector('approve(address,uint256)');
    await db.query('DELETE FROM evm_method_signature');
    await db.query('INSERT INTO evm_method_signature (method_hash, method_name) VALUES ($1, $2)', [
      approve,
      'approve(address,uint256) (verified)',
    ]);
    const count = await writeKnownMethodSignatures(db);
    expect(count).toBe(Object.keys(KNOWN_METHOD_SIGNATURES).length);
    const rows = await db.query<{ method_hash: string; method_name: string }>(
      'SELECT method_hash, method_name FROM evm_method_signature WHERE method_hash = ANY($1::bytea[]) ORDER BY method_name',
      [[transfer, approve]],
    );
    expect(rows).toEqual([
      { method_hash: approve, method_name: 'approve(address,uint256) (verified)' },
      { method_hash: transfer, method_name: 'transfer(address,uint256)' },
    ]);
    const [{ n }] = await db.query<{ n: bigint }>('SELECT count(*) AS n FROM evm_method_signature');
    expect(Number(n)).toBe(count);
  });
});
