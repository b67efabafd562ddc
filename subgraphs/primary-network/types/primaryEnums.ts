import { registerEnumType } from 'type-graphql';

/** The kind of a primary-network asset (official `PrimaryNetworkAssetType`). */
export enum PrimaryNetworkAssetType {
  secp256k1 = 'secp256k1',
  nft = 'nft',
}

registerEnumType(PrimaryNetworkAssetType, {
  name: 'PrimaryNetworkAssetType',
  description: 'secp256k1 (fungible) or nft.',
});

/** Why a reward output was paid (official `RewardType`). */
export enum RewardType {
  VALIDATOR = 'VALIDATOR',
  DELEGATOR = 'DELEGATOR',
  VALIDATOR_FEE = 'VALIDATOR_FEE',
}

registerEnumType(RewardType, {
  name: 'RewardType',
  description: 'VALIDATOR, DELEGATOR, or VALIDATOR_FEE (a validator’s share of a delegator’s reward).',
});

/** Whether an output is a stake (official `UtxoType`). */
export enum UtxoType {
  STAKE = 'STAKE',
  TRANSFER = 'TRANSFER',
}

registerEnumType(UtxoType, { name: 'UtxoType', description: 'STAKE (locked by a staking transaction) or TRANSFER.' });
