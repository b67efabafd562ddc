import { InvalidWarpMessageError } from '../errors';
import { parseUnsignedMessage, type UnsignedMessage } from './unsignedMessage';
import { unwrapSendWarpLogData } from './unwrapSendWarpLogData';

/**
 * The unsigned message a 4.1 request names: SendWarpMessage log data or a raw unsigned message,
 * tried in that order (ICM utils.UnpackWarpMessage). Errors report the raw reading, which is
 * what a client who sent neither form needs to fix.
 * @param data the decoded `message` field
 * @returns the unsigned message
 * @throws InvalidWarpMessageError naming the problem (version, length, trailing bytes)
 * @example decodeMessageInput(fromHex(request.message)).id
 */
export function decodeMessageInput(data: Uint8Array): UnsignedMessage {
  const inner = unwrapSendWarpLogData(data);
  if (inner) {
    try {
      return parseUnsignedMessage(inner, 'message');
    } catch {
      // Log-data shaped by coincidence: read the whole input as a raw message below.
    }
  }
  try {
    return parseUnsignedMessage(data, 'message');
  } catch (error) {
    if (error instanceof InvalidWarpMessageError)
      throw new InvalidWarpMessageError(`${error.message} (not a Warp unsigned message, nor SendWarpMessage log data)`);
    throw error;
  }
}
