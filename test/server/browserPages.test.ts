// The pages for people, in a real browser (Debian's Chromium driven by playwright-core): the
// GraphQL explorer completes a cross-subgraph query and runs it, the REST reference lists the
// routes, the front door shows the version and links, and no page requests anything outside this
// service.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import type { Database } from '../../prisma/database';
import { insertEvmChainFixture, insertSubnetFixture } from '../fixtures/subnets';
import { setupTestDatabase, teardown } from '../setup/database';
import { startTestService, type TestService } from '../setup/service';

const executablePath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
// CI installs Chromium (.ci/run); a developer machine without it skips, saying so.
const describeWithBrowser = existsSync(executablePath) || process.env.CI ? describe : describe.skip;
if (!existsSync(executablePath) && !process.env.CI)
  console.warn(`browser tests skipped: no Chromium at ${executablePath} (apt-get install chromium)`);

let db: Database;
let service: TestService;
let browser: Browser;

beforeAll(async () => {
  db = await setupTestDatabase();
  await insertSubnetFixture(db);
  await insertEvmChainFixture(db);
  service = await startTestService(db);
  if (!existsSync(executablePath)) return;
  browser = await chromium.launch({
    executablePath,
    // Chromium's own background traffic (updates, sync, QUIC probes) off; playwright gives it a fresh profile.
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await service?.close();
  await teardown(db);
});

/** Opens a page and records every URL it requests. */
async function open(pathname: string): Promise<{ page: Page; requested: string[] }> {
  const page = await browser.newPage();
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  await page.goto(`${service.base}${pathname}`, { waitUntil: 'networkidle' });
  return { page, requested };
}

describeWithBrowser('GET /graphql in a browser (GraphQL explorer)', () => {
  it('completes a cross-subgraph query as it is typed, runs it and shows the result, talking to nothing else', async () => {
    const { page, requested } = await open('/graphql');
    await page.locator('.graphiql-query-editor .CodeMirror').first().waitFor();
    // Start from an empty editor and type; GraphiQL offers fields from the supergraph's introspection.
    await page.locator('.graphiql-query-editor .CodeMirror').first().click();
    await page.keyboard.press('Control+A');
    await page.keyboard.press('Backspace');
    await page.keyboard.type('{ listSub');
    const hints = page.locator('.CodeMirror-hints .CodeMirror-hint');
    await hints.first().waitFor();
    expect(await hints.allTextContents()).toContain('listSubnets');
    await page.keyboard.press('Escape');
    await page.keyboard.type(
      'nets(network: mainnet, pageSize: 1, sortOrder: asc) { subnets { subnetId blockchains { blockchainId evmChain { chainId chainName } } } }',
    );
    await page.locator('.graphiql-execute-button').click();
    const result = page.locator('.graphiql-response');
    await result.getByText('Fixture L1').waitFor();
    const text = (await result.textContent()) ?? '';
    expect(text).toContain('"subnetId"');
    expect(text).toContain('"chainId": "99001"');
    expect(requested.filter((url) => !url.startsWith(service.base))).toEqual([]);
    await page.close();
  });
});

describeWithBrowser('GET /docs in a browser (REST API reference)', () => {
  it('lists the REST routes from /openapi.json, talking to nothing else', async () => {
    const { page, requested } = await open('/docs');
    await page.getByText('/v1/networks/{network}/subnets').first().waitFor();
    await page.getByText('/v2/chains/{chainId}/metrics/{metric}').first().waitFor();
    expect(requested.filter((url) => !url.startsWith(service.base))).toEqual([]);
    await page.close();
  });
});

describeWithBrowser('GET / in a browser (front door)', () => {
  it('shows the version and the loaded chain, and its links lead to the pages, talking to nothing else', async () => {
    const { version } = JSON.parse(readFileSync(path.join(__dirname, '../../package.json'), 'utf8'));
    const { page, requested } = await open('/');
    expect(await page.locator('body').textContent()).toContain(`version ${version}`);
    await page.getByRole('cell', { name: 'Fixture L1' }).waitFor();
    await page.getByRole('link', { name: '/docs' }).click();
    await page.getByText('/v1/networks/{network}/subnets').first().waitFor();
    expect(requested.filter((url) => !url.startsWith(service.base))).toEqual([]);
    await page.close();
  });

  it('shows /favicon.ico as an image: an SVG document', async () => {
    const { page } = await open('/favicon.ico');
    expect(await page.locator('svg circle').count()).toBe(1);
    await page.close();
  });
});
