import { errorBody, statusBody } from '../../rest-facade/errorBody';
import { errorCodes, type ApiStatus } from '../../shared/errorStatus';
import { ApiError } from '../../subgraphs/shared/errors';

describe('errorBody()', () => {
  const statuses: Array<[ApiStatus, string]> = [
    [400, 'Bad Request'],
    [401, 'Unauthorized'],
    [403, 'Forbidden'],
    [404, 'Not Found'],
    [429, 'Too Many Requests'],
    [500, 'Internal Server Error'],
    [502, 'Bad Gateway'],
    [503, 'Service Unavailable'],
  ];

  it.each(statuses)('maps an ApiError(%i) to the section 7 body with error "%s"', (status, phrase) => {
    const error = new ApiError(status, 'what happened');
    const body = errorBody([error.toJSON()]);
    expect(body).toEqual({ statusCode: status, error: phrase, message: status === 500 ? phrase : 'what happened' });
    expect(statusBody(status, 'x')).toEqual({ statusCode: status, error: phrase, message: 'x' });
  });

  it.each(Object.entries(errorCodes))('maps extensions.code of status %s without an http status', (status, code) => {
    expect(errorBody([{ message: 'm', extensions: { code } }]).statusCode).toBe(Number(status));
  });

  it('maps GraphQL request errors (bad variables, invalid documents) to 400', () => {
    for (const code of ['BAD_USER_INPUT', 'GRAPHQL_VALIDATION_FAILED', 'GRAPHQL_PARSE_FAILED']) {
      expect(errorBody([{ message: 'm', extensions: { code } }]).statusCode).toBe(400);
    }
  });

  it('treats an error without a code as internal and hides its message', () => {
    expect(errorBody([{ message: 'relation "subnet" does not exist' }])).toEqual({
      statusCode: 500,
      error: 'Internal Server Error',
      message: 'Internal Server Error',
    });
  });

  it('answers several errors with the most severe status and all messages', () => {
    const body = errorBody([new ApiError(400, 'a').toJSON(), new ApiError(404, 'b').toJSON()]);
    expect(body).toEqual({ statusCode: 404, error: 'Not Found', message: 'a; b' });
  });
});
