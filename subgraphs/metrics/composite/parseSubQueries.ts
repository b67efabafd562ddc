// The body of compositeQueryV1/V2 (CompositeQueryRequestDto) read into plans: each subquery's kind,
// chain, token, window and minimum checked and bounded here, so every bad part is a 400 naming it
// (`body field queries[1].params.minBalance ...`) before any SQL runs.
import { parseEvmAddress } from '../../../avalanche/parseEvmAddress';
import { BadRequestError } from '../../shared/errors';
import { parseEvmChainId } from '../../shared/params/chainId';

/** Subqueries a request may hold: each is a scan bounded on its own (runSubQuery.ts). */
export const MAX_SUBQUERIES = 8;
/** The longest window a subquery may cover: a year and a day. */
export const MAX_WINDOW_SECONDS = 366 * 86_400;

/** Where a subquery's balances come from. */
export type BalanceSource = 'native' | 'erc20' | 'nft';

/**
 * One subquery as run: the addresses whose balance (of the chain's native token, an ERC-20, or an
 * NFT collection's count) was at least `min` at every moment (allTime) or at some moment (anyTime)
 * of [start, end], or is now (latest: no window).
 */
export type SubQueryPlan = {
  id: string;
  source: BalanceSource;
  mode: 'allTime' | 'anyTime' | 'latest';
  chainId: bigint;
  /** The ERC-20 or collection (not for native). */
  contract?: string;
  /** Unix seconds, inclusive (not for latest). */
  start?: number;
  end?: number;
  min: bigint;
};

const WINDOWED: Record<string, { source: BalanceSource; mode: 'allTime' | 'anyTime' }> = {
  AllTimeNativeBalance: { source: 'native', mode: 'allTime' },
  AnyTimeNativeBalance: { source: 'native', mode: 'anyTime' },
  AllTimeErc20Balance: { source: 'erc20', mode: 'allTime' },
  AnyTimeErc20Balance: { source: 'erc20', mode: 'anyTime' },
  AllTimeNftHolders: { source: 'nft', mode: 'allTime' },
  AnyTimeNftHolders: { source: 'nft', mode: 'anyTime' },
};
const STARS_ARENA = ['AllTimeStarsArenaBalance', 'AnyTimeStarsArenaBalance', 'LatestBalanceStarsArena'];
const TYPES = [...Object.keys(WINDOWED), 'LatestBalance', ...STARS_ARENA];

/**
 * Reads the `queries` of a composite query.
 * @param queries the body's `queries`, as sent
 * @returns one plan per subquery, in order
 * @throws BadRequestError naming the first bad part
 * @example parseSubQueries([{ id: '1', type: 'LatestBalance', params: { minBalance: '1', evmChainId: '43114', tokenType: 'NATIVE' } }])
 */
export function parseSubQueries(queries: readonly unknown[]): SubQueryPlan[] {
  if (queries.length === 0) throw bad('queries', 'must hold at least one subquery');
  if (queries.length > MAX_SUBQUERIES) throw bad('queries', `must hold at most ${MAX_SUBQUERIES} subqueries`);
  const ids = new Set<string>();
  return queries.map((query, i) => {
    const at = `queries[${i}]`;
    if (!isObject(query)) throw bad(at, 'must be an object with id, type and params');
    const id = query.id;
    if (typeof id !== 'string' || id.length === 0 || id.length > 64)
      throw bad(`${at}.id`, 'must be a non-empty string of at most 64 characters');
    if (ids.has(id)) throw bad(`${at}.id`, `must be unique (${id} names an earlier subquery)`);
    ids.add(id);
    const type = query.type;
    if (typeof type !== 'string' || !TYPES.includes(type))
      throw bad(`${at}.type`, `must be one of ${TYPES.join(', ')}`);
    if (STARS_ARENA.includes(type))
      throw bad(`${at}.type`, `${type} is not served: this service indexes no StarsArena data`);
    const params = query.params;
    if (!isObject(params)) throw bad(`${at}.params`, 'must be an object');
    const field = (name: string) => ({ at: `${at}.params.${name}`, value: params[name] });
    const chainId = evmChainId(field('evmChainId'));
    // A holder of a collection holds at least one of its NFTs: the NFT subqueries take no minBalance.
    const min = type.endsWith('NftHolders') ? 1n : amount(field('minBalance'));
    if (type === 'LatestBalance') {
      const tokenType = field('tokenType');
      if (tokenType.value !== 'ERC20' && tokenType.value !== 'NATIVE')
        throw bad(tokenType.at, 'must be ERC20 or NATIVE');
      if (tokenType.value === 'NATIVE') return { id, source: 'native', mode: 'latest', chainId, min };
      return { id, source: 'erc20', mode: 'latest', chainId, contract: address(field('contractAddress')), min };
    }
    const { source, mode } = WINDOWED[type]!;
    const window = source === 'nft' && params.startTs !== undefined ? timestamps(field) : dates(field);
    const contract = source === 'native' ? undefined : address(field('contractAddress'));
    return { id, source, mode, chainId, contract, ...window, min };
  });
}

type Field = { at: string; value: unknown };

function bad(at: string, rule: string): BadRequestError {
  return new BadRequestError(`body field ${at} ${rule}`);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function evmChainId({ at, value }: Field): bigint {
  if (typeof value !== 'string' && typeof value !== 'number')
    throw bad(at, 'must be an EVM chain ID (a positive integer)');
  try {
    return parseEvmChainId(value);
  } catch (error) {
    throw bad(at, (error as Error).message);
  }
}

function amount({ at, value }: Field): bigint {
  if (typeof value !== 'string' || !/^\d{1,78}$/.test(value))
    throw bad(at, "must be an amount in the token's smallest unit (a non-negative integer, as a decimal string)");
  return BigInt(value);
}

function address({ at, value }: Field): string {
  if (typeof value !== 'string') throw bad(at, 'must be an EVM address (0x followed by 40 hex digits)');
  try {
    return parseEvmAddress(value);
  } catch (error) {
    throw bad(at, (error as Error).message);
  }
}

/** `firstDate` and `lastDate` (YYYY-MM-DD, UTC): from the first day's start to the last day's end. */
function dates(field: (name: string) => Field): { start: number; end: number } {
  const first = day(field('firstDate'));
  const last = day(field('lastDate'));
  return window(field('lastDate').at, first, last + 86_399);
}

/** `startTs` and `endTs` (Unix seconds, inclusive) of the NFT holders' timestamp range. */
function timestamps(field: (name: string) => Field): { start: number; end: number } {
  const seconds = ({ at, value }: Field) => {
    if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0)
      throw bad(at, 'must be a Unix time in seconds (an integer of at least 0)');
    return value;
  };
  return window(field('endTs').at, seconds(field('startTs')), seconds(field('endTs')));
}

function day({ at, value }: Field): number {
  const match = typeof value === 'string' ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  const time = match ? Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])) : Number.NaN;
  if (!match || Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== value)
    throw bad(at, 'must be a date, YYYY-MM-DD (UTC)');
  return time / 1000;
}

function window(at: string, start: number, end: number): { start: number; end: number } {
  if (end < start) throw bad(at, 'must not be before the start of the window');
  if (end - start + 1 > MAX_WINDOW_SECONDS) throw bad(at, `must end at most 366 days after the window's start`);
  return { start, end };
}
