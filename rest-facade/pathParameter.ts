/**
 * A path parameter of a route path, `:name` (`:chainId`, `:l1ValidationId`), as a global pattern
 * whose first group is the name. A colon the path escapes (`transactions\\:listErc20`) is a literal
 * colon, which callers split out first or skip with a lookbehind.
 */
export const PATH_PARAMETER = /:([A-Za-z][A-Za-z0-9]*)/g;
