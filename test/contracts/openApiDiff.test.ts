// This service's OpenAPI document against the official ones: nothing an official client could
// trip on, and every other difference accepted, with its reason, in reference/accepted-differences.json.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { readSupergraphSdl } from '../../gateway/supergraph';
import { openApiDocument } from '../../rest-facade/openApiDocument';
import { officialDocument } from '../support/officialSchemas';
import { compareWithOfficial, type Difference } from './openApiDiff';

type Accepted = Pick<Difference, 'operation' | 'at' | 'kind'> & { reason: string };

const accepted: Accepted[] = JSON.parse(
  readFileSync(path.resolve(__dirname, '../../reference/accepted-differences.json'), 'utf8'),
);
const key = (d: Pick<Difference, 'operation' | 'at' | 'kind'>) => `${d.operation} ${d.at} ${d.kind}`;
const officials = [officialDocument('glacier'), officialDocument('metrics')];

describe('the OpenAPI document against the official documents', () => {
  const { trips, differences } = compareWithOfficial(openApiDocument(readSupergraphSdl()), officials);

  it('differs in nothing an official client trips on (types, required members, enums, nulls, variants, operationIds)', () => {
    expect(trips).toEqual([]);
  });

  it('differs otherwise only where reference/accepted-differences.json accepts it, with a reason', () => {
    const known = new Set(accepted.map(key));
    expect(differences.filter((d) => !known.has(key(d)))).toEqual([]);
    expect(accepted.filter((entry) => !entry.reason.trim())).toEqual([]);
  });

  it('accepts no difference that is gone (the file stays the list of what differs)', () => {
    const current = new Set(differences.map(key));
    expect(accepted.filter((entry) => !current.has(key(entry)))).toEqual([]);
  });
});

describe('compareWithOfficial()', () => {
  const official = {
    paths: {
      '/v1/things': {
        get: {
          operationId: 'listThings',
          parameters: [{ name: 'pageSize', in: 'query', schema: { type: 'integer', maximum: 100 } }],
          responses: {
            '200': {
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    required: ['items'],
                    properties: {
                      items: {
                        type: 'array',
                        items: {
                          type: 'object',
                          required: ['id', 'kind'],
                          properties: {
                            id: { type: 'string' },
                            kind: { type: 'string', enum: ['a', 'b'] },
                            price: { type: 'number', nullable: true },
                          },
                        },
                      },
                    },
                  },
                },
              },
            },
          },
        },
      },
    },
  };
  const ours = (change: (item: any, operation: any) => void = () => {}) => {
    const copy = structuredClone(official) as any;
    const operation = copy.paths['/v1/things'].get;
    change(operation.responses['200'].content['application/json'].schema.properties.items.items, operation);
    return copy;
  };

  it('finds nothing between a document and itself', () => {
    expect(compareWithOfficial(ours(), [official])).toEqual({ trips: [], differences: [] });
  });

  it.each([
    ['a member of another type', (item: any) => (item.properties.id = { type: 'integer' }), 'type'],
    ['a required member left optional', (item: any) => (item.required = ['id']), 'required'],
    ['a value the official enum does not know', (item: any) => (item.properties.kind.enum = ['a', 'c']), 'enum'],
    ['a string where the official one is an enum', (item: any) => delete item.properties.kind.enum, 'enum'],
    [
      'a null where the official member has none',
      (item: any) => (item.properties.id = { type: ['string', 'null'] }),
      'nullable',
    ],
    [
      'another operationId',
      (_item: any, operation: any) => (operation.operationId = 'listThings_query'),
      'operationId',
    ],
  ])('trips on %s', (_label, change, kind) => {
    expect(compareWithOfficial(ours(change), [official]).trips.map((d) => d.kind)).toEqual([kind]);
  });

  it.each([
    ['an extra member', (item: any) => (item.properties.extra = { type: 'string' }), 'extra-member'],
    ['an optional member left out', (item: any) => delete item.properties.price, 'missing-member'],
    [
      'a tighter bound',
      (_item: any, operation: any) => (operation.parameters[0].schema.maximum = 50),
      'parameter-bounds',
    ],
    [
      'an extra parameter',
      (_item: any, operation: any) => operation.parameters.push({ name: 'x', in: 'query', schema: { type: 'string' } }),
      'extra-parameter',
    ],
  ])('reports %s as a difference to accept, not a trip', (_label, change, kind) => {
    const { trips, differences } = compareWithOfficial(ours(change), [official]);
    expect({ trips, kinds: differences.map((d) => d.kind) }).toEqual({ trips: [], kinds: [kind] });
  });

  it('reports a body holding the members of the official oneOf variants as one difference, and compares its members with theirs', () => {
    const variants = {
      paths: {
        '/v1/things': {
          post: {
            operationId: 'createThing',
            requestBody: {
              content: {
                'application/json': {
                  schema: {
                    oneOf: [
                      {
                        type: 'object',
                        required: ['kind'],
                        properties: { kind: { type: 'string', enum: ['a'] }, a: { type: 'string' } },
                      },
                      {
                        type: 'object',
                        required: ['kind'],
                        properties: { kind: { type: 'string', enum: ['b'] }, b: { type: 'integer' } },
                      },
                    ],
                  },
                },
              },
            },
            responses: { '201': {} },
          },
        },
      },
    };
    const merged = (properties: Record<string, unknown>) => {
      const copy = structuredClone(variants) as any;
      copy.paths['/v1/things'].post.requestBody.content['application/json'].schema = { type: 'object', properties };
      return copy;
    };
    const all = { kind: { type: 'string', enum: ['a', 'b'] }, a: { type: 'string' }, b: { type: 'integer' } };
    expect(compareWithOfficial(merged(all), [variants]).differences.map((d) => `${d.at} ${d.kind}`)).toEqual([
      'body merged-variants',
    ]);
    const { b: _b, ...withoutB } = all;
    expect(
      compareWithOfficial(merged({ ...withoutB, kind: { type: 'string', enum: ['a'] } }), [variants]).differences.map(
        (d) => `${d.at} ${d.kind}`,
      ),
    ).toEqual(['body merged-variants', 'body kind parameter-enum', 'body b missing-parameter']);
  });

  it('admits an integer where the official type is number, and a non-null value where null is allowed', () => {
    expect(
      compareWithOfficial(
        ours((item) => (item.properties.price = { type: 'integer' })),
        [official],
      ),
    ).toEqual({ trips: [], differences: [] });
  });
});
