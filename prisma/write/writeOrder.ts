// The order in which models are written so foreign keys hold: every model after the models it
// references, from the schema's relations (prisma/generated/metadata.ts), not a hand-kept list.
import { dataModel } from '../generated/metadata';
import type { ModelName } from './types';

/** Topological order by `parents` (depth first); ties keep the schema's order. Throws on a cycle. */
function parentsFirst<N extends string>(models: Readonly<Record<N, { readonly parents: readonly string[] }>>): N[] {
  const order: N[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: N, path: string[]) => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') throw new Error(`foreign keys form a cycle: ${[...path, name].join(' → ')}`);
    state.set(name, 'visiting');
    for (const parent of models[name].parents) if (parent in models) visit(parent as N, [...path, name]);
    state.set(name, 'done');
    order.push(name);
  };
  for (const name of Object.keys(models) as N[]) visit(name, []);
  return order;
}

/**
 * Every model of the schema, parents before children (write in this order, delete in reverse).
 * @example WRITE_ORDER.indexOf('Subnet') < WRITE_ORDER.indexOf('Blockchain') // true
 */
export const WRITE_ORDER: readonly ModelName[] = parentsFirst(dataModel.models);
