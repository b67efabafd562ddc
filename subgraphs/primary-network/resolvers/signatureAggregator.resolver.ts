import { Args, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import { fromHex, toHex } from '../../../avalanche/bytes';
import type { AggregationResult } from '../../../signature-aggregator';
import { ApiError } from '../../shared/errors';
import { toDbNetwork } from '../../shared/network';
import type { PrimaryNetworkContext } from '../context';
import { AggregateSignaturesArgs, GetAggregatedSignaturesArgs } from '../types/signatureAggregator.args';
import { SignedMessageResponse } from '../types/signedMessage.type';
import { toApiError } from './signatureAggregatorErrors';

/**
 * 4.1 and 4.2 over the signature aggregator (signature-aggregator/): arguments are checked by
 * the class-validator rules of their args classes before these run, and aggregator errors become
 * API errors with their status (signatureAggregatorErrors.ts).
 */
@Resolver()
export class SignatureAggregatorResolver {
  @Mutation(() => SignedMessageResponse, {
    description:
      "Aggregates the signatures of a Warp message from the signing subnet's validators (4.1). REST answers 201.",
  })
  async aggregateSignatures(
    @Args() args: AggregateSignaturesArgs,
    @Ctx() context: PrimaryNetworkContext,
  ): Promise<SignedMessageResponse> {
    return signed(() =>
      aggregatorOf(context).aggregateSignatures({
        network: toDbNetwork(args.network),
        message: args.message ? fromHex(args.message) : undefined,
        justification: args.justification ? fromHex(args.justification) : undefined,
        signingSubnetId: args.signingSubnetId ?? undefined,
        quorumPercentage: args.quorumPercentage,
        quorumPercentageBuffer: args.quorumPercentageBuffer,
        pChainHeight: BigInt(args.pChainHeight),
      }),
    );
  }

  @Query(() => SignedMessageResponse, {
    description:
      'The signed P-Chain Warp message of an L1 transaction: ConvertSubnetToL1Tx, RegisterL1ValidatorTx or SetL1ValidatorWeightTx (4.2). REST answers 201.',
  })
  async getAggregatedSignatures(
    @Args() args: GetAggregatedSignaturesArgs,
    @Ctx() context: PrimaryNetworkContext,
  ): Promise<SignedMessageResponse> {
    return signed(() => aggregatorOf(context).aggregateTransactionMessage(toDbNetwork(args.network), args.txHash));
  }
}

function aggregatorOf(context: PrimaryNetworkContext) {
  if (!context.signatureAggregator) throw new ApiError(503, 'signature aggregation is not configured in this process');
  return context.signatureAggregator;
}

async function signed(aggregate: () => Promise<AggregationResult>): Promise<SignedMessageResponse> {
  try {
    return { signedMessage: toHex((await aggregate()).signedMessage) };
  } catch (error) {
    throw toApiError(error);
  }
}
