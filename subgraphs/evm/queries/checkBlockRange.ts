import { BadRequestError } from '../../shared/errors';

/**
 * 4.8–4.11: `startBlock` is inclusive, `endBlock` exclusive; a start after the end is a 400 (a start
 * equal to the end is an empty range).
 * @param startBlock first block, if given
 * @param endBlock end of the range, if given
 * @throws BadRequestError when startBlock > endBlock
 * @example checkBlockRange(10n, 5n) // throws 'startBlock must not be after endBlock'
 */
export function checkBlockRange(startBlock: bigint | undefined, endBlock: bigint | undefined): void {
  if (startBlock !== undefined && endBlock !== undefined && startBlock > endBlock) {
    throw new BadRequestError('startBlock must not be after endBlock');
  }
}
