// Random traffic, part 2: ERC-721 mints, transfers and marketplace sales, ERC-1155 mints and
// (batch) transfers, and contract deployments by users, directly (CREATE) or through the
// deterministic deployer (CREATE2).
import { fromHex } from '../../avalanche/bytes';
import { createAddress } from '../../avalanche/createAddress';
import { create2Address, SIGNATURES } from './abi';
import { ZERO_ADDRESS } from './chains';
import { contractRow } from './contracts';
import type { TransferDraft } from './draft';
import { erc721Approval, sale, tokenLaunched } from './events';
import { amountOf, callDraft, creationCode, deployDraft, pickRecipient, pickUser } from './env';
import type { Kind } from './kindsTokens';

const collections = (env: Parameters<Kind>[1], ercType: 'ERC721' | 'ERC1155') =>
  [...env.contracts.tokens.values()].filter((t) => t.spec.ercType === ercType);
/** Supply cap of each ERC-721 collection. */
const MAX_SUPPLY = 10_000;
/** ERC-1155 item IDs in use. */
const ITEM_IDS = 24;

/**
 * Public mint of 1 to 3 NFTs, paid in native tokens to the collection.
 * @param block block being built
 * @param env chain being generated
 * @returns the draft, or null when the state does not allow it
 * @example const draft = nftMint(block, env)
 */
export const nftMint: Kind = (block, env) => {
  const nft = env.rng.pick(collections(env, 'ERC721'));
  if (!nft) return null;
  const next = block.state.minted721.get(nft.address)?.length ?? 0;
  const quantity = env.rng.int(1, 3);
  if (next + quantity > MAX_SUPPLY) return null;
  const to = pickUser(env);
  const price = amountOf(env.rng, 18, 0.2, 2);
  const draft = callDraft(
    to,
    nft.address,
    SIGNATURES.publicMint,
    [quantity],
    BigInt(80_000 + 32_000 * quantity),
    price * BigInt(quantity),
  );
  draft.logs = Array.from({ length: quantity }, (_, i): TransferDraft[] => [
    { ercType: 'ERC721', token: nft.address, from: ZERO_ADDRESS, to, value: 1n, tokenId: BigInt(next + i) },
  ]);
  return draft;
};

/**
 * Transfer of an NFT by its owner.
 * @param block block being built
 * @param env chain being generated
 * @returns the draft, or null when the state does not allow it
 * @example const draft = nftTransfer(block, env)
 */
export const nftTransfer: Kind = (block, env) => {
  const nft = env.rng.pick(collections(env, 'ERC721'));
  const minted = nft && block.state.minted721.get(nft.address);
  if (!nft || !minted || minted.length === 0) return null;
  const tokenId = env.rng.pick(minted);
  const owner = block.state.owners721.get(nft.address)!.get(tokenId)!;
  const to = pickRecipient(env);
  if (owner === to || block.state.contracts.has(owner)) return null;
  const draft = callDraft(
    owner,
    nft.address,
    SIGNATURES.safeTransferFrom721,
    [owner, to, tokenId],
    BigInt(env.rng.int(55_000, 85_000)),
  );
  draft.logs = [
    erc721Approval(nft.address, owner, ZERO_ADDRESS, tokenId),
    [{ ercType: 'ERC721', token: nft.address, from: owner, to, value: 1n, tokenId }],
  ];
  return draft;
};

/**
 * Marketplace sale: the buyer pays, the seller and the fee recipient are paid by internal calls.
 * @param block block being built
 * @param env chain being generated
 * @returns the draft, or null when the state does not allow it
 * @example const draft = nftSale(block, env)
 */
