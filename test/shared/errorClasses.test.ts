// Every error class of the production code derives from the service's base, ServiceError
// (shared/errors.ts), and names itself; the GraphQL errors of subgraphs/shared/errors.ts are the one
// exception (graphql-js and Apollo Server keep only GraphQLErrors intact). Read from the sources, so
// a new `class X extends Error` anywhere fails here.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = path.resolve(__dirname, '../..');
const skipped = new Set(['node_modules', 'generated', 'dist', 'test', 'coverage']);
/** Where a class may extend a class that is not the project's: the base itself, and the GraphQL errors. */
const roots: Record<string, string> = {
  ServiceError: 'shared/errors.ts',
  ApiError: 'subgraphs/shared/errors.ts',
  InvalidParameterError: 'subgraphs/shared/errors.ts',
};

type Declared = { name: string; base: string; file: string; body: string };

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (skipped.has(name) || name.startsWith('.')) return [];
    if (statSync(file).isDirectory()) return sources(file);
    return /\.(ts|mts|cts)$/.test(name) && !name.endsWith('.d.ts') ? [file] : [];
  });
}

/** Every `class X extends Y` of the production folders, with its body up to the next column-0 `}`. */
function declaredClasses(): Declared[] {
  const folders = readdirSync(root).filter(
    (name) => !skipped.has(name) && !name.startsWith('.') && statSync(path.join(root, name)).isDirectory(),
  );
  return folders.flatMap((folder) =>
    sources(path.join(root, folder)).flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      return [...text.matchAll(/^(?:export\s+)?(?:abstract\s+)?class\s+(\w+)(?:<[^>{]*>)?\s+extends\s+([\w.]+)/gm)].map(
        (match) => {
          const end = text.indexOf('\n}', match.index);
          return {
            name: match[1]!,
            base: match[2]!,
            file: path.relative(root, file),
            body: text.slice(match.index, end < 0 ? undefined : end),
          };
        },
      );
    }),
  );
}

describe('error classes', () => {
  const classes = declaredClasses();
  const byName = new Map(classes.map((declared) => [declared.name, declared]));
  /** The chain of project classes from a class up to the first base the project does not declare. */
  const chainOf = (declared: Declared): Declared[] => {
    const chain = [declared];
    for (let next = byName.get(declared.base); next && !chain.includes(next); next = byName.get(next.base))
      chain.push(next);
    return chain;
  };
  const errorClasses = classes.filter(
    (declared) => /Error$/.test(declared.base) || chainOf(declared).some((c) => /Error$/.test(c.base)),
  );

  it('finds the error classes of the tree (the scan reads them)', () => {
    expect(errorClasses.map((c) => c.name)).toEqual(
      expect.arrayContaining(['ServiceError', 'ApiError', 'JsonRpcError', 'NodeCallError', 'SignatureAggregatorError']),
    );
  });

  it('only the roots extend a class the project does not declare, each in its own file', () => {
    const offenders = errorClasses
      .filter((c) => !byName.has(c.base) && roots[c.name] !== c.file)
      .map((c) => `${c.file}: ${c.name} extends ${c.base}`);
    expect(offenders).toEqual([]);
  });

  it('every other error class derives from ServiceError', () => {
    const offenders = errorClasses
      .filter((c) => !(c.name in roots))
      .filter((c) => {
        const top = chainOf(c).at(-1)!;
        return top.name !== 'ServiceError' && !(top.name in roots && top.file === roots[top.name]);
      })
      .map(
        (c) =>
          `${c.file}: ${c.name} (${chainOf(c)
            .map((d) => d.base)
            .join(' -> ')})`,
      );
    expect(offenders).toEqual([]);
  });

  it('each error class sets its own name', () => {
    const unnamed = errorClasses
      .filter((c) => !new RegExp(`name = '${c.name}'`).test(c.body))
      .map((c) => `${c.file}: ${c.name}`);
    expect(unnamed).toEqual([]);
  });

  it('the GraphQL exception holds only the GraphQL errors', () => {
    const graphQL = errorClasses
      .filter((c) => chainOf(c).at(-1)!.base === 'GraphQLError')
      .map((c) => c.name)
      .sort();
    expect(graphQL).toEqual(['ApiError', 'BadRequestError', 'InvalidParameterError', 'NotFoundError']);
  });
});
