// The text a page token is bound to: the list and every defining argument, one spelling per query.
import { tokenScope } from '../../../subgraphs/shared/paging/tokenScope';

class MetricArgs {
  pageToken?: string = undefined;
  pageSize = 10;
  timeInterval = 'hour';
  chainId = 'total';
  startTimestamp?: bigint = undefined;
}

describe('tokenScope', () => {
  it('leaves out pageToken and pageSize, which move along a list rather than define it', () => {
    expect(tokenScope('metrics', { pageToken: 'abc', pageSize: 25, network: 'mainnet' })).toBe(
      'metrics|{"network":"mainnet"}',
    );
  });

  it('drops absent arguments and sorts the others by name, whatever the class declares first', () => {
    expect(tokenScope('metrics', new MetricArgs())).toBe('metrics|{"chainId":"total","timeInterval":"hour"}');
  });

  it('writes bigints as text, dates as ISO text, null as null, nested objects sorted and arrays in order', () => {
    const args = { startTimestamp: 5n, when: new Date(0), filter: { b: null, a: [2, 'x', null] }, pageSize: 1 };
    expect(tokenScope('transfers', args)).toBe(
      'transfers|{"filter":{"a":[2,"x",null],"b":null},"startTimestamp":"5","when":"1970-01-01T00:00:00.000Z"}',
    );
  });

  it('tells queries apart that differ in one argument only', () => {
    expect(tokenScope('metrics', { ...new MetricArgs(), chainId: '43114' })).not.toBe(
      tokenScope('metrics', new MetricArgs()),
    );
  });
});
