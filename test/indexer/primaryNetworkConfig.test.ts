// The primaryNetwork section of the indexer config file: defaults, and the wording of what is refused.
import { parseIndexerConfig } from '../../indexer/config/readIndexerConfig';

describe('parseIndexerConfig() primaryNetwork', () => {
  test('the minimal entry of the issue gets every default, and no EVM chain is needed', () => {
    const config = parseIndexerConfig('{"primaryNetwork": [{"network": "fuji", "nodeUrl": "http://127.0.0.1:9650"}]}');
    expect(config.evm).toEqual([]);
    expect(config.primaryNetwork).toEqual([
      {
        network: 'FUJI',
        nodeUrls: ['http://127.0.0.1:9650'],
        chains: ['P', 'X'],
        startHeight: 0n,
        xChainStartHeight: 0n,
        concurrency: 8,
        xChainVertices: 'auto',
        proposers: true,
        rpcTimeoutMs: 30_000,
        pollIntervalMs: 1_000,
        validatorRefreshMs: 60_000,
      },
    ]);
  });

  test('args: nodeUrls, chains, heights and periods as given; testnet is fuji; a trailing slash is dropped', () => {
    const [entry] = parseIndexerConfig(
      JSON.stringify({
        evm: [],
        primaryNetwork: [
          {
            network: 'testnet',
            nodeUrls: ['http://a:9650/', 'https://b'],
            chains: ['P'],
            startHeight: '12',
            xChainStartHeight: 3,
            concurrency: 2,
            xChainVertices: true,
            proposers: false,
            rpcTimeoutMs: 500,
            pollIntervalMs: 50,
            validatorRefreshMs: 0,
          },
        ],
      }),
    ).primaryNetwork;
    expect(entry).toEqual({
      network: 'FUJI',
      nodeUrls: ['http://a:9650', 'https://b'],
      chains: ['P'],
      startHeight: 12n,
      xChainStartHeight: 3n,
      concurrency: 2,
      xChainVertices: true,
      proposers: false,
      rpcTimeoutMs: 500,
      pollIntervalMs: 50,
      validatorRefreshMs: 0,
    });
  });

  test.each([
    ['{}', 'Validation failed: config.evm or config.primaryNetwork, expected an array of chains or of networks'],
    ['{"primaryNetwork": {}}', 'Validation failed: config.primaryNetwork, expected an array of networks'],
    [
      '{"primaryNetwork": [{"nodeUrl": "http://x"}]}',
      'Validation failed: primaryNetwork[0].network=undefined, expected mainnet, fuji or testnet',
    ],
    [
      '{"primaryNetwork": [{"network": "fuji"}]}',
      'Validation failed: primaryNetwork[0].nodeUrl, expected an avalanchego URL (or nodeUrls, a non-empty array)',
    ],
    [
      '{"primaryNetwork": [{"network": "fuji", "nodeUrl": "ws://x"}]}',
      'Validation failed: primaryNetwork[0].nodeUrls[0]="ws://x", expected an http(s) URL',
    ],
    [
      '{"primaryNetwork": [{"network": "fuji", "nodeUrl": "http://x", "chains": ["C"]}]}',
      'Validation failed: primaryNetwork[0].chains=["C"], expected a non-empty array of "P" and "X"',
    ],
    [
      '{"primaryNetwork": [{"network": "fuji", "nodeUrl": "http://x", "concurrency": 0}]}',
      'Validation failed: primaryNetwork[0].concurrency=0, expected an integer from 1 to 64',
    ],
    [
      '{"primaryNetwork": [{"network": "fuji", "nodeUrl": "http://x", "xChainVertices": "yes"}]}',
      'Validation failed: primaryNetwork[0].xChainVertices, expected true or false',
    ],
    [
      '{"primaryNetwork": [{"network": "fuji", "nodeUrl": "http://x"}, {"network": "testnet", "nodeUrl": "http://y"}]}',
      'Validation failed: primaryNetwork[1].network="testnet", expected each network once',
    ],
  ])('error: %s', (text, message) => {
    expect(() => parseIndexerConfig(text)).toThrow(message);
  });
});
