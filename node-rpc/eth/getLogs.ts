// eth_getLogs on the index (eth/filters: FilterCriteria.UnmarshalJSON, FilterAPI.GetLogs,
// Filter.Logs), with the node's errors and two caps: the block range (subnet-evm's
// api-max-blocks-per-request wording) and the number of logs in one answer.
import type { JsonObject, JsonValue } from '../../shared/goJson';
import { serverError } from '../envelope/jsonRpcError';
import { NotIndexedError, rangeOf } from './blockAccess';
import { blockByHash, queryLogs } from './chainData';
import { formatLog } from './formatLog';
import { ethMethod } from './methodSpec';
import { argFail, decodeBlockNumber, goKind, hashArg, type Arg, type BlockTag } from './params';

/** A decoded filter: a block hash, or a range whose ends are tags, numbers or absent (latest). */
type Criteria = {
  blockHash?: string;
  from?: BlockTag;
  to?: BlockTag;
  addresses: string[];
  topics: (string[] | null)[];
};

const MAX_ADDRESSES = 1000;
const MAX_TOPICS = 4;

/** hexutil.Decode plus a length check (decodeAddress / decodeTopic). */
function decodeFixed(text: string, size: number, what: 'address' | 'topic'): string {
  if (text.length === 0) argFail('empty hex string');
  if (!text.startsWith('0x') && !text.startsWith('0X')) argFail('hex string without 0x prefix');
  const hex = text.slice(2);
  if (hex.length % 2 !== 0) argFail('hex string of odd length');
  if (!/^[0-9a-fA-F]*$/.test(hex)) argFail('invalid hex string');
  if (hex.length !== size * 2)
    argFail(`hex has invalid length ${hex.length / 2} after decoding; expected ${size} for ${what}`);
  return `0x${hex.toLowerCase()}`;
}

/** FilterCriteria.UnmarshalJSON. */
const filterArg: Arg<Criteria> = {
  optional: false,
  decode: (value: JsonValue): Criteria => {
    const criteria: Criteria = { addresses: [], topics: [] };
    if (value === null) return criteria;
    if (typeof value !== 'object' || Array.isArray(value))
      return argFail(`json: cannot unmarshal ${goKind(value)} into Go value of type filters.input`);
    let blockHash: string | undefined;
    let from: BlockTag | undefined;
    let to: BlockTag | undefined;
    let rawAddress: JsonValue | undefined;
    let rawTopics: JsonValue[] = [];
    const object = value as JsonObject;
    for (const key of Object.keys(object)) {
      const member = object[key]!;
      switch (key.toLowerCase()) {
        case 'blockhash':
          blockHash = member === null ? undefined : hashArg.decode(member);
          break;
        case 'fromblock':
          from = member === null ? undefined : decodeBlockNumber(member);
          break;
        case 'toblock':
          to = member === null ? undefined : decodeBlockNumber(member);
          break;
        case 'address':
          rawAddress = member;
          break;
        case 'topics':
          if (member !== null && !Array.isArray(member))
            argFail(
              `json: cannot unmarshal ${goKind(member)} into Go struct field input.topics of type []interface {}`,
            );
          rawTopics = (member as JsonValue[] | null) ?? [];
          break;
      }
    }
    if (blockHash !== undefined) {
      if (from !== undefined || to !== undefined)
        argFail('cannot specify both BlockHash and FromBlock/ToBlock, choose one or the other');
      criteria.blockHash = blockHash;
    } else {
      criteria.from = from;
      criteria.to = to;
    }
    if (rawAddress !== undefined && rawAddress !== null) {
      if (Array.isArray(rawAddress)) {
        if (rawAddress.length > MAX_ADDRESSES) argFail('exceed max addresses');
        rawAddress.forEach((item, i) => {
          if (typeof item !== 'string') argFail(`non-string address at index ${i}`);
          try {
            criteria.addresses.push(decodeFixed(item as string, 20, 'address'));
          } catch (error) {
            argFail(`invalid address at index ${i}: ${(error as Error).message}`);
          }
        });
      } else if (typeof rawAddress === 'string') {
        try {
          criteria.addresses = [decodeFixed(rawAddress, 20, 'address')];
        } catch (error) {
          argFail(`invalid address: ${(error as Error).message}`);
        }
      } else argFail('invalid addresses in query');
    }
    criteria.topics = rawTopics.map((topic): string[] | null => {
      if (topic === null) return null;
      if (typeof topic === 'string') return [decodeFixed(topic, 32, 'topic')];
      if (!Array.isArray(topic)) return argFail('invalid topic(s)');
      const options: string[] = [];
      for (const option of topic) {
        if (option === null) return null;
        if (typeof option !== 'string') argFail('invalid topic(s)');
        options.push(decodeFixed(option as string, 32, 'topic'));
      }
      return options;
    });
    return criteria;
  },
};

/** rpc.BlockNumber's numeric value: tags are negative (safe -4, accepted -3, latest -2, pending -1). */
function rpcNumber(tag: BlockTag | undefined): bigint {
  if (!tag) return -2n;
  if (tag.kind === 'number') return tag.number;
  return { safe: -4n, accepted: -3n, latest: -2n, pending: -1n }[tag.tag];
}

/** eth_getLogs(filter): the matching logs in chain order, within the caps. */
export const eth_getLogs = ethMethod({
  args: [filterArg],
  run: async ([criteria], ctx) => {
    const c = criteria as Criteria;
    const chainId = ctx.chain.evmChainId!;
    if (c.topics.length > MAX_TOPICS) throw serverError('exceed max topics');
    const cap = ctx.limits.logsMaxResults;
    const limit = cap > 0 ? cap + 1 : 2_147_483_647;
    let from: bigint;
    let to: bigint;
    if (c.blockHash !== undefined) {
      const block = await blockByHash(ctx.db, chainId, c.blockHash);
      if (!block) throw serverError('unknown block');
      from = to = block.number;
    } else {
      let begin = rpcNumber(c.from);
      let end = rpcNumber(c.to);
      if (begin > 0n && end > 0n && begin > end) throw serverError('invalid block range params');
      const range = await rangeOf(ctx);
      if (!range) throw new NotIndexedError('this chain');
      if (begin >= 0n && begin > range.head)
        throw serverError(`requested from block ${begin} after last accepted block ${range.head}`);
      if (end >= 0n && end > range.head)
        throw serverError(`requested to block ${end} after last accepted block ${range.head}`);
      if (begin === -1n && end !== -1n) throw serverError('invalid block range params');
      if (begin === -1n && end === -1n) return [];
      const endSet = end >= 0n;
      if (begin < 0n) begin = range.head;
      if (end < 0n) end = range.head;
      if (endSet && end < begin) throw serverError(`begin block ${begin} is greater than end block ${end}`);
      const maxBlocks = BigInt(ctx.limits.logsMaxBlocks);
      if (maxBlocks > 0n && end - begin >= maxBlocks)
        throw serverError(`requested too many blocks from ${begin} to ${end}, maximum is set to ${maxBlocks}`);
      if (begin < range.from) throw new NotIndexedError(`block ${begin}`);
      from = begin;
      to = end;
    }
    const rows = await queryLogs(ctx.db, chainId, { from, to, addresses: c.addresses, topics: c.topics, limit });
    if (cap > 0 && rows.length > cap)
      throw serverError(`query returned more than ${cap} results; narrow the block range or the filter`);
    return rows.map(formatLog);
  },
});
