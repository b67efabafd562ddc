import { cb58Decode, nodeIdToString } from '../../../avalanche/cb58';
import { commaList } from './commaList';
import { createParameterScalar } from './parameterScalar';

/** Items of a `nodeIds` filter. */
export const maxNodeIds = 64;

/**
 * A node ID, `NodeID-` followed by the cb58 of 20 bytes.
 * @example parseNodeId('NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg')
 */
export function parseNodeId(input: string | number): string {
  const text = String(input);
  const body = /^NodeID-([1-9A-HJ-NP-Za-km-z]{20,40})$/.exec(text)?.[1];
  let bytes: Uint8Array | undefined;
  try {
    bytes = body ? cb58Decode(body) : undefined;
  } catch {
    bytes = undefined;
  }
  if (!bytes || bytes.length !== 20) throw new Error('must be a node ID: NodeID- followed by the cb58 of 20 bytes');
  return nodeIdToString(bytes);
}

/** `nodeId` path parameter (4.17). */
export const NodeId = createParameterScalar({
  name: 'NodeId',
  description: 'A node ID: NodeID- followed by cb58.',
  openApi: { type: 'string', pattern: '^NodeID-[1-9A-HJ-NP-Za-km-z]+$', example: 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg' },
  parse: parseNodeId,
});

/**
 * `nodeIds` filters match by substring (4.5), so items are parts of node IDs: the `NodeID-`
 * prefix and base58 characters only.
 */
export const NodeIdFilter = createParameterScalar({
  name: 'NodeIdFilter',
  description: `Comma-separated node IDs or parts of them (at most ${maxNodeIds}); a node matches when its ID contains one.`,
  openApi: { type: 'string', example: 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg' },
  parse: (input) =>
    commaList(input, maxNodeIds, (item) => {
      if (!/^(N|No|Nod|Node|NodeI|NodeID|NodeID-)?[1-9A-HJ-NP-Za-km-z]{0,40}$/.test(item) || item.length > 47) {
        throw new Error('must list node IDs or parts of them (NodeID- and base58 characters)');
      }
      return item;
    }),
});

/** `nodeIds` filters that match whole node IDs (4.14): comma-separated node IDs. */
export const NodeIdList = createParameterScalar({
  name: 'NodeIdList',
  description: `Comma-separated node IDs (at most ${maxNodeIds}).`,
  openApi: { type: 'string', example: 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg' },
  parse: (input) => commaList(input, maxNodeIds, parseNodeId),
});
