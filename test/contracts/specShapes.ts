// The response shapes of the REST spec (../shared/spec/data-api-rest.md, section 2), written from
// the spec and the enumerations note, never from the service's own types: the contract test
// (responseShapes.test.ts) holds every route's answers against them.
import { arr, bool, int, map, nullable, num, obj, oneOf, str, type Shape } from './checkShape';

// ── enumerations (shared/notes/enumerations.md) ──
const currencyCode = oneOf('usd', 'eur', 'aud', 'cad', 'chf', 'clp', 'cny', 'czk', 'dkk', 'gbp', 'hkd', 'huf', 'jpy', 'nzd');
const chainInfo = obj({ chainName: oneOf('p-chain', 'x-chain', 'c-chain'), network: oneOf('mainnet', 'fuji', 'testnet') });
const price = obj({ currencyCode, value: str });
const assetType = oneOf('secp256k1', 'nft');
const rewardType = oneOf('VALIDATOR', 'DELEGATOR', 'VALIDATOR_FEE');
const indexStatus = oneOf(
  'UNKNOWN', 'MISSING_TOKEN', 'INVALID_TOKEN_URI', 'INVALID_TOKEN_URI_SCHEME', 'UNREACHABLE_TOKEN_URI', 'THROTTLED_TOKEN_URI',
  'METADATA_CONTENT_TOO_LARGE', 'INVALID_METADATA', 'INVALID_METADATA_JSON', 'INDEXED', 'UNINDEXED',
);
const resourceLinkType = oneOf(
  'Blog', 'CoinGecko', 'CoinMarketCap', 'Discord', 'Documentation', 'Facebook', 'Github', 'Instagram', 'LinkedIn', 'Medium',
  'Reddit', 'Support', 'Telegram', 'TikTok', 'Twitter', 'Website', 'Whitepaper', 'Youtube',
);

/** A list envelope: `nextPageToken` (absent on the last page) and the list member. */
const page = (member: string, item: Shape, extra: Record<string, Shape> = {}) =>
  obj({ nextPageToken: str, [member]: arr(item), ...extra }, ['nextPageToken']);

// ── 2.2, 2.3 ──
export const signedMessage = obj({ signedMessage: str });
export const metricPoints = page('results', obj({ value: num, timestamp: int }));

