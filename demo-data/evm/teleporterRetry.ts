// The retry of a failed Teleporter execution on the destination chain: the receiver's operator
// calls retryMessageExecution(sourceBlockchainID, message) and the messenger emits MessageExecuted
// before it calls the receiver again.
import { concatBytes, fromHex, toHex } from '../../avalanche/bytes';
import { cb58Decode } from '../../avalanche/cb58';
import type { Random } from '../random';
import { selector, SIGNATURES } from './abi';
import { abi, encodeAbi } from './abiEncode';
import { TELEPORTER_MESSENGER } from './chains';
import type { TxDraft } from './draft';
import type { ChainEnv } from './env';
import { messageExecuted, teleporterMessage } from './icmEvents';
import { teleporterMessageFields, type TeleporterMessagePlan } from './teleporter';

/**
 * The retrying transaction of a message whose delivery failed to execute. Its gas comes from `rng`
 * (not the chain's stream, so the chain's other transactions draw as before).
 * @param env destination chain
 * @param message the message (delivered: its receiver is known)
 * @param rng the stream of the chain's retries
 * @returns the draft, with the planned hash
 * @example applyDraft({ ...block, rng }, retryDraft(env, message, rng))
 */
export function retryDraft(env: ChainEnv, message: TeleporterMessagePlan, rng: Random): TxDraft {
  const source = cb58Decode(message.sourceBlockchainId);
  const input = concatBytes(
    fromHex(selector(SIGNATURES.retryMessageExecution).slice(2)),
    encodeAbi([abi.word(`0x${toHex(source)}`), teleporterMessage(teleporterMessageFields(message))]),
  );
  return {
    from: env.contracts.operators.deployer,
    to: TELEPORTER_MESSENGER,
    value: 0n,
    input,
    gasUsed: BigInt(rng.int(120_000, 260_000)),
    status: 1,
    logs: [messageExecuted(message.id, source)],
    internals: [
      { type: 'CALL', from: TELEPORTER_MESSENGER, to: message.destinationAddress!, value: 0n, gasUsed: 64_000n },
    ],
    hash: message.retryTxHash!,
  };
}
