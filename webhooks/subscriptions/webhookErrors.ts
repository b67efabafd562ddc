// What a client is told when a webhook request breaks a rule: each carries its HTTP status
// (shared/errorStatus.ts reads it); the subgraphs answer them as their own API errors.
import { ServiceError } from '../../shared/errors';

/** 400: a member of the request breaks a rule; the message names the member (`metadata.addresses`). */
export class WebhookRuleError extends ServiceError {
  override name = 'WebhookRuleError';
  constructor(message: string) {
    super(message, { status: 400 });
  }
}

/** 404: no webhook of the caller's key has that ID (another key's webhooks are not told apart from none). */
export class WebhookNotFoundError extends ServiceError {
  override name = 'WebhookNotFoundError';
  constructor(id: string) {
    super(`no webhook ${id} belongs to this API key`, { status: 404 });
  }
}

/** 403: the request would take the key or the webhook past a configured limit; the message names it and its option. */
export class WebhookLimitError extends ServiceError {
  override name = 'WebhookLimitError';
  constructor(message: string) {
    super(message, { status: 403 });
  }
}
