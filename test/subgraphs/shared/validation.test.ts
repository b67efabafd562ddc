// The one parameter validator: rules declared with class-validator become a 400 naming each rule;
// argument objects without rules are let through without consulting class-validator. Every rule is
// synchronous, so the validator answers at once: it throws, or returns nothing.
import { getMetadataStorage, IsIn, Max, Min } from 'class-validator';
import { BadRequestError } from '../../../subgraphs/shared/errors';
import { validateArguments } from '../../../subgraphs/shared/validation';

class PageArgs {
  @Min(1)
  @Max(100)
  pageSize = 10;
}

class SortedPageArgs extends PageArgs {
  @IsIn(['asc', 'desc'])
  sortOrder = 'desc';
}

class LookupArgs {
  txHash = '0x00';
}

// type-graphql also hands over the argument's type and the resolver's data; the validator reads neither.
const run = (value: unknown) => validateArguments(value, Object, {} as never);

describe('validateArguments', () => {
  it('refuses a value outside a declared bound with a 400 naming the rule', () => {
    const args = Object.assign(new PageArgs(), { pageSize: 101 });
    expect(() => run(args)).toThrow(BadRequestError);
    expect(() => run(args)).toThrow('pageSize must not be greater than 100');
  });

  it('checks the rules a class inherits as well as its own', () => {
    expect(() => run(Object.assign(new SortedPageArgs(), { pageSize: 0 }))).toThrow('pageSize must not be less than 1');
    expect(() => run(Object.assign(new SortedPageArgs(), { sortOrder: 'up' }))).toThrow(
      'sortOrder must be one of the following values: asc, desc',
    );
  });

  it('accepts values within every rule', () => {
    expect(run(new SortedPageArgs())).toBeUndefined();
  });

  it('lets through objects of a class without rules, plain values and objects without a prototype', () => {
    expect(run(new LookupArgs())).toBeUndefined();
    expect(run('0x00')).toBeUndefined();
    expect(run(null)).toBeUndefined();
    expect(run(Object.assign(Object.create(null), { pageSize: 101 }))).toBeUndefined();
  });

  it("keeps each class's rules once looked up, yet finds the rules of a class defined later, and tells groups apart", () => {
    const lookUp = (
      target: Parameters<ReturnType<typeof getMetadataStorage>['getTargetValidationMetadatas']>[0],
      groups?: string[],
    ) => getMetadataStorage().getTargetValidationMetadatas(target, '', false, false, groups);
    run(Object.assign(new SortedPageArgs(), { pageSize: 5 }));
    expect(lookUp(SortedPageArgs)).toBe(lookUp(SortedPageArgs));
    expect(
      lookUp(SortedPageArgs)
        .map((rule) => rule.propertyName)
        .sort(),
    ).toEqual(['pageSize', 'pageSize', 'sortOrder']);

    class LaterArgs extends SortedPageArgs {
      @Max(5, { groups: ['strict'] })
      depth = 1;
    }
    // Without groups (and groups not strict) class-validator applies grouped rules too.
    expect(
      lookUp(LaterArgs)
        .map((rule) => rule.propertyName)
        .sort(),
    ).toEqual(['depth', 'pageSize', 'pageSize', 'sortOrder']);
    expect(lookUp(LaterArgs, ['strict']).map((rule) => rule.propertyName)).toEqual(['depth']);
    expect(() => run(Object.assign(new LaterArgs(), { sortOrder: 'up' }))).toThrow(
      'sortOrder must be one of the following values: asc, desc',
    );
  });
});