export const nftSale: Kind = (block, env) => {
  const nft = env.rng.pick(collections(env, 'ERC721'));
  const market = env.contracts.infra.get('marketplace');
  const minted = nft && block.state.minted721.get(nft.address);
  if (!nft || !market || !minted || minted.length === 0) return null;
  const tokenId = env.rng.pick(minted);
  const seller = block.state.owners721.get(nft.address)!.get(tokenId)!;
  const buyer = pickUser(env);
  if (seller === buyer || block.state.contracts.has(seller)) return null;
  const price = amountOf(env.rng, 18, 0.5, 20);
  const fee = (price * 25n) / 1000n;
  const draft = callDraft(
    buyer,
    market,
    SIGNATURES.buyListing,
    [nft.address, tokenId],
    BigInt(env.rng.int(120_000, 160_000)),
    price,
  );
  draft.internals = [
    { type: 'CALL', from: market, to: seller, value: price - fee, gasUsed: 0n },
    { type: 'CALL', from: market, to: env.contracts.operators.deployer, value: fee, gasUsed: 0n },
    { type: 'CALL', from: market, to: nft.address, value: 0n, gasUsed: 48_000n },
  ];
  draft.logs = [
    [{ ercType: 'ERC721', token: nft.address, from: seller, to: buyer, value: 1n, tokenId }],
    sale(market, nft.address, tokenId, seller, buyer, price),
  ];
  return draft;
};

/**
 * ERC-1155: a batch mint by the game, a single transfer or a batch transfer by a holder.
 * @param block block being built
 * @param env chain being generated
 * @returns the draft, or null when the state does not allow it
 * @example const draft = items(block, env)
 */
export const items: Kind = (block, env) => {
  const collection = env.rng.pick(collections(env, 'ERC1155'));
  if (!collection) return null;
  const holders = block.state.holders1155.get(collection.address)?.items ?? [];
  const mode = holders.length === 0 ? 'mint' : env.rng.weighted(['mint', 'single', 'batch'], [35, 45, 20]);
  if (mode === 'mint') {
    const to = pickUser(env);
    const ids = [...new Set(Array.from({ length: env.rng.int(1, 4) }, () => env.rng.int(1, ITEM_IDS)))];
    const draft = callDraft(
      env.contracts.operators.minter,
      collection.address,
      SIGNATURES.mintItems,
      [to],
      BigInt(60_000 + 25_000 * ids.length),
    );
    draft.logs = [
      ids.map((id) => ({
        ercType: 'ERC1155' as const,
        token: collection.address,
        from: ZERO_ADDRESS,
        to,
        value: BigInt(env.rng.int(1, 50)),
        tokenId: BigInt(id),
      })),
    ];
    return draft;
  }
  const [id, holder] = env.rng.pick(holders).split('|') as [string, string];
  const to = pickRecipient(env);
  if (to === holder || block.state.contracts.has(holder)) return null;
  const balances = block.state.balances1155.get(collection.address)!;
  const transfers: TransferDraft[] = [];
  const ids = [id];
  // A batch adds up to two more item IDs this holder owns (a few random probes, no scan).
  for (let probe = 0; mode === 'batch' && probe < 6 && ids.length < 3; probe++) {
    const other = String(env.rng.int(1, ITEM_IDS));
    if (!ids.includes(other) && (balances.get(`${other}|${holder}`) ?? 0n) > 0n) ids.push(other);
  }
  for (const tokenId of ids) {
    const balance = balances.get(`${tokenId}|${holder}`) ?? 0n;
    const value = BigInt(env.rng.int(1, Number(balance > 50n ? 50n : balance)));
    transfers.push({
      ercType: 'ERC1155',
      token: collection.address,
      from: holder,
      to,
      value,
      tokenId: BigInt(tokenId),
    });
  }
  const signature = ids.length === 1 ? SIGNATURES.safeTransferFrom1155 : SIGNATURES.safeBatchTransferFrom;
  const draft = callDraft(
    holder,
    collection.address,
    signature,
    [holder, to, BigInt(ids[0]!)],
    BigInt(50_000 + 20_000 * ids.length),
  );
  // One TransferSingle log, or one TransferBatch log whose items share the log index.
  draft.logs = [transfers];
  return draft;
};

