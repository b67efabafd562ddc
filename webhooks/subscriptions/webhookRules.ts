// The rules of the members every webhook request shares: its ID, url, name, description.
import { webhookUrlProblem } from '../urls/webhookUrlProblem';
import { WebhookRuleError } from './webhookErrors';
import type { WebhookOptions } from './webhookStore';

/** Longest name and description (the columns' sizes). */
export const maxNameLength = 200;
export const maxDescriptionLength = 1000;

/**
 * A webhook ID as a path gives it: a UUID, in lower case.
 * @throws WebhookRuleError when it is no UUID
 * @example checkWebhookId('F33DE69C-D13B-4691-908F-870D6E2E6B04') // 'f33de69c-…'
 */
export function checkWebhookId(id: string): string {
  if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(id))
    throw new WebhookRuleError('id must be a webhook ID (a UUID)');
  return id.toLowerCase();
}

/**
 * A webhook's URL, checked (webhooks/urls/webhookUrlProblem.ts).
 * @throws WebhookRuleError naming the rule it breaks
 */
export function checkUrl(url: string, options: WebhookOptions): string {
  const problem = webhookUrlProblem(url, options.allowedHosts);
  if (problem) throw new WebhookRuleError(problem);
  return url;
}

/**
 * A text member within its length.
 * @throws WebhookRuleError naming the member
 * @example checkText('name', 'Tokens', maxNameLength) // 'Tokens'
 */
export function checkText(member: string, value: string, maxLength: number): string {
  if (value.length > maxLength) throw new WebhookRuleError(`${member} must be at most ${maxLength} characters`);
  return value;
}

/**
 * An amount of nAVAX given as text: a non-negative integer, at most 2^64 − 1 (an amount the chains hold).
 * @throws WebhookRuleError naming the member
 * @example checkAmount('metadata.l1ValidatorFeeBalanceThreshold', '1000000000') // '1000000000'
 */
export function checkAmount(member: string, value: string): string {
  if (!/^\d{1,20}$/.test(value) || BigInt(value) > 2n ** 64n - 1n)
    throw new WebhookRuleError(`${member} must be a non-negative integer (nAVAX) of at most 2^64 - 1`);
  return BigInt(value).toString();
}

/**
 * Each item of a list through a parser (one of the project's ID and address parsers, which throw
 * their rule as the message), each once, in the order given.
 * @throws WebhookRuleError naming the member, the item and the rule
 * @example parseEach('metadata.addresses', ['0xAB…'], parseEvmAddress) // ['0xab…']
 */
export function parseEach(member: string, items: readonly string[], parse: (item: string) => string): string[] {
  const parsed = new Set<string>();
  for (const item of items) {
    try {
      parsed.add(parse(item));
    } catch (error) {
      throw new WebhookRuleError(`${member} item ${JSON.stringify(item)} ${(error as Error).message}`);
    }
  }
  return [...parsed];
}