// ── 2.4 ──
const allowListConfig = obj(
  { blockTimestamp: int, adminAddresses: arr(str), managerAddresses: arr(str), enabledAddresses: arr(str) },
  ['blockTimestamp', 'adminAddresses', 'managerAddresses', 'enabledAddresses'],
);
const forkHeights = [
  'berlinBlock', 'byzantiumBlock', 'constantinopleBlock', 'eip150Block', 'eip155Block', 'eip158Block', 'homesteadBlock',
  'istanbulBlock', 'londonBlock', 'muirGlacierBlock', 'petersburgBlock',
];
const feeConfigFields = ['baseFeeChangeDenominator', 'blockGasCostStep', 'gasLimit', 'maxBlockGasCost', 'minBaseFee', 'minBlockGasCost', 'targetBlockRate', 'targetGas'];
const genesisConfigFields: Record<string, Shape> = {
  chainId: int,
  ...Object.fromEntries(forkHeights.map((name) => [name, int])),
  eip150Hash: str,
  subnetEVMTimestamp: int,
  allowFeeRecipients: bool,
  feeConfig: obj(Object.fromEntries(feeConfigFields.map((name) => [name, int])), feeConfigFields),
  warpConfig: obj({ blockTimestamp: int, quorumNumerator: int, requirePrimaryNetworkSigners: bool }, ['blockTimestamp', 'quorumNumerator', 'requirePrimaryNetworkSigners']),
  txAllowListConfig: allowListConfig,
  contractDeployerAllowListConfig: allowListConfig,
  contractNativeMinterConfig: allowListConfig,
  feeManagerConfig: allowListConfig,
  rewardManagerConfig: allowListConfig,
};
const genesisDataFields: Record<string, Shape> = {
  airdropAmount: nullable(str),
  airdropHash: str,
  alloc: map(obj({ balance: str, code: str, storage: map(str) }, ['code', 'storage'])),
  baseFeePerGas: nullable(str),
  blobGasUsed: nullable(str),
  coinbase: str,
  config: obj(genesisConfigFields, Object.keys(genesisConfigFields)),
  difficulty: str,
  excessBlobGas: nullable(str),
  ...Object.fromEntries(['extraData', 'gasLimit', 'gasUsed', 'mixHash', 'nonce', 'number', 'parentHash', 'timestamp'].map((name) => [name, str])),
};
// A genesis has what its author wrote: no member is required.
const genesisData = obj(genesisDataFields, Object.keys(genesisDataFields));
const blockchain = obj(
  {
    createBlockTimestamp: int, createBlockNumber: str, blockchainId: str, vmId: str, subnetId: str, blockchainName: str, evmChainId: int,
    genesisData,
  },
  ['evmChainId', 'genesisData'],
);
const subnet = obj(
  {
    createBlockTimestamp: int,
    createBlockIndex: str,
    subnetId: str,
    ownerAddresses: arr(str),
    threshold: int,
    locktime: int,
    subnetOwnershipInfo: obj({ locktime: int, threshold: int, addresses: arr(str) }),
    isL1: bool,
    l1ConversionTransactionHash: str,
    l1ValidatorManagerDetails: obj({ blockchainId: str, contractAddress: str }),
    blockchains: arr(blockchain),
  },
  ['l1ConversionTransactionHash', 'l1ValidatorManagerDetails'],
);
export const subnets = page('subnets', subnet);

// ── 2.5 ──
const validator = obj(
  {
    txHash: str,
    nodeId: str,
    subnetId: str,
    amountStaked: str,
    delegationFee: str,
    startTimestamp: int,
    endTimestamp: int,
    blsCredentials: obj({ publicKey: str, proofOfPossession: str }),
    delegatorCount: int,
    amountDelegated: str,
    rewards: obj({ validationRewardAmount: str, delegationRewardAmount: str, rewardAddresses: arr(str), rewardTxHash: str }, ['rewardTxHash']),
    validationStatus: oneOf('completed', 'active', 'pending', 'removed'),
  },
  // Subnet and L1 validations have no fee, no delegations and no rewards; L1 validators no end; old ones no BLS key.
  ['delegationFee', 'endTimestamp', 'blsCredentials', 'delegatorCount', 'amountDelegated', 'rewards'],
);
export const validators = page('validators', validator);

// ── 2.6 ──
const assetEntry = { assetId: str, name: str, symbol: str, denomination: int, type: assetType, amount: str };
const assetBalance = obj({ ...assetEntry, utxoCount: int });
const atomicBalance = obj({ ...assetEntry, utxoCount: int, sharedWithChainId: str, status: str });
export const balances = obj({
  balances: obj(
    {
      unlockedUnstaked: arr(assetBalance),
      unlockedStaked: arr(assetBalance),
      lockedPlatform: arr(assetBalance),
      lockedStakeable: arr(assetBalance),
      lockedStaked: arr(assetBalance),
      pendingStaked: arr(assetBalance),
      atomicMemoryUnlocked: arr(atomicBalance),
      atomicMemoryLocked: arr(atomicBalance),
    },
    // On the C-Chain only the atomic-memory categories exist.
    ['unlockedUnstaked', 'unlockedStaked', 'lockedPlatform', 'lockedStakeable', 'lockedStaked', 'pendingStaked'],
  ),
  chainInfo,
});

