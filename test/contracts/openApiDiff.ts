// Differences between this service's OpenAPI document and the official one, operation by
// operation. Some would make an official client fail on an answer (a type it does not expect, a
// required member missing, an enum value it does not know, a null, a variant it has no model for):
// those are `trips`. The others (a member or parameter more or less, a tighter bound, a rule the
// official document does not state) are `differences` a reviewer accepts with a reason.

/** One difference, at a path of an operation (`$.validators[].stakePercentage`, `parameter pageSize`). */
export type Difference = { operation: string; at: string; kind: string; detail: string };

/** The differences of the documents, split by whether an official client could trip on them. */
export type Comparison = { trips: Difference[]; differences: Difference[] };

type Schema = Record<string, any>;
type Document = Record<string, any>;

/** Response kinds an official client trips on; every other kind is a difference to accept or not. */
const TRIP_KINDS = new Set(['type', 'required', 'enum', 'nullable', 'variant', 'operationId', 'status']);

/**
 * Compares the operations of `ours` with the operations of the same method and path in the
 * official documents: operationId, success status, parameters, request body and the success
 * response's schema, member by member.
 *
 * @param ours this service's document
 * @param officials the official documents (the Data API's and the Metrics API's)
 * @returns the trips and the other differences
 * @example compareWithOfficial(ourDocument, [glacier, metrics]).trips // []
 */
export function compareWithOfficial(ours: Document, officials: Document[]): Comparison {
  const found: Difference[] = [];
  for (const [path, methods] of Object.entries<Record<string, any>>(ours.paths ?? {})) {
    for (const [method, operation] of Object.entries<any>(methods)) {
      const official = officials
        .map((document) => ({ document, operation: document.paths?.[path]?.[method] }))
        .find((entry) => entry.operation);
      const name = operation.operationId ?? `${method} ${path}`;
      const report = (at: string, kind: string, detail: string) => found.push({ operation: name, at, kind, detail });
      if (!official) {
        report('operation', 'extra-operation', `${method.toUpperCase()} ${path} is not an official operation`);
        continue;
      }
      if (official.operation.operationId !== operation.operationId) {
        report('operation', 'operationId', `ours ${operation.operationId}, official ${official.operation.operationId}`);
      }
      const status = successStatus(official.operation);
      if (!operation.responses?.[status])
        report('responses', 'status', `the official success status ${status} is not ours`);
      compareParameters(ours, operation, official.document, official.operation, report);
      compareBody(ours, operation, official.document, official.operation, report);
      const officialSchema = official.operation.responses?.[status]?.content?.['application/json']?.schema;
      const ourSchema = operation.responses?.[status]?.content?.['application/json']?.schema;
      if (officialSchema && ourSchema)
        compareSchemas({ ours, official: official.document, report }, '$', ourSchema, officialSchema, 0);
    }
  }
  return {
    trips: found.filter((d) => TRIP_KINDS.has(d.kind)),
    differences: found.filter((d) => !TRIP_KINDS.has(d.kind)),
  };
}

function successStatus(operation: any): string {
  return Object.keys(operation.responses ?? {}).find((status) => /^2\d\d$/.test(status)) ?? '200';
}

type Report = (at: string, kind: string, detail: string) => void;
type Context = { ours: Document; official: Document; report: Report };

function compareParameters(
  ours: Document,
  operation: any,
  officialDocument: Document,
  officialOperation: any,
  report: Report,
): void {
  const mine = new Map<string, any>((operation.parameters ?? []).map((p: any) => [p.name, p]));
  const theirs = new Map<string, any>(
    (officialOperation.parameters ?? []).map((p: any) => resolve(officialDocument, p)).map((p: any) => [p.name, p]),
  );
  for (const [name, official] of theirs) {
    const at = `parameter ${name}`;
    const own = mine.get(name);
    if (!own) {
      report(at, 'missing-parameter', `the official ${official.in} parameter ${name} is not ours`);
      continue;
    }
    if (own.in !== official.in) report(at, 'parameter-location', `ours in ${own.in}, official in ${official.in}`);
    if (own.required && !official.required)
      report(at, 'parameter-required', 'ours is required, the official one optional');
    compareParameterSchema(
      at,
      normalize(ours, own.schema ?? {}),
      normalize(officialDocument, official.schema ?? {}),
      report,
    );
  }
  for (const name of mine.keys())
    if (!theirs.has(name)) report(`parameter ${name}`, 'extra-parameter', 'not an official parameter');
}

