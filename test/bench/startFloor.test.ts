import { JsonText, startFloor, type FloorRoute } from '../../bench/floor/startFloor';

describe('startFloor()', () => {
  const routes: FloorRoute[] = [
    {
      path: /^\/v1\/items\/(\d+)$/,
      answer: async (request, match) => ({ id: Number(match[1]), pageSize: request.url.searchParams.get('pageSize') }),
    },
    // Answers only the requests it knows: the others fall through to the next route, then 404.
    {
      path: /^\/v1\/replayed$/,
      answer: (request) =>
        request.target === '/v1/replayed?known=1' ? Promise.resolve({ replayed: true }) : undefined,
    },
    { path: /^\/v1\/broken$/, answer: async () => Promise.reject(new Error('no such table')) },
    {
      method: 'POST',
      path: /^\/ext\/bc\/C\/rpc$/,
      answer: async (request) => new JsonText(`{"echo":${request.body}}`),
    },
  ];

  let floor: Awaited<ReturnType<typeof startFloor>>;
  let ended = false;
  beforeAll(async () => {
    floor = await startFloor(routes, async () => {
      ended = true;
    });
  });
  afterAll(() => floor.close());

  const get = async (target: string) => {
    const response = await fetch(`${floor.baseUrl}${target}`);
    return { status: response.status, type: response.headers.get('content-type'), body: await response.json() };
  };

  it('answers a GET route with its JSON, the path groups and query at hand', async () => {
    expect(await get('/v1/items/7?pageSize=10')).toEqual({
      status: 200,
      type: 'application/json; charset=utf-8',
      body: { id: 7, pageSize: '10' },
    });
  });

  it('answers a POST route from its body, sending JSON text as it is', async () => {
    const response = await fetch(`${floor.baseUrl}/ext/bc/C/rpc`, { method: 'POST', body: '{"id":1}' });
    expect(await response.text()).toBe('{"echo":{"id":1}}');
  });

  it('tries the next route when one declines, and answers 404 when none answers', async () => {
    expect((await get('/v1/replayed?known=1')).body).toEqual({ replayed: true });
    expect(await get('/v1/replayed?known=2')).toMatchObject({
      status: 404,
      body: { statusCode: 404, error: 'Not Found' },
    });
    expect((await get('/v1/elsewhere')).status).toBe(404);
  });

  it('answers 500 with the message when a route fails', async () => {
    expect(await get('/v1/broken')).toMatchObject({ status: 500, body: { statusCode: 500, message: 'no such table' } });
  });

  it('releases what the routes hold on close', async () => {
    const other = await startFloor([], async () => {
      ended = true;
    });
    ended = false;
    await other.close();
    expect(ended).toBe(true);
  });
});
