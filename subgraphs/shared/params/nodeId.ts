import { parseNodeId } from '../../../avalanche/parseNodeId';
import { commaList } from './commaList';
import { createParameterScalar } from './parameterScalar';

/** Items of a `nodeIds` filter. */
export const maxNodeIds = 64;

/** `nodeId` path parameter (4.17). */
export const NodeId = createParameterScalar({
  name: 'NodeId',
  description: 'A node ID: NodeID- followed by cb58.',
  openApi: {
    type: 'string',
    pattern: '^NodeID-[1-9A-HJ-NP-Za-km-z]+$',
    example: 'NodeID-7Xhw2mDxuDS44j42TCB6U5579esbSt3Lg',
  },
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
