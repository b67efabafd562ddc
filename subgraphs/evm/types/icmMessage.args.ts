import { ArgsType, Field } from 'type-graphql';
import { Network } from '../../shared/network';
import { PageArgs } from '../../shared/pageArgs';
import { Cb58Id } from '../../shared/params/cb58Id';
import { ChainId, type ChainIdParam } from '../../shared/params/chainId';
import { EvmAddress } from '../../shared/params/evmAddress';
import { createParameterScalar } from '../../shared/params/parameterScalar';

/**
 * A Teleporter message ID: 64 hex digits, with or without 0x (the official example has none), stored 0x-prefixed in lower case.
 * @example parseIcmMessageId('ACF1…') // '0xacf1…'
 */
export function parseIcmMessageId(input: string | number): string {
  const text = String(input);
  const match = /^(0x)?([0-9a-fA-F]{64})$/.exec(text);
  if (!match) throw new Error('must be a Teleporter message ID: 64 hex digits, optionally after 0x');
  return `0x${match[2]!.toLowerCase()}`;
}

/** `messageId` of getIcmMessage. */
export const IcmMessageId = createParameterScalar({
  name: 'IcmMessageId',
  description: 'A Teleporter message ID: 64 hex digits, optionally after 0x.',
  openApi: {
    type: 'string',
    pattern: '^(0x)?[0-9a-fA-F]{64}$',
    example: 'acf1c8b06f9aec48e9fcbefbbe576ae8a7ca3b327fcae111396e7cc99956674d',
  },
  parse: parseIcmMessageId,
  serialize: (value) => value.slice(2),
});

/** Arguments of getIcmMessage. */
@ArgsType()
export class GetIcmMessageArgs {
  @Field(() => IcmMessageId, { description: 'The Teleporter message ID of the ICM message.' })
  messageId!: string;
}

/** Arguments of listIcmMessages. */
@ArgsType()
export class ListIcmMessagesArgs extends PageArgs('icmMessages') {
  @Field(() => ChainId, {
    nullable: true,
    description: 'Only messages sent from this chain: its blockchain ID (cb58) or EVM chain ID.',
  })
  sourceBlockchainId?: ChainIdParam;

  @Field(() => ChainId, {
    nullable: true,
    description: 'Only messages sent to this chain: its blockchain ID (cb58) or EVM chain ID.',
  })
  destinationBlockchainId?: ChainIdParam;

  @Field(() => Cb58Id, {
    nullable: true,
    description: 'Only messages sent from or to this chain (blockchain ID, cb58).',
  })
  blockchainId?: string;

  @Field(() => EvmAddress, { nullable: true, description: 'Only messages to this address (destinationAddress).' })
  to?: string;

  @Field(() => EvmAddress, { nullable: true, description: 'Only messages from this address (originSenderAddress).' })
  from?: string;

  @Field(() => Network, { nullable: true, description: 'Only messages of this network; all when omitted.' })
  network?: Network;
}

/** Arguments of listIcmMessagesByAddress. */
@ArgsType()
export class ListIcmMessagesByAddressArgs extends PageArgs('icmMessages') {
  @Field(() => EvmAddress, { description: 'An EVM address: messages it sent or that are delivered to it.' })
  address!: string;

  @Field(() => Network, { nullable: true, description: 'Only messages of this network; all when omitted.' })
  network?: Network;
}
