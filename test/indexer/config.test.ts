// The indexer's config file and command line: the minimal config works with the documented
// defaults, and what cannot be used fails fast in the project's wording.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { commands } from '../../bin/commands';
import { INDEXER_CONFIG_KEYS, parseIndexerConfig, readIndexerConfig } from '../../indexer/config/readIndexerConfig';
import { buildOptions } from '../../server/options';
import { UsageError } from '../../shared/config/configError';

describe('indexer config', () => {
  test('the minimal config of the issue: latest head tag (a development chain ID), one URL, defaults for the rest', () => {
    const config = parseIndexerConfig(
      '{"evm": [{"chainId": 31337, "rpcUrl": "http://127.0.0.1:8545", "network": "fuji", "startBlock": 0, "confirmations": 0}]}',
    );
    expect(config.evm).toEqual([
      {
        chainId: 31337n,
        rpcUrls: ['http://127.0.0.1:8545'],
        network: 'FUJI',
        startBlock: 0n,
        confirmations: 0n,
        headTag: 'latest',
        blockchainId: undefined,
        name: undefined,
        concurrency: 16,
        traces: true,
        traceMethod: 'callTracer',
        rpcTimeoutMs: 30_000,
        pollIntervalMs: 1_000,
      },
    ]);
    expect(config.nftMetadata).toEqual({
      enabled: true,
      ipfsGateway: 'https://ipfs.io/ipfs/',
      timeoutMs: 10_000,
      maxBytes: 1_000_000,
      retryAttempts: 8,
      retryDelaySeconds: 60,
    });
  });

  test('optional: several RPC URLs, head tag, blockchain ID, name; testnet is fuji', () => {
    const [chain] = parseIndexerConfig(
      JSON.stringify({
        evm: [
          {
            chainId: '43113',
            rpcUrls: ['https://a/rpc', 'https://b/rpc'],
            network: 'testnet',
            headTag: 'latest',
            blockchainId: 'yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp',
            name: 'Fuji C',
          },
        ],
      }),
    ).evm;
    expect([chain!.chainId, chain!.rpcUrls.length, chain!.network, chain!.headTag, chain!.name]).toEqual([
      43113n,
      2,
      'FUJI',
      'latest',
      'Fuji C',
    ]);
  });

  test.each([
    ['{"evm": {}}', 'Validation failed: config.evm, expected an array of chains'],
    [
      '{"evm": [{"rpcUrl": "http://x", "network": "fuji"}]}',
      'Validation failed: evm[0].chainId=undefined, expected a non-negative integer',
    ],
    [
      '{"evm": [{"chainId": 1, "network": "fuji"}]}',
      'Validation failed: evm[0].rpcUrl, expected a node URL (or rpcUrls, a non-empty array)',
    ],
    [
      '{"evm": [{"chainId": 1, "rpcUrl": "ws://x", "network": "fuji"}]}',
      'Validation failed: evm[0].rpcUrls[0]="ws://x", expected an http(s) URL',
    ],
    [
      '{"evm": [{"chainId": 1, "rpcUrl": "http://x", "network": "devnet"}]}',
      'Validation failed: evm[0].network="devnet", expected mainnet, fuji or testnet',
    ],
    [
      '{"evm": [{"chainId": 1, "rpcUrl": "http://x", "network": "fuji", "headTag": "pending"}]}',
      'Validation failed: evm[0].headTag="pending", expected finalized, safe or latest',
    ],
    [
      '{"evm": [{"chainId": 1, "rpcUrl": "http://x", "network": "fuji"}, {"chainId": 1, "rpcUrl": "http://y", "network": "fuji"}]}',
      'Validation failed: evm[1].chainId=1, expected each chain once',
    ],
    ['not json', 'Validation failed: config is not JSON'],
  ])('refused: %s', (text, message) => {
    expect(() => parseIndexerConfig(text)).toThrow(message);
  });

  test.each([
    [
      '{"evm": [{"chainId": 1, "rpcUrl": "http://x", "network": "fuji", "startblock": 5000}]}',
      'Validation failed: evm[0].startblock is not a known key (did you mean "startBlock"?), expected a key of evm[0]: chainId,',
    ],
    [
      '{"evm": [{"chainId": 1, "rpcUrl": "http://x", "network": "fuji", "nativeToken": {"symbl": "X"}}]}',
      'Validation failed: evm[0].nativeToken.symbl is not a known key (did you mean "symbol"?)',
    ],
    [
      '{"evm": [], "nftMetadata": {"timeout": 5}}',
      'Validation failed: nftMetadata.timeout is not a known key (did you mean "timeoutMs"?)',
    ],
    [
      '{"evms": []}',
      'Validation failed: evms is not a known key (did you mean "evm"?), expected a key of the top level: evm, primaryNetwork, nftMetadata',
    ],
    [
      '{"primaryNetwork": [{"network": "fuji", "nodeUrl": "http://x", "startheight": 3}]}',
      'Validation failed: primaryNetwork[0].startheight is not a known key (did you mean "startHeight"?)',
    ],
    [
      '{"evm": [{"chainId": 1, "rpcUrl": "http://x", "network": "fuji", "comment": "mine"}]}',
      'Validation failed: evm[0].comment is not a known key, expected',
    ],
  ])('an unknown key at any level is refused, naming its path and the closest known key: %s', (text, message) => {
    expect(() => parseIndexerConfig(text)).toThrow(message);
  });

  test('the README documents every key of the config file, and no other', () => {
    const readme = jest
      .requireActual('node:fs')
      .readFileSync(path.join(__dirname, '../../README.md'), 'utf8') as string;
    const section = readme.slice(
      readme.indexOf('## Indexing a chain'),
      readme.indexOf('\n## ', readme.indexOf('## Indexing a chain') + 1),
    );
    const examples = [...section.matchAll(/```json\n([\s\S]*?)```/g)].map(
      (match) =>
        JSON.parse(match[1]!.replace(/"…"/g, '"yH8D7ThNJkxmtkuv2jgBa4P1Rn3Qpr4pPr7QYNfcdoS6k6HWp"')) as Record<
          string,
          unknown
        >,
    );
    expect(examples.length).toBeGreaterThanOrEqual(1);
    const keysOf = (value: unknown): string[] =>
      value && typeof value === 'object' && !Array.isArray(value) ? Object.keys(value) : [];
    const documented = (pick: (example: Record<string, unknown>) => unknown[]) =>
      [...new Set(examples.flatMap((example) => pick(example).flatMap(keysOf)))].sort();
    expect(documented((example) => [example])).toEqual([...INDEXER_CONFIG_KEYS.top].sort());
    expect(documented((example) => (example.evm as unknown[] | undefined) ?? [])).toEqual(
      [...INDEXER_CONFIG_KEYS.evm].sort(),
    );
    expect(documented((example) => (example.primaryNetwork as unknown[] | undefined) ?? [])).toEqual(
      [...INDEXER_CONFIG_KEYS.primaryNetwork].sort(),
    );
    expect(documented((example) => [example.nftMetadata])).toEqual([...INDEXER_CONFIG_KEYS.nftMetadata].sort());
  });

  test('an unreadable file is named, with why in words', () => {
    expect(() => readIndexerConfig('/nonexistent/indexer.json')).toThrow(
      'Validation failed: the indexer config file /nonexistent/indexer.json cannot be read (no such file), expected a readable JSON file',
    );
  });
});

