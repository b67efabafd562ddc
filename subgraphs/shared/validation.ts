import { getMetadataStorage, validate, type ValidationError } from 'class-validator';
import type { ValidatorFn } from 'type-graphql';
import { BadRequestError } from './errors';

/**
 * The one parameter validator: type-graphql calls it for every argument object before a resolver
 * runs, in every subgraph, so GraphQL and REST share the rules declared with class-validator
 * decorators on the `*.args.ts` classes. A violation becomes a 400 naming each broken rule.
 * Most lookups' arguments are checked by their parameter scalars alone (params/): a class without
 * a class-validator rule skips class-validator, which gathers the class's (absent) rules afresh on
 * every call.
 */
export const validateArguments: ValidatorFn = async (argValue) => {
  if (argValue === null || typeof argValue !== 'object' || !hasRules((argValue as object).constructor)) return;
  const errors = await validate(argValue, { forbidUnknownValues: false });
  if (errors.length > 0) throw new BadRequestError(describe(errors).join('; '));
};

/** Whether a class (or one it extends) declares class-validator rules; decorators run at class definition, so once per class. */
const rulesOf = new WeakMap<Function, boolean>();
function hasRules(target: Function | undefined): boolean {
  if (typeof target !== 'function') return false; // an object without a prototype has no class, so no rules
  let has = rulesOf.get(target);
  if (has === undefined) rulesOf.set(target, (has = getMetadataStorage().getTargetValidationMetadatas(target, '', true, false).length > 0));
  return has;
}

function describe(errors: ValidationError[], prefix = ''): string[] {
  return errors.flatMap((error) => [
    ...Object.values(error.constraints ?? {}).map((text) => prefix + text),
    ...describe(error.children ?? [], `${prefix}${error.property}.`),
  ]);
}
