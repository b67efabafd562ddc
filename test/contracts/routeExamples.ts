// Example requests of every REST route, against the demo data set. The contract test
// (officialResponses.test.ts) holds their answers to the official schemas and fails for a route
// that has no entry here, so a new route comes with its examples. Examples are chosen so that
// together they show every member the OpenAPI document gives the answer (optional members and
// every variant included), or name the ones they cannot show and why.
import { cb58Decode } from '../../avalanche/cb58';
import { SHOWCASE_P_ADDRESS } from '../../demo-data/accounts';
import type { Database } from '../../prisma/database';
import { encodeUnsignedMessage } from '../../signature-aggregator/codec/unsignedMessage';
import { encodeWarpPayload } from '../../signature-aggregator/codec/warpPayload';
import { exportRouteExamples } from './exportRouteExamples';
import { usageRouteExamples } from './usageRouteExamples';
import { webhookRouteExamples } from './webhookRouteExamples';

/** The path alias of a primary-network chain of mainnet. */
const chainPath = (blockchainId: string) =>
  blockchainId === '11111111111111111111111111111111LpoYY'
    ? 'p-chain'
    : blockchainId === '2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5'
      ? 'c-chain'
      : 'x-chain';

/**
 * One request; `variant` names the official component its answer must be, where the operation's
 * official schema is a `oneOf` the chain decides (balances, UTXOs).
 */
export type ExampleRequest = {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  body?: unknown;
  variant?: string;
  /** The API key of an operation that acts for one (webhooks). */
  headers?: Record<string, string>;
};

/** The examples of one route. */
export type RouteExamples = {
  /** Builds the requests from what the demo data holds. */
  requests(db: Database): Promise<ExampleRequest[]>;
  /** Members of the documented answer no example shows, with the reason (`$.a.b` paths). */
  unseen?: Record<string, string>;
};

/** Why the L1 validator fee operations answer no next page. */
const ONE_ANSWER = {
  '$.nextPageToken': 'the operation takes no page size: every point of the range comes in one answer',
};

const get = (path: string, variant?: string): ExampleRequest => ({
  method: 'GET',
  path,
  ...(variant ? { variant } : {}),
});

/**
 * SQL: the L1 `s` can still sign Warp messages, its active validators holding the aggregator's default
 * quorum (67 %) of its weight; an L1 whose balances ran out keeps the weight but not the keys.
 */
const L1_CAN_SIGN = (s: string) =>
  `(SELECT coalesce(sum(w.weight) FILTER (WHERE w.is_active), 0) * 100 >= 67 * sum(w.weight)
      FROM validator w WHERE w.network = ${s}.network AND w.subnet_id = ${s}.subnet_id)`;

/** The showcase EVM address of the demo data (demo-data/accounts.ts SHOWCASE_EVM_ADDRESS), in mixed case, as clients may send it. */
const showcaseEvm = '0xAd9EA0F0f155856C610bc910d7aF91513F98A093';

/** Why NFT transfers show no account reference with token metadata. */
const nftAccountReason = 'demo NFTs move between accounts and the zero address only, never to or from a named contract';
/** Why a transaction's sender shows no token metadata. */
const senderReason = 'a transaction is sent by an externally owned account, never by a contract';
const nftAccountMembers = Object.fromEntries(
  ['from', 'to'].flatMap((side) =>
    ['name', 'symbol', 'decimals', 'logoUri'].map((member) => [`$.transactions[].${side}.${member}`, nftAccountReason]),
  ),
);

/** Why a deployment's ERC-20 transfer shows no token metadata on its sides. */
const mintReason =
  "a deployment's ERC-20 transfer in the demo data is the new token's mint, from the zero address to the externally owned account that launched it";
/** Why a deployment shows no NFT transfer. */
const nftReason = 'no deployment of the demo data moves an NFT';
/** Why a factory's frames show no token metadata on their sender. */
const factoryReason = "the demo's token factories are contracts without token metadata (no symbol, decimals or logo)";

/**
 * An owner of an ERC-721 token and a holder of an ERC-1155 token whose fetched metadata has every
 * member (the optional animationUri and background too), so their holdings show all of them.
 */
async function fullMetadataHolders(db: Database): Promise<{ owner721: string; holder1155: string }> {
  const [owner] = await db.query<{ address: string }>(
    `SELECT owner_address AS address FROM evm_nft_token WHERE chain_id = 43114 AND erc_type = 'ERC-721' AND index_status = 'INDEXED'
       AND animation_uri IS NOT NULL AND background IS NOT NULL AND owner_address <> '\\x0000000000000000000000000000000000000000'
     ORDER BY address, token_id LIMIT 1`,
  );
  const [holder] = await db.query<{ address: string }>(
    `SELECT b.holder AS address FROM erc1155_balance b
       JOIN evm_nft_token n ON n.chain_id = b.chain_id AND n.address = b.token_address AND n.token_id = b.token_id
     WHERE b.chain_id = 43114 AND b.balance > 0 AND n.index_status = 'INDEXED' AND n.animation_uri IS NOT NULL AND n.background IS NOT NULL
     ORDER BY b.token_address, b.token_id, b.holder LIMIT 1`,
  );
  return { owner721: owner!.address, holder1155: holder!.address };
}

/**
 * Address and query of the address transaction lists' examples: the showcase's first page, Wrapped
 * AVAX's (a token contract on both sides of internal transactions), and the one block of a swap
 * (ERC-20 with prices, pools as accounts on either side), an NFT sale, an ERC-1155 batch and a call of a token
 * contract, each in the list of an address it names.
 */
async function addressTransactionExamples(db: Database): Promise<string[]> {
  const rows = await db.query<{ address: string; block_number: bigint }>(
    `(SELECT t.to_address AS address, t.block_number FROM evm_token_transfer t JOIN evm_contract c ON c.chain_id = t.chain_id AND c.address = t.token_address
       WHERE t.chain_id = 43114 AND t.erc_type = 'ERC-20' AND c.price_key IS NOT NULL
         AND EXISTS (SELECT 1 FROM evm_contract p WHERE p.chain_id = t.chain_id AND p.address = t.from_address AND p.symbol = 'DEX-LP')
       ORDER BY t.tx_hash LIMIT 1)
     UNION ALL (SELECT t.from_address, t.block_number FROM evm_token_transfer t
       WHERE t.chain_id = 43114 AND t.erc_type = 'ERC-20'
         AND EXISTS (SELECT 1 FROM evm_contract p WHERE p.chain_id = t.chain_id AND p.address = t.to_address AND p.symbol = 'DEX-LP')
       ORDER BY t.tx_hash LIMIT 1)
     UNION ALL (SELECT t.to_address, t.block_number FROM evm_token_transfer t JOIN evm_nft_token n ON n.chain_id = t.chain_id AND n.address = t.token_address AND n.token_id = t.token_id
       WHERE t.chain_id = 43114 AND t.erc_type = 'ERC-721' AND t.from_address <> '\\x0000000000000000000000000000000000000000' AND n.animation_uri IS NOT NULL AND n.background IS NOT NULL
       ORDER BY t.tx_hash LIMIT 1)
     UNION ALL (SELECT to_address, block_number FROM evm_token_transfer WHERE chain_id = 43114 AND erc_type = 'ERC-1155' AND batch_index > 0 ORDER BY tx_hash LIMIT 1)
     UNION ALL (SELECT t.from_address, t.block_number FROM evm_transaction t JOIN evm_contract c ON c.chain_id = t.chain_id AND c.address = t.to_address
       WHERE t.chain_id = 43114 AND c.decimals IS NOT NULL AND c.logo_uri <> '' ORDER BY t.tx_hash LIMIT 1)`,
  );
  return [
    `${showcaseEvm}/transactions?pageSize=100`,
    '0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7/transactions?pageSize=100&sortOrder=asc',
    ...rows.map(
      (row) => `${row.address}/transactions?startBlock=${row.block_number}&endBlock=${row.block_number + 1n}`,
    ),
  ];
}

/** What the address transaction lists' examples cannot show, and why. */
const addressTransactionUnseen: Record<string, string> = {
  '$.transactions[].nativeTransaction.from.name': senderReason,
  '$.transactions[].nativeTransaction.from.symbol': senderReason,
  '$.transactions[].nativeTransaction.from.decimals': senderReason,
  '$.transactions[].nativeTransaction.from.logoUri': senderReason,
  ...Object.fromEntries(
    ['erc721Transfers', 'erc1155Transfers'].flatMap((list) =>
      ['from', 'to'].flatMap((side) =>
        ['name', 'symbol', 'decimals', 'logoUri'].map((member) => [
          `$.transactions[].${list}[].${side}.${member}`,
          nftAccountReason,
        ]),
      ),
    ),
  ),
};

/** GraphQL field behind a route (rest-facade/routes.ts) → its examples. */
/** Why an active staking transaction lacks a member of the PChainTransaction shape. */
const OTHER_TYPE =
  'an active staking transaction (Add*ValidatorTx, Add*DelegatorTx) has no such member: other transaction types carry it';

