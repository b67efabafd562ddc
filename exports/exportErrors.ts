// What a client is told when an export request breaks a rule or names no export of its key: each
// carries its HTTP status (shared/errorStatus.ts reads it); the subgraphs answer them as their own.
import { ServiceError } from '../shared/errors';

/** 400: a member of the request breaks a rule; the message names the member (`options.addresses`). */
export class ExportRuleError extends ServiceError {
  override name = 'ExportRuleError';
  constructor(message: string) {
    super(message, { status: 400 });
  }
}

/** 404: no export of the caller's key has that ID (another key's, or an expired one, is not told apart from none). */
export class ExportNotFoundError extends ServiceError {
  override name = 'ExportNotFoundError';
  constructor(id: string) {
    super(`no operation ${id} belongs to this API key (finished operations are deleted when they expire)`, {
      status: 404,
    });
  }
}

/** Thrown inside a worker when its claim on a job ended (another worker builds it): the build stops; no client sees it. */
export class LostClaimError extends ServiceError {
  override name = 'LostClaimError';
}
