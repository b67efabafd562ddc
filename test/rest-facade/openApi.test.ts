import { completeOpenApi } from '../../rest-facade/openApi';

describe('completeOpenApi()', () => {
  const document = () => ({
    paths: {
      // sofa's key: the router's escape kept, the escaped name read as a parameter.
      '/v1/chains/{chainId}/addresses/{address}/transactions\\{listErc20}': {
        get: { parameters: [{ name: 'pageSize', in: 'query', schema: { type: 'integer' } }], responses: { '200': {} } },
      },
    },
  });
  const routes = {
    'Query.listErc20': {
      method: 'GET' as const,
      path: '/v1/chains/:chainId/addresses/:address/transactions\\:listErc20',
      list: 'transfers' as const,
    },
  };

  it('serves paths with their literal colon, not the router escape', () => {
    expect(Object.keys(completeOpenApi(document(), routes).paths)).toEqual([
      '/v1/chains/{chainId}/addresses/{address}/transactions:listErc20',
    ]);
  });

  it('documents the section 8 page-size bounds of the route', () => {
    const completed = completeOpenApi(document(), routes);
    const operation = completed.paths['/v1/chains/{chainId}/addresses/{address}/transactions:listErc20' as never] as any;
    expect(operation.get.parameters[0].schema).toEqual({ type: 'integer', minimum: 1, maximum: 100, default: 10 });
  });

  it('documents the error body for every status of section 7', () => {
    const completed = completeOpenApi(document(), routes) as any;
    const responses = completed.paths['/v1/chains/{chainId}/addresses/{address}/transactions:listErc20'].get.responses;
    expect(Object.keys(responses).sort()).toEqual(['200', '400', '401', '403', '404', '429', '500', '502', '503']);
    expect(responses['429']).toEqual({
      description: 'Too Many Requests',
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
    });
    expect(completed.components.schemas.ErrorBody.required).toEqual(['message', 'statusCode', 'error']);
  });
});