export const routeExamples: Record<string, RouteExamples> = {
  'Query.listSubnets': {
    requests: async () => [
      get('/v1/networks/mainnet/subnets?pageSize=100'),
      get('/v1/networks/fuji/subnets?pageSize=3&sortOrder=asc'),
    ],
  },
  'Query.listValidators': {
    requests: async () => [
      // Every kind of validation (primary network with fee and rewards, subnets) in every variant, newest first.
      get('/v1/networks/mainnet/validators?pageSize=100'),
      // Completed primary-network validations carry their RewardValidatorTx.
      get(
        '/v1/networks/mainnet/validators?validationStatus=completed&subnetId=11111111111111111111111111111111LpoYY&pageSize=5',
      ),
      get('/v1/networks/fuji/validators?sortBy=delegationCapacity&minUptimePerformance=95&pageSize=3'),
    ],
    unseen: {
      '$.validators[].potentialRewards.rewardTxHash':
        'an active validation has not been paid yet: its RewardValidatorTx comes once it completes',
      '$.validators[].geolocation.city': 'this service geolocates no node: geolocation is always null',
      '$.validators[].geolocation.country': 'this service geolocates no node: geolocation is always null',
      '$.validators[].geolocation.countryCode': 'this service geolocates no node: geolocation is always null',
      '$.validators[].geolocation.latitude': 'this service geolocates no node: geolocation is always null',
      '$.validators[].geolocation.longitude': 'this service geolocates no node: geolocation is always null',
    },
  },
  'Query.getBalancesByAddresses': {
    requests: async () => {
      // The demo's showcase address holds UTXOs of every balance category (demo-data/accounts.ts).
      const showcase = SHOWCASE_P_ADDRESS.mainnet;
      return [
        get(`/v1/networks/mainnet/blockchains/p-chain/balances?addresses=${showcase}`, 'ListPChainBalancesResponse'),
        get(
          `/v1/networks/mainnet/blockchains/c-chain/balances?addresses=${showcase}`,
          'ListCChainAtomicBalancesResponse',
        ),
        get(`/v1/networks/mainnet/blockchains/x-chain/balances?addresses=${showcase}`, 'ListXChainBalancesResponse'),
      ];
    },
  },
  'Query.getTxByHash': {
    requests: async (db) => {
      // One transaction of each P-Chain type and each X-Chain shape the demo holds, the README's own first.
      const rows = await db.query<{ chain: string; tx_hash: string }>(
        `SELECT DISTINCT ON (blockchain_id, tx_type, vertex) blockchain_id AS chain, tx_hash FROM (
           SELECT t.*, NOT EXISTS (SELECT 1 FROM primary_network_block b WHERE b.network = t.network AND b.blockchain_id = t.blockchain_id
             AND b.block_number = t.block_number AND t.tx_hash = ANY (b.transactions)) AS vertex
           FROM primary_network_transaction t WHERE t.network = 'mainnet') x
         ORDER BY blockchain_id, tx_type, vertex, block_timestamp DESC, tx_hash`,
      );
      // A transaction whose outputs were spent since (the consuming members of emitted UTXOs).
      const spent = await db.query<{ chain: string; tx_hash: string }>(
        `SELECT DISTINCT ON (blockchain_id) blockchain_id AS chain, tx_hash FROM utxo WHERE network = 'mainnet'
           AND consuming_tx_hash IS NOT NULL AND blockchain_id = created_on_chain_id
         ORDER BY blockchain_id, block_timestamp DESC, utxo_id`,
      );
      return [
        get(
          '/v1/networks/mainnet/blockchains/p-chain/transactions/21ZvNc946yZ6yetGT4xBNS8SigdBqdiNPzpHwjNUFjDM148LQz',
          'PChainTransaction',
        ),
        ...spent.map((r) => get(`/v1/networks/mainnet/blockchains/${chainPath(r.chain)}/transactions/${r.tx_hash}`)),
        ...rows.map((r) => get(`/v1/networks/mainnet/blockchains/${chainPath(r.chain)}/transactions/${r.tx_hash}`)),
      ];
    },
    unseen: {
      '$.consumedUtxos[].rewardType': 'no reward output of the demo data is spent yet',
      '$.consumedUtxos[].groupId':
        "the demo data holds its NFT families' tokens in secp256k1fx outputs, which have no group (nftfx outputs: test/indexer/primaryNetworkCodec.test.ts)",
      '$.consumedUtxos[].payload': 'likewise: no demo output is an nftfx TransferOutput',
      '$.emittedUtxos[].groupId':
        "the demo data holds its NFT families' tokens in secp256k1fx outputs, which have no group (nftfx outputs: test/indexer/primaryNetworkCodec.test.ts)",
      '$.emittedUtxos[].payload': 'likewise: no demo output is an nftfx TransferOutput',
      '$.evmInputs[].credentials[].signature':
        "credentials are not served: an ExportTx's evmInputs[].credentials is always empty (docs/api-decisions.md, C-Chain atomic transactions)",
      '$.evmInputs[].credentials[].publicKey': 'likewise',
    },
  },
  'Query.listLatestPrimaryNetworkTransactions': {
    requests: async (db) => {
      const showcase = SHOWCASE_P_ADDRESS.mainnet;
      // Each transaction type of each chain, by an address it touches (the members only some types have).
      const touched = await db.query<{ chain: string; address: string; tx_type: string }>(
        `SELECT DISTINCT ON (t.blockchain_id, t.tx_type) t.blockchain_id AS chain, a.address, t.tx_type
           FROM primary_network_transaction t
           JOIN primary_network_transaction_address a ON a.network = t.network AND a.blockchain_id = t.blockchain_id
             AND a.block_timestamp = t.block_timestamp AND a.tx_hash = t.tx_hash
          WHERE t.network = 'mainnet' ORDER BY t.blockchain_id, t.tx_type, t.block_timestamp DESC, a.address`,
      );
      const [l1] = await db.query<{ validation_id: string }>(
        `SELECT validation_id FROM validator WHERE network = 'mainnet' AND is_l1_validator ORDER BY validation_id LIMIT 1`,
      );
      return [
        ...touched.map((r) =>
          get(
            `/v1/networks/mainnet/blockchains/${chainPath(r.chain)}/transactions?addresses=${r.address}&txTypes=${r.tx_type}&pageSize=5`,
          ),
        ),
        get(
          '/v1/networks/mainnet/blockchains/c-chain/transactions?pageSize=100',
          'ListCChainAtomicTransactionsResponse',
        ),
        get(`/v1/networks/mainnet/blockchains/p-chain/transactions?l1ValidationId=${l1!.validation_id}`),
        get(
          `/v1/networks/mainnet/blockchains/p-chain/transactions?addresses=${showcase}&pageSize=100`,
          'ListPChainTransactionsResponse',
        ),
        get('/v1/networks/mainnet/blockchains/p-chain/transactions?pageSize=100', 'ListPChainTransactionsResponse'),
        get('/v1/networks/mainnet/blockchains/x-chain/transactions?pageSize=100', 'ListXChainTransactionsResponse'),
        get(
          '/v1/networks/mainnet/blockchains/x-chain/transactions?pageSize=100&sortOrder=asc',
          'ListXChainTransactionsResponse',
        ),
      ];
    },
    unseen: {
      '$.transactions[].consumedUtxos[].rewardType': 'no reward output of the demo data is spent yet',
      '$.transactions[].consumedUtxos[].groupId':
        "the demo data holds its NFT families' tokens in secp256k1fx outputs, which have no group (nftfx outputs: test/indexer/primaryNetworkCodec.test.ts)",
      '$.transactions[].consumedUtxos[].payload': 'likewise: no demo output is an nftfx TransferOutput',
      '$.transactions[].emittedUtxos[].groupId':
        "the demo data holds its NFT families' tokens in secp256k1fx outputs, which have no group (nftfx outputs: test/indexer/primaryNetworkCodec.test.ts)",
      '$.transactions[].emittedUtxos[].payload': 'likewise: no demo output is an nftfx TransferOutput',
      '$.transactions[].evmInputs[].credentials[].signature':
        "credentials are not served: an ExportTx's evmInputs[].credentials is always empty (docs/api-decisions.md, C-Chain atomic transactions)",
      '$.transactions[].evmInputs[].credentials[].publicKey': 'likewise',
      '$.transactions[].subnetOwnershipInfo':
        "the demo data's subnet, chain and L1 transactions spend no output, so they touch no address and no address's list holds them (getTxByHash shows these members)",
      '$.transactions[].blockchainInfo':
        "the demo data's subnet, chain and L1 transactions spend no output, so they touch no address and no address's list holds them (getTxByHash shows these members)",
      '$.transactions[].l1ValidatorDetails[].balanceChange':
        "the demo data's subnet, chain and L1 transactions spend no output, so they touch no address and no address's list holds them (getTxByHash shows these members)",
    },
  },
  'Query.listActivePrimaryNetworkStakingTransactions': {
    requests: async () => [
      get(
        `/v1/networks/mainnet/blockchains/p-chain/transactions:listStaking?addresses=${SHOWCASE_P_ADDRESS.mainnet}&pageSize=100`,
      ),
      get('/v1/networks/mainnet/blockchains/p-chain/transactions:listStaking?pageSize=100'),
    ],
    unseen: {
      '$.transactions[].consumedUtxos[].rewardType': 'no reward output of the demo data is spent yet',
      '$.transactions[].emittedUtxos[].consumingTxHash': 'an active stake is not returned yet: its outputs are unspent',
      '$.transactions[].emittedUtxos[].consumingBlockNumber':
        'an active stake is not returned yet: its outputs are unspent',
      '$.transactions[].emittedUtxos[].consumingBlockTimestamp':
        'an active stake is not returned yet: its outputs are unspent',
      '$.transactions[].emittedUtxos[].rewardType':
        'a staking transaction emits no reward output (its RewardValidatorTx does)',
      '$.transactions[].rewardTxHash': 'an active stake is not rewarded yet',
      '$.transactions[].memo': "the demo data's staking transactions carry no memo",
      '$.transactions[].sourceChain': OTHER_TYPE,
      '$.transactions[].destinationChain': OTHER_TYPE,
      '$.transactions[].amountL1ValidatorBalanceBurned[].assetId': OTHER_TYPE,
      '$.transactions[].amountL1ValidatorBalanceBurned[].name': OTHER_TYPE,
      '$.transactions[].amountL1ValidatorBalanceBurned[].symbol': OTHER_TYPE,
      '$.transactions[].amountL1ValidatorBalanceBurned[].denomination': OTHER_TYPE,
      '$.transactions[].amountL1ValidatorBalanceBurned[].type': OTHER_TYPE,
      '$.transactions[].amountL1ValidatorBalanceBurned[].amount': OTHER_TYPE,
      '$.transactions[].l1ValidatorManagerDetails': OTHER_TYPE,
      '$.transactions[].l1ValidatorDetails': OTHER_TYPE,
      '$.transactions[].stakingTxHash': OTHER_TYPE,
      '$.transactions[].subnetOwnershipInfo': OTHER_TYPE,
      '$.transactions[].blockchainInfo': OTHER_TYPE,
    },
  },
  'Query.listAssetTransactions': {
    requests: async (db) => [
      get(
        '/v1/networks/mainnet/blockchains/x-chain/assets/FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z/transactions?pageSize=100',
      ),
      // Oldest first: the DAG-era transactions (vertices), then a page with a next page.
      get(
        '/v1/networks/mainnet/blockchains/x-chain/assets/FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z/transactions?pageSize=100&sortOrder=asc',
      ),
      get(
        '/v1/networks/mainnet/blockchains/x-chain/assets/FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z/transactions?pageSize=1',
      ),
      // The assets a CreateAssetTx created (assetCreated).
      ...(
        await db.query<{ asset_id: string }>(
          `SELECT asset_id FROM primary_network_transaction t JOIN asset a ON a.network = t.network AND a.asset_id = t.tx_hash
            WHERE t.network = 'mainnet' AND t.tx_type = 'CreateAssetTx' ORDER BY asset_id`,
        )
      ).map((a) => get(`/v1/networks/mainnet/blockchains/x-chain/assets/${a.asset_id}/transactions?pageSize=100`)),
    ],
    unseen: {
      '$.transactions[].consumedUtxos[].groupId':
        "the demo data holds its NFT families' tokens in secp256k1fx outputs, which have no group (nftfx outputs: test/indexer/primaryNetworkCodec.test.ts)",
      '$.transactions[].consumedUtxos[].payload': 'likewise: no demo output is an nftfx TransferOutput',
      '$.transactions[].emittedUtxos[].groupId':
        "the demo data holds its NFT families' tokens in secp256k1fx outputs, which have no group (nftfx outputs: test/indexer/primaryNetworkCodec.test.ts)",
      '$.transactions[].emittedUtxos[].payload': 'likewise: no demo output is an nftfx TransferOutput',
    },
  },
  'Query.getUtxosByAddresses': {
    requests: async (db) => {
      const showcase = SHOWCASE_P_ADDRESS.mainnet;
      // An owner of a reward output (rewardType), which the showcase address may not hold, and of a spent X-Chain output.
      const [rewarded] = await db.query<{ address: string }>(
        `SELECT a.address FROM utxo u JOIN utxo_address a ON a.network = u.network AND a.utxo_id = u.utxo_id
         WHERE u.network = 'mainnet' AND u.reward_type IS NOT NULL ORDER BY a.address LIMIT 1`,
      );
      const [spender] = await db.query<{ address: string }>(
        `SELECT a.address FROM utxo u JOIN utxo_address a ON a.network = u.network AND a.utxo_id = u.utxo_id
         WHERE u.network = 'mainnet' AND u.blockchain_id = '2oYMBNV4eNHyqk2fjjV5nVQLDbtmNJzq5s3qs3Lo6ftnC6FByM' AND u.consuming_tx_hash IS NOT NULL
         ORDER BY a.address LIMIT 1`,
      );
      return [
        get(
          `/v1/networks/mainnet/blockchains/p-chain/utxos?addresses=${showcase}&includeSpent=true&pageSize=100`,
          'ListPChainUtxosResponse',
        ),
        get(
          `/v1/networks/mainnet/blockchains/p-chain/utxos?addresses=${rewarded!.address}&includeSpent=true&pageSize=20`,
          'ListPChainUtxosResponse',
        ),
        get(
          `/v1/networks/mainnet/blockchains/x-chain/utxos?addresses=${showcase}&includeSpent=true&sortBy=amount&sortOrder=asc&pageSize=50`,
          'ListUtxosResponse',
        ),
        get(
          `/v1/networks/mainnet/blockchains/c-chain/utxos?addresses=${showcase}&includeSpent=true&pageSize=20`,
          'ListUtxosResponse',
        ),
        get(`/v1/networks/mainnet/blockchains/x-chain/utxos?addresses=${showcase}&pageSize=2`, 'ListUtxosResponse'),
        get(
          `/v1/networks/mainnet/blockchains/x-chain/utxos?addresses=${spender!.address}&includeSpent=true&pageSize=100`,
          'ListUtxosResponse',
        ),
      ];
    },
    unseen: {
      '$.utxos[].groupId':
        "the demo data holds its NFT families' tokens in secp256k1fx outputs, which have no group (nftfx outputs: test/indexer/primaryNetworkCodec.test.ts)",
      '$.utxos[].payload': 'likewise: no demo output is an nftfx TransferOutput',
    },
  },
  'Query.getUtxosByAddressesV2': {
    // The GET form's examples (every member of both variants), sent as POST with the addresses in the body.
    requests: async (db) =>
      (await routeExamples['Query.getUtxosByAddresses']!.requests(db)).map((request) => {
        const url = new URL(request.path, 'http://x');
        const addresses = url.searchParams.get('addresses')!;
        url.searchParams.delete('addresses');
        return {
          ...request,
          method: 'POST' as const,
          path: `${url.pathname}?${url.searchParams}`,
          body: { addresses },
        };
      }),
    get unseen() {
      return routeExamples['Query.getUtxosByAddresses']!.unseen;
    },
  },
  'Query.getLastActivityTimestampByAddresses': {
    requests: async () => {
      const showcase = SHOWCASE_P_ADDRESS.mainnet;
      return ['p-chain', 'x-chain', 'c-chain'].map((chain) =>
        get(`/v1/networks/mainnet/blockchains/${chain}/lastActivityTimestampByAddresses?addresses=${showcase}`),
      );
    },
  },
  'Query.getLastActivityTimestampByAddressesV2': {
    requests: async () => [
      {
        method: 'POST',
        path: '/v1/networks/mainnet/blockchains/p-chain/lastActivityTimestampByAddresses',
        body: { addresses: SHOWCASE_P_ADDRESS.mainnet },
      },
    ],
  },
  'Query.getAvaxSupply': {
    requests: async () => [get('/v1/avax/supply')],
  },
  'Query.listPendingPrimaryNetworkRewards': {
    requests: async (db) => {
      const showcase = SHOWCASE_P_ADDRESS.mainnet;
      const [node] = await db.query<{ node_id: string }>(
        `SELECT node_id FROM pending_reward WHERE network = 'fuji' ORDER BY tx_hash LIMIT 1`,
      );
      return [
        get(`/v1/networks/mainnet/rewards:listPending?addresses=${showcase}&pageSize=5`),
        get(`/v1/networks/fuji/rewards:listPending?nodeIds=${node!.node_id}&sortOrder=asc`),
      ];
    },
  },
  'Query.getSingleValidatorDetails': {
    requests: async (db) => {
      // The node with the most validations (several statuses); a fuji node's completed ones.
      const [busiest] = await db.query<{ node_id: string }>(
        `SELECT node_id FROM validator WHERE network = 'mainnet' AND NOT is_l1_validator GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
      );
      const [fuji] = await db.query<{ node_id: string }>(
        `SELECT node_id FROM validator WHERE network = 'fuji' AND NOT is_l1_validator AND reward_tx_hash IS NOT NULL ORDER BY 1 LIMIT 1`,
      );
      const [removed] = await db.query<{ node_id: string }>(
        `SELECT node_id FROM validator WHERE network = 'mainnet' AND NOT is_l1_validator AND removed_timestamp IS NOT NULL ORDER BY 1 LIMIT 1`,
      );
      return [
        get(`/v1/networks/mainnet/validators/${busiest!.node_id}?pageSize=1`),
        get(`/v1/networks/mainnet/validators/${removed!.node_id}?pageSize=100`),
        get(`/v1/networks/mainnet/validators/${busiest!.node_id}?pageSize=100`),
        get(`/v1/networks/fuji/validators/${fuji!.node_id}?validationStatus=completed&sortOrder=asc`),
      ];
    },
    unseen: {
      '$.validators[].potentialRewards.rewardTxHash':
        'an active validation has not been paid yet: its RewardValidatorTx comes once it completes',
      '$.validators[].geolocation.city': 'this service geolocates no node: geolocation is always null',
      '$.validators[].geolocation.country': 'this service geolocates no node: geolocation is always null',
      '$.validators[].geolocation.countryCode': 'this service geolocates no node: geolocation is always null',
      '$.validators[].geolocation.latitude': 'this service geolocates no node: geolocation is always null',
      '$.validators[].geolocation.longitude': 'this service geolocates no node: geolocation is always null',
    },
  },
  'Query.listDelegators': {
    requests: async (db) => {
      const [rewarded] = await db.query<{ node_id: string }>(
        `SELECT node_id FROM delegation WHERE network = 'mainnet' AND delegator_reward_amount > 0 ORDER BY tx_hash LIMIT 1`,
      );
      return [
        get('/v1/networks/mainnet/delegators?pageSize=100'),
        get(`/v1/networks/mainnet/delegators?nodeIds=${rewarded!.node_id}&delegationStatus=completed`),
        get('/v1/networks/fuji/delegators?delegationStatus=pending&sortOrder=asc&pageSize=5'),
      ];
    },
  },
  'Query.listL1Validators': {
    requests: async () => [
      get('/v1/networks/mainnet/l1Validators?pageSize=1'),
      get('/v1/networks/mainnet/l1Validators?pageSize=100'),
      get('/v1/networks/fuji/l1Validators?includeInactiveL1Validators=true&pageSize=100'),
    ],
  },
  'Query.listHistoricalPrimaryNetworkRewards': {
    requests: async (db) => {
      const [paid] = await db.query<{ address: string; node_id: string }>(
        `SELECT a.address, v.node_id FROM utxo u JOIN utxo_address a ON a.network = u.network AND a.utxo_id = u.utxo_id
         JOIN validator v ON v.network = u.network AND v.tx_hash = u.tx_hash
         WHERE u.network = 'mainnet' AND u.reward_type IS NOT NULL ORDER BY u.block_timestamp DESC, u.utxo_id LIMIT 1`,
      );
      const [busiest] = await db.query<{ node_id: string }>(
        `SELECT v.node_id FROM utxo u JOIN validator v ON v.network = u.network AND v.tx_hash = u.tx_hash
         WHERE u.network = 'mainnet' AND u.reward_type IS NOT NULL GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
      );
      const [delegator] = await db.query<{ node_id: string }>(
        `SELECT d.node_id FROM utxo u JOIN delegation d ON d.network = u.network AND d.tx_hash = u.tx_hash
         WHERE u.network = 'fuji' AND u.reward_type IS NOT NULL ORDER BY u.utxo_id LIMIT 1`,
      );
      return [
        get(`/v1/networks/mainnet/rewards?addresses=P-${paid!.address}&pageSize=100`),
        get(`/v1/networks/mainnet/rewards?nodeIds=${paid!.node_id}&currency=jpy`),
        get(`/v1/networks/mainnet/rewards?nodeIds=${busiest!.node_id}&pageSize=1`),
        get(`/v1/networks/fuji/rewards?nodeIds=${delegator!.node_id}&sortOrder=asc`),
      ];
    },
  },
  'Query.listPrimaryNetworkBlocksByNodeId': {
    requests: async (db) => {
      const [busiest] = await db.query<{ proposer_node_id: string }>(
        `SELECT proposer_node_id FROM primary_network_block WHERE network = 'mainnet' AND proposer_node_id IS NOT NULL
         GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1`,
      );
      return [
        get(`/v1/networks/mainnet/blockchains/p-chain/nodes/${busiest!.proposer_node_id}/blocks?pageSize=3`),
        get(`/v1/networks/mainnet/blockchains/x-chain/nodes/${busiest!.proposer_node_id}/blocks`),
      ];
    },
  },
  'Query.listLatestXChainVertices': {
    requests: async () => [
      get('/v1/networks/mainnet/blockchains/x-chain/vertices?pageSize=3'),
      get('/v1/networks/testnet/blockchains/x-chain/vertices'),
    ],
  },
  'Query.getBlockById': {
    requests: async (db) => {
      const [proposed] = await db.query<{ block_hash: string }>(
        `SELECT block_hash FROM primary_network_block WHERE network = 'mainnet' AND blockchain_id = '11111111111111111111111111111111LpoYY'
           AND proposer_node_id IS NOT NULL AND tx_count > 0 ORDER BY block_number DESC LIMIT 1`,
      );
      const [first] = await db.query<{ block_number: bigint }>(
        `SELECT block_number FROM primary_network_block WHERE network = 'fuji' AND blockchain_id = '2JVSBoinj9C2J33VntvzYtVJNZdN2NKiwwKjcumHUWEb5DbBrm'
         ORDER BY block_number LIMIT 1`,
      );
      return [
        get(`/v1/networks/mainnet/blockchains/p-chain/blocks/${proposed!.block_hash}`),
        get(`/v1/networks/fuji/blockchains/x-chain/blocks/${first!.block_number}`),
      ];
    },
  },
  'Query.listLatestPrimaryNetworkBlocks': {
    requests: async () => [
      get('/v1/networks/mainnet/blockchains/p-chain/blocks?pageSize=3'),
      get('/v1/networks/testnet/blockchains/x-chain/blocks'),
    ],
  },
  'Query.getVertexByHash': {
    requests: async (db) => {
      const [vertex] = await db.query<{ vertex_hash: string }>(
        `SELECT vertex_hash FROM x_chain_vertex WHERE network = 'mainnet' AND tx_count > 0 ORDER BY vertex_index LIMIT 1`,
      );
      return [get(`/v1/networks/mainnet/blockchains/x-chain/vertices/${vertex!.vertex_hash}`)];
    },
  },
  'Query.getVertexByHeight': {
    requests: async () => [
      get('/v1/networks/mainnet/blockchains/x-chain/vertices:listByHeight?vertexHeight=1'),
      get('/v1/networks/fuji/blockchains/x-chain/vertices:listByHeight?vertexHeight=0&sortOrder=asc'),
    ],
    unseen: { '$.nextPageToken': 'every height of the demo DAG holds one vertex, so no height fills a page' },
  },
  'Query.getNetworkDetails': {
    requests: async () => [get('/v1/networks/mainnet'), get('/v1/networks/testnet')],
  },
  'Query.listBlockchains': {
    requests: async () => [
      get('/v1/networks/mainnet/blockchains?pageSize=100'),
      get('/v1/networks/fuji/blockchains?pageSize=2&sortOrder=asc'),
    ],
  },
  'Query.getBlockchainById': {
    requests: async (db) => {
      const [evm] = await db.query<{ blockchain_id: string }>(
        `SELECT blockchain_id FROM blockchain WHERE network = 'mainnet' AND evm_chain_id IS NOT NULL AND genesis_data IS NOT NULL
         ORDER BY create_block_timestamp DESC LIMIT 1`,
      );
      return [
        get(`/v1/networks/mainnet/blockchains/${evm!.blockchain_id}`),
        get('/v1/networks/mainnet/blockchains/11111111111111111111111111111111LpoYY'),
      ];
    },
  },
  'Query.getSubnetById': {
    requests: async (db) => {
      const [l1] = await db.query<{ subnet_id: string }>(
        `SELECT s.subnet_id FROM subnet s WHERE s.network = 'mainnet' AND s.is_l1 AND s.l1_validator_manager_address IS NOT NULL
           AND s.l1_conversion_transaction_hash IS NOT NULL
           AND EXISTS (SELECT 1 FROM blockchain b WHERE b.network = s.network AND b.subnet_id = s.subnet_id)
           AND NOT EXISTS (SELECT 1 FROM blockchain b WHERE b.network = s.network AND b.subnet_id = s.subnet_id
             AND (b.genesis_data IS NULL OR b.evm_chain_id IS NULL))
         ORDER BY s.create_block_timestamp LIMIT 1`,
      );
      // Subnets whose chains' genesis holds each precompile's allow list, so every member of the genesis shows.
      const precompiles = await db.query<{ subnet_id: string }>(
        `SELECT DISTINCT ON (p.name) b.subnet_id FROM blockchain b
           CROSS JOIN unnest(ARRAY['txAllowListConfig', 'contractDeployerAllowListConfig', 'contractNativeMinterConfig']) AS p(name)
         WHERE b.network = 'mainnet' AND b.genesis_data -> 'config' ? p.name
         ORDER BY p.name, b.create_block_timestamp`,
      );
      return [
        get(`/v1/networks/mainnet/subnets/${l1!.subnet_id}`),
        get('/v1/networks/mainnet/subnets/11111111111111111111111111111111LpoYY'),
        ...precompiles.map((row) => get(`/v1/networks/mainnet/subnets/${row.subnet_id}`)),
      ];
    },
  },
  'Query.getAssetDetails': {
    requests: async (db) => {
      const [nft] = await db.query<{ asset_id: string }>(
        `SELECT asset_id FROM asset WHERE network = 'mainnet' AND type = 'nft' ORDER BY asset_id LIMIT 1`,
      );
      return [
        get('/v1/networks/mainnet/blockchains/x-chain/assets/FvwEAhmxKfeiG8SnEvq42hc6whRyY3EFYAvebMqDNDGCgxN5Z'),
        get(`/v1/networks/mainnet/blockchains/x-chain/assets/${nft!.asset_id}`),
      ];
    },
  },
  'Query.getChainIdsForAddresses': {
    requests: async (db) => {
      const [everywhere] = await db.query<{ address: string }>(
        `SELECT address FROM utxo_address WHERE network = 'mainnet' GROUP BY address
         HAVING count(DISTINCT blockchain_id) = 3 ORDER BY address LIMIT 1`,
      );
      return [
        get(
          `/v1/networks/mainnet/addresses:listChainIds?addresses=${SHOWCASE_P_ADDRESS.mainnet},${everywhere!.address}`,
        ),
      ];
    },
  },
  'Mutation.aggregateSignatures': {
    requests: async (db) => {
      // A message from an L1's chain: its few validators sign (the demo signers), not the whole primary network.
      const [chain] = await db.query<{ blockchain_id: string }>(
        `SELECT b.blockchain_id FROM blockchain b JOIN subnet s ON s.network = b.network AND s.subnet_id = b.subnet_id
         WHERE b.network = 'mainnet' AND s.is_l1 AND ${L1_CAN_SIGN('s')} ORDER BY b.blockchain_id LIMIT 1`,
      );
      const payload = encodeWarpPayload({
        kind: 'addressedCall',
        sourceAddress: new Uint8Array(20).fill(1),
        payload: Uint8Array.of(1, 2, 3),
      });
      const message = encodeUnsignedMessage({ networkId: 1, sourceChainId: cb58Decode(chain!.blockchain_id), payload });
      return [
        {
          method: 'POST',
          path: '/v1/signatureAggregator/mainnet/aggregateSignatures',
          body: { message: Buffer.from(message.bytes).toString('hex') },
        },
      ];
    },
  },
  'Query.getAggregatedSignatures': {
    requests: async (db) => {
      // A registration whose message its own L1 signs.
      const [tx] = await db.query<{ tx_hash: string }>(
        `SELECT t.tx_hash FROM primary_network_transaction t
           JOIN validator v ON v.network = t.network AND v.tx_hash = t.tx_hash
           JOIN subnet s ON s.network = v.network AND s.subnet_id = v.subnet_id
           JOIN blockchain m ON m.network = s.network AND m.blockchain_id = s.l1_validator_manager_blockchain_id
          WHERE t.network = 'mainnet' AND t.tx_type = 'RegisterL1ValidatorTx' AND m.subnet_id = s.subnet_id AND ${L1_CAN_SIGN('s')}
          ORDER BY t.tx_hash LIMIT 1`,
      );
      return [get(`/v1/signatureAggregator/mainnet/aggregateSignatures/${tx!.tx_hash}`)];
    },
  },
  // ── EVM (4.8–4.13, 4.15, 4.16, 4.20): the showcase EVM address (demo-data/accounts.ts) is the busiest user ──
  'Query.listErc721Transactions': {
    requests: async () => [get(`/v1/chains/43114/addresses/${showcaseEvm}/transactions:listErc721?pageSize=100`)],
    unseen: nftAccountMembers,
  },
  'Query.listErc1155Transactions': {
    requests: async () => [
      get(`/v1/chains/43114/addresses/${showcaseEvm}/transactions:listErc1155?pageSize=100`),
      get(`/v1/chains/43114/addresses/${showcaseEvm}/transactions:listErc1155?pageSize=5`),
    ],
    unseen: nftAccountMembers,
  },
  'Query.listErc20Transactions': {
    // Swaps move tokens to and from DEX pools, which are LP tokens: account references with every member.
    requests: async () => [get(`/v1/chains/43114/addresses/${showcaseEvm}/transactions:listErc20?pageSize=100`)],
  },
  'Query.listInternalTransactions': {
    requests: async () => [
      get(`/v1/chains/43114/addresses/${showcaseEvm}/transactions:listInternals?pageSize=100`),
      // Wrapped AVAX receives value from the router and pays out unwraps: a token contract on both sides.
      get(
        '/v1/chains/43114/addresses/0xB31f66AA3C1e785363F0875A1B74E27b85FD66c7/transactions:listInternals?pageSize=100',
      ),
    ],
  },
  'Query.listTransactions': {
    requests: async (db) =>
      (await addressTransactionExamples(db)).map((query) => get(`/v1/chains/43114/addresses/${query}`)),
    unseen: addressTransactionUnseen,
  },
  'Query.listTransactionsV2': {
    requests: async (db) =>
      (await addressTransactionExamples(db)).map((query) =>
        get(`/v2/chains/43114/addresses/${query.replace('?', '?filterSpamTokens=false&')}`),
      ),
    unseen: addressTransactionUnseen,
  },
  'Query.listNativeTransactions': {
    requests: async (db) => {
      // A call of a token contract (decimals and logo) and a creation, each in the sender's list.
      const rows = await db.query<{ address: string; block_number: bigint }>(
        `(SELECT t.from_address AS address, t.block_number FROM evm_transaction t JOIN evm_contract c ON c.chain_id = t.chain_id AND c.address = t.to_address
           JOIN evm_method_signature s ON s.method_hash = t.method_hash
           WHERE t.chain_id = 43114 AND c.decimals IS NOT NULL AND c.logo_uri <> '' ORDER BY t.tx_hash LIMIT 1)
         UNION ALL (SELECT from_address, block_number FROM evm_transaction WHERE chain_id = 43114 AND to_address IS NULL ORDER BY tx_hash LIMIT 1)`,
      );
      return [
        get(`/v1/chains/43114/addresses/${showcaseEvm}/transactions:listNative?pageSize=100`),
        ...rows.map((row) =>
          get(
            `/v1/chains/43114/addresses/${row.address}/transactions:listNative?startBlock=${row.block_number}&endBlock=${row.block_number + 1n}`,
          ),
        ),
      ];
    },
    unseen: {
      '$.transactions[].from.name': senderReason,
      '$.transactions[].from.symbol': senderReason,
      '$.transactions[].from.decimals': senderReason,
      '$.transactions[].from.logoUri': senderReason,
    },
  },
  'Query.listErc20Balances': {
    requests: async () => [
      get(`/v1/chains/43114/addresses/${showcaseEvm}/balances:listErc20?pageSize=2`),
      get(
        `/v1/chains/43114/addresses/${showcaseEvm}/balances:listErc20?pageSize=500&filterSpamTokens=false&currency=eur`,
      ),
    ],
  },
  'Query.getNativeBalance': {
    requests: async () => [
      get(`/v1/chains/43114/addresses/${showcaseEvm}/balances:getNative`),
      get(`/v1/chains/43114/addresses/${showcaseEvm}/balances:getNative?blockNumber=71005000&currency=eur`),
    ],
  },
  'Query.listErc721Balances': {
    requests: async (db) => {
      const { owner721 } = await fullMetadataHolders(db);
      return [
        get(`/v1/chains/43114/addresses/${showcaseEvm}/balances:listErc721?pageSize=1`),
        get(`/v1/chains/43114/addresses/${owner721}/balances:listErc721?pageSize=500`),
      ];
    },
  },
  'Query.listErc1155Balances': {
    requests: async (db) => {
      const { holder1155 } = await fullMetadataHolders(db);
      return [
        get(`/v1/chains/43114/addresses/${showcaseEvm}/balances:listErc1155?pageSize=1`),
        get(`/v1/chains/43114/addresses/${holder1155}/balances:listErc1155?pageSize=500`),
        get(`/v1/chains/43114/addresses/${holder1155}/balances:listErc1155?pageSize=500&blockNumber=71008000`),
      ];
    },
  },
  'Query.listCollectibleBalances': {
    requests: async (db) => {
      const { owner721, holder1155 } = await fullMetadataHolders(db);
      return [
        get(`/v1/chains/43114/addresses/${showcaseEvm}/balances:listCollectibles?pageSize=1`),
        get(`/v1/chains/43114/addresses/${owner721}/balances:listCollectibles?pageSize=500`),
        get(`/v1/chains/43114/addresses/${holder1155}/balances:listCollectibles?pageSize=500`),
      ];
    },
  },
  'Query.getTransactionsForBlock': {
    requests: async (db) => {
      // A block with a creation, and one with a call of a known method on a token contract (decimals and logo).
      const [creation, tokenCall] = await db.query<{ number: bigint; hash: string }>(
        `(SELECT b.number, b.hash FROM evm_block b WHERE b.chain_id = 43114 AND b.tx_count > 1
           AND EXISTS (SELECT 1 FROM evm_transaction t WHERE t.chain_id = b.chain_id AND t.block_number = b.number AND t.to_address IS NULL)
         ORDER BY b.number LIMIT 1)
         UNION ALL (SELECT b.number, b.hash FROM evm_block b JOIN evm_transaction t ON t.chain_id = b.chain_id AND t.block_number = b.number
           JOIN evm_contract c ON c.chain_id = t.chain_id AND c.address = t.to_address JOIN evm_method_signature s ON s.method_hash = t.method_hash
           WHERE b.chain_id = 43114 AND c.decimals IS NOT NULL AND c.logo_uri <> '' ORDER BY b.number LIMIT 1)`,
      );
      return [
        get(`/v1/chains/43114/blocks/${creation!.number}/transactions`),
        get(`/v1/chains/43114/blocks/${creation!.hash}/transactions?pageSize=1`),
        get(`/v1/chains/43114/blocks/${tokenCall!.number}/transactions`),
      ];
    },
    unseen: {
      '$.transactions[].from.name': senderReason,
      '$.transactions[].from.symbol': senderReason,
      '$.transactions[].from.decimals': senderReason,
      '$.transactions[].from.logoUri': senderReason,
    },
  },
  'Query.listContractDeployments': {
    requests: async (db) => {
      // A deployer of every variant (ERC-20, ERC-721 and ERC-1155 with banners, UNKNOWN), a factory, and a deployer of
      // tokens whose profiles link their CoinGecko page (pricingProviders).
      const [everyKind, factory, priced] = await db.query<{ chain_id: bigint; address: string }>(
        `(SELECT chain_id, deployer_address AS address FROM evm_contract WHERE chain_id = 43114 AND deployer_address IS NOT NULL
           GROUP BY 1, 2 HAVING count(DISTINCT erc_type) = 4 AND bool_or(banner_uri IS NOT NULL) ORDER BY address LIMIT 1)
         UNION ALL (SELECT chain_id, deployer_contract_address FROM evm_contract WHERE chain_id = 43114 AND deployer_contract_address IS NOT NULL ORDER BY address LIMIT 1)
         UNION ALL (SELECT chain_id, deployer_address FROM evm_contract WHERE erc_type = 'ERC-20' AND deployer_address IS NOT NULL
           AND resource_links @> '[{"type": "CoinGecko"}]' ORDER BY chain_id, address LIMIT 1)`,
      );
      return [
        get(`/v1/chains/43114/contracts/${everyKind!.address}/deployments?pageSize=100`),
        get(`/v1/chains/43114/contracts/${factory!.address}/deployments?pageSize=2`),
        get(`/v1/chains/${priced!.chain_id}/contracts/${priced!.address}/deployments?pageSize=100`),
      ];
    },
  },
  'Query.listLatestTransactions': {
    requests: async () => [
      get('/v1/chains/43114/transactions?pageSize=100'),
      get('/v1/chains/43114/transactions?status=failed&pageSize=5'),
    ],
    unseen: {
      '$.transactions[].from.name': senderReason,
      '$.transactions[].from.symbol': senderReason,
      '$.transactions[].from.decimals': senderReason,
      '$.transactions[].from.logoUri': senderReason,
    },
  },
  'Query.listLatestTransactionsAllChains': {
    requests: async () => [
      get('/v1/transactions?network=mainnet&pageSize=100'),
      get('/v1/transactions?network=fuji&status=success&pageSize=5'),
    ],
    unseen: {
      '$.transactions[].from.name': senderReason,
      '$.transactions[].from.symbol': senderReason,
      '$.transactions[].from.decimals': senderReason,
      '$.transactions[].from.logoUri': senderReason,
    },
  },
  'Query.listTransfers': {
    requests: async (db) => {
      // The busiest contract of each standard: ERC-20 transfers between pools (account references with every member),
      // ERC-721 and ERC-1155 transfers with their NFTs.
      const tokens = await db.query<{ token_address: string }>(
        `SELECT DISTINCT ON (erc_type) token_address FROM (
           SELECT erc_type, token_address, count(*) AS n FROM evm_token_transfer WHERE chain_id = 43114 GROUP BY 1, 2) x
         ORDER BY erc_type, n DESC, token_address`,
      );
      return tokens.map((token) => get(`/v1/chains/43114/tokens/${token.token_address}/transfers?pageSize=100`));
    },
  },
  'Query.getDeploymentTransaction': {
    requests: async (db) => {
      // A token deployed directly by a type-2 transaction (the created contract is the transaction's `to`, with its
      // metadata), and one a factory created (its frames and the mint in its deployment), in usd and in eur.
      const [direct, factory] = await db.query<{ address: string }>(
        `(SELECT c.address FROM evm_contract c JOIN evm_transaction t ON t.chain_id = c.chain_id AND t.tx_hash = c.deployment_tx_hash
           WHERE c.chain_id = 43114 AND c.deployer_contract_address IS NULL AND t.tx_type = 2 AND c.decimals IS NOT NULL AND c.logo_uri <> ''
           ORDER BY c.address LIMIT 1)
         UNION ALL (SELECT c.address FROM evm_contract c WHERE c.chain_id = 43114 AND c.deployer_contract_address IS NOT NULL
           AND EXISTS (SELECT 1 FROM evm_token_transfer x WHERE x.chain_id = c.chain_id AND x.tx_hash = c.deployment_tx_hash)
           ORDER BY c.address LIMIT 1)`,
      );
      return [
        get(`/v1/chains/43114/contracts/${direct!.address}/transactions:getDeployment`),
        get(`/v1/chains/43114/contracts/${factory!.address}/transactions:getDeployment?currency=eur`),
      ];
    },
    unseen: {
      '$.nativeTransaction.from.name': senderReason,
      '$.nativeTransaction.from.symbol': senderReason,
      '$.nativeTransaction.from.decimals': senderReason,
      '$.nativeTransaction.from.logoUri': senderReason,
      '$.erc20Transfers[].from.name': mintReason,
      '$.erc20Transfers[].from.symbol': mintReason,
      '$.erc20Transfers[].from.decimals': mintReason,
      '$.erc20Transfers[].from.logoUri': mintReason,
      '$.erc20Transfers[].to.name': mintReason,
      '$.erc20Transfers[].to.symbol': mintReason,
      '$.erc20Transfers[].to.decimals': mintReason,
      '$.erc20Transfers[].to.logoUri': mintReason,
      '$.erc20Transfers[].erc20Token.price': 'a token a factory launches in the demo data has no market price',
      '$.internalTransactions[].from.symbol': factoryReason,
      '$.internalTransactions[].from.decimals': factoryReason,
      '$.internalTransactions[].from.logoUri': factoryReason,
      '$.internalTransactions[].to.logoUri': "the tokens the demo's factories launch have no logo",
      '$.erc721Transfers[].from': nftReason,
      '$.erc721Transfers[].to': nftReason,
      '$.erc721Transfers[].logIndex': nftReason,
      '$.erc721Transfers[].erc721Token': nftReason,
      '$.erc1155Transfers[].from': nftReason,
      '$.erc1155Transfers[].to': nftReason,
      '$.erc1155Transfers[].logIndex': nftReason,
      '$.erc1155Transfers[].value': nftReason,
      '$.erc1155Transfers[].erc1155Token': nftReason,
      '$.teleporterMessageInfo': 'no deployment of the demo data sends or delivers a Teleporter message',
    },
  },
  'Query.getTransaction': {
    requests: async (db) => {
      // A swap (ERC-20 with prices, pools as accounts), an NFT sale, an ERC-1155 batch, a Teleporter send.
      const rows = await db.query<{ tx_hash: string }>(
        `(SELECT t.tx_hash FROM evm_token_transfer t JOIN evm_contract c ON c.chain_id = t.chain_id AND c.address = t.token_address
           WHERE t.chain_id = 43114 AND t.erc_type = 'ERC-20' AND c.price_key IS NOT NULL
             AND EXISTS (SELECT 1 FROM evm_contract p WHERE p.chain_id = t.chain_id AND p.address = t.from_address AND p.symbol = 'DEX-LP')
           ORDER BY t.tx_hash LIMIT 1)
         UNION ALL (SELECT t.tx_hash FROM evm_token_transfer t JOIN evm_nft_token n ON n.chain_id = t.chain_id AND n.address = t.token_address AND n.token_id = t.token_id
           WHERE t.chain_id = 43114 AND t.erc_type = 'ERC-721' AND t.from_address <> '\\x0000000000000000000000000000000000000000' AND n.animation_uri IS NOT NULL AND n.background IS NOT NULL
           ORDER BY t.tx_hash LIMIT 1)
         UNION ALL (SELECT t.tx_hash FROM evm_transaction t JOIN evm_contract c ON c.chain_id = t.chain_id AND c.address = t.to_address
           WHERE t.chain_id = 43114 AND c.decimals IS NOT NULL AND c.logo_uri <> '' ORDER BY t.tx_hash LIMIT 1)
         UNION ALL (SELECT tx_hash FROM evm_token_transfer WHERE chain_id = 43114 AND erc_type = 'ERC-1155' AND batch_index > 0 ORDER BY tx_hash LIMIT 1)
         UNION ALL (SELECT t.tx_hash FROM teleporter_message m JOIN evm_transaction t ON t.chain_id = 43114 AND t.tx_hash = m.source_tx_hash ORDER BY t.tx_hash LIMIT 1)`,
      );
      return rows.map((row) => get(`/v1/chains/43114/transactions/${row.tx_hash}`));
    },
    unseen: {
      '$.nativeTransaction.from.name': senderReason,
      '$.nativeTransaction.from.symbol': senderReason,
      '$.nativeTransaction.from.decimals': senderReason,
      '$.nativeTransaction.from.logoUri': senderReason,
      '$.erc721Transfers[].from.name': nftAccountReason,
      '$.erc721Transfers[].from.symbol': nftAccountReason,
      '$.erc721Transfers[].from.decimals': nftAccountReason,
      '$.erc721Transfers[].from.logoUri': nftAccountReason,
      '$.erc721Transfers[].to.name': nftAccountReason,
      '$.erc721Transfers[].to.symbol': nftAccountReason,
      '$.erc721Transfers[].to.decimals': nftAccountReason,
      '$.erc721Transfers[].to.logoUri': nftAccountReason,
      '$.erc1155Transfers[].from.name': nftAccountReason,
      '$.erc1155Transfers[].from.symbol': nftAccountReason,
      '$.erc1155Transfers[].from.decimals': nftAccountReason,
      '$.erc1155Transfers[].from.logoUri': nftAccountReason,
      '$.erc1155Transfers[].to.name': nftAccountReason,
      '$.erc1155Transfers[].to.symbol': nftAccountReason,
      '$.erc1155Transfers[].to.decimals': nftAccountReason,
      '$.erc1155Transfers[].to.logoUri': nftAccountReason,
    },
  },
  'Query.supportedChains': {
    requests: async () => [
      get('/v1/chains'),
      get('/v1/chains?network=fuji&feature=nftIndexing'),
      get('/v1/chains?network=mainnet&feature=teleporter'),
    ],
  },
  'Query.getChainInfo': {
    requests: async () => [
      get('/v1/chains/43114'),
      get('/v1/chains/2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5'),
    ],
  },
  'Query.listAddressChains': {
    requests: async () => [get(`/v1/address/${showcaseEvm}/chains`)],
  },
  'Query.getLatestBlocks': {
    requests: async (db) => {
      // The newest blocks of the C-Chain, and of a chain with Granite members (milliseconds, delay excess).
      const [granite] = await db.query<{ chain_id: bigint }>(
        'SELECT chain_id FROM evm_block WHERE timestamp_milliseconds IS NOT NULL ORDER BY chain_id LIMIT 1',
      );
      return [get('/v1/chains/43114/blocks?pageSize=3'), get(`/v1/chains/${granite!.chain_id}/blocks?pageSize=100`)];
    },
  },
  'Query.getBlock': {
    requests: async (db) => {
      const [granite] = await db.query<{ chain_id: bigint; hash: string }>(
        'SELECT chain_id, hash FROM evm_block WHERE timestamp_milliseconds IS NOT NULL AND min_delay_excess IS NOT NULL ORDER BY chain_id, number DESC LIMIT 1',
      );
      return [get('/v1/chains/43114/blocks/71009913'), get(`/v1/chains/${granite!.chain_id}/blocks/${granite!.hash}`)];
    },
  },
  'Query.getIcmMessage': {
    requests: async (db) => {
      // One message of each status: delivered (the newest carrying receipts and offering a fee), and pending.
      const [delivered] = await db.query<{ id: string }>(
        `SELECT teleporter_message_id AS id FROM teleporter_message
          WHERE destination_tx_hash IS NOT NULL AND source_tx_hash <> '' AND jsonb_array_length(receipts) > 0 AND fee_amount > 0
          ORDER BY timestamp DESC LIMIT 1`,
      );
      const [pending] = await db.query<{ id: string }>(
        'SELECT teleporter_message_id AS id FROM teleporter_message WHERE destination_tx_hash IS NULL ORDER BY timestamp DESC LIMIT 1',
      );
      return [
        get(`/v1/icm/messages/${delivered!.id.slice(2)}`, 'DeliveredIcmMessage'),
        get(`/v1/icm/messages/${pending!.id}`, 'PendingIcmMessage'),
      ];
    },
    unseen: {
      '$.rewardDetails.price': 'this service prices no relayer fee',
    },
  },
  'Query.listIcmMessages': {
    requests: async () => [get('/v1/icm/messages'), get('/v1/icm/messages?network=mainnet&pageSize=100')],
    unseen: {
      '$.messages[].rewardDetails.price': 'this service prices no relayer fee',
    },
  },
  'Query.listIcmMessagesByAddress': {
    requests: async (db) => {
      const [sender] = await db.query<{ address: string }>(
        'SELECT origin_sender_address AS address FROM teleporter_message GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1',
      );
      // And the sender that offered the most fees (the busiest one, the USDC token home, offers none).
      const [payer] = await db.query<{ address: string }>(
        'SELECT origin_sender_address AS address FROM teleporter_message WHERE fee_amount > 0 GROUP BY 1 ORDER BY count(*) DESC, 1 LIMIT 1',
      );
      return [
        get(`/v1/icm/addresses/${sender!.address}/messages?pageSize=100`),
        get(`/v1/icm/addresses/${sender!.address}/messages?pageSize=2`),
        get(`/v1/icm/addresses/${payer!.address}/messages?pageSize=100`),
      ];
    },
    unseen: {
      '$.messages[].rewardDetails.price': 'this service prices no relayer fee',
    },
  },
  'Query.listLatestBlocksAllChains': {
    requests: async () => [get('/v1/blocks'), get('/v1/blocks?network=mainnet&pageSize=100')],
  },
  'Query.getTokenDetails': {
    requests: async (db) => {
      // Both variants: an ERC-721 (attributes, owner) and an ERC-1155 (properties, decimals), each with full metadata.
      const tokens = await db.query<{ address: string; token_id: string }>(
        `(SELECT address, token_id::text FROM evm_nft_token WHERE chain_id = 43114 AND erc_type = 'ERC-721' AND index_status = 'INDEXED'
           AND animation_uri IS NOT NULL AND background IS NOT NULL ORDER BY address, token_id LIMIT 1)
         UNION ALL (SELECT address, token_id::text FROM evm_nft_token WHERE chain_id = 43114 AND erc_type = 'ERC-1155' AND index_status = 'INDEXED'
           ORDER BY animation_uri IS NULL, background IS NULL, address, token_id LIMIT 1)`,
      );
      return tokens.map((nft) => get(`/v1/chains/43114/nfts/collections/${nft.address}/tokens/${nft.token_id}`));
    },
  },
  'Query.getContractMetadata': {
    requests: async (db) => {
      // Every variant, with the profile members (banners, links, CoinGecko pricing, a factory deployment) where the
      // demo data has them.
      const contracts = await db.query<{ address: string }>(
        `(SELECT address FROM evm_contract WHERE chain_id = 43114 AND erc_type = 'ERC-20' AND resource_links @> '[{"type": "CoinGecko"}]'
           ORDER BY banner_uri IS NULL, logo_asset_id IS NULL, address LIMIT 1)
         UNION ALL (SELECT address FROM evm_contract WHERE chain_id = 43114 AND erc_type = 'ERC-721' ORDER BY banner_uri IS NULL, address LIMIT 1)
         UNION ALL (SELECT address FROM evm_contract WHERE chain_id = 43114 AND erc_type = 'ERC-1155'
           ORDER BY banner_uri IS NULL, resource_links @> '[{"type": "CoinGecko"}]' DESC, address LIMIT 1)
         UNION ALL (SELECT address FROM evm_contract WHERE chain_id = 43114 AND erc_type = 'UNKNOWN'
           ORDER BY deployer_contract_address IS NULL, description = '', address LIMIT 1)
         UNION ALL (SELECT address FROM evm_contract WHERE chain_id = 43114 AND description <> '' AND official_site <> '' AND email <> ''
           AND color <> '' ORDER BY banner_asset_id IS NULL, address LIMIT 1)`,
      );
      return contracts.map((c) => get(`/v1/chains/43114/addresses/${c.address}`));
    },
  },
  'Query.listTokens': {
    requests: async (db) => {
      // An ERC-721 collection (owners, attributes, every metadata member) and an ERC-1155 one (properties, decimals).
      const collections = await db.query<{ address: string }>(
        `(SELECT address FROM evm_nft_token WHERE chain_id = 43114 AND erc_type = 'ERC-721' GROUP BY address ORDER BY count(*) DESC, address LIMIT 1)
         UNION ALL (SELECT address FROM evm_nft_token WHERE chain_id = 43114 AND erc_type = 'ERC-1155' ORDER BY address LIMIT 1)`,
      );
      return collections.map((c) => get(`/v1/chains/43114/nfts/collections/${c.address}/tokens?pageSize=100`));
    },
  },
  'Mutation.reindexNft': {
    requests: async (db) => {
      // One NFT of each kind; each once (a second request within the hour is refused).
      const tokens = await db.query<{ address: string; token_id: string }>(
        `(SELECT address, token_id::text FROM evm_nft_token WHERE chain_id = 43114 AND erc_type = 'ERC-721' ORDER BY address, token_id DESC LIMIT 1)
         UNION ALL (SELECT address, token_id::text FROM evm_nft_token WHERE chain_id = 43114 AND erc_type = 'ERC-1155' ORDER BY address, token_id DESC LIMIT 1)`,
      );
      return tokens.map((nft) => ({
        method: 'POST' as const,
        path: `/v1/chains/43114/nfts/collections/${nft.address}/tokens/${nft.token_id}:reindex`,
      }));
    },
  },
  'Query.listChains': {
    requests: async () => [get('/v2/chains'), get('/v2/chains?network=fuji')],
    unseen: {
      '$.nextPageToken': 'a page holds up to 10000 chains and the demo data indexes a handful',
    },
  },
  'Query.getChain': {
    requests: async () => [get('/v2/chains/43114')],
  },
  'Query.getEvmChainMetrics': {
    requests: async () => [
      get('/v2/chains/43114/metrics/txCount?pageSize=3'),
      get('/v2/chains/total/metrics/avgTps?pageSize=2'),
    ],
  },
  'Query.getEvmChainRollingWindowMetrics': {
    requests: async () => [
      get('/v2/chains/43114/rollingWindowMetrics/txCount'),
      get('/v2/chains/total/rollingWindowMetrics/maxGasPrice'),
    ],
  },
  'Query.getAddressesByBalanceOverTime': {
    // USDC on the C-Chain: holders above 100 USDC at some time in the demo's last week.
    requests: async () => [
      get(
        '/v2/chains/43114/contracts/0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e/balances?threshold=100000000&startTimestamp=1792886400&pageSize=3',
      ),
    ],
  },
  'Query.getICMTimeseries': {
    // Messages from the C-Chain by destination, and every pair of mainnet by the hour.
    requests: async () => [
      get(
        '/v2/icm/timeseries?srcBlockchainId=2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5&groupBy=destBlockchainId&pageSize=3',
      ),
      get('/v2/icm/timeseries?network=mainnet&groupBy=srcBlockchainId,destBlockchainId&timeInterval=hour&pageSize=2'),
    ],
  },
  'Query.getICMSummary': {
    requests: async () => [
      get('/v2/icm/summary?network=mainnet'),
      get('/v2/icm/summary?srcBlockchainId=2q9e4r6Mu3U68nU1fYjgbR6JvwrRx36CohpAX5UQxse55x1Q5&groupBy=destBlockchainId'),
    ],
  },
  'Query.getStakingMetrics': {
    requests: async () => [
      get('/v2/networks/mainnet/metrics/validatorCount?pageSize=3'),
      get('/v2/networks/fuji/metrics/delegatorWeight?pageSize=2'),
    ],
  },
  'Query.getTotalL1ValidatorMetrics': {
    requests: async () => [
      get('/v2/validators/metrics/totalValidatorFeesDaily?startTimestamp=1792886400'),
      get('/v2/validators/metrics/totalPayingValidatorsDaily?startTimestamp=1792886400&endTimestamp=1793059200'),
    ],
    unseen: ONE_ANSWER,
  },
  'Query.getMetricsByValidationId': {
    // The demo L1's initial validation, paying since its conversion.
    requests: async () => [
      get(
        '/v2/validation/1MLCDHR4eK2vD5EkhCBjWGHdJtuM95ue7Etns1yjUW8tQuDT1/metrics/validationFeesDaily?startTimestamp=1792886400',
      ),
    ],
    unseen: ONE_ANSWER,
  },
  'Query.getMetricsByNodeId': {
    requests: async () => [
      get(
        '/v2/validator/NodeID-H5tVoXp6byPbZVuYZ8wyfnT5dqmAk3b7m/metrics/perNodeCumulativeFeesPaid?startTimestamp=1792886400',
      ),
    ],
    unseen: ONE_ANSWER,
  },
  'Query.getMetricsBySubnetId': {
    requests: async () => [
      get(
        '/v2/subnet/D4fjQMzP2LLCR87cair9AKQLY4oQ4ArTND6BR3QEo1iCgyW99/metrics/perSubnetPayingValidators?startTimestamp=1792886400',
      ),
    ],
    unseen: ONE_ANSWER,
  },
  'Query.getValidatorsByDateRange': {
    // The primary network's validations in the demo's last week.
    requests: async () => [
      get(
        '/v2/subnets/11111111111111111111111111111111LpoYY/validators:getAddresses?network=mainnet&startTimestamp=1792886400&pageSize=3',
      ),
    ],
  },
  'Query.getNftHoldersByContractAddress': {
    // Both kinds of the demo C-Chain's collections, each as a short first page.
    requests: async (db) => {
      const collections = await db.query<{ address: string }>(
        `(SELECT address FROM evm_contract WHERE chain_id = 43114 AND erc_type = 'ERC-721' ORDER BY address LIMIT 1)
         UNION ALL (SELECT address FROM evm_contract WHERE chain_id = 43114 AND erc_type = 'ERC-1155' ORDER BY address LIMIT 1)`,
      );
      return collections.map((c) => get(`/v2/chains/43114/contracts/${c.address}/nfts:listHolders?pageSize=3`));
    },
  },
  'Query.getAddressesByBtcbBridged': {
    // The demo's BTC.b bridgers above 0.1 BTC.b.
    requests: async () => [get('/v2/chains/43114/btcb/bridged:getAddresses?threshold=10000000&pageSize=3')],
  },
  'Query.compositeQueryV1': {
    requests: async () => [compositeQueryRequest('/v1/lookingGlass/compositeQuery', 'OR')],
  },
  'Query.compositeQueryV2': {
    requests: async () => [compositeQueryRequest('/v2/lookingGlass/compositeQuery', 'AND')],
  },
  ...webhookRouteExamples,
  ...exportRouteExamples,
  ...usageRouteExamples,
};

/** Every kind of subquery the service answers, on the demo C-Chain in October 2026, with a short page. */
function compositeQueryRequest(path: string, operator: 'AND' | 'OR'): ExampleRequest {
  const window = { evmChainId: '43114', firstDate: '2026-10-01', lastDate: '2026-10-31' };
  const usdc = '0xb97ef9ef8734c71904d8002f8b6bc66dd9c48a6e';
  return {
    method: 'POST',
    path,
    body: {
      operator,
      pageSize: 3,
      queries: [
        { id: 'native', type: 'AnyTimeNativeBalance', params: { ...window, minBalance: '1000000000000000000' } },
        { id: 'nativeAll', type: 'AllTimeNativeBalance', params: { ...window, minBalance: '1' } },
        { id: 'usdc', type: 'AnyTimeErc20Balance', params: { ...window, minBalance: '1', contractAddress: usdc } },
        { id: 'usdcAll', type: 'AllTimeErc20Balance', params: { ...window, minBalance: '0', contractAddress: usdc } },
        { id: 'latest', type: 'LatestBalance', params: { evmChainId: '43114', minBalance: '1', tokenType: 'NATIVE' } },
      ],
    },
  };
}
