// l1ValidationIdsOfTx on transactions the fake node's history lacks: a SetL1ValidatorWeightTx to a
// non-zero weight (the published Fuji L1ValidatorWeight message, weight 41), and types that act on
// no validation. The history's ConvertSubnetToL1Tx, RegisterL1ValidatorTx, IncreaseL1ValidatorBalanceTx,
// SetL1ValidatorWeightTx to 0 and DisableL1ValidatorTx are checked end to end in
// test/indexer/primaryNetworkTransactions.test.ts.
import { avaxSerial, Bytes, Id, Int, pvmSerial, utils } from '@avalabs/avalanchejs';
import type { Common } from '@avalabs/avalanchejs';
import { l1ValidationIdsOfTx } from '../../signature-aggregator/codec/l1TxValidationIds';
import { avalanchejsL1ValidatorWeightMessage } from '../fixtures/warpMessages';

const P_CHAIN_ID = '11111111111111111111111111111111LpoYY';
const emptyBase = () =>
  new avaxSerial.BaseTx(new Int(5), Id.fromString(P_CHAIN_ID), [], [], new Bytes(new Uint8Array()));

describe('l1ValidationIdsOfTx()', () => {
  it('a SetL1ValidatorWeightTx to a non-zero weight acts on the validation its message names', () => {
    // The message's payload, by hand: codec 0000, type 00000003, then the 32-byte validation ID.
    const validationId = '8ccf9ef520784d2fa5d97fbf098b8b4e82ff19408ec423c2970a522ab04b3a04';
    expect(avalanchejsL1ValidatorWeightMessage).toContain(`000000000003${validationId}`);
    const tx = new pvmSerial.SetL1ValidatorWeightTx(
      emptyBase(),
      new Bytes(Buffer.from(avalanchejsL1ValidatorWeightMessage, 'hex')),
    );
    expect(l1ValidationIdsOfTx('SetL1ValidatorWeightTx', tx as unknown as Common.Transaction)).toEqual([
      utils.base58check.encode(Buffer.from(validationId, 'hex')),
    ]);
  });

  it('error: a SetL1ValidatorWeightTx carrying another P-Chain message', () => {
    const tx = new pvmSerial.SetL1ValidatorWeightTx(emptyBase(), new Bytes(new Uint8Array([0, 1, 2])));
    expect(() => l1ValidationIdsOfTx('SetL1ValidatorWeightTx', tx as unknown as Common.Transaction)).toThrow();
  });

  it('a transaction of another type acts on none', () => {
    expect(l1ValidationIdsOfTx('BaseTx', emptyBase() as unknown as Common.Transaction)).toEqual([]);
  });
});