// ── 2.7, 2.7a ──
const utxo = obj(
  {
    addresses: arr(str),
    asset: obj(assetEntry),
    consumedOnChainId: str,
    consumingTxHash: str,
    createdOnChainId: str,
    utxoId: str,
    utxoBytes: str,
    amount: str,
    assetId: str,
    blockNumber: str,
    blockTimestamp: int,
    consumingBlockNumber: str,
    consumingBlockTimestamp: int,
    platformLocktime: int,
    outputIndex: int,
    rewardType,
    stakeableLocktime: int,
    staked: bool,
    threshold: int,
    txHash: str,
    utxoEndTimestamp: int,
    utxoStartTimestamp: int,
    utxoType: oneOf('STAKE', 'TRANSFER'),
  },
  [
    'consumedOnChainId', 'consumingTxHash', 'consumingBlockNumber', 'consumingBlockTimestamp', 'rewardType', 'utxoEndTimestamp',
    'utxoStartTimestamp', 'platformLocktime', 'stakeableLocktime', 'staked',
  ],
);
export const utxos = page('utxos', utxo, { chainInfo });
export const pendingRewards = page(
  'pendingRewards',
  obj({
    addresses: arr(str), txHash: str, amountStaked: str, nodeId: str, startTimestamp: int, endTimestamp: int, rewardType, progress: num,
    estimatedReward: obj(assetEntry),
  }),
);

// ── 2.8–2.10 ──
const account = obj({ name: str, symbol: str, decimals: int, logoUri: str, address: str }, ['name', 'symbol', 'decimals', 'logoUri']);
const nftMetadataFields = {
  indexStatus, metadataLastUpdatedTimestamp: int, name: str, symbol: str, imageUri: str, description: str, animationUri: str, externalUrl: str,
  background: str,
};
const nftMetadataOptional = Object.keys(nftMetadataFields).filter((name) => name !== 'indexStatus');
export const nftToken = obj(
  {
    address: str, name: str, symbol: str, ercType: oneOf('ERC-721'), tokenId: str, tokenUri: str,
    metadata: obj({ ...nftMetadataFields, attributes: str }, [...nftMetadataOptional, 'attributes']),
    ownerAddress: str,
  },
  ['name', 'symbol', 'tokenUri', 'ownerAddress'],
);
const erc1155Metadata = obj({ ...nftMetadataFields, properties: str, decimals: int }, [...nftMetadataOptional, 'properties', 'decimals']);
const erc20Token = obj({ address: str, name: str, symbol: str, decimals: int, logoUri: str, ercType: oneOf('ERC-20'), price }, ['logoUri', 'price']);
const erc1155Token = obj({ address: str, ercType: oneOf('ERC-1155'), tokenId: str, tokenUri: str, metadata: erc1155Metadata }, ['tokenUri']);
const inList = { blockNumber: str, blockTimestamp: int, blockHash: str, txHash: str };
const transferCommon = { from: account, to: account, logIndex: int };
const internalFields = {
  from: account, to: account, internalTxType: oneOf('UNKNOWN', 'CALL', 'CREATE', 'CREATE2', 'CREATE3', 'CALLCODE', 'DELEGATECALL', 'STATICCALL'),
  value: str, isReverted: bool, gasUsed: str, gasLimit: str,
};
export const erc20Transfers = page('transactions', obj({ ...inList, ...transferCommon, value: str, erc20Token }));
export const erc721Transfers = page('transactions', obj({ ...inList, ...transferCommon, erc721Token: nftToken }));
export const erc1155Transfers = page('transactions', obj({ ...inList, ...transferCommon, value: str, erc1155Token }));
export const internalTransactions = page('transactions', obj({ ...inList, ...internalFields }));

// ── 2.11 ──
export const erc20Balances = obj(
  {
    nextPageToken: str,
    nativeTokenBalance: obj(
      { name: str, symbol: str, decimals: int, logoUri: str, chainId: str, price, balance: str, balanceValue: price },
      ['logoUri', 'price', 'balanceValue'],
    ),
    erc20TokenBalances: arr(
      obj(
        {
          address: str, name: str, symbol: str, decimals: int, logoUri: str, ercType: oneOf('ERC-20'), price, chainId: str, balance: str,
          balanceValue: price, tokenReputation: nullable(oneOf('Malicious', 'Benign')),
        },
        ['logoUri', 'price', 'balanceValue'],
      ),
    ),
  },
  ['nextPageToken'],
);