describe('indexer command and INDEXER_CONFIG', () => {
  test('--config is required and unknown arguments are refused (usage errors: exit code 2)', async () => {
    await expect(commands.indexer!.run([], {})).rejects.toThrow(new UsageError('no --config', '--config FILE'));
    await expect(commands.indexer!.run(['--config', 'x.json', '--follow'], {})).rejects.toThrow(UsageError);
    await expect(commands.indexer!.run(['--config', 'x.json', '--follow'], {})).rejects.toThrow(
      'Validation failed: unknown flag --follow, expected one of --config --exit-at-head',
    );
  });

  test('a bad config file fails the command before any database is opened', async () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'indexer-config-'));
    const file = path.join(folder, 'indexer.json');
    writeFileSync(file, '{"evm": [{"chainId": 1}]}');
    try {
      await expect(commands.indexer!.run([`--config=${file}`, '--exit-at-head'], {})).rejects.toThrow(
        'Validation failed: evm[0].rpcUrl',
      );
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  test('INDEXER_CONFIG is an option of start (environment and flag)', () => {
    const folder = mkdtempSync(path.join(tmpdir(), 'indexer-config-'));
    const [a, b] = [path.join(folder, 'a.json'), path.join(folder, 'b.json')];
    writeFileSync(a, '{}');
    writeFileSync(b, '{}');
    try {
      expect(buildOptions({ INDEXER_CONFIG: a }).indexerConfig).toBe(a);
      expect(buildOptions({}, [`--indexer-config=${b}`]).indexerConfig).toBe(b);
      expect(buildOptions({}).indexerConfig).toBeUndefined();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
