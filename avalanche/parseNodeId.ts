// A node ID as users write it (`NodeID-` and cb58), checked: the API parameters and the node RPC read it alike.
import { cb58Decode, nodeIdToString } from './cb58';

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
  if (bytes?.length !== 20) throw new Error('must be a node ID: NodeID- followed by the cb58 of 20 bytes');
  return nodeIdToString(bytes);
}
