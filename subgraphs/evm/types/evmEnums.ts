import { registerEnumType } from 'type-graphql';

/** `currency` of 4.12 and `currencyCode` of every Price: the 14 currencies of the spec. */
export enum CurrencyCode {
  usd = 'usd',
  eur = 'eur',
  aud = 'aud',
  cad = 'cad',
  chf = 'chf',
  clp = 'clp',
  cny = 'cny',
  czk = 'czk',
  dkk = 'dkk',
  gbp = 'gbp',
  hkd = 'hkd',
  huf = 'huf',
  jpy = 'jpy',
  nzd = 'nzd',
}

/** Kind of a call frame (2.9 `internalTxType`). */
export enum InternalTxType {
  UNKNOWN = 'UNKNOWN',
  CALL = 'CALL',
  CREATE = 'CREATE',
  CREATE2 = 'CREATE2',
  CREATE3 = 'CREATE3',
  CALLCODE = 'CALLCODE',
  DELEGATECALL = 'DELEGATECALL',
  STATICCALL = 'STATICCALL',
}

/** What a transaction does (2.12 `method.callType`). */
export enum CallType {
  NATIVE_TRANSFER = 'NATIVE_TRANSFER',
  CONTRACT_CALL = 'CONTRACT_CALL',
  CONTRACT_CREATION = 'CONTRACT_CREATION',
}

/** Where fetching an NFT's metadata stands (2.10 `metadata.indexStatus`). */
export enum NftIndexStatus {
  UNKNOWN = 'UNKNOWN',
  MISSING_TOKEN = 'MISSING_TOKEN',
  INVALID_TOKEN_URI = 'INVALID_TOKEN_URI',
  INVALID_TOKEN_URI_SCHEME = 'INVALID_TOKEN_URI_SCHEME',
  UNREACHABLE_TOKEN_URI = 'UNREACHABLE_TOKEN_URI',
  THROTTLED_TOKEN_URI = 'THROTTLED_TOKEN_URI',
  METADATA_CONTENT_TOO_LARGE = 'METADATA_CONTENT_TOO_LARGE',
  INVALID_METADATA = 'INVALID_METADATA',
  INVALID_METADATA_JSON = 'INVALID_METADATA_JSON',
  INDEXED = 'INDEXED',
  UNINDEXED = 'UNINDEXED',
}

/** A token's reputation (2.11 `tokenReputation`; null when unknown). */
export enum TokenReputation {
  Malicious = 'Malicious',
  Benign = 'Benign',
}

/** The kind of a link of a contract's profile (2.14 `resourceLinks[].type`). */
export enum ResourceLinkType {
  Blog = 'Blog',
  CoinGecko = 'CoinGecko',
  CoinMarketCap = 'CoinMarketCap',
  Discord = 'Discord',
  Documentation = 'Documentation',
  Facebook = 'Facebook',
  Github = 'Github',
  Instagram = 'Instagram',
  LinkedIn = 'LinkedIn',
  Medium = 'Medium',
  Reddit = 'Reddit',
  Support = 'Support',
  Telegram = 'Telegram',
  TikTok = 'TikTok',
  Twitter = 'Twitter',
  Website = 'Website',
  Whitepaper = 'Whitepaper',
  Youtube = 'Youtube',
}

/** Which side of a Teleporter message a transaction is (2.13 `teleporterMessageInfo.direction`). */
export enum TeleporterDirection {
  SOURCE_TRANSACTION = 'SOURCE_TRANSACTION',
  DESTINATION_TRANSACTION = 'DESTINATION_TRANSACTION',
}

registerEnumType(CurrencyCode, {
  name: 'CurrencyCode',
  description: 'A currency of prices: usd, eur, aud, cad, chf, clp, cny, czk, dkk, gbp, hkd, huf, jpy, nzd.',
});
registerEnumType(InternalTxType, {
  name: 'InternalTxType',
  description: 'The kind of a call frame of a transaction trace.',
});
registerEnumType(CallType, {
  name: 'CallType',
  description: 'A native transfer (no input), a contract call, or a contract creation.',
});
registerEnumType(NftIndexStatus, {
  name: 'NftIndexStatus',
  description: 'Where fetching the metadata of an NFT stands.',
});
registerEnumType(TokenReputation, { name: 'TokenReputation', description: 'Malicious (spam, scams) or Benign.' });
registerEnumType(ResourceLinkType, {
  name: 'ResourceLinkType',
  description: 'The kind of a link of a contract profile: Website, Twitter, CoinGecko, …',
});
registerEnumType(TeleporterDirection, {
  name: 'TeleporterDirection',
  description: 'Whether the transaction sent the message (source) or delivered it (destination).',
});
