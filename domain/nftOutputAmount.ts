// What a UTXO holding an NFT counts as in the data model.

/**
 * The `amount` of a UTXO that holds an NFT (an nftfx TransferOutput): one token. avalanchego's
 * output has no amount; counting it as 1 lets balances (4.6) sum an NFT family like any asset, the
 * number of its tokens an address holds, which is what wallets show. A family's mint right
 * (nftfx MintOutput) holds no token and counts 0.
 * @example NFT_OUTPUT_AMOUNT // 1n
 */
export const NFT_OUTPUT_AMOUNT = 1n;
