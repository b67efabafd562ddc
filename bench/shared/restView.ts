import { Supergraph } from '@apollo/federation-internals';
import type { GraphQLSchema } from 'graphql';
import { withCustomScalars } from '../../gateway/customScalars';
import { readSupergraphSdl } from '../../gateway/supergraph';
import { readRestAnnotations, type RestAnnotations, type RestFieldAnnotation } from '../../rest-facade/restAnnotations';
import { restRoutes } from '../../rest-facade/routes';
import { restSchema } from '../../rest-facade/restSchema';
import { restShape, type RestShape } from '../../rest-facade/restShape';

let view: { schema: GraphQLSchema; shape: RestShape; annotations: RestAnnotations } | undefined;

/**
 * The REST facade's schema and answer shape, built as the service builds them from the
 * checked-in supergraph (rest-facade/index.ts), for benches that compare GraphQL with REST.
 * @example restView().schema.getQueryType()
 */
export function restView(): { schema: GraphQLSchema; shape: RestShape; annotations: RestAnnotations } {
  if (view) return view;
  const supergraphSdl = readSupergraphSdl();
  const annotations = readRestAnnotations(supergraphSdl);
  const apiSchema = withCustomScalars(Supergraph.build(supergraphSdl).apiSchema().toGraphQLJSSchema());
  const schema = restSchema(apiSchema, Object.keys(restRoutes), annotations);
  return (view = { schema, shape: restShape(schema, annotations), annotations });
}

/**
 * A routed field's data made a REST answer, in place, as the facade makes it (the floors do this
 * work too, so service and floor answer the same bytes for the same work).
 * @param field the routed root field
 * @param data the field's data
 * @returns the same data, shaped
 * @example sendJson(response, 200, restAnswer('listErc20Transactions', body))
 */
export function restAnswer<T>(field: string, data: T): T {
  return (restView().shape({ [field]: data }) as Record<string, T>)[field]!;
}

/**
 * A GraphQL answer's data as the REST facade sends it (shaped by the REST rules, as JSON), to
 * compare with a REST body.
 * @param field the routed root field whose data this is
 * @param data the field's data from a GraphQL answer
 * @example isDeepStrictEqual(asRestBody('listSubnets', graphql.data?.listSubnets), rest)
 */
export function asRestBody(field: string, data: unknown): unknown {
  return JSON.parse(JSON.stringify(restAnswer(field, data)) ?? 'null');
}

/**
 * The members of a type that REST leaves out (`@rest(omit: true)`), read from the supergraph as
 * the facade reads them: a floor that builds an answer from the service's formatter drops these.
 * @example restOmitted('Subnet') // ['network', 'validators']
 */
export function restOmitted(typeName: string): string[] {
  return annotated(typeName, 'omit');
}

/**
 * The members of a type that REST shows as null when unset (`@rest(nullable: true)`); GraphQL
 * answers null for a selected member the formatter leaves out, and REST keeps exactly these.
 * @example restNullable('GenesisData') // ['airdropAmount', 'baseFeePerGas', 'blobGasUsed', 'excessBlobGas']
 */
export function restNullable(typeName: string): string[] {
  return annotated(typeName, 'nullable');
}

/** Members by rule and type, found once: the floors ask on every item of every answer. */
const annotatedMembers = new Map<string, string[]>();

function annotated(typeName: string, rule: keyof RestFieldAnnotation): string[] {
  const key = `${rule} ${typeName}`;
  let members = annotatedMembers.get(key);
  if (!members) {
    const prefix = `${typeName}.`;
    members = [...restView().annotations.fields]
      .filter(([field, annotation]) => field.startsWith(prefix) && annotation[rule] === true)
      .map(([field]) => field.slice(prefix.length));
    annotatedMembers.set(key, members);
  }
  return members;
}
