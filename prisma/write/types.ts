// Row types of the bulk write path: what Prisma's createMany accepts for each model, Bytes as 0x hex.
import type { Prisma } from '../generated/client';
import type { HexRow } from '../hexBytes';

/** A model of the schema (`Subnet`, `EvmBlock`, ...). */
export type ModelName = Prisma.ModelName;

type CreateManyData<M extends ModelName> = Prisma.TypeMap['model'][M]['operations']['createMany']['args']['data'];

/**
 * One row of model `M`, typed as Prisma's `<M>CreateManyInput` (field names, not column names),
 * with its Bytes fields as 0x hex strings (hexBytes.ts).
 */
export type RowOf<M extends ModelName> = HexRow<Exclude<CreateManyData<M>, readonly unknown[]>>;

/** Rows of several models, e.g. one block's rows. */
export type RowsByModel = { [M in ModelName]?: readonly RowOf<M>[] };
