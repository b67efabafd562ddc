import { validate, type ValidationError } from 'class-validator';
import type { ValidatorFn } from 'type-graphql';
import { BadRequestError } from './errors';

/**
 * The one parameter validator: type-graphql calls it for every argument object before a resolver
 * runs, in every subgraph, so GraphQL and REST share the rules declared with class-validator
 * decorators on the `*.args.ts` classes. A violation becomes a 400 naming each broken rule.
 */
export const validateArguments: ValidatorFn = async (argValue) => {
  if (argValue === null || typeof argValue !== 'object') return;
  const errors = await validate(argValue, { forbidUnknownValues: false });
  if (errors.length > 0) throw new BadRequestError(describe(errors).join('; '));
};

function describe(errors: ValidationError[], prefix = ''): string[] {
  return errors.flatMap((error) => [
    ...Object.values(error.constraints ?? {}).map((text) => prefix + text),
    ...describe(error.children ?? [], `${prefix}${error.property}.`),
  ]);
}
