// Wire types: what a node's JSON-RPC answers hold (hex strings), checked by readAnswer.ts before use.

/** A transaction of `eth_getBlockByNumber(n, true)`. */
export type RpcTransaction = {
  hash: string;
  from: string;
  to: string | null;
  value: string;
  gas: string;
  gasPrice?: string;
  maxFeePerGas?: string;
  maxPriorityFeePerGas?: string;
  nonce: string;
  type?: string;
  input: string;
  transactionIndex: string;
  v?: string;
  r?: string;
  s?: string;
  yParity?: string;
  accessList?: { address: string; storageKeys: string[] }[];
};

/** A block of `eth_getBlockByNumber(n, true)`. */
export type RpcBlock = {
  number: string;
  hash: string;
  parentHash: string;
  timestamp: string;
  gasLimit: string;
  gasUsed: string;
  baseFeePerGas?: string;
  miner: string;
  transactions: RpcTransaction[];
  /** Header members every geth-derived node gives; kept as the node gave them. */
  stateRoot?: string;
  transactionsRoot?: string;
  receiptsRoot?: string;
  extraData?: string;
  size?: string;
  /** coreth (C-Chain) only. */
  blockExtraData?: string;
  extDataHash?: string;
  extDataGasUsed?: string;
  /** coreth and subnet-evm. */
  blockGasCost?: string;
  /** Cancun. */
  blobGasUsed?: string;
  excessBlobGas?: string;
  parentBeaconBlockRoot?: string;
  /** Granite (ACP-226). */
  timestampMilliseconds?: string;
  minDelayExcess?: string;
};

/** A log of a receipt. */
export type RpcLog = {
  address: string;
  topics: string[];
  data: string;
  logIndex: string;
  transactionIndex: string;
  transactionHash: string;
};

/** A receipt of `eth_getBlockReceipts` / `eth_getTransactionReceipt`. */
export type RpcReceipt = {
  transactionHash: string;
  transactionIndex: string;
  status?: string;
  gasUsed: string;
  effectiveGasPrice?: string;
  contractAddress?: string | null;
  logs: RpcLog[];
};

/** A frame of geth's `callTracer`. */
export type RpcCallFrame = {
  type: string;
  from: string;
  to?: string;
  value?: string;
  gas?: string;
  gasUsed?: string;
  input?: string;
  error?: string;
  calls?: RpcCallFrame[];
};

/** Everything fetched for one block: what decode turns into rows. */
export type BlockBundle = {
  block: RpcBlock;
  /** One per transaction, in block order. */
  receipts: RpcReceipt[];
  /** One top-level frame per transaction, in block order; null when the node offers no traces. */
  traces: RpcCallFrame[] | null;
  /** Native balance at this block of every address the block touched (lower case). */
  balances: Map<string, bigint>;
};
