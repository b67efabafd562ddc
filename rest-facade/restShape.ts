import {
  getNamedType,
  isInterfaceType,
  isObjectType,
  isUnionType,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql';
import type { RestAnnotations } from './restAnnotations';

/**
 * How REST serves one member of an object: kept when null, turned into a number, or shaped
 * further; `rename` names the member a response key stands for when the key is an alias.
 */
type MemberRule = { nullable: boolean; number: boolean; members?: MemberRules; rename?: string };

/** The rules of an object's members, by name (an abstract type's merge those of its variants). */
type MemberRules = Map<string, MemberRule>;

/** Shapes one route's GraphQL data into its REST answer, in place. */
export type RestShape = <T>(data: T) => T;

/**
 * The REST shape of the facade's schema: GraphQL data becomes a REST answer by leaving out its
 * nulls (as the hosted API does: an absent `nextPageToken` ends a list), except the members REST
 * always shows (`@rest(nullable: true)`), and by turning exact decimal text into JSON numbers
 * where the REST contract types a number (`@rest(number: true)`). The rules come from the schema
 * once; applying them walks the answer with them, changing it in place: the data is the
 * request's own, and assigning keeps each object's hidden class for the serializer.
 *
 * @param schema the REST schema (restSchema.ts)
 * @param annotations the supergraph's `@rest` annotations
 * @returns the shape; `shape(result.data)` before serializing
 * @throws {Error} when two variants of an abstract type give one member different rules
 * @example restShape(schema, annotations)({ listSubnets: { nextPageToken: null, subnets: [] } }) // { listSubnets: { subnets: [] } }
 */
export function restShape(schema: GraphQLSchema, annotations: RestAnnotations): RestShape {
  const built = new Map<string, MemberRules>();
  const rulesOf = (type: GraphQLNamedType): MemberRules | undefined => {
    if (!isObjectType(type) && !isInterfaceType(type) && !isUnionType(type)) return undefined;
    const existing = built.get(type.name);
    if (existing) return existing;
    const rules: MemberRules = new Map();
    built.set(type.name, rules);
    const variants = isObjectType(type) ? [type] : isUnionType(type) ? type.getTypes() : schema.getPossibleTypes(type);
    for (const variant of variants) {
      for (const field of Object.values(variant.getFields())) {
        const annotation = annotations.fields.get(`${variant.name}.${field.name}`);
        const rule: MemberRule = {
          nullable: annotation?.nullable === true,
          number: annotation?.number === true,
          members: rulesOf(getNamedType(field.type)),
        };
        // sofa's operations (graphql-tools) alias a member whose type differs from the same
        // member of another variant (P-Chain UTXOs' `outputIndex` is a number, X-Chain ones' text):
        // GraphQL cannot merge the two. The alias is answered under the member's own name.
        const alias = `${field.name}${field.type.toString().replace(/!/g, 'NonNull').replace(/\[/g, 'List').replace(/\]/g, '')}`;
        if (!rules.has(alias)) rules.set(alias, { ...rule, rename: field.name });
        const known = rules.get(field.name);
        if (!known) rules.set(field.name, rule);
        else if (known.nullable !== rule.nullable || known.number !== rule.number) {
          throw new Error(`${type.name}: variants disagree on how REST serves ${field.name}`);
        } else if (rule.members && known.members !== rule.members) {
          known.members = mergeRules(type.name, field.name, known.members, rule.members);
        }
      }
    }
    return rules;
  };
  const roots = [schema.getQueryType(), schema.getMutationType()].flatMap((root) => (root ? [rulesOf(root)!] : []));
  const rootRules: MemberRules = new Map(roots.flatMap((rules) => [...rules]));
  return (data) => shapeValue(data, rootRules);
}

function mergeRules(typeName: string, fieldName: string, a: MemberRules | undefined, b: MemberRules): MemberRules {
  if (!a) return b;
  const merged: MemberRules = new Map(a);
  for (const [name, rule] of b) {
    const known = merged.get(name);
    if (!known) merged.set(name, rule);
    else if (known.nullable !== rule.nullable || known.number !== rule.number) {
      throw new Error(`${typeName}.${fieldName}: variants disagree on how REST serves ${name}`);
    }
  }
  return merged;
}

function shapeValue<T>(value: T, rules: MemberRules): T {
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) value[i] = shapeValue(value[i], rules);
    return value;
  }
  if (value === null || typeof value !== 'object') return value;
  const record = value as Record<string, unknown>;
  let renamed = false;
  for (const key in record) {
    const member = record[key];
    const rule = rules.get(key);
    if (rule?.rename) renamed = true;
    if (member === null) {
      if (!rule?.nullable) record[key] = undefined;
    } else if (rule?.number) {
      if (typeof member === 'string') record[key] = Number(member);
    } else if (typeof member === 'object' && rule?.members) {
      record[key] = shapeValue(member, rule.members);
    }
  }
  return renamed ? (withOwnNames(record, rules) as T) : value;
}

/** The object with every aliased key under its member's own name, in the same order. */
function withOwnNames(record: Record<string, unknown>, rules: MemberRules): Record<string, unknown> {
  const named: Record<string, unknown> = {};
  for (const key in record) named[rules.get(key)?.rename ?? key] = record[key];
  return named;
}
