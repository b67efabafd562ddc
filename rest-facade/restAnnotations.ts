import { Kind, parse, valueFromASTUntyped, type ConstDirectiveNode } from 'graphql';

/** What `@rest` says of a field (subgraphs/shared/restDirective.ts). */
export type RestFieldAnnotation = { omit?: boolean; nullable?: boolean; number?: boolean; enum?: string[] };

/** What `@rest` says of an interface or union. */
export type RestTypeAnnotation = { discriminator?: string };

/** Every `@rest` of a supergraph: fields by `Type.field`, abstract types by name. */
export type RestAnnotations = {
  fields: ReadonlyMap<string, RestFieldAnnotation>;
  types: ReadonlyMap<string, RestTypeAnnotation>;
};

/**
 * Reads the `@rest` annotations of a supergraph. The gateway's API schema drops the directives
 * a supergraph composes, so they are read from its SDL, the document the gateway runs.
 *
 * @param supergraphSdl the composed supergraph
 * @returns the annotations
 * @example readRestAnnotations(readSupergraphSdl()).fields.get('ActiveValidatorDetails.geolocation') // { nullable: true }
 */
export function readRestAnnotations(supergraphSdl: string): RestAnnotations {
  const fields = new Map<string, RestFieldAnnotation>();
  const types = new Map<string, RestTypeAnnotation>();
  for (const definition of parse(supergraphSdl).definitions) {
    switch (definition.kind) {
      case Kind.OBJECT_TYPE_DEFINITION:
      case Kind.OBJECT_TYPE_EXTENSION:
      case Kind.INTERFACE_TYPE_DEFINITION:
      case Kind.INTERFACE_TYPE_EXTENSION:
        for (const field of definition.fields ?? []) {
          const annotation = restArguments(field.directives);
          if (annotation) fields.set(`${definition.name.value}.${field.name.value}`, annotation as RestFieldAnnotation);
        }
        break;
    }
    if (definition.kind === Kind.INTERFACE_TYPE_DEFINITION || definition.kind === Kind.UNION_TYPE_DEFINITION) {
      const annotation = restArguments(definition.directives);
      if (annotation) types.set(definition.name.value, annotation as RestTypeAnnotation);
    }
  }
  return { fields, types };
}

function restArguments(directives: readonly ConstDirectiveNode[] | undefined): Record<string, unknown> | undefined {
  const rest = directives?.find((directive) => directive.name.value === 'rest');
  if (!rest) return undefined;
  return Object.fromEntries(
    (rest.arguments ?? []).map((argument) => [argument.name.value, valueFromASTUntyped(argument.value)]),
  );
}
