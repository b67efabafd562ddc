// The operations of the official Data API document, chosen by tag: what a test's calls must cover.
import { officialDocument } from '../../support/officialSchemas';

/**
 * The operationIds of the official Data API document with a tag the predicate accepts, sorted.
 * @example officialOperationIds((tag) => tag.startsWith('Primary Network'))
 */
export function officialOperationIds(tagged: (tag: string) => boolean): string[] {
  const operations = Object.values(officialDocument('glacier').paths as Record<string, Record<string, any>>).flatMap(
    (methods) => Object.values(methods),
  );
  return operations
    .filter((operation) => operation.operationId && (operation.tags ?? []).some(tagged))
    .map((operation) => operation.operationId as string)
    .sort();
}