function compareBody(
  ours: Document,
  operation: any,
  officialDocument: Document,
  officialOperation: any,
  report: Report,
): void {
  const official = officialOperation.requestBody?.content?.['application/json']?.schema;
  const own = operation.requestBody?.content?.['application/json']?.schema;
  if (!official && !own) return;
  let theirs = normalize(officialDocument, official ?? {});
  const mine = normalize(ours, own ?? {});
  if (theirs.variants) {
    const names = theirs.variants.map((variant: Schema) => variant.$ref?.split('/').pop() ?? 'an inline object');
    report('body', 'merged-variants', `the official body is one of ${names.join(', ')}; ours is one object`);
    theirs = mergedVariants(officialDocument, theirs.variants);
  }
  for (const [name, schema] of Object.entries<Schema>(theirs.properties ?? {})) {
    const at = `body ${name}`;
    const field = mine.properties?.[name];
    if (!field) {
      report(at, 'missing-parameter', `the official body field ${name} is not ours`);
      continue;
    }
    if ((mine.required ?? []).includes(name) && !(theirs.required ?? []).includes(name))
      report(at, 'parameter-required', 'ours is required, the official one optional');
    compareParameterSchema(at, normalize(ours, field), normalize(officialDocument, schema), report);
  }
  for (const name of Object.keys(mine.properties ?? {}))
    if (!theirs.properties?.[name]) report(`body ${name}`, 'extra-parameter', 'not an official body field');
}

/**
 * The official variants of a body as one object: every member of any variant (enums joined), required
 * where every variant requires it. A body that holds all the variants' members is compared with it.
 */
function mergedVariants(document: Document, variants: Schema[]): Schema {
  const objects = variants.map((variant) => normalize(document, variant));
  const properties: Record<string, Schema> = {};
  for (const object of objects) {
    for (const [name, member] of Object.entries<Schema>(object.properties ?? {})) {
      const known = properties[name];
      const schema = normalize(document, member);
      properties[name] =
        known && Array.isArray(known.enum) && Array.isArray(schema.enum)
          ? { ...known, enum: [...new Set([...known.enum, ...schema.enum])] }
          : (known ?? schema);
    }
  }
  const required = Object.keys(properties).filter((name) =>
    objects.every((object) => (object.required ?? []).includes(name)),
  );
  return { type: 'object', properties, required };
}

/** A parameter that refuses what the official document allows is a tighter rule; one that takes more is no difference. */
function compareParameterSchema(at: string, own: Schema, official: Schema, report: Report): void {
  const ownTypes = typesOf(own);
  const officialTypes = typesOf(official);
  if (
    ownTypes.length &&
    officialTypes.length &&
    !officialTypes.every((type) => ownTypes.includes(type) || (type === 'integer' && ownTypes.includes('number')))
  ) {
    report(at, 'parameter-type', `ours ${ownTypes.join('|')}, official ${officialTypes.join('|')}`);
  }
  if (Array.isArray(official.enum) && Array.isArray(own.enum)) {
    const refused = official.enum.filter((value: unknown) => value !== null && !own.enum.includes(value));
    if (refused.length) report(at, 'parameter-enum', `ours refuses ${refused.join(', ')}`);
  }
  if (official.maximum !== undefined && own.maximum !== undefined && own.maximum < official.maximum)
    report(at, 'parameter-bounds', `ours at most ${own.maximum}, official ${official.maximum}`);
  if (official.minimum !== undefined && own.minimum !== undefined && own.minimum > official.minimum)
    report(at, 'parameter-bounds', `ours at least ${own.minimum}, official ${official.minimum}`);
  if (official.default !== undefined && own.default !== undefined && String(own.default) !== String(official.default)) {
    report(at, 'parameter-default', `ours ${own.default}, official ${official.default}`);
  }
}

/** Follows `$ref`s of a document's components (schemas and parameters). */
function resolve(document: Document, schema: Schema): Schema {
  let current = schema;
  for (let depth = 0; current && typeof current.$ref === 'string' && depth < 20; depth++) {
    const [, , section, name] = current.$ref.split('/');
    current = {
      ...document.components?.[section]?.[name],
      ...Object.fromEntries(Object.entries(current).filter(([key]) => key !== '$ref')),
    };
  }
  return current;
}

/**
 * A schema as the generators read it: references followed, a lone `allOf` member merged, null
 * admitted by 3.0's `nullable`, a type list with `null`, or an `anyOf`/`oneOf` member `{type: null}`.
 */
function normalize(document: Document, input: Schema): Schema {
  let schema = resolve(document, input);
  if (Array.isArray(schema.allOf) && schema.allOf.length === 1) {
    const { allOf, ...rest } = schema;
    schema = { ...normalize(document, allOf[0]), ...rest };
  }
  let nullable = schema.nullable === true;
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  if (types.includes('null')) nullable = true;
  const variants = schema.oneOf ?? schema.anyOf;
  if (Array.isArray(variants)) {
    const nonNull = variants.filter((variant: Schema) => resolve(document, variant).type !== 'null');
    if (nonNull.length < variants.length) nullable = true;
    if (nonNull.length === 1) {
      const { oneOf: _o, anyOf: _a, ...rest } = schema;
      return { ...normalize(document, nonNull[0]), ...rest, nullable: nullable || undefined };
    }
    return { ...schema, variants: nonNull, nullable: nullable || undefined };
  }
  return { ...schema, type: types.filter((type: string) => type !== 'null'), nullable: nullable || undefined };
}

function typesOf(schema: Schema): string[] {
  return Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
}

