import { getMetadataStorage, validateSync, type ValidationError } from 'class-validator';
import type { ValidatorFn } from 'type-graphql';
import { BadRequestError } from './errors';

/** A class, as class-validator's metadata storage keys it. */
type ClassConstructor = Parameters<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>[0];

rememberRuleLookups();

/**
 * The one parameter validator: type-graphql calls it for every argument object before a resolver
 * runs, in every subgraph, so GraphQL and REST share the rules declared with class-validator
 * decorators on the `*.args.ts` classes. A violation becomes a 400 naming each broken rule.
 * Most lookups' arguments are checked by their parameter scalars alone (params/): a class without
 * a class-validator rule skips class-validator, which gathers the class's (absent) rules afresh on
 * every call. Every rule is synchronous (class-validator's built-ins and the constraints of
 * signatureAggregator.args.ts), so `validateSync`: the promises of `validate` cost every request.
 */
export const validateArguments: ValidatorFn = (argValue) => {
  if (argValue === null || typeof argValue !== 'object' || !hasRules((argValue as object).constructor)) return;
  const errors = validateSync(argValue, { forbidUnknownValues: false });
  if (errors.length > 0) throw new BadRequestError(describe(errors).join('; '));
};

/** Whether a class (or one it extends) declares class-validator rules; decorators run at class definition, so once per class. */
const rulesOf = new WeakMap<ClassConstructor, boolean>();
function hasRules(target: ClassConstructor | undefined): boolean {
  if (typeof target !== 'function') return false; // an object without a prototype has no class, so no rules
  let has = rulesOf.get(target);
  if (has === undefined)
    rulesOf.set(target, (has = getMetadataStorage().getTargetValidationMetadatas(target, '', true, false).length > 0));
  return has;
}

function describe(errors: ValidationError[], prefix = ''): string[] {
  return errors.flatMap((error) => [
    ...Object.values(error.constraints ?? {}).map((text) => prefix + text),
    ...describe(error.children ?? [], `${prefix}${error.property}.`),
  ]);
}

/**
 * class-validator looks up a class's rules (its own and its ancestors') afresh on every `validate`,
 * testing the class against every class that has rules (typestack/class-validator#2686): with the
 * args classes of three subgraphs, that lookup is the costliest step of checking a list's
 * arguments. Decorators register a class's rules when the class is defined, before it can be
 * validated, and a class defined later never changes an earlier class's answer; so each answer is
 * kept, per class and per lookup options. The lists are only read by class-validator.
 */
function rememberRuleLookups(): void {
  const storage = getMetadataStorage();
  const lookUp = storage.getTargetValidationMetadatas.bind(storage);
  type Answer = {
    schema: string;
    always: boolean;
    strictGroups: boolean;
    groups: string | undefined;
    rules: ReturnType<typeof lookUp>;
  };
  const answers = new WeakMap<ClassConstructor, Answer[]>();
  storage.getTargetValidationMetadatas = (target, schema, always, strictGroups, groups) => {
    const groupList = groups?.length ? groups.join('\u0000') : undefined; // no groups and [] look up alike
    let known = answers.get(target);
    if (!known) answers.set(target, (known = []));
    let answer = known.find(
      (a) => a.schema === schema && a.always === always && a.strictGroups === strictGroups && a.groups === groupList,
    );
    if (!answer)
      known.push(
        (answer = {
          schema,
          always,
          strictGroups,
          groups: groupList,
          rules: lookUp(target, schema, always, strictGroups, groups),
        }),
      );
    return answer.rules;
  };
}
