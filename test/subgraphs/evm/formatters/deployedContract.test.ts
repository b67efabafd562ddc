import { contractRow } from '../../../../demo-data/evm/contracts';
import { formatDeployedContract } from '../../../../subgraphs/evm/formatters/deployedContract';
import type { EvmContract } from '../../../../prisma/rows';

const address = '0x00000000000000000000000000000000000000c0';

/** A stored deployed contract: the schema's defaults, a deployment, and `fields`. */
function row(fields: Partial<EvmContract>): EvmContract {
  return {
    ...contractRow(43114n, address),
    deploymentTxHash: `0x${'1'.repeat(64)}`,
    deployerAddress: `0x${'2'.repeat(40)}`,
    deploymentBlockNumber: 5n,
    ...fields,
  } as EvmContract;
}

describe('formatDeployedContract()', () => {
  it('serves an ERC-20 as Erc20Contract: decimals (18 when the contract does not say) and the CoinGecko coin ID of its profile', () => {
    const links = [
      { type: 'Website', url: 'https://usdc.example' },
      { type: 'CoinGecko', url: 'https://www.coingecko.com/en/coins/usd-coin' },
    ];
    expect(
      formatDeployedContract(
        row({ ercType: 'ERC20', name: 'USD Coin', symbol: 'USDC', decimals: 6, resourceLinks: links }),
      ),
    ).toMatchObject({
      ercType: 'ERC-20',
      symbol: 'USDC',
      decimals: 6,
      pricingProviders: { coingeckoCoinId: 'usd-coin' },
      resourceLinks: links,
    });
    const bare = formatDeployedContract(row({ ercType: 'ERC20', decimals: null }));
    expect(bare).toMatchObject({ ercType: 'ERC-20', decimals: 18 });
    expect(bare).toMatchObject({ pricingProviders: undefined, symbol: undefined });
  });

  it('reads the coin ID from a CoinGecko page in any language, or none from another page', () => {
    const coinOf = (url: string) =>
      (
        formatDeployedContract(row({ ercType: 'ERC1155', resourceLinks: [{ type: 'CoinGecko', url }] })) as {
          pricingProviders?: unknown;
        }
      ).pricingProviders;
    expect(coinOf('https://www.coingecko.com/coins/joe')).toEqual({ coingeckoCoinId: 'joe' });
    expect(coinOf('https://coingecko.com/pt-br/coins/avalanche-2/')).toEqual({ coingeckoCoinId: 'avalanche-2' });
    expect(coinOf('https://www.coingecko.com/en/categories/avalanche-ecosystem')).toBeUndefined();
  });

  it('gives ERC-721 and UNKNOWN contracts no pricing providers, and an UNKNOWN one no symbol', () => {
    const links = [{ type: 'CoinGecko', url: 'https://www.coingecko.com/en/coins/x' }];
    expect(formatDeployedContract(row({ ercType: 'ERC721', symbol: 'NFT', resourceLinks: links }))).not.toHaveProperty(
      'pricingProviders',
    );
    const unknown = formatDeployedContract(row({ ercType: 'UNKNOWN', symbol: 'X', resourceLinks: links }));
    expect(unknown.ercType).toBe('UNKNOWN');
    expect(unknown).not.toHaveProperty('symbol');
    expect(unknown).not.toHaveProperty('pricingProviders');
  });

  it('leaves out stored links of another shape or of a type outside ResourceLinkType', () => {
    const stored = [
      { type: 'Twitter', url: 'https://x.com/a' },
      { type: 'Homepage', url: 'https://a.example' },
      { type: 'Github' },
      'https://b.example',
    ];
    expect(formatDeployedContract(row({ resourceLinks: stored })).resourceLinks).toEqual([
      { type: 'Twitter', url: 'https://x.com/a' },
    ]);
  });
});
