// Well-known values of Avalanche, shared by the service, the signature aggregator and the demo data.

/** Primary-network subnet ID and P-Chain ID: 32 zero bytes in cb58, on every network. */
export const PRIMARY_NETWORK_ID = '11111111111111111111111111111111LpoYY';

/** Domain separation tag of Avalanche proofs of possession (avalanchego utils/crypto/bls). */
export const BLS_POP_DST = 'BLS_POP_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';

/** Domain separation tag of Avalanche BLS signatures (Warp messages). */
export const BLS_SIG_DST = 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_';
