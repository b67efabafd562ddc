// How a request without an API key is told that one is needed: access control says it where keys
// are required, and the webhook operations (a webhook belongs to a key) say it always.

/** The header of spec section 5. */
export const apiKeyHeader = 'x-service-api-key';

/** The 401's message, on REST and GraphQL alike. */
export const apiKeyRequiredMessage = `An API key is required: send it in the ${apiKeyHeader} header`;
