// getValidatorsByDateRange against a brute-force selection from the raw rows (the validation status
// rule over the frame), on a small history written through the write path: frames, day edges,
// paging and the 4xx answers.
import { countStakingMetrics } from '../../../metrics';
import type { Database } from '../../../prisma/database';
import { writeBlock } from '../../../prisma/write';
import { setupTestDatabase, teardown } from '../../setup/database';
import { startTestService, type TestService } from '../../setup/service';
import { DAY } from './fixtures/bruteForceStaking';
import { bruteForceValidatorAddresses } from './fixtures/bruteForceValidatorAddresses';
import { DAY0, EDGE_ADDRESS, L1, NOW, PRIMARY, stakingBlocks, stakingSubnets, SUBNET } from './fixtures/stakingFixture';

let db: Database;
let service: TestService;

const path = (subnet: string, query = '') => `/v2/subnets/${subnet}/validators:getAddresses?network=mainnet${query}`;

/** Every page of a frame, walked with `pageSize`. */
async function walk(subnet: string, query: string, pageSize: number): Promise<unknown[]> {
  const items: unknown[] = [];
  let token: string | undefined;
  do {
    const { status, body } = await service.request(
      path(subnet, `${query}&pageSize=${pageSize}${token ? `&pageToken=${encodeURIComponent(token)}` : ''}`),
    );
    expect(status).toBe(200);
    items.push(...body.addresses);
    token = body.nextPageToken;
  } while (token);
  return items;
}

beforeAll(async () => {
  db = await setupTestDatabase();
  await db.prisma.subnet.createMany({ data: stakingSubnets });
  for (const write of stakingBlocks().writes) await writeBlock(db, write, { beforeRows: countStakingMetrics });
  service = await startTestService(db, { clock: () => NOW });
}, 120_000);

afterAll(async () => {
  await service?.close();
  await teardown(db);
});

describe('GET /v2/subnets/{subnetId}/validators:getAddresses (getValidatorsByDateRange)', () => {
  const frames = [
    { label: 'the whole history', start: 0, end: NOW },
    { label: 'one day', start: DAY0 + 12 * DAY, end: DAY0 + 13 * DAY - 1 },
    { label: 'an instant at 00:00', start: DAY0 + 12 * DAY, end: DAY0 + 12 * DAY },
    { label: 'the last instant before 00:00', start: DAY0 + 12 * DAY - 1, end: DAY0 + 12 * DAY - 1 },
    { label: 'a week', start: DAY0 + 20 * DAY + 3600, end: DAY0 + 27 * DAY },
    { label: 'a frame after the last block', start: NOW + DAY, end: NOW + 2 * DAY },
  ];

  const subnets = [
    { name: 'the primary network', subnet: PRIMARY },
    { name: 'a permissioned subnet', subnet: SUBNET },
    { name: 'an L1', subnet: L1 },
  ];

  it.each(frames.flatMap((f) => subnets.map((s) => ({ ...f, ...s }))))(
    '$label of $name equals the brute-force selection',
    async ({ start, end, subnet }) => {
      const expected = await bruteForceValidatorAddresses(db, 'mainnet', subnet, start, end);
      expect(await walk(subnet, `&startTimestamp=${start}&endTimestamp=${end}`, 5000)).toEqual(expected);
    },
  );

  it('the frames select different validations, and the primary network has reward addresses', async () => {
    const whole = await bruteForceValidatorAddresses(db, 'mainnet', PRIMARY, 0, NOW);
    const day = await bruteForceValidatorAddresses(db, 'mainnet', PRIMARY, DAY0 + 12 * DAY, DAY0 + 13 * DAY - 1);
    expect(day.length).toBeGreaterThan(2);
    expect(whole.length).toBeGreaterThan(day.length);
    expect(whole.every((item) => item.addresses.length === 1)).toBe(true);
  });

  it('a validation from 00:00 of day 10 to 00:00 of day 12 is in frames touching [day 10, day 12) only', async () => {
    const edge = { addresses: [EDGE_ADDRESS], sortKey: String(DAY0 + 10 * DAY) };
    const listed = async (start: number, end: number) =>
      (await walk(SUBNET, `&startTimestamp=${start}&endTimestamp=${end}`, 5000)).some(
        (item) => JSON.stringify(item) === JSON.stringify(edge),
      );
    expect(await listed(DAY0 + 12 * DAY - 1, DAY0 + 12 * DAY - 1)).toBe(true);
    expect(await listed(DAY0 + 10 * DAY, DAY0 + 10 * DAY)).toBe(true);
    expect(await listed(DAY0 + 12 * DAY, DAY0 + 13 * DAY)).toBe(false);
    expect(await listed(DAY0 + 9 * DAY, DAY0 + 10 * DAY - 1)).toBe(false);
  });

  it('pages of 3 walk the same list as one page, and the default frame is the whole history', async () => {
    const one = await walk(PRIMARY, '', 5000);
    expect(await walk(PRIMARY, '', 3)).toEqual(one);
    expect(one).toEqual(await bruteForceValidatorAddresses(db, 'mainnet', PRIMARY, 0, 2 ** 53));
  });

  it('network defaults to mainnet; pageSize defaults to 1000 and may not exceed 5000', async () => {
    const { body } = await service.request(`/v2/subnets/${PRIMARY}/validators:getAddresses`);
    expect(body.addresses).toEqual(await walk(PRIMARY, '', 5000));
    expect((await service.request(path(PRIMARY, '&pageSize=5001'))).status).toBe(400);
    expect((await service.request(path(PRIMARY, '&pageSize=0'))).status).toBe(400);
  });

  it.each([
    { label: 'a subnet ID that is no cb58 ID', url: '/v2/subnets/nope/validators:getAddresses', status: 400 },
    {
      label: 'a subnet not indexed',
      url: '/v2/subnets/2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM/validators:getAddresses',
      status: 404,
    },
    { label: 'a subnet of the other network', url: path(PRIMARY).replace('mainnet', 'fuji'), status: 404 },
    { label: 'an unknown network', url: path(PRIMARY).replace('mainnet', 'devnet'), status: 400 },
    {
      label: 'startTimestamp after endTimestamp',
      url: path(PRIMARY, '&startTimestamp=10&endTimestamp=9'),
      status: 400,
    },
    { label: 'a token of another frame', url: 'token', status: 400 },
  ])('$label is a $status with the error body', async ({ url, status }) => {
    let target = url;
    if (url === 'token') {
      const { body } = await service.request(path(PRIMARY, '&pageSize=1'));
      target = path(PRIMARY, `&startTimestamp=5&pageSize=1&pageToken=${encodeURIComponent(body.nextPageToken)}`);
    }
    const { status: got, body } = await service.request(target);
    expect({ status: got, statusCode: body.statusCode, message: typeof body.message }).toEqual({
      status,
      statusCode: status,
      message: 'string',
    });
  });
});
