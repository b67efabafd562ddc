// subnet-evm's Validators API (`/ext/bc/<id>/validators`, plugin/evm/service.go): the current
// validator set of the chain's subnet (validations active now, by the domain's status rule), with
// the nine fields of spec 2.4. Node IDs filter the set; an unknown but well-formed one is just absent.
import type { Database } from '../../prisma/database';
import { nodeIdToString } from '../../avalanche/cb58';
import { validationStatusWhere } from '../../domain';
import { parseNodeId } from '../../avalanche/parseNodeId';
import type { Clock } from '../../shared/clock';
import { ArgumentError, decodeArgs, goSlice, type FieldDecoder } from '../envelope/goArgs';
import type { GorillaServices } from '../envelope/gorillaHandler';
import type { ChainInfo } from '../routing/loadChains';

const ZERO_NODE_ID = nodeIdToString(new Uint8Array(20));

/** ids.NodeID.UnmarshalJSON: `"NodeID-<cb58 of 20 bytes>"`. */
const nodeIdField: FieldDecoder<string> = (value) => {
  if (typeof value !== 'string') throw new ArgumentError();
  try {
    return parseNodeId(value);
  } catch {
    throw new ArgumentError();
  }
};

/**
 * The `validators` service of one chain.
 * @param db the database
 * @param chain the chain (its network and subnet)
 * @param clock "now" of the status rule
 * @returns the gorilla services map
 * @example createGorillaHandler(createValidatorsService(db, chain, clock), 5 << 20)
 */
export function createValidatorsService(db: Pick<Database, 'prisma'>, chain: ChainInfo, clock: Clock): GorillaServices {
  return {
    validators: {
      // biome-ignore lint/correctness/noComponentHookFactories: a gorilla method named as avalanchego names it, not a React component
      GetCurrentValidators: async (params) => {
        const { nodeIDs } = decodeArgs(params, { nodeIDs: goSlice(nodeIdField) });
        // A null element decodes to the zero node ID, which no validator has.
        const wanted = (nodeIDs ?? []).map((id) => id ?? ZERO_NODE_ID);
        const rows = await db.prisma.validator.findMany({
          where: {
            network: chain.network,
            subnetId: chain.subnetId,
            ...(wanted.length > 0 ? { nodeId: { in: wanted } } : {}),
            AND: [validationStatusWhere('active', clock())],
          },
          orderBy: [{ nodeId: 'asc' }, { validationId: 'asc' }],
        });
        return {
          validators: rows.map((v) => ({
            validationID: v.validationId,
            nodeID: v.nodeId,
            weight: v.weight,
            startTimestamp: v.startTimestamp,
            isActive: v.isActive,
            isL1Validator: v.isL1Validator,
            isConnected: v.isConnected,
            uptimePercentage: Number(v.uptimePercentage),
            uptimeSeconds: v.uptimeSeconds,
          })),
        };
      },
    },
  };
}
