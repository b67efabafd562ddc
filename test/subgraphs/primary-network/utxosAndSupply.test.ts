// The POST form of list UTXOs, the last activity of addresses (GET and POST) and the AVAX supply,
// over the demo data with the clock at DEMO_NOW. Expected values come from the raw rows: the
// activity by brute force over every UTXO of the addresses, the supply's totals by decoding every
// stored transaction again (support/supplyByBruteForce.ts) and summing the C-Chain's receipts.
import { randomBytes } from 'node:crypto';
import { avaxSerial, utils } from '@avalabs/avalanchejs';
import { bech32Encode } from '../../../avalanche/bech32';
import { PUBLIC_NETWORKS } from '../../../avalanche/networks';
import { DEMO_NOW, SHOWCASE_P_ADDRESS } from '../../../demo-data';
import { validationStatusAt } from '../../../domain';
import type { Database } from '../../../prisma/database';
import { MAX_BODY_BYTES } from '../../../shared/readBody';
import { SEEDED_DATABASE_TIMEOUT_MS, setupSeededDatabase, teardownSeeded } from '../../setup/seededDatabase';
import { startTestService, type TestService } from '../../setup/service';
import { officialSchemaErrors } from '../../support/officialSchemas';
import { chainBurnedByBruteForce, l1BalanceFlowsByBruteForce, rewardsByBruteForce } from './support/supplyByBruteForce';

jest.setTimeout(180_000);

const MAINNET = PUBLIC_NETWORKS.MAINNET;
const SHOWCASE = SHOWCASE_P_ADDRESS.mainnet;
let db: Database;
let service: TestService;

beforeAll(async () => {
  db = (await setupSeededDatabase()).db;
  service = await startTestService(db, { clock: () => DEMO_NOW });
}, SEEDED_DATABASE_TIMEOUT_MS);
afterAll(async () => {
  await service?.close();
  await teardownSeeded(db);
});

const bad = (status: number, message: string) => ({
  status,
  body: { statusCode: status, error: expect.any(String), message: expect.stringContaining(message) },
});
/** `count` distinct well-formed mainnet addresses, most of them owning nothing. */
const addresses = (count: number) =>
  Array.from({ length: count }, () => bech32Encode('avax', new Uint8Array(randomBytes(20))));
const post = (path: string, body: unknown) => service.request(path, { method: 'POST', body });

