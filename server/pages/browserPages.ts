import { readFileSync } from 'node:fs';
import path from 'node:path';
import express, { type Request, type Response, type Router } from 'express';
import { apiReferenceScript } from './apiReferenceScript';
import { faviconPath, faviconType } from './favicon';
import { graphqlExplorerScript } from './graphqlExplorerScript';

/** A static file a page loads: from an npm package, or a start-up script of ours. No CDN, no network. */
type Asset = { body: Buffer | string; type: string };

/** A page for people: HTML plus the assets it loads, all from this service. */
type BrowserPage = {
  path: string;
  title: string;
  styles: string[];
  scripts: string[];
  assets: Record<string, Asset>;
  /** The path is an API's too (/graphql): only a browser asking for HTML gets the page there. */
  sharesPath?: boolean;
};

const js = 'text/javascript; charset=utf-8';
const css = 'text/css; charset=utf-8';

const own = (script: string): Asset => ({ body: script, type: js });
/** A file of an installed package (resolved from its package.json: packages' `exports` hide these files). */
const fromPackage = (name: string, file: string, type: string): Asset => ({
  body: readFileSync(path.join(path.dirname(require.resolve(`${name}/package.json`)), file)),
  type,
});

/**
 * The GraphQL explorer at GET /graphql (for a browser; API clients keep POST and GET queries):
 * GraphiQL's prebuilt bundle with React from npm, pointed at this service's /graphql. Completion
 * and the docs panel come from introspection of the supergraph.
 */
const graphqlExplorer: BrowserPage = {
  path: '/graphql',
  sharesPath: true,
  title: 'GraphQL explorer · Avalanche Data API',
  styles: ['graphiql.min.css'],
  scripts: ['react.production.min.js', 'react-dom.production.min.js', 'graphiql.min.js', 'graphqlExplorer.js'],
  assets: {
    'graphiql.min.css': fromPackage('graphiql', 'graphiql.min.css', css),
    'react.production.min.js': fromPackage('react', 'umd/react.production.min.js', js),
    'react-dom.production.min.js': fromPackage('react-dom', 'umd/react-dom.production.min.js', js),
    'graphiql.min.js': fromPackage('graphiql', 'graphiql.min.js', js),
    'graphqlExplorer.js': own(graphqlExplorerScript),
  },
};

/** The REST API reference at GET /docs: Swagger UI from npm over /openapi.json. */
const apiReference: BrowserPage = {
  path: '/docs',
  title: 'REST API reference · Avalanche Data API',
  styles: ['swagger-ui.css'],
  scripts: ['swagger-ui-bundle.js', 'apiReference.js'],
  assets: {
    'swagger-ui.css': fromPackage('swagger-ui-dist', 'swagger-ui.css', css),
    'swagger-ui-bundle.js': fromPackage('swagger-ui-dist', 'swagger-ui-bundle.js', js),
    'apiReference.js': own(apiReferenceScript),
  },
};

/**
 * Serves the pages for people — the GraphQL explorer (GET /graphql in a browser) and the REST API
 * reference (GET /docs, to every caller: the start banner prints it, and curl sends no text/html)
 * — with every asset from this service, so they work offline and the browser talks to nothing
 * else. A GET /graphql that is not a browser asking for a page (an `Accept` without text/html, or a
 * `query` parameter) passes on to the GraphQL endpoint.
 *
 * @returns an Express router to mount before /graphql
 * @example app.use(createBrowserPages())
 */
export function createBrowserPages(): Router {
  const router = express.Router();
  for (const page of [graphqlExplorer, apiReference]) {
    const html = render(page);
    router.get(page.path, (request: Request, response: Response, next) => {
      const wantsPage =
        request.accepts(['application/json', 'text/html']) === 'text/html' && request.query.query === undefined;
      if (page.sharesPath && !wantsPage) return next();
      response.type('html').set('cache-control', 'no-cache').send(html);
    });
    for (const [name, asset] of Object.entries(page.assets)) {
      router.get(`${assetBase(page)}/${name}`, (_request, response) => {
        response.type(asset.type).set('cache-control', 'public, max-age=86400').send(asset.body);
      });
    }
  }
  return router;
}

/**
 * The paths the pages alone serve, all GET (and HEAD): the API reference and every asset. The
 * explorer's /graphql is the GraphQL endpoint's path, which answers POST too. The service's method
 * table lists them (server/routeMethods.ts).
 */
export const browserPagePaths: readonly string[] = [
  apiReference.path,
  ...[graphqlExplorer, apiReference].flatMap((page) =>
    Object.keys(page.assets).map((name) => `${assetBase(page)}/${name}`),
  ),
];

function assetBase(page: BrowserPage): string {
  return `/_pages${page.path}`;
}

function render(page: BrowserPage): string {
  const base = assetBase(page);
  return [
    '<!doctype html>',
    '<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<title>${page.title}</title>`,
    `<link rel="icon" href="${faviconPath}" type="${faviconType}">`,
    ...page.styles.map((name) => `<link rel="stylesheet" href="${base}/${name}">`),
    '</head><body style="margin:0"><div id="root" style="height:100vh"></div>',
    ...page.scripts.map((name) => `<script src="${base}/${name}"></script>`),
    '</body></html>',
  ].join('\n');
}
