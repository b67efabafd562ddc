// A createWebhook request: the official oneOf of three requests (EVMAddressActivityRequest,
// PrimaryNetworkAddressActivityRequest, ValidatorActivityRequest) as one object holding every member,
// checked per event type by validateWebhookRequest.ts.

/** The members of the three metadata objects; each event type takes its own. */
export type WebhookMetadataRequest = {
  eventSignatures?: readonly string[] | null;
  /** address_activity: EVM addresses. */
  addresses?: readonly string[] | null;
  /** primary_network_address_activity: `addresses`; validator_activity: `nodeId` or `subnetId`. */
  keyType?: string | null;
  keys?: readonly string[] | null;
  subEvents?: {
    addressActivitySubEvents?: readonly string[] | null;
    validatorActivitySubEvents?: readonly string[] | null;
  } | null;
  balanceThresholdFilter?: { balanceType?: string | null; balanceThreshold?: string | null } | null;
  nodeIds?: readonly string[] | null;
  subnetIds?: readonly string[] | null;
  l1ValidatorFeeBalanceThreshold?: string | null;
};

/** A createWebhook request as the API receives it. */
export type WebhookRequest = {
  eventType: string;
  url: string;
  name?: string | null;
  description?: string | null;
  chainId?: string | null;
  network?: string | null;
  metadata: WebhookMetadataRequest;
  includeInternalTxs?: boolean | null;
  includeLogs?: boolean | null;
};

/** A checked request, in the form it is stored (`webhook` row and `webhook_key` rows). */
export type NewWebhook = {
  eventType: string;
  url: string;
  name: string;
  description: string;
  /** The EVM chain ID (`43114`), or `p-chain`, `x-chain`. */
  chainId: string;
  network: 'mainnet' | 'fuji' | null;
  /** The metadata without its watched keys. */
  metadata: Record<string, unknown>;
  /** The watched keys, each once, in their stored form. */
  keys: string[];
  includeInternalTxs: boolean;
  includeLogs: boolean;
};