describe('POST /v1/networks/{network}/blockchains/{blockchainId}/utxos (getUtxosByAddressesV2)', () => {
  const path = '/v1/networks/mainnet/blockchains';

  it.each(['p-chain', 'x-chain', 'c-chain'])(
    'rule: the same pages as the GET form on the %s, page tokens of one usable with the other',
    async (chain) => {
      const query = 'includeSpent=true&pageSize=3';
      const byGet = await service.request(`${path}/${chain}/utxos?addresses=${SHOWCASE}&${query}`);
      const byPost = await post(`${path}/${chain}/utxos?${query}`, { addresses: SHOWCASE });
      expect(byPost).toEqual(byGet);
      if (!byGet.body.nextPageToken) return;
      const token = encodeURIComponent(byGet.body.nextPageToken);
      const nextByPost = await post(`${path}/${chain}/utxos?${query}&pageToken=${token}`, { addresses: SHOWCASE });
      const nextByGet = await service.request(
        `${path}/${chain}/utxos?addresses=${SHOWCASE}&${query}&pageToken=${token}`,
      );
      expect(nextByPost).toEqual(nextByGet);
    },
  );

  it("rule: pages of up to 1024 UTXOs for up to 1024 addresses (P-, X- and C- prefixes read), each owner's UTXOs once", async () => {
    const owners = await db.query<{ address: string }>(
      `SELECT DISTINCT address FROM utxo_address WHERE network = 'mainnet' AND blockchain_id = $1 ORDER BY address LIMIT 40`,
      [MAINNET.chains['p-chain']],
    );
    const listed = [...owners.map((o, i) => `${'PXC'[i % 3]}-${o.address}`), ...addresses(1024 - owners.length)];
    const { status, body } = await post(`${path}/p-chain/utxos?pageSize=1024&includeSpent=true`, {
      addresses: listed.join(','),
    });
    expect(status).toBe(200);
    const [expected] = await db.query<{ count: bigint }>(
      `SELECT count(DISTINCT u.utxo_id) AS count FROM utxo u JOIN utxo_address a ON a.network = u.network AND a.utxo_id = u.utxo_id
        WHERE u.network = 'mainnet' AND u.blockchain_id = $1 AND a.address = ANY ($2::text[])`,
      [MAINNET.chains['p-chain'], owners.map((o) => o.address)],
    );
    expect(body.utxos.length).toBe(Math.min(1024, Number(expected!.count)));
    expect(new Set(body.utxos.map((u: { utxoId: string }) => u.utxoId)).size).toBe(body.utxos.length);
  });

  it('bad input: pageSize above 1024, more than 1024 addresses, a malformed or foreign address, no addresses', async () => {
    const url = `${path}/p-chain/utxos`;
    expect(await post(`${url}?pageSize=1025`, { addresses: SHOWCASE })).toEqual(bad(400, 'pageSize'));
    expect(await post(url, { addresses: addresses(1025).join(',') })).toEqual(bad(400, 'at most 1024'));
    expect(await post(url, { addresses: `${SHOWCASE},avax1notanaddress` })).toEqual(bad(400, 'bech32'));
    expect(await post(url, { addresses: `fuji${SHOWCASE.slice(4)}` })).toEqual(bad(400, 'addresses'));
    expect(await post(url, {})).toEqual(bad(400, 'addresses'));
    expect(await post(url, { addresses: [SHOWCASE] })).toEqual(bad(400, 'addresses'));
  });

  it('bad input: a body that is not a JSON object is a 400, one over the size limit a 413', async () => {
    const url = `${path}/p-chain/utxos`;
    expect(await post(url, '{"addresses": ')).toEqual(bad(400, 'JSON'));
    expect(await post(url, '[]')).toEqual(bad(400, 'JSON object'));
    const huge = { addresses: 'a'.repeat(MAX_BODY_BYTES) };
    expect(await post(url, huge)).toEqual(bad(413, ''));
  });

  it('GraphQL: the same field, its bounds worded for GraphQL', async () => {
    const query = `query($a: PrimaryAddressBodyList!) { getUtxosByAddressesV2(network: mainnet, blockchainId: "p-chain", addresses: $a, pageSize: 2) {
      ... on ListPChainUtxosResponse { utxos { utxoId } } } }`;
    const ok = await service.graphql(query, { a: SHOWCASE });
    expect(ok.body.errors).toBeUndefined();
    expect(ok.body.data.getUtxosByAddressesV2.utxos).toHaveLength(2);
    const tooMany = await service.graphql(query, { a: addresses(1025).join(',') });
    expect(tooMany.body.errors[0].message).toMatch(/\$a.*at most 1024/);
    expect(tooMany.body.errors[0].extensions.code).toBe('BAD_USER_INPUT');
  });
});

type UtxoEvent = { timestamp: bigint; blockNumber: bigint; txHash: string; utxoId: string; isConsumed: boolean };

