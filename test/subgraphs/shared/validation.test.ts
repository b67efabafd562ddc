// The one parameter validator: rules declared with class-validator become a 400 naming each rule;
// argument objects without rules are let through without consulting class-validator.
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
  it('refuses a value outside a declared bound with a 400 naming the rule', async () => {
    const args = Object.assign(new PageArgs(), { pageSize: 101 });
    await expect(run(args)).rejects.toThrow(BadRequestError);
    await expect(run(args)).rejects.toThrow('pageSize must not be greater than 100');
  });

  it('checks the rules a class inherits as well as its own', async () => {
    await expect(run(Object.assign(new SortedPageArgs(), { pageSize: 0 }))).rejects.toThrow('pageSize must not be less than 1');
    await expect(run(Object.assign(new SortedPageArgs(), { sortOrder: 'up' }))).rejects.toThrow('sortOrder must be one of the following values: asc, desc');
  });

  it('accepts values within every rule', async () => {
    await expect(run(new SortedPageArgs())).resolves.toBeUndefined();
  });

  it('lets through objects of a class without rules, plain values and objects without a prototype', async () => {
    await expect(run(new LookupArgs())).resolves.toBeUndefined();
    await expect(run('0x00')).resolves.toBeUndefined();
    await expect(run(null)).resolves.toBeUndefined();
    await expect(run(Object.assign(Object.create(null), { pageSize: 101 }))).resolves.toBeUndefined();
  });

  it("keeps each class's rules once looked up, yet finds the rules of a class defined later, and tells groups apart", async () => {
    const lookUp = (target: Function, groups?: string[]) => getMetadataStorage().getTargetValidationMetadatas(target, '', false, false, groups);
    await run(Object.assign(new SortedPageArgs(), { pageSize: 5 }));
    expect(lookUp(SortedPageArgs)).toBe(lookUp(SortedPageArgs));
    expect(lookUp(SortedPageArgs).map((rule) => rule.propertyName).sort()).toEqual(['pageSize', 'pageSize', 'sortOrder']);

    class LaterArgs extends SortedPageArgs {
      @Max(5, { groups: ['strict'] })
      depth = 1;
    }
    // Without groups (and groups not strict) class-validator applies grouped rules too.
    expect(lookUp(LaterArgs).map((rule) => rule.propertyName).sort()).toEqual(['depth', 'pageSize', 'pageSize', 'sortOrder']);
    expect(lookUp(LaterArgs, ['strict']).map((rule) => rule.propertyName)).toEqual(['depth']);
    await expect(run(Object.assign(new LaterArgs(), { sortOrder: 'up' }))).rejects.toThrow('sortOrder must be one of the following values: asc, desc');
  });
});
