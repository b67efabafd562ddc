// The primary network's operations through the official SDKs on an index of the fake avalanchego
// node's history (test/fixtures/avalanchego/fujiChains.ts: real transaction bytes of every P-Chain
// transaction type the fixture holds, the X-Chain's blocks and DAG-era vertices), as an operator's
// own index answers them, not the demo data: each transaction by hash, each block, each address's
// lists, the staking lists and the network's figures. Two instants: during the staking (both
// delegations and the converted L1's validator active) and after the history's last block. The
// AVAX supply is mainnet's alone; the fake node is a Fuji node.
import type { Database } from '../../prisma/database';
import { parseIndexerConfig } from '../../indexer/config/readIndexerConfig';
import { setupTestDatabase, teardown } from '../setup/database';
import { startTestService, type TestService } from '../setup/service';
import { CURRENT_VALIDATORS_AT_HEAD } from '../fixtures/avalanchego/currentValidators';
import { startFakeAvalanchego, type FakeAvalanchego } from '../fixtures/avalanchego/fakeAvalanchego';
import {
  ADDRESS,
  AVAX_ASSET_ID,
  L1_REGISTERED_VALIDATION_ID,
  L1_VALIDATION_ID,
  NODE,
  P_BLOCKS,
  T0,
  X_BLOCKS,
  X_VERTICES,
  tx3,
  tx7,
  xv1,
} from '../fixtures/avalanchego/fujiChains';
import { indexOnce } from '../indexer/support/indexOnce';
import { officialOperationIds } from './support/officialOperationIds';
import { latestTransactions, primaryNetworkCalls, transactionByHash } from './support/primaryNetworkCalls';
import { type Call, checkCall, connectOfficialSdks, type OfficialSdks, type SdkName } from './support/officialSdks';

jest.setTimeout(180_000);

let node: FakeAvalanchego;
let db: Database;
let proposer: string;

beforeAll(async () => {
  [node, db] = await Promise.all([
    startFakeAvalanchego({ P: P_BLOCKS.length - 1, X: X_BLOCKS.length - 1 }),
    setupTestDatabase(),
  ]);
  node.currentValidators = CURRENT_VALIDATORS_AT_HEAD;
  const config = parseIndexerConfig(
    JSON.stringify({
      primaryNetwork: [
        { network: 'fuji', nodeUrl: node.url, pollIntervalMs: 20, validatorRefreshMs: 1, xChainVertices: true },
      ],
    }),
  );
  await indexOnce(db, config, []);
  // The fixture's P-Chain blocks carry a proposer's certificate; the node ID is derived from it.
  const [row] = await db.query<{ proposer: string }>(
    `SELECT proposer_node_id AS proposer FROM primary_network_block WHERE proposer_node_id IS NOT NULL LIMIT 1`,
  );
  proposer = row!.proposer;
}, 180_000);

afterAll(async () => {
  await node?.close();
  await teardown(db);
});

/** Every transaction of the history, with the chain that answers it. */
const transactions = [
  ...P_BLOCKS.flatMap((block) => block.txs.map((tx) => ({ chain: 'p-chain' as const, tx }))),
  ...X_BLOCKS.flatMap((block) => block.txs.map((tx) => ({ chain: 'x-chain' as const, tx }))),
  ...X_VERTICES.flatMap((vertex) => vertex.txs.map((tx) => ({ chain: 'x-chain' as const, tx }))),
];

