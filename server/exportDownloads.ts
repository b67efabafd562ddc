// The download of a finished transaction export: GET /exports/{operationId}.csv?token=…, the link
// getOperationResult answers. The link is the credential (as a presigned URL is): no API key, so a
// browser or curl fetches it; it lives until the export expires.
import express, { type Router } from 'express';
import { readExportFile } from '../exports/readExportFile';
import type { Database } from '../prisma/database';
import { statusBody } from '../rest-facade/errorBody';
import type { RouteSurface } from './routeMethods';

/** The route's template, as logs and metrics label it. */
const template = '/exports/{operationId}.csv';
const pathPattern = /^\/exports\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.csv$/i;

/** The download's place in the service's method table: GET and HEAD. */
export const exportDownloadMethods: RouteSurface['methodsAt'] = (request) =>
  /^\/exports\/[^/]+$/i.test(request.path) ? { template, methods: ['GET', 'HEAD'] } : undefined;

/**
 * The download route: the CSV streamed from its chunks, `text/csv`, as an attachment; 404 for an
 * unknown, unfinished or expired export or a wrong token.
 * @param db the database
 * @param now the instant that decides expiry
 * @returns an Express router
 * @example app.use(createExportDownloads(db, () => new Date()))
 */
export function createExportDownloads(db: Pick<Database, 'query'>, now: () => Date): Router {
  const router = express.Router();
  router.get(/^\/exports\/[^/]+$/i, async (request, response, next) => {
    response.locals.route = template;
    const match = pathPattern.exec(request.path);
    const token = typeof request.query.token === 'string' ? request.query.token : '';
    try {
      const file = match ? await readExportFile(db, match[1]!.toLowerCase(), token, now()) : undefined;
      if (!file) {
        response
          .status(404)
          .json(statusBody(404, 'no export file at this link: unknown, not built yet, expired, or a wrong token'));
        return;
      }
      response.status(200).type('text/csv; charset=utf-8');
      response.setHeader('content-disposition', `attachment; filename="transactions-${match![1]!.toLowerCase()}.csv"`);
      response.setHeader('cache-control', 'private, no-store');
      for await (const text of file) {
        if (!response.write(text)) await new Promise((resolve) => response.once('drain', resolve));
      }
      response.end();
    } catch (error) {
      if (response.headersSent) response.destroy(error as Error);
      else next(error);
    }
  });
  return router;
}
