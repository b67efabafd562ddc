import { PATH_PARAMETER } from './pathParameter';

/**
 * A route path as OpenAPI (and clients) write it.
 * @example openApiPath('/v1/chains/:chainId/transactions\\:listErc20') // '/v1/chains/{chainId}/transactions:listErc20'
 */
export function openApiPath(routePath: string): string {
  return routePath
    .split('\\:')
    .map((part) => part.replace(PATH_PARAMETER, '{$1}'))
    .join(':');
}