/** The newest creation or consumption of the addresses' UTXOs that the chain holds, over every such UTXO. */
async function newestActivity(chainId: string, owners: string[]): Promise<UtxoEvent | undefined> {
  const rows = await db.query<{
    utxo_id: string;
    tx_hash: string;
    block_number: bigint;
    block_timestamp: bigint;
    consuming_tx_hash: string | null;
    consuming_block_number: bigint | null;
    consuming_block_timestamp: bigint | null;
  }>(
    `SELECT DISTINCT u.utxo_id, u.tx_hash, u.block_number, u.block_timestamp, u.consuming_tx_hash, u.consuming_block_number, u.consuming_block_timestamp
       FROM utxo u JOIN utxo_address a ON a.network = u.network AND a.utxo_id = u.utxo_id
      WHERE u.network = 'mainnet' AND u.blockchain_id = $1 AND a.address = ANY ($2::text[])`,
    [chainId, owners],
  );
  const events: UtxoEvent[] = rows.flatMap((r) => [
    {
      timestamp: r.block_timestamp,
      blockNumber: r.block_number,
      txHash: r.tx_hash,
      utxoId: r.utxo_id,
      isConsumed: false,
    },
    ...(r.consuming_tx_hash
      ? [
          {
            timestamp: r.consuming_block_timestamp!,
            blockNumber: r.consuming_block_number!,
            txHash: r.consuming_tx_hash,
            utxoId: r.utxo_id,
            isConsumed: true,
          },
        ]
      : []),
  ]);
  const key = (e: UtxoEvent) => [e.timestamp, e.blockNumber, e.isConsumed ? 1n : 0n] as const;
  events.sort((a, b) => {
    const [x, y] = [key(a), key(b)];
    for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i]! > y[i]! ? -1 : 1;
    return a.utxoId < b.utxoId ? 1 : -1;
  });
  return events[0];
}

const answerOf = (e: UtxoEvent, chainName: string) => ({
  timestamp: Number(e.timestamp),
  blockNumber: e.blockNumber.toString(),
  txHash: e.txHash,
  utxoId: e.utxoId,
  isConsumed: e.isConsumed,
  chainName,
  network: 'mainnet',
});

describe('GET and POST …/lastActivityTimestampByAddresses (getLastActivityTimestampByAddresses, V2)', () => {
  const url = (chain: string) => `/v1/networks/mainnet/blockchains/${chain}/lastActivityTimestampByAddresses`;

  it.each(['p-chain', 'x-chain', 'c-chain'] as const)(
    'rule: the newest creation or consumption of a UTXO of the showcase address the %s holds, by brute force over all its UTXOs',
    async (chain) => {
      const expected = await newestActivity(MAINNET.chains[chain], [SHOWCASE]);
      const { status, body } = await service.request(`${url(chain)}?addresses=${SHOWCASE}`);
      if (!expected) return expect(status).toBe(404);
      expect({ status, body }).toEqual({ status: 200, body: answerOf(expected, chain) });
    },
  );

  it('rule: over several addresses, the newest activity of any; the POST form answers the same for its body', async () => {
    const owners = (
      await db.query<{ address: string }>(
        `SELECT DISTINCT address FROM utxo_address WHERE network = 'mainnet' AND blockchain_id = $1 ORDER BY address LIMIT 30`,
        [MAINNET.chains['p-chain']],
      )
    ).map((o) => o.address);
    const expected = answerOf((await newestActivity(MAINNET.chains['p-chain'], owners))!, 'p-chain');
    const byGet = await service.request(`${url('p-chain')}?addresses=${owners.join(',')}`);
    expect(byGet).toEqual({ status: 200, body: expected });
    const byPost = await post(url('p-chain'), {
      addresses: [...owners.map((o) => `P-${o}`), ...addresses(900)].join(','),
    });
    expect(byPost).toEqual({ status: 200, body: expected });
  });

  it('rule: a consumption counts: an address whose newest event is a spend answers isConsumed', async () => {
    const [spender] = await db.query<{ address: string }>(
      `SELECT a.address FROM utxo_address a WHERE a.network = 'mainnet' AND a.blockchain_id = $1
          AND a.consuming_block_timestamp IS NOT NULL
          AND a.consuming_block_timestamp > (SELECT max(b.block_timestamp) FROM utxo_address b
                                               WHERE b.network = a.network AND b.address = a.address AND b.blockchain_id = a.blockchain_id)
        ORDER BY a.address LIMIT 1`,
      [MAINNET.chains['x-chain']],
    );
    const expected = await newestActivity(MAINNET.chains['x-chain'], [spender!.address]);
    expect(expected!.isConsumed).toBe(true);
    expect(await service.request(`${url('x-chain')}?addresses=${spender!.address}`)).toEqual({
      status: 200,
      body: answerOf(expected!, 'x-chain'),
    });
  });

  it('rule: addresses without indexed activity on the chain are a 404', async () => {
    expect(await service.request(`${url('p-chain')}?addresses=${addresses(3).join(',')}`)).toEqual(
      bad(404, 'no activity'),
    );
  });

  it('bad input: more than 64 addresses in the query, more than 1024 in the body, malformed, missing', async () => {
    expect(await service.request(`${url('p-chain')}?addresses=${addresses(65).join(',')}`)).toEqual(
      bad(400, 'at most 64'),
    );
    expect(await post(url('p-chain'), { addresses: addresses(1025).join(',') })).toEqual(bad(400, 'at most 1024'));
    expect(await service.request(`${url('p-chain')}?addresses=0x123`)).toEqual(bad(400, 'addresses'));
    expect(await service.request(url('p-chain'))).toEqual(bad(400, 'addresses'));
    expect(await post(url('p-chain'), { addresses: 7 })).toEqual(bad(400, 'addresses'));
    expect(await post(url('p-chain'), 'addresses=a')).toEqual(bad(400, 'JSON'));
  });
});

