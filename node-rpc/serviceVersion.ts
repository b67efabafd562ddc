import { servicePackage } from '../shared/servicePackage';

/**
 * The service's name and version as `web3_clientVersion` answers them.
 * @returns e.g. `avalanche-data-service/v0.1.0`
 * @example serviceVersion() // 'avalanche-data-service/v0.1.0'
 */
export function serviceVersion(): string {
  const { name, version } = servicePackage();
  return `${name}/v${version}`;
}
