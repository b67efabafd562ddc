import {
  DirectiveLocation,
  GraphQLBoolean,
  GraphQLDirective,
  GraphQLList,
  GraphQLNonNull,
  GraphQLString,
} from 'graphql';

/**
 * `@rest`: how the REST facade serves a field, interface or union, where the REST contract (the
 * official OpenAPI documents) says more than a GraphQL type can. GraphQL answers are unaffected.
 * The supergraph carries it (`@composeDirective`), so the facade reads it from the same document
 * the gateway runs (rest-facade/restAnnotations.ts).
 *
 * - `omit`: GraphQL only (joins, keys); REST answers and the OpenAPI document leave it out.
 * - `nullable`: always present in REST answers, `null` when unknown (OpenAPI: required and
 *   nullable). Other nulls are left out of REST answers.
 * - `number`: exact decimal text in GraphQL, a JSON number in REST (money, genesis amounts).
 * - `enum`: the values a String field takes (OpenAPI `enum`), for values that are not GraphQL
 *   names (`ERC-20`, `p-chain`) or that one variant of an interface narrows (`active`).
 * - `discriminator` (interfaces, unions): the member whose value names the variant; each
 *   variant gives that member a one-value `enum`.
 *
 * @example @Directive('@rest(nullable: true)') geolocation?: Geolocation
 */
export const restDirective = new GraphQLDirective({
  name: 'rest',
  description: 'How the REST facade serves this field or abstract type (REST and OpenAPI only).',
  locations: [DirectiveLocation.FIELD_DEFINITION, DirectiveLocation.INTERFACE, DirectiveLocation.UNION],
  args: {
    omit: { type: GraphQLBoolean, description: 'GraphQL only: not part of REST answers.' },
    nullable: { type: GraphQLBoolean, description: 'Always present in REST answers, null when unknown.' },
    number: { type: GraphQLBoolean, description: 'Exact decimal text in GraphQL, a JSON number in REST.' },
    enum: { type: new GraphQLList(new GraphQLNonNull(GraphQLString)), description: 'The values this string takes.' },
    discriminator: { type: GraphQLString, description: 'The member whose value names the variant.' },
  },
});

/** The `@link` and `@composeDirective` that make the supergraph carry `@rest`. */
export const restDirectiveLink =
  '@link(url: "https://avalanche-data-service.dev/rest/v1.0", import: ["@rest"]) @composeDirective(name: "@rest")';
