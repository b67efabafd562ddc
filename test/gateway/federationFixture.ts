// Four small test-only subgraphs using what our real subgraphs do not use yet: @requires,
// @provides and @external fields, and entities joined across three subgraphs. They check that
// the single-subgraph shortcut answers exactly what the query plan answers.
import { composeServices } from '@apollo/composition';
import { buildSubgraphSchema } from '@apollo/subgraph';
import type { GraphQLResolverMap } from '@apollo/subgraph/dist/schema-helper';
import { parse } from 'graphql';
import type { Subgraph } from '../../subgraphs/shared/subgraph';

const link =
  'extend schema @link(url: "https://specs.apollo.dev/federation/v2.3", import: ["@key", "@shareable", "@external", "@requires", "@provides"])';

type Product = { upc: string; name: string; price: number; weight: number };
type User = { id: string; name: string; username: string };
type Review = { id: string; body: string; authorId: string; upc: string };

const products: Product[] = [
  { upc: '1', name: 'Table', price: 899, weight: 100 },
  { upc: '2', name: 'Couch', price: 1299, weight: 1000 },
  { upc: '3', name: 'Chair', price: 54, weight: 50 },
];
const users: User[] = [
  { id: '1', name: 'Ada Lovelace', username: '@ada' },
  { id: '2', name: 'Alan Turing', username: '@complete' },
];
const reviews: Review[] = [
  { id: '1', body: 'Love it!', authorId: '1', upc: '1' },
  { id: '2', body: 'Too expensive.', authorId: '1', upc: '2' },
  { id: '3', body: 'Could be better.', authorId: '2', upc: '3' },
  { id: '4', body: 'Prefer something else.', authorId: '2', upc: '1' },
];
const inStock = new Set(['1', '3']);

const byUpc = (upc: string) => products.find((product) => product.upc === upc) ?? null;
const byId = (id: string) => users.find((user) => user.id === id) ?? null;

const productsSubgraph = {
  name: 'products',
  typeDefs: `${link}
    type Query { topProducts(first: Int = 5): [Product!]! product(upc: String!): Product }
    type Mutation { ping(text: String!): String! }
    type Product @key(fields: "upc") { upc: String! name: String! price: Int! weight: Int! }`,
  resolvers: {
    Query: {
      topProducts: (_: unknown, { first }: { first: number }) => products.slice(0, first),
      product: (_: unknown, { upc }: { upc: string }) => byUpc(upc),
    },
    Mutation: { ping: (_: unknown, { text }: { text: string }) => `pong ${text}` },
    Product: { __resolveReference: (reference: { upc: string }) => byUpc(reference.upc) },
  },
};

const inventorySubgraph = {
  name: 'inventory',
  typeDefs: `${link}
    type Query { stockedProducts: [Product!]! }
    type Product @key(fields: "upc") {
      upc: String!
      price: Int! @external
      weight: Int! @external
      inStock: Boolean!
      shippingEstimate: Int @requires(fields: "price weight")
    }`,
  resolvers: {
    // Only the key: price and weight belong to the products subgraph.
    Query: {
      stockedProducts: () => products.filter((product) => inStock.has(product.upc)).map(({ upc }) => ({ upc })),
    },
    Product: {
      __resolveReference: (reference: Partial<Product> & { upc: string }) => reference,
      inStock: (product: { upc: string }) => inStock.has(product.upc),
      // Without the required fields (the old shortcut) this answers null, not the estimate.
      shippingEstimate: (product: Partial<Product>) =>
        product.price === undefined || product.weight === undefined
          ? null
          : product.price > 1000
            ? 0
            : product.weight / 2,
    },
  },
};

const accountsSubgraph = {
  name: 'accounts',
  typeDefs: `${link}
    type Query { me: User }
    type User @key(fields: "id") { id: ID! name: String! username: String! @shareable }`,
  resolvers: {
    Query: { me: () => users[0] },
    User: { __resolveReference: (reference: { id: string }) => byId(reference.id) },
  },
};