/**
 * A user deploys a contract; some are small ERC-20s that mint their supply to the deployer.
 * @param block block being built
 * @param env chain being generated
 * @returns the draft, or null when the state does not allow it
 * @example const draft = deployContract(block, env)
 */
export const deployContract: Kind = (block, env) => {
  const deployer = pickUser(env);
  const token = env.rng.chance(0.3);
  const symbol = `M${env.rng.hex(2).toUpperCase()}`;
  const { draft } = deployDraft(
    block,
    env,
    deployer,
    (a) =>
      contractRow(env.spec.chainId, a, token ? { ercType: 'ERC20', name: `Meme ${symbol}`, symbol, decimals: 18 } : {}),
    (a) =>
      token
        ? {
            logs: [
              [{ ercType: 'ERC20', token: a, from: ZERO_ADDRESS, to: deployer, value: 1_000_000_000n * 10n ** 18n }],
            ],
          }
        : {},
  );
  return draft;
};

/**
 * Deployment through the deterministic deployer: an internal CREATE2 frame.
 * @param block block being built
 * @param env chain being generated
 * @returns the draft, or null when the state does not allow it
 * @example const draft = factoryDeploy(block, env)
 */
export const factoryDeploy: Kind = (_block, env) => {
  const factory = env.contracts.infra.get('create2');
  if (!factory) return null;
  const from = pickUser(env);
  const salt = env.rng.bytes(32);
  const code = creationCode(env.rng, env.rng.int(200, 1200));
  const address = create2Address(factory, salt, code);
  const draft = callDraft(
    from,
    factory,
    SIGNATURES.deploy,
    [`0x${Buffer.from(salt).toString('hex')}`, 64],
    BigInt(env.rng.int(250_000, 1_200_000)),
  );
  draft.input = new Uint8Array([
    ...draft.input,
    ...fromHex('0000000000000000000000000000000000000000000000000000000000000000'),
    ...code,
  ]);
  draft.internals = [{ type: 'CREATE2', from: factory, to: address, value: 0n, gasUsed: draft.gasUsed - 40_000n }];
  draft.contracts = [
    contractRow(env.spec.chainId, address, { deployerAddress: from, deployerContractAddress: factory }),
  ];
  return draft;
};

/**
 * A user launches a token through the launcher: an internal CREATE frame and the initial mint.
 * @param block block being built
 * @param env chain being generated
 * @returns the draft, or null when the state does not allow it
 * @example const draft = launchToken(block, env)
 */
export const launchToken: Kind = (block, env) => {
  const launcher = env.contracts.infra.get('launcher');
  if (!launcher) return null;
  const from = pickUser(env);
  // Contract nonces start at 1 (EIP-161); the launcher's is kept with the accounts' nonces.
  const nonce = block.state.nonces.get(launcher) ?? 1n;
  block.state.nonces.set(launcher, nonce + 1n);
  const address = createAddress(launcher, nonce);
  const symbol = `L${env.rng.hex(2).toUpperCase()}`;
  const supply = 21_000_000n * 10n ** 18n;
  const draft = callDraft(
    from,
    launcher,
    SIGNATURES.launch,
    [96, 160, supply],
    BigInt(env.rng.int(700_000, 1_300_000)),
  );
  draft.internals = [{ type: 'CREATE', from: launcher, to: address, value: 0n, gasUsed: draft.gasUsed - 60_000n }];
  draft.logs = [
    [{ ercType: 'ERC20', token: address, from: ZERO_ADDRESS, to: from, value: supply }],
    tokenLaunched(launcher, address, from, `Launch ${symbol}`, symbol, supply),
  ];
  draft.contracts = [
    contractRow(env.spec.chainId, address, {
      ercType: 'ERC20',
      name: `Launch ${symbol}`,
      symbol,
      decimals: 18,
      deployerAddress: from,
      deployerContractAddress: launcher,
    }),
  ];
  return draft;
};