function compareSchemas(context: Context, at: string, ownInput: Schema, officialInput: Schema, depth: number): void {
  if (depth > 25) return;
  const own = normalize(context.ours, ownInput);
  const official = normalize(context.official, officialInput);
  if (own.nullable && !official.nullable) context.report(at, 'nullable', 'ours may be null, the official one may not');
  if (official.variants) {
    compareVariants(context, at, own, official, depth);
    return;
  }
  if (own.variants) {
    context.report(at, 'variant', `ours has ${own.variants.length} variants, the official schema one`);
    return;
  }
  const ownTypes = typesOf(own);
  const officialTypes = typesOf(official);
  if (officialTypes.length && ownTypes.length) {
    const accepted = ownTypes.every(
      (type) => officialTypes.includes(type) || (type === 'integer' && officialTypes.includes('number')),
    );
    if (!accepted) {
      context.report(at, 'type', `ours ${ownTypes.join('|')}, official ${officialTypes.join('|')}`);
      return;
    }
  }
  if (Array.isArray(official.enum)) {
    const known: unknown[] = official.enum.filter((value: unknown) => value !== null);
    if (!Array.isArray(own.enum))
      context.report(at, 'enum', `ours is any ${ownTypes.join('|') || 'value'}, official one of ${known.join(', ')}`);
    else {
      const unknown = own.enum.filter((value: unknown) => !known.includes(value));
      if (unknown.length) context.report(at, 'enum', `ours may be ${unknown.join(', ')}, unknown to the official enum`);
    }
  }
  if (ownTypes.includes('array') || officialTypes.includes('array')) {
    compareSchemas(context, `${at}[]`, own.items ?? {}, official.items ?? {}, depth + 1);
    return;
  }
  if (official.properties || own.properties) compareObjects(context, at, own, official, depth);
}

function compareObjects(context: Context, at: string, own: Schema, official: Schema, depth: number): void {
  const ownRequired: string[] = own.required ?? [];
  const officialRequired: string[] = official.required ?? [];
  for (const [name, schema] of Object.entries<Schema>(official.properties ?? {})) {
    const member = `${at}.${name}`;
    const ownMember = own.properties?.[name];
    if (!ownMember) {
      context.report(
        member,
        officialRequired.includes(name) ? 'required' : 'missing-member',
        'an official member ours does not have',
      );
      continue;
    }
    if (officialRequired.includes(name) && !ownRequired.includes(name))
      context.report(member, 'required', 'required officially, optional in ours');
    compareSchemas(context, member, ownMember, schema, depth + 1);
  }
  for (const name of Object.keys(own.properties ?? {})) {
    if (!official.properties?.[name]) context.report(`${at}.${name}`, 'extra-member', 'not an official member');
  }
}

/** Each of our variants must match an official one (by discriminator value, else the closest); official variants we never answer are differences. */
function compareVariants(context: Context, at: string, own: Schema, official: Schema, depth: number): void {
  const officialVariants: Schema[] = official.variants;
  const ownVariants: Schema[] = own.variants ?? [own];
  const matched = new Set<number>();
  for (const ownVariant of ownVariants) {
    const candidates = officialVariants.map((variant, index) => {
      const trial: Difference[] = [];
      compareSchemas(
        { ...context, report: (a, kind, detail) => trial.push({ operation: '', at: a, kind, detail }) },
        at,
        ownVariant,
        variant,
        depth + 1,
      );
      return { index, trial, trips: trial.filter((d) => TRIP_KINDS.has(d.kind)).length };
    });
    const byDiscriminator = discriminatorMatch(
      context,
      ownVariant,
      officialVariants,
      official.discriminator?.propertyName,
    );
    const best =
      byDiscriminator === undefined
        ? candidates.sort((a, b) => a.trips - b.trips || a.trial.length - b.trial.length)[0]!
        : candidates[byDiscriminator]!;
    matched.add(best.index);
    const name =
      resolve(context.official, officialVariants[best.index]!).title ??
      officialVariants[best.index]!.$ref?.split('/').pop() ??
      `variant ${best.index}`;
    for (const difference of best.trial)
      context.report(difference.at.replace(at, `${at}<${name}>`), difference.kind, difference.detail);
  }
  officialVariants.forEach((variant, index) => {
    if (!matched.has(index))
      context.report(
        at,
        'unanswered-variant',
        `ours never answers the official variant ${variant.$ref?.split('/').pop() ?? index}`,
      );
  });
}

function discriminatorMatch(
  context: Context,
  ownVariant: Schema,
  officialVariants: Schema[],
  propertyName: string | undefined,
): number | undefined {
  if (!propertyName) return undefined;
  const value = normalize(context.ours, normalize(context.ours, ownVariant).properties?.[propertyName] ?? {}).enum?.[0];
  if (value === undefined) return undefined;
  const index = officialVariants.findIndex((variant) =>
    normalize(context.official, normalize(context.official, variant).properties?.[propertyName] ?? {}).enum?.includes(
      value,
    ),
  );
  return index < 0 ? undefined : index;
}
