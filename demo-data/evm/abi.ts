// Just enough of the EVM's encodings for realistic transactions: function selectors (keccak of
// the text signature), ABI words for calldata, and CREATE / CREATE2 contract addresses.
import { keccak_256 } from '@noble/hashes/sha3.js';
import { concatBytes, fromHex, toHex } from '../../avalanche/bytes';

const encoder = new TextEncoder();

/**
 * The 4-byte selector of a function signature, `0x`-prefixed.
 * @param signature canonical text signature
 * @returns e.g. `0xa9059cbb`
 * @example selector('transfer(address,uint256)') // '0xa9059cbb'
 */
export function selector(signature: string): string {
  return `0x${toHex(keccak_256(encoder.encode(signature)).subarray(0, 4))}`;
}

/** Function signatures the demo transactions call; their selectors fill EvmMethodSignature. */
export const SIGNATURES = {
  transfer: 'transfer(address,uint256)',
  approve: 'approve(address,uint256)',
  transferFrom: 'transferFrom(address,address,uint256)',
  mint: 'mint(address,uint256)',
  publicMint: 'mint(uint256)',
  deposit: 'deposit()',
  withdraw: 'withdraw(uint256)',
  safeTransferFrom721: 'safeTransferFrom(address,address,uint256)',
  safeTransferFrom1155: 'safeTransferFrom(address,address,uint256,uint256,bytes)',
  safeBatchTransferFrom: 'safeBatchTransferFrom(address,address,uint256[],uint256[],bytes)',
  swapExactNativeForTokens: 'swapExactAVAXForTokens(uint256,address[],address,uint256)',
  swapExactTokensForNative: 'swapExactTokensForAVAX(uint256,uint256,address[],address,uint256)',
  swapExactTokensForTokens: 'swapExactTokensForTokens(uint256,uint256,address[],address,uint256)',
  addLiquidity: 'addLiquidityAVAX(address,uint256,uint256,uint256,address,uint256)',
  deploy: 'deploy(bytes32,bytes)',
  multisend: 'multisendEther(address[],uint256[])',
  airdrop: 'airdrop(address[],uint256)',
  buyListing: 'buy(address,uint256)',
  sendCrossChainMessage: 'sendCrossChainMessage((bytes32,address,(address,uint256),uint256,address[],bytes))',
  receiveCrossChainMessage: 'receiveCrossChainMessage(uint32,address)',
  retryMessageExecution:
    'retryMessageExecution(bytes32,(uint256,address,bytes32,address,uint256,address[],(uint256,address)[],bytes))',
  bridgeSend: 'send((bytes32,address,address,address,uint256,uint256,uint256,address),uint256)',
  mintItems: 'mintBatch(address,uint256[],uint256[],bytes)',
  claimRewards: 'claimRewards()',
  launch: 'launch(string,string,uint256)',
  bridgeMint: 'mint(address,uint256,address,uint256,bytes32,uint256)',
  unwrap: 'unwrap(uint256,uint256)',
} as const;

/** Other well-known signatures stored for method name lookup (not called by the demo). */
export const EXTRA_SIGNATURES = [
  'balanceOf(address)',
  'totalSupply()',
  'setApprovalForAll(address,bool)',
  'multicall(bytes[])',
  'execTransaction(address,uint256,bytes,uint8,uint256,uint256,uint256,address,address,bytes)',
  'exactInputSingle((address,address,uint24,address,uint256,uint256,uint160))',
  'registerL1Validator(uint32)',
  'initiateValidatorRegistration(bytes,bytes,uint64,(uint32,address[]),(uint32,address[]),uint64)',
  'completeValidatorRegistration(uint32)',
  'delegate(address)',
];

/**
 * One 32-byte ABI word: an address or an unsigned integer, left-padded.
 * @param value address (`0x` + 40 hex) or integer
 * @returns 32 bytes
 * @example word(1n)
 */
export function word(value: string | bigint | number): Uint8Array {
  const hex = typeof value === 'string' ? value.slice(2) : BigInt(value).toString(16);
  return fromHex(hex.padStart(64, '0'));
}

/**
 * Calldata: selector then ABI words.
 * @param signature text signature
 * @param args static arguments (addresses, integers) as words
 * @param tail extra bytes (dynamic data, already encoded)
 * @returns calldata bytes
 * @example calldata(SIGNATURES.transfer, [to, amount])
 */
export function calldata(
  signature: string,
  args: (string | bigint | number)[],
  tail: Uint8Array = new Uint8Array(),
): Uint8Array {
  return concatBytes(fromHex(selector(signature)), ...args.map(word), tail);
}

/**
 * Address of a contract created with CREATE2: keccak(0xff ‖ factory ‖ salt ‖ keccak(initCode))[12:].
 * @param factory creating contract
 * @param salt 32-byte salt
 * @param initCode creation bytecode
 * @returns lower-case address
 * @example create2Address(factory, salt, initCode)
 */
export function create2Address(factory: string, salt: Uint8Array, initCode: Uint8Array): string {
  const input = concatBytes(new Uint8Array([0xff]), fromHex(factory), salt, keccak_256(initCode));
  return `0x${toHex(keccak_256(input).subarray(12))}`;
}

/**
 * keccak-256 as `0x` hex.
 * @param bytes input
 * @returns 66-character hex
 * @example keccakHex(new Uint8Array()) // '0xc5d2...a470'
 */
export function keccakHex(bytes: Uint8Array): string {
  return `0x${toHex(keccak_256(bytes))}`;
}
