import { createParameterScalar } from './parameterScalar';

/** Which ends of a message the ICM metrics break their counts down by. */
export type IcmGroupBy = { source: boolean; destination: boolean };

/** The official values of `groupBy`. */
const GROUP_BY_VALUES = ['srcBlockchainId', 'destBlockchainId', 'srcBlockchainId,destBlockchainId'] as const;

/**
 * `groupBy` of the ICM metrics: one end, or both (comma-separated, in either order).
 * @throws the rule when `input` names anything else
 * @example parseIcmGroupBy('destBlockchainId,srcBlockchainId') // { source: true, destination: true }
 */
export function parseIcmGroupBy(input: string | number): IcmGroupBy {
  const ends = String(input).split(',');
  const source = ends.includes('srcBlockchainId');
  const destination = ends.includes('destBlockchainId');
  if (ends.length !== Number(source) + Number(destination))
    throw new Error(`must be one of ${GROUP_BY_VALUES.join(', ')}`);
  return { source, destination };
}

/** `groupBy` of getICMTimeseries and getICMSummary. */
export const IcmGroupByScalar = createParameterScalar<IcmGroupBy>({
  name: 'IcmGroupBy',
  description: 'Group counts by srcBlockchainId, destBlockchainId, or both (srcBlockchainId,destBlockchainId).',
  openApi: { type: 'string', enum: GROUP_BY_VALUES, example: 'destBlockchainId' },
  parse: parseIcmGroupBy,
  serialize: (value) =>
    [value.source ? 'srcBlockchainId' : '', value.destination ? 'destBlockchainId' : ''].filter(Boolean).join(','),
});