const reviewsSubgraph = {
  name: 'reviews',
  typeDefs: `${link}
    type Query { latestReviews: [Review!]! reviewer(id: ID!): User }
    type Review { id: ID! body: String! author: User! @provides(fields: "username") product: Product! }
    type User @key(fields: "id") { id: ID! username: String! @external reviews: [Review!]! }
    type Product @key(fields: "upc") { upc: String! reviews: [Review!]! }`,
  resolvers: {
    Query: {
      latestReviews: () => [...reviews].reverse(),
      // No @provides here: username must come from the accounts subgraph.
      reviewer: (_: unknown, { id }: { id: string }) => (byId(id) ? { id } : null),
    },
    Review: {
      // The provided username travels with the author.
      author: (review: Review) => ({ id: review.authorId, username: byId(review.authorId)!.username }),
      product: (review: Review) => ({ upc: review.upc }),
    },
    User: {
      __resolveReference: (reference: { id: string }) => reference,
      reviews: (user: { id: string }) => reviews.filter((review) => review.authorId === user.id),
    },
    Product: {
      __resolveReference: (reference: { upc: string }) => reference,
      reviews: (product: { upc: string }) => reviews.filter((review) => review.upc === product.upc),
    },
  },
};

const definitions = [productsSubgraph, inventorySubgraph, accountsSubgraph, reviewsSubgraph];

/**
 * The test subgraphs (in-process) and their composed supergraph SDL.
 * @returns subgraphs for `createGateway`'s in-process transport, and the SDL for its `supergraphSdl`
 * @example const { subgraphs, supergraphSdl } = buildFederationFixture()
 */
export function buildFederationFixture(): { subgraphs: Subgraph[]; supergraphSdl: string } {
  const subgraphs = definitions.map(({ name, typeDefs, resolvers }) => ({
    name,
    schema: buildSubgraphSchema({ typeDefs: parse(typeDefs), resolvers: resolvers as GraphQLResolverMap<unknown> }),
    createContext: () => ({}),
  }));
  const composed = composeServices(
    definitions.map(({ name, typeDefs }) => ({ name, url: `http://127.0.0.1/${name}`, typeDefs: parse(typeDefs) })),
  );
  if (composed.errors || !composed.supergraphSdl) {
    throw new Error(
      `test supergraph does not compose:\n${(composed.errors ?? []).map((error) => error.message).join('\n')}`,
    );
  }
  return { subgraphs, supergraphSdl: composed.supergraphSdl };
}

/**
 * Operations over the fixture: single-subgraph ones (the shortcut may take them), and ones that
 * need @requires, an @external field that is not provided, or entity joins (it must not).
 */
export const federationQueries: Record<string, string> = {
  'one subgraph': '{ topProducts { upc name price } }',
  'one subgraph, arguments, aliases and fragments': `query Two($upc: String!) {
    first: product(upc: "1") { ...Names } second: product(upc: $upc) { ...Names weight } }
    fragment Names on Product { upc name }`,
  'one subgraph, unknown key': '{ product(upc: "404") { upc } }',
  'a mutation': 'mutation { ping(text: "hello") }',
  __typename: '{ __typename me { __typename id } }',
  '@provides: the provided field comes with the author': '{ latestReviews { body author { id username } } }',
  '@provides, then a field the provider lacks': '{ latestReviews { body author { username name } } }',
  '@external without @provides': '{ reviewer(id: "2") { id username } }',
  '@external field of another subgraph': '{ stockedProducts { upc price inStock } }',
  '@requires': '{ stockedProducts { upc shippingEstimate } }',
  '@requires from the other side': '{ topProducts { name shippingEstimate } }',
  'entity join across three subgraphs': `{ topProducts(first: 3) {
    upc name inStock shippingEstimate reviews { body author { name username reviews { product { name } } } } } }`,
  'entity join from a nested entity': '{ me { name } reviewer(id: "1") { reviews { product { upc inStock } } } }',
};

/** Variables of {@link federationQueries}. */
export const federationVariables: Record<string, Record<string, unknown>> = {
  'one subgraph, arguments, aliases and fragments': { upc: '3' },
};
