import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import express from 'express';
import { createExpressHttpServer } from '../../server/expressHttpServer';

/** Listens on loopback, GETs `path` (with `headers`), closes; resolves to status and parsed body. */
async function getOnce(
  server: Server,
  path: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: unknown }> {
  if (!server.listening) await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    const response = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`, { headers });
    return { status: response.status, body: await response.json() };
  } finally {
    server.close();
  }
}

/** An app that reports what Express's request and response methods see. */
function reportingApp() {
  const app = express();
  app.set('trust proxy', 'loopback');
  app.get(
    '/report',
    (req, res) => void res.status(203).json({ ip: req.ip, path: req.path, query: req.query, app: req.app === app }),
  );
  return app;
}

describe('createExpressHttpServer', () => {
  it("creates each request and response with the app's prototypes, so Express has none to change", async () => {
    const app = reportingApp();
    const server = createExpressHttpServer(app);
    const seen: boolean[] = [];
    // Runs before Express: what Node built, untouched.
    server.prependListener('request', (req, res) =>
      seen.push(Object.getPrototypeOf(req) === app.request, Object.getPrototypeOf(res) === app.response),
    );
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      await fetch(`http://127.0.0.1:${port}/report`);
      await fetch(`http://127.0.0.1:${port}/report`);
      expect(seen).toEqual([true, true, true, true]);
    } finally {
      server.close();
    }
  });

  it('keeps every Express method and setting: req.ip behind a trusted proxy, req.path, req.query, res.status().json()', async () => {
    const app = reportingApp();
    expect(
      await getOnce(createExpressHttpServer(app), '/report?a=1&b=2', { 'x-forwarded-for': '203.0.113.9' }),
    ).toEqual({
      status: 203,
      body: { ip: '203.0.113.9', path: '/report', query: { a: '1', b: '2' }, app: true },
    });
  });

  it("leaves the app servable another way (Express's own app.listen), and a second server reuses the same prototypes", async () => {
    const app = reportingApp();
    createExpressHttpServer(app);
    const requestPrototype = app.request;
    createExpressHttpServer(app);
    expect(app.request).toBe(requestPrototype);
    const served = await new Promise<Server>((resolve) => {
      const listening = app.listen(0, '127.0.0.1', () => resolve(listening));
    });
    expect(await getOnce(served, '/report?a=1')).toMatchObject({
      status: 203,
      body: { path: '/report', query: { a: '1' }, app: true },
    });
  });
});