// ── 2.12, 2.13 ──
const nativeTransactionFields = {
  blockNumber: str, blockTimestamp: int, blockHash: str, chainId: str, blockIndex: int, txHash: str, txStatus: oneOf('1', '0'), txType: int,
  gasLimit: str, gasUsed: str, gasPrice: str, nonce: str, from: account, to: account,
  method: obj({ callType: oneOf('NATIVE_TRANSFER', 'CONTRACT_CALL', 'CONTRACT_CREATION'), methodHash: str, methodName: str }, ['methodName']),
  value: str,
};
export const blockTransactions = page('transactions', obj(nativeTransactionFields, ['to']));
export const transaction = obj(
  {
    erc20Transfers: arr(obj({ ...transferCommon, value: str, erc20Token })),
    erc721Transfers: arr(obj({ ...transferCommon, erc721Token: nftToken })),
    erc1155Transfers: arr(obj({ ...transferCommon, value: str, erc1155Token })),
    internalTransactions: arr(obj(internalFields)),
    networkTokenDetails: obj(
      { networkToken: obj({ name: str, symbol: str, decimals: int, logoUri: str, description: str }), currentPrice: price, historicalPrice: price },
      ['currentPrice', 'historicalPrice'],
    ),
    nativeTransaction: obj(
      { ...nativeTransactionFields, input: str, baseFeePerGas: str, maxFeePerGas: str, maxPriorityFeePerGas: str },
      ['to', 'baseFeePerGas', 'maxFeePerGas', 'maxPriorityFeePerGas'],
    ),
    teleporterMessageInfo: obj({
      teleporterMessageId: str, direction: oneOf('SOURCE_TRANSACTION', 'DESTINATION_TRANSACTION'), sourceChainId: str, destinationChainId: str,
    }),
  },
  ['erc20Transfers', 'erc721Transfers', 'erc1155Transfers', 'internalTransactions', 'teleporterMessageInfo'],
);

// ── 2.14–2.17 ──
const imageAsset = obj({ assetId: str, imageUri: str }, ['assetId']);
export const deployedContracts = page(
  'contracts',
  obj(
    {
      name: str, description: str, officialSite: str, email: str, color: str, address: str, symbol: str, logoAsset: imageAsset, bannerAsset: imageAsset,
      resourceLinks: arr(obj({ type: resourceLinkType, url: str })), tags: arr(str),
      deploymentDetails: obj({ txHash: str, deployerAddress: str, deployerContractAddress: str }, ['deployerContractAddress']),
      ercType: oneOf('ERC-20', 'ERC-721', 'ERC-1155', 'UNKNOWN'),
    },
    ['description', 'officialSite', 'email', 'color', 'symbol', 'logoAsset', 'bannerAsset', 'resourceLinks', 'tags'],
  ),
);
export const nodeBlocks = page(
  'blocks',
  obj(
    {
      blockNumber: str, blockHash: str, parentHash: str, blockType: str, blockTimestamp: int, txCount: int, transactions: arr(str),
      blockSizeBytes: int, l1ValidatorsAccruedFees: int, activeL1Validators: int, currentSupply: str,
      proposerDetails: obj({ proposerId: str, proposerParentId: str, proposerNodeId: str, proposerPChainHeight: int, proposerTimestamp: int }),
    },
    ['proposerDetails'],
  ),
  { chainInfo },
);
export const vertices = page(
  'vertices',
  obj({
    vertexHash: str, parentHashes: arr(str), vertexHeight: int, vertexIndex: int, vertexTimestamp: int, txCount: int, transactions: arr(str),
    vertexSizeBytes: int,
  }),
  { chainInfo },
);
export const holders = page('addresses', obj({ address: str, sortKey: int }));