describe('GET /v1/avax/supply (getAvaxSupply)', () => {
  const avax = (nAvax: bigint, decimals = 9n) => {
    const unit = 10n ** decimals;
    const whole = nAvax / unit;
    const fraction = (nAvax % unit).toString().padStart(Number(decimals), '0').replace(/0+$/, '');
    return fraction ? `${whole}.${fraction}` : whole.toString();
  };

  // Decoding every stored transaction of the demo again takes minutes on a busy machine.
  it("rule: the followed supply less every chain's burns, the rewards paid and the stake active now, by brute force over the demo rows", async () => {
    const { status, body } = await service.request('/v1/avax/supply');
    expect(status).toBe(200);
    expect(officialSchemaErrors('glacier', 'AvaxSupplyResponse', body)).toEqual([]);
    const [last] = await db.query<{ current_supply: string; block_timestamp: bigint }>(
      `SELECT current_supply::text AS current_supply, block_timestamp FROM primary_network_block
        WHERE network = 'mainnet' AND blockchain_id = $1 ORDER BY block_number DESC LIMIT 1`,
      [MAINNET.chains['p-chain']],
    );
    // L1 validator fees charged: what went into the balances, less what came back, less what is left
    // after the last block (a validation whose balance ran out paid all of it).
    const { deposited, refunded } = await l1BalanceFlowsByBruteForce(db, 'mainnet');
    const [left] = await db.query<{ left: string }>(
      `SELECT coalesce(sum(v.l1_end_accumulated_fee - b.l1_validators_accrued_fees), 0)::text AS left
         FROM validator v, (SELECT l1_validators_accrued_fees FROM primary_network_block
                             WHERE network = 'mainnet' AND blockchain_id = $1 ORDER BY block_number DESC LIMIT 1) b
        WHERE v.network = 'mainnet' AND v.l1_end_accumulated_fee > 0`,
      [MAINNET.chains['p-chain']],
    );
    const l1Fees = deposited - refunded - BigInt(left!.left);
    expect(refunded).toBeGreaterThan(0n);
    const pBurned =
      (await chainBurnedByBruteForce(db, 'mainnet', MAINNET.chains['p-chain'], 'P', MAINNET.avaxAssetId)) + l1Fees;
    const xBurned = await chainBurnedByBruteForce(db, 'mainnet', MAINNET.chains['x-chain'], 'X', MAINNET.avaxAssetId);
    // The C-Chain's coinbase burns every fee: gas used times the price paid, over its receipts.
    const [c] = await db.query<{ fees: string }>(
      `SELECT coalesce(sum(gas_used * gas_price), 0)::text AS fees FROM evm_transaction WHERE chain_id = 43114`,
    );
    // Its atomic transactions burn what they consume beyond what they create (nAVAX), read here
    // from their stored bytes with avalanchejs's EVM codec.
    const evmCodec = utils.getManagerForVM('EVM').getDefaultCodec();
    let cAtomicBurned = 0n;
    for (const row of await db.query<{ tx_bytes: string }>(
      `SELECT tx_bytes FROM primary_network_transaction WHERE network = 'mainnet' AND blockchain_id = $1`,
      [MAINNET.chains['c-chain']],
    )) {
      const [signed] = avaxSerial.SignedTx.fromBytes(Buffer.from(row.tx_bytes.slice(6), 'hex'), evmCodec);
      const tx = signed.unsignedTx as any;
      const sum = (values: bigint[]) => values.reduce((a, b) => a + b, 0n);
      const consumed = tx.importedInputs
        ? sum(tx.importedInputs.map((i: any) => i.amount()))
        : sum(tx.ins.map((i: any) => BigInt(i.amount.value())));
      const created = tx.Outs
        ? sum(tx.Outs.map((o: any) => BigInt(o.amount.value())))
        : sum(tx.exportedOutputs.map((o: any) => o.amount()));
      cAtomicBurned += consumed - created;
    }
    expect(cAtomicBurned).toBeGreaterThan(0n);
    const cBurnedWei = BigInt(c!.fees) + cAtomicBurned * 1_000_000_000n;
    const stakes = await db.query<{ amount: string; start: bigint; end: bigint | null; removed: bigint | null }>(
      `SELECT amount_staked::text AS amount, start_timestamp AS start, end_timestamp AS "end", removed_timestamp AS removed FROM validator
        WHERE network = 'mainnet' AND subnet_id = $1 AND NOT is_l1_validator
       UNION ALL
       SELECT amount_delegated::text, start_timestamp, end_timestamp, NULL FROM delegation WHERE network = 'mainnet'`,
      [MAINNET.chains['p-chain']],
    );
    const staked = stakes
      .filter(
        (s) =>
          validationStatusAt(
            {
              startTimestamp: Number(s.start),
              endTimestamp: s.end === null ? null : Number(s.end),
              removedTimestamp: s.removed === null ? null : Number(s.removed),
            } as never,
            DEMO_NOW,
          ) === 'active',
      )
      .reduce((sum, s) => sum + BigInt(s.amount), 0n);
    const wei = 1_000_000_000n;
    const total = BigInt(last!.current_supply) * wei - pBurned * wei - xBurned * wei - cBurnedWei;
    expect(body).toEqual({
      circulatingSupply: avax(total, 18n),
      totalSupply: avax(total, 18n),
      totalPBurned: avax(pBurned),
      totalCBurned: avax(cBurnedWei, 18n),
      totalXBurned: avax(xBurned),
      totalStaked: avax(staked),
      totalLocked: '0',
      totalRewards: avax(await rewardsByBruteForce(db, 'mainnet')),
      lastUpdated: new Date(Number(last!.block_timestamp) * 1000).toISOString(),
      genesisUnlock: '360000000',
      l1ValidatorFees: avax(l1Fees),
    });
    expect(pBurned).toBeGreaterThan(0n);
    expect(xBurned).toBeGreaterThan(0n);
    expect(cBurnedWei).toBeGreaterThan(0n);
  }, 900_000);

  it('rule: the GraphQL field answers the same', async () => {
    const rest = await service.request('/v1/avax/supply');
    const fields = Object.keys(rest.body).join(' ');
    const { body } = await service.graphql(`{ getAvaxSupply { ${fields} } }`);
    expect(body).toEqual({ data: { getAvaxSupply: rest.body } });
  });
});