describe.each([
  ['during the staking (T0+450)', T0 + 450n],
  ["after the history's last block (T0+900,000)", T0 + 900_000n],
])('the official SDKs on the indexed history, %s', (_instant, at) => {
  let service: TestService;
  /** Filled once the service runs; the calls read it when they are made. */
  const sdks = {} as OfficialSdks;
  const values = {
    pAddress: ADDRESS.A,
    pTx: tx3.id,
    node: '',
    validatorNode: NODE.N1,
    rewardedNode: NODE.N1,
    asset: AVAX_ASSET_ID,
    pBlock: P_BLOCKS[0]!.id,
    vertex: X_VERTICES[0]!.id,
    vertexHeight: '0',
    blockchain: tx7.id,
    subnet: tx3.id,
  };

  beforeAll(async () => {
    service = await startTestService(db, { clock: () => Number(at) });
    Object.assign(sdks, connectOfficialSdks(service));
    values.node = proposer;
  });
  afterAll(async () => {
    sdks.release?.();
    await service?.close();
  });

  /** Every call of an operation, each value of the history in turn where the operation takes one. */
  const callsOf = (operationId: string): Call[] => {
    const variants = [
      ...Object.values(ADDRESS).map((pAddress) => ({ pAddress })),
      ...P_BLOCKS.map((block) => ({ pBlock: block.id })),
      ...X_VERTICES.map((vertex) => ({ vertex: vertex.id, vertexHeight: vertex.height.toString() })),
      ...Object.values(NODE).map((n) => ({ validatorNode: n })),
      { blockchain: tx7.id, subnet: tx3.id },
      // the DAG era's asset, beside AVAX
      { asset: xv1.id },
    ];
    const calls = variants.map((variant) => primaryNetworkCalls(sdks, 'fuji', { ...values, ...variant })[operationId]!);
    // the same request made twice adds nothing
    return calls.filter(
      (call, i) =>
        calls.findIndex(
          (other) => other.path === call.path && JSON.stringify(other.body) === JSON.stringify(call.body),
        ) === i,
    );
  };

  describe.each(['chainkit', 'avacloud'] as const)('%s', (sdk: SdkName) => {
    it('covers every primary network operation of the official document (its Primary Network tags)', () => {
      expect(Object.keys(primaryNetworkCalls(sdks, 'fuji', values)).sort()).toEqual(
        officialOperationIds((tag) => tag.startsWith('Primary Network')),
      );
    });

    it.each(Object.keys(primaryNetworkCalls(sdks, 'fuji', values)))(
      'accepts %s on every value of the history and hands back what the service answered',
      async (operationId) => {
        for (const call of callsOf(operationId)) await checkCall(sdks, sdk, operationId, call);
      },
    );

    it.each(transactions.map(({ chain, tx }) => [chain, tx.id]))(
      'accepts getTxByHash of the %s transaction %s',
      async (chain, txId) => {
        const answered = await checkCall(sdks, sdk, 'getTxByHash', transactionByHash(sdks, 'fuji', chain, txId));
        expect(answered).toMatchObject({ txHash: txId });
      },
    );

    it('accepts the transaction lists of each address, of each L1 validation and of the whole chain', async () => {
      for (const chain of ['p-chain', 'x-chain'] as const) {
        for (const address of [undefined, ...Object.values(ADDRESS)])
          await checkCall(
            sdks,
            sdk,
            'listLatestPrimaryNetworkTransactions',
            latestTransactions(sdks, 'fuji', chain, address),
          );
      }
      for (const validationId of [L1_VALIDATION_ID, L1_REGISTERED_VALIDATION_ID]) {
        const request = { network: 'fuji' as const, blockchainId: 'p-chain' as const, l1ValidationId: validationId };
        const answered = await checkCall(sdks, sdk, 'listLatestPrimaryNetworkTransactions', {
          path: `/v1/networks/fuji/blockchains/p-chain/transactions?l1ValidationId=${validationId}`,
          chainkit: async () =>
            (await sdks.chainkit.data.primaryNetwork.transactions.listLatest(request, sdks.at())).result,
          avacloud: async () =>
            (await sdks.avacloud.data.primaryNetwork.transactions.listLatest(request, sdks.at())).result,
        });
        expect((answered as { transactions: unknown[] }).transactions.length).toBeGreaterThan(1);
      }
    });

    it('reaches no host but this service (no telemetry)', () => {
      expect(sdks.elsewhere).toEqual([]);
    });
  });
});
