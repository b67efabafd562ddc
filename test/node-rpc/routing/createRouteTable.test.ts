// avalanchego's router semantics (api/server/router.go), which admin.alias and admin.aliasChain rely on.
import { createRouteTable } from '../../../node-rpc/routing/createRouteTable';

const handler = (name: string) => Object.assign(() => name, { label: name });

describe('createRouteTable()', () => {
  test('an alias serves every endpoint of its base, also endpoints added later, through aliases of aliases', () => {
    const routes = createRouteTable();
    routes.addRoute('/ext/bc/A', '/rpc', handler('rpc'));
    routes.addAlias('/ext/bc/A', '/ext/bc/a');
    routes.addAlias('/ext/bc/a', '/ext/x');
    routes.addRoute('/ext/bc/A', '/validators', handler('validators'));
    expect(routes.match('/ext/bc/a/rpc')).toBe(routes.match('/ext/bc/A/rpc'));
    expect(routes.match('/ext/x/validators')).toBe(routes.match('/ext/bc/A/validators'));
    expect(routes.match('/ext/bc/A')).toBeUndefined();
  });

  test('an alias of a base with no endpoints yet is accepted and takes effect when the base gets one', () => {
    const routes = createRouteTable();
    routes.addAlias('/ext/later', '/ext/soon');
    expect(routes.match('/ext/soon')).toBeUndefined();
    routes.addRoute('/ext/later', '', handler('later'));
    expect(routes.match('/ext/soon')).toBeDefined();
  });

  test('reserved aliases cannot be reused, nor registered as a base; a clash with an existing endpoint keeps the reservation', () => {
    const routes = createRouteTable();
    routes.addRoute('/ext/admin', '', handler('admin'));
    routes.addRoute('/ext/info', '', handler('info'));
    routes.addAlias('/ext/info', '/ext/i');
    expect(() => routes.addAlias('/ext/admin', '/ext/i')).toThrow(
      'route is either already aliased or already maps to a handle: /ext/i',
    );
    expect(() => routes.addRoute('/ext/i', '/x', handler('x'))).toThrow(
      'route is either already aliased or already maps to a handle: /ext/i',
    );
    expect(() => routes.addAlias('/ext/info', '/ext/admin')).toThrow(
      'failed to create endpoint as /ext/admin already exists',
    );
    expect(() => routes.addAlias('/ext/info', '/ext/admin')).toThrow(
      'route is either already aliased or already maps to a handle: /ext/admin',
    );
  });
});
