// The staking lists over an index of the fake avalanchego node's history (test/fixtures/avalanchego/
// fujiChains.ts, real transaction bytes), with every expected value worked out by hand from the
// fixture's constants: N1's validation (tx2), the delegations tx4 (rewarded by rewardTx: REWARD to B)
// and tx10, the L1 validations of tx3's subnet (N2's, converted by tx8 and removed by tx12; N3's,
// registered by tx11 and disabled by tx13). The node is at P-Chain height 8; the clock at T0 + 900,000 s,
// after tx4's end and before tx10's and tx2's.
import type { Database } from '../../prisma/database';
import { parseIndexerConfig } from '../../indexer/config/readIndexerConfig';
import { setupTestDatabase, teardown } from '../setup/database';
import { startTestService, type TestService } from '../setup/service';
import { CURRENT_VALIDATORS_AT_HEAD } from '../fixtures/avalanchego/currentValidators';
import { startFakeAvalanchego, type FakeAvalanchego } from '../fixtures/avalanchego/fakeAvalanchego';
import {
  ADDRESS,
  AVAX,
  AVAX_ASSET_ID,
  BLS,
  DELEGATION2_END,
  DELEGATION_END,
  L1_REGISTERED_VALIDATION_ID,
  L1_VALIDATION_ID,
  NODE,
  REWARD,
  T0,
  VALIDATOR_END,
  rewardTx,
  tx10,
  tx2,
  tx3,
  tx4,
} from '../fixtures/avalanchego/fujiChains';
import { indexOnce } from './support/indexOnce';

let node: FakeAvalanchego;
let db: Database;
let service: TestService;

beforeAll(async () => {
  [node, db] = await Promise.all([startFakeAvalanchego({ P: 8, X: 1 }), setupTestDatabase()]);
  node.currentValidators = CURRENT_VALIDATORS_AT_HEAD;
  const lines: string[] = [];
  await indexOnce(
    db,
    parseIndexerConfig(
      JSON.stringify({
        primaryNetwork: [
          { network: 'fuji', nodeUrl: node.url, pollIntervalMs: 20, validatorRefreshMs: 1, xChainVertices: true },
        ],
      }),
    ),
    lines,
  );
  service = await startTestService(db, { clock: () => Number(T0 + 900_000n) });
}, 120_000);

afterAll(async () => {
  await service?.close();
  await node?.close();
  await teardown(db);
});

const get = async (path: string) => {
  const response = await service.request(path);
  expect({ path, status: response.status }).toEqual({ path, status: 200 });
  return response.body;
};

test("getSingleValidatorDetails: N1's one validation, active, with its delegation", async () => {
  const body = await get(`/v1/networks/fuji/validators/${NODE.N1}`);
  expect(body.validators).toHaveLength(1);
  expect(body.validators[0]).toMatchObject({
    txHash: tx2.id,
    nodeId: NODE.N1,
    subnetId: '11111111111111111111111111111111LpoYY',
    amountStaked: String(600n * AVAX),
    delegationFee: '2.0000',
    startTimestamp: Number(T0 + 100n),
    endTimestamp: Number(VALIDATOR_END),
    blsCredentials: { publicKey: BLS.N1.publicKey },
    validationStatus: 'active',
    delegatorCount: 2,
    amountDelegated: String(150n * AVAX),
  });
  expect(await get(`/v1/networks/fuji/validators/${NODE.N1}?validationStatus=completed`)).toEqual({ validators: [] });
});

