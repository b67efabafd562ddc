// createCompiledExecution(): an operation answers the same whichever engine runs it. graphql-js's
// own `execute` is the reference: the first run of a document uses it, later runs the compiled query.
import { buildSchema, execute, GraphQLError, GraphQLScalarType, Kind, parse, type ExecutionResult } from 'graphql';
import { createCompiledExecution } from '../../gateway/compiledExecution';

// A scalar that parses values, as the service's parameter scalars do (addresses, big integers).
const Amount = new GraphQLScalarType({
  name: 'Amount',
  serialize: (value) => String(value),
  parseValue: (value) => {
    if (typeof value !== 'string' || !/^\d+$/.test(value))
      throw new GraphQLError('Amount must be a decimal integer string');
    return BigInt(value);
  },
  parseLiteral: (node) => (node.kind === Kind.STRING ? BigInt(node.value) : undefined),
});
const schema = buildSchema(`
  scalar Amount
  type Item { id: Int!, amount: Amount, broken: Int!, tags: [String!]! }
  type Page { items: [Item!]!, next: String }
  type Query { page(min: Amount!, size: Int = 2): Page, failing: Int }
`);
Object.assign(schema.getType('Amount')!, {
  serialize: Amount.serialize,
  parseValue: Amount.parseValue,
  parseLiteral: Amount.parseLiteral,
});
// Resolvers on the schema's fields (the runner has no root value, like the subgraphs).
const fields = schema.getQueryType()!.getFields();
fields.page!.resolve = (_root, { min, size }: { min: bigint; size: number }) => ({
  items: Array.from({ length: size }, (_, i) => ({
    id: i,
    amount: min + BigInt(i),
    tags: i % 2 ? [] : ['x'],
    broken: i === 1 ? null : i,
  })),
  next: null,
});
fields.failing!.resolve = () => {
  throw new GraphQLError('no such thing', { extensions: { code: 'NOT_FOUND' } });
};
const document = parse(`
  query Q($min: Amount!, $size: Int) { page(min: $min, size: $size) { items { id amount tags ...B } next } failing }
  fragment B on Item { broken }
`);
const reference = (variables: Record<string, unknown>) =>
  execute({ schema, document, variableValues: variables }) as Promise<ExecutionResult>;
/**
 * Plain JSON, as the result is sent (graphql-js's result objects have no prototype, graphql-jit's
 * do), errors in a fixed order: graphql-jit lists null-bubbling errors after the others, and the
 * spec leaves the order open.
 */
const sent = (result: ExecutionResult) => {
  const json = JSON.parse(JSON.stringify(result));
  json.errors?.sort((a: unknown, b: unknown) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
  return json;
};

describe('createCompiledExecution()', () => {
  test("the first run is graphql-js's, later runs compiled: the same data and errors (null bubbling, resolver errors)", async () => {
    const run = createCompiledExecution();
    const variables = { min: '10', size: 3 };
    const results = [];
    for (let i = 0; i < 3; i++) results.push(await run({ schema, document, variables, contextValue: {} }));
    const expected = sent(await reference(variables));
    expect(expected.errors).toHaveLength(2);
    for (const result of results) expect(sent(result)).toEqual(expected);
    // graphql-js builds result objects without a prototype; graphql-jit with one.
    expect(results.map((result) => Object.getPrototypeOf(result.data) === null)).toEqual([true, false, false]);
  });

  test("variables are refused with graphql-js's messages on either engine", async () => {
    const run = createCompiledExecution();
    const bad = { min: '1.5' };
    const first = await run({ schema, document, variables: bad, contextValue: {} });
    await run({ schema, document, variables: { min: '1' }, contextValue: {} });
    const compiled = await run({ schema, document, variables: bad, contextValue: {} });
    const expected = sent(await reference(bad));
    expect(expected.errors[0].message).toContain('Amount must be a decimal integer string');
    expect(sent(first)).toEqual(expected);
    expect(sent(compiled)).toEqual(expected);
  });

  test('a compiled run coerces accepted variables once: each scalar parses its value one time', async () => {
    const run = createCompiledExecution();
    const parsed: unknown[] = [];
    const amount = schema.getType('Amount') as GraphQLScalarType;
    const parseValue = amount.parseValue;
    amount.parseValue = (value) => {
      parsed.push(value);
      return parseValue.call(amount, value);
    };
    try {
      await run({ schema, document, variables: { min: '7' }, contextValue: {} }); // graphql-js
      await run({ schema, document, variables: { min: '8' }, contextValue: {} }); // compiles, then runs compiled
      parsed.length = 0;
      const result = await run({ schema, document, variables: { min: '9' }, contextValue: {} });
      expect(parsed).toEqual(['9']);
      expect(sent(result)).toEqual(sent(await reference({ min: '9' })));
    } finally {
      amount.parseValue = parseValue;
    }
  });
});
