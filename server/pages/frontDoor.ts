// The front door, GET /: what this service is (name, version), what data it holds, what to try on
// it and where everything is. A browser gets a page (frontDoorPage.ts); any other caller, curl's
// `*/*` included, gets the same content as JSON, the form an API's user reads. Read on each request,
// so it follows the indexer.
import express, { type Router } from 'express';
import type { Database } from '../../prisma/database';
import { exampleUrls } from '../exampleUrls';
import { readLoadedData } from '../loadedData';
import { faviconPath, faviconSvg, faviconType } from './favicon';
import { frontDoor } from './frontDoorContent';
import { renderFrontDoorPage } from './frontDoorPage';

/** The paths the front door serves, all GET (and HEAD): the service's method table lists them (routeMethods.ts). */
export const frontDoorPaths: readonly string[] = ['/', faviconPath];

/**
 * The front door and the icon.
 * @param db the service's database
 * @param rpcNetwork the network whose C-Chain the node RPC calls `C` (for the RPC example)
 * @returns an Express router
 * @example app.use(createFrontDoor({ db, rpcNetwork: 'MAINNET' }))
 */
export function createFrontDoor({ db, rpcNetwork }: { db: Database; rpcNetwork: 'MAINNET' | 'FUJI' }): Router {
  const router = express.Router();
  router.get('/', async (request, response) => {
    const loaded = await readLoadedData(db);
    const door = frontDoor(loaded, exampleUrls(loaded, { rpcNetwork }));
    response.set({ 'cache-control': 'no-cache', vary: 'accept' });
    if (request.accepts(['application/json', 'text/html']) === 'text/html')
      return void response.type('html').send(renderFrontDoorPage(door));
    response.json(door);
  });
  router.get(faviconPath, (_request, response) => {
    response.type(faviconType).set('cache-control', 'public, max-age=86400').send(faviconSvg);
  });
  return router;
}
