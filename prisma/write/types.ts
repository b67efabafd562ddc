// Row types of the bulk write path: what Prisma's createMany accepts for each model.
import type { Prisma } from '../generated/client';

/** A model of the schema (`Subnet`, `EvmBlock`, ...). */
export type ModelName = Prisma.ModelName;

type CreateManyData<M extends ModelName> = Prisma.TypeMap['model'][M]['operations']['createMany']['args']['data'];

/** One row of model `M`, typed as Prisma's `<M>CreateManyInput` (field names, not column names). */
export type RowOf<M extends ModelName> = Exclude<CreateManyData<M>, readonly unknown[]>;

/** Rows of several models, e.g. one block's rows. */
export type RowsByModel = { [M in ModelName]?: readonly RowOf<M>[] };
