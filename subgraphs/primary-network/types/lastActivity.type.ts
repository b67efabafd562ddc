import { Directive, Field, ObjectType } from 'type-graphql';
import { SafeInt } from '../../shared/scalars';

/** The newest activity of a set of addresses on a primary-network chain (official `LastActivityTimestamp`). */
@ObjectType('LastActivityTimestamp', { simpleResolvers: true })
export class LastActivityTimestamp {
  @Field(() => SafeInt, { description: 'When the activity happened: its block time, Unix seconds.' })
  timestamp!: number;
  @Field({ description: 'Height of the block (or DAG-era vertex) of the activity, on the chain that accepted it.' })
  blockNumber!: string;
  @Field({ description: "The transaction that created or consumed one of the addresses' UTXOs." })
  txHash!: string;
  @Field({ description: 'The UTXO created or consumed.' })
  utxoId!: string;
  @Field({ description: 'Whether the activity consumed the UTXO (else it created it).' })
  isConsumed!: boolean;
  @Field({ description: 'p-chain, x-chain or c-chain: the chain asked about.' })
  @Directive('@rest(enum: ["p-chain", "x-chain", "c-chain"])')
  chainName!: string;
  @Field({ description: 'mainnet or fuji (the test network is named fuji).' })
  @Directive('@rest(enum: ["mainnet", "fuji"])')
  network!: string;
}
