// The models with Bytes fields as the service's rows carry them: Bytes as 0x hex strings
// (hexBytes.ts). Raw reads (`toModelRow`, `Database.query`) and the write path hand and take these;
// only Prisma's client uses its own types, Uint8Array for Bytes (convert with `toHexRow`). Same names
// as the client's, so a formatter imports its row type from here rather than from the client.
import type * as Client from './generated/client';
import type { HexRow } from './hexBytes';

export type BtcbBridged = HexRow<Client.BtcbBridged>;
export type Erc1155Balance = HexRow<Client.Erc1155Balance>;
export type Erc1155BalanceChange = HexRow<Client.Erc1155BalanceChange>;
export type Erc20Balance = HexRow<Client.Erc20Balance>;
export type Erc20BalanceChange = HexRow<Client.Erc20BalanceChange>;
export type EvmBlock = HexRow<Client.EvmBlock>;
export type EvmContract = HexRow<Client.EvmContract>;
export type EvmInternalTransaction = HexRow<Client.EvmInternalTransaction>;
export type EvmLog = HexRow<Client.EvmLog>;
export type EvmMethodSignature = HexRow<Client.EvmMethodSignature>;
export type EvmNftToken = HexRow<Client.EvmNftToken>;
export type EvmTokenTransfer = HexRow<Client.EvmTokenTransfer>;
export type EvmTransaction = HexRow<Client.EvmTransaction>;
export type MetricAddress = HexRow<Client.MetricAddress>;
export type MetricDeployer = HexRow<Client.MetricDeployer>;
export type MetricFirstSeen = HexRow<Client.MetricFirstSeen>;
export type NativeBalanceChange = HexRow<Client.NativeBalanceChange>;
export type TeleporterMessage = HexRow<Client.TeleporterMessage>;