test('listDelegators: tx10 active, then tx4 completed with what B was paid and the reward it came from', async () => {
  const body = await get('/v1/networks/fuji/delegators');
  expect(body.delegators.map((d: { txHash: string }) => d.txHash)).toEqual([tx10.id, tx4.id]);
  expect(body.delegators[1]).toEqual({
    txHash: tx4.id,
    nodeId: NODE.N1,
    rewardAddresses: [ADDRESS.B],
    amountDelegated: String(100n * AVAX),
    delegationFee: '2.0000',
    startTimestamp: Number(T0 + 200n),
    endTimestamp: Number(DELEGATION_END),
    // 49,000,000 nAVAX is 98 % of 50,000,000: the validator kept its 2 % fee.
    grossReward: String((REWARD * 100n) / 98n),
    netReward: String(REWARD),
    delegationStatus: 'completed',
  });
  expect(body.delegators[0]).toMatchObject({
    txHash: tx10.id,
    rewardAddresses: [ADDRESS.C],
    amountDelegated: String(50n * AVAX),
    delegationStatus: 'active',
    endTimestamp: Number(DELEGATION2_END),
  });
  const active = body.delegators[0];
  expect(BigInt(active.estimatedNetReward)).toBe((BigInt(active.estimatedGrossReward) * 98n) / 100n);
  const byAddress = await get(`/v1/networks/fuji/delegators?rewardAddresses=${ADDRESS.B}&delegationStatus=completed`);
  expect(byAddress.delegators.map((d: { txHash: string }) => d.txHash)).toEqual([tx4.id]);
});

test('listL1Validators: none active at height 8 (N2 removed, N3 disabled); both with includeInactiveL1Validators', async () => {
  expect(await get('/v1/networks/fuji/l1Validators')).toEqual({ validators: [], blockHeight: '8' });
  const body = await get('/v1/networks/fuji/l1Validators?includeInactiveL1Validators=true');
  const ownerA = { addresses: [ADDRESS.A], threshold: 1 };
  expect(body.blockHeight).toBe('8');
  expect(body.validators).toEqual([
    {
      validationId: L1_REGISTERED_VALIDATION_ID,
      validationIdHex: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      nodeId: NODE.N3,
      subnetId: tx3.id,
      weight: 40,
      remainingBalance: 0,
      creationTimestamp: Number(T0 + 864_300n),
      blsCredentials: { publicKey: BLS.N3.publicKey, proofOfPossession: BLS.N3.proofOfPossession },
      remainingBalanceOwner: ownerA,
      deactivationOwner: ownerA,
    },
    {
      validationId: L1_VALIDATION_ID,
      validationIdHex: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      nodeId: NODE.N2,
      subnetId: tx3.id,
      weight: 0,
      remainingBalance: 0,
      creationTimestamp: Number(T0 + 400n),
      blsCredentials: { publicKey: BLS.N2.publicKey, proofOfPossession: BLS.N2.proofOfPossession },
      remainingBalanceOwner: ownerA,
      deactivationOwner: ownerA,
    },
  ]);
  const byNode = await get(`/v1/networks/fuji/l1Validators?includeInactiveL1Validators=true&nodeId=${NODE.N2}`);
  expect(byNode.validators.map((v: { validationId: string }) => v.validationId)).toEqual([L1_VALIDATION_ID]);
});

test("listHistoricalPrimaryNetworkRewards: B's one reward, tx4's, by address and by node", async () => {
  const reward = {
    addresses: [ADDRESS.B],
    txHash: tx4.id,
    amountStaked: String(100n * AVAX),
    nodeId: NODE.N1,
    startTimestamp: Number(T0 + 200n),
    endTimestamp: Number(DELEGATION_END),
    rewardType: 'DELEGATOR',
    utxoId: expect.any(String),
    outputIndex: 2,
    // The index holds no AVAX price: no historicalPrice.
    reward: {
      assetId: AVAX_ASSET_ID,
      name: 'Avalanche',
      symbol: 'AVAX',
      denomination: 9,
      type: 'secp256k1',
      amount: String(REWARD),
    },
    rewardTxHash: rewardTx.id,
  };
  expect(await get(`/v1/networks/fuji/rewards?addresses=P-${ADDRESS.B}`)).toEqual({ historicalRewards: [reward] });
  expect(await get(`/v1/networks/fuji/rewards?nodeIds=${NODE.N1}`)).toEqual({ historicalRewards: [reward] });
  expect(await get(`/v1/networks/fuji/rewards?addresses=${ADDRESS.A}`)).toEqual({ historicalRewards: [] });
});
