// Helpers of the EVM endpoint tests: paging through a REST list, and expected values read from
// the raw tables with plain SQL (never through the code under test).
import type { Database } from '../../../prisma/database';
import type { TestService } from '../../setup/service';

/** The demo's showcase EVM address (demo-data/accounts.ts), the busiest user on every chain. */
export const SHOWCASE = '0xad9ea0f0f155856c610bc910d7af91513f98a093';

/**
 * Follows nextPageToken from `path` to the last page and returns every item of `member`.
 * @example await allPages(service, '/v1/chains/43114/addresses/0x…/transactions:listErc20?pageSize=100', 'transactions')
 */
export async function allPages(service: TestService, path: string, member: string, maxPages = 200): Promise<any[]> {
  const items: any[] = [];
  let next: string | undefined;
  for (let page = 0; page < maxPages; page++) {
    const url = next ? `${path}${path.includes('?') ? '&' : '?'}pageToken=${encodeURIComponent(next)}` : path;
    const { status, body } = await service.request(url);
    if (status !== 200) throw new Error(`${url}: ${status} ${JSON.stringify(body)}`);
    items.push(...body[member]);
    next = body.nextPageToken;
    if (!next) return items;
  }
  throw new Error(`${path}: more than ${maxPages} pages`);
}

/**
 * A money amount as REST writes it: a JSON number (official `Money.value`); GraphQL keeps the
 * exact decimal text.
 * @example money('24.5') // 24.5
 */
export function money(text: string | undefined): number | undefined {
  return text === undefined ? undefined : Number(text);
}

/** Decimal text without trailing zeros (as GraphQL writes prices and values). */
export function trimDecimal(text: string): string {
  return text.includes('.') ? text.replace(/0+$/, '').replace(/\.$/, '') : text;
}

/**
 * The latest stored price of a feed at or before `at`, as the API writes it, or undefined.
 * @example await priceAt(db, 'avalanche-2', 'usd', DEMO_NOW)
 */
export async function priceAt(
  db: Database,
  priceKey: string | null,
  currency: string,
  at: number | bigint,
): Promise<string | undefined> {
  if (!priceKey) return undefined;
  const [row] = await db.query<{ value: string }>(
    'SELECT value::text AS value FROM asset_price WHERE price_key = $1 AND currency_code = $2 AND timestamp <= $3 ORDER BY timestamp DESC LIMIT 1',
    [priceKey, currency, String(at)],
  );
  return row ? trimDecimal(row.value) : undefined;
}

/**
 * The account reference (2.8) of an address, from evm_contract.
 * @example await accountOf(db, 43114n, '0x…')
 */
export async function accountOf(
  db: Database,
  chainId: bigint | number,
  address: string,
): Promise<Record<string, unknown>> {
  const [c] = await db.query<{ name: string; symbol: string; decimals: number | null; logo_uri: string }>(
    'SELECT name, symbol, decimals, logo_uri FROM evm_contract WHERE chain_id = $1 AND address = $2',
    [String(chainId), address],
  );
  if (!c || c.name === '') return { address };
  return {
    name: c.name,
    ...(c.symbol ? { symbol: c.symbol } : {}),
    ...(c.decimals !== null ? { decimals: c.decimals } : {}),
    ...(c.logo_uri ? { logoUri: c.logo_uri } : {}),
    address,
  };
}
