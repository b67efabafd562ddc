// A network of simulated validator nodes: one HTTP server per validator on 127.0.0.1 answering
// JSON-RPC warp_getMessageSignature like subnet-evm, each told how to behave (honest, slow,
// offline, wrong, short or infinity signature, RPC error, garbage). The aggregator reaches them
// through the NodeEndpoint rows, as in production.
import { bls12_381 } from '@noble/curves/bls12-381.js';
import { sha256 } from '@noble/hashes/sha2.js';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { toHex } from '../../avalanche/bytes';
import { cb58Decode, cb58Encode } from '../../avalanche/cb58';
import { PRIMARY_NETWORK_ID } from '../../demo-data/constants';
import type { Database } from '../../prisma/database';
import { createSignatureAggregator, type SignatureAggregator } from '../../signature-aggregator';
import { encodeUnsignedMessage, type UnsignedMessage } from '../../signature-aggregator/codec/unsignedMessage';
import { encodeWarpPayload } from '../../signature-aggregator/codec/warpPayload';
import { InsufficientReachableWeightError, InsufficientSignaturesError } from '../../signature-aggregator/errors';
import { createRpcSignatureSource } from '../../signature-aggregator/sources/createRpcSignatureSource';
import { setupTestDatabase, teardown } from '../setup/database';
import { infinity, outOfSubgroup } from './support/badPoints';
import { independentlyVerify } from './support/independentVerifier';

type Behavior =
  | 'honest'
  | 'slow'
  | 'hang'
  | 'offline'
  | 'wrong'
  | 'short'
  | 'infinity'
  | 'subgroup'
  | 'rpcError'
  | 'garbage'
  | 'huge'
  | 'redirect'
  | 'cut';

const sigs = bls12_381.longSignatures;
const subnetId = cb58Encode(sha256(new TextEncoder().encode('sim/subnet')));
const chainId = cb58Encode(sha256(new TextEncoder().encode('sim/chain')));
const weights = [40n, 30n, 30n, 20n, 20n, 10n, 10n, 10n, 10n, 20n];
const nodes = weights.map((weight, i) => {
  const secretKey = sha256(new TextEncoder().encode(`sim/bls/${i}`));
  return {
    i,
    weight,
    secretKey,
    nodeId: `NodeID-${cb58Encode(sha256(new TextEncoder().encode(`sim/node/${i}`)).subarray(0, 20))}`,
    publicKey: sigs.getPublicKey(secretKey).toBytes(true),
  };
});
const raw = nodes.map((n) => ({ nodeId: n.nodeId, publicKeyHex: toHex(n.publicKey), weight: n.weight }));

let db: Database;
const servers: Server[] = [];
const behaviors: Behavior[] = nodes.map(() => 'honest');
const hits: number[] = nodes.map(() => 0);
/** Messages the nodes know (sent on their chain), by cb58 ID: a node signs only those. */
const known = new Map<string, UnsignedMessage>();
/**
 * Replies of "slow" nodes, held until the test has its outcome (afterEach): they arrive after the
 * request timeout by construction, not by winning a race against a wall-clock delay.
 */
const heldReplies: (() => void)[] = [];
const aggregators: SignatureAggregator[] = [];
let messageCount = 0;

function newMessage(): UnsignedMessage {
  const payload = encodeWarpPayload({
    kind: 'addressedCall',
    sourceAddress: new Uint8Array(20).fill(0xaa),
    payload: Uint8Array.of(messageCount++),
  });
  const message = encodeUnsignedMessage({ networkId: 5, sourceChainId: cb58Decode(chainId), payload });
  known.set(cb58Encode(message.id), message);
  for (const n of nodes) signatureOf(message.bytes, n.i);
  return message;
}

// The nodes share the test's event loop: signatures are memoised so a node answers in
// microseconds, as a real node's cached handler does, and never delays the aggregator's timers.
const signatures = new Map<string, Uint8Array>();
const offSubgroup = outOfSubgroup('G2');
function signatureOf(message: Uint8Array, i: number): Uint8Array {
  const key = `${toHex(message)}/${i}`;
  let found = signatures.get(key);
  if (!found)
    signatures.set(
      key,
      (found = sigs.Signature.toBytes(
        sigs.sign(sigs.hash(message, 'BLS_SIG_BLS12381G2_XMD:SHA-256_SSWU_RO_POP_'), nodes[i]!.secretKey),
      )),
    );
  return found;
}

function answer(i: number, body: string): { status: number; text: string } | 'hang' | 'drop' {
  const { params, id } = JSON.parse(body) as { params: [string]; id: number };
  const message = known.get(params[0]);
  const behavior = behaviors[i]!;
  if (behavior === 'offline') return 'drop';
  if (behavior === 'hang') return 'hang';
  if (!message || behavior === 'rpcError')
    return {
      status: 200,
      text: JSON.stringify({ jsonrpc: '2.0', id, error: { code: -32000, message: 'unknown message' } }),
    };
  if (behavior === 'garbage') return { status: 200, text: '{"jsonrpc":"2.0","id":1,"result":' };
  // A valid answer padded past the 16 KiB an answer may take, or sent to another URL.
  if (behavior === 'huge')
    return {
      status: 200,
      text: JSON.stringify({
        jsonrpc: '2.0',
        id,
        result: `0x${toHex(signatureOf(message.bytes, i))}`,
        padding: 'x'.repeat(20_000),
      }),
    };
  if (behavior === 'redirect') return { status: 307, text: '' };
  const good = () => signatureOf(message.bytes, i);
  const bytes = {
    honest: good,
    slow: good,
    cut: good,
    // Signed with the right key over another message: a valid point that does not verify.
    wrong: () => signatureOf(Uint8Array.of(1, 2, 3), i),
    short: () => good().subarray(0, 95),
    infinity: () => infinity(96),
    subgroup: () => offSubgroup,
  }[behavior]();
  return { status: 200, text: JSON.stringify({ jsonrpc: '2.0', id, result: `0x${toHex(bytes)}` }) };
}

async function startNode(i: number): Promise<string> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      hits[i]!++;
      if (request.url !== `/ext/bc/${chainId}/rpc`) return void response.writeHead(404).end();
      const reply = answer(i, Buffer.concat(chunks).toString('utf8'));
      if (reply === 'drop') return void request.socket.destroy();
      if (reply === 'hang') return;
      // Half of a valid answer, then the connection drops.
      if (behaviors[i] === 'cut')
        return void response
          .writeHead(200, { 'content-type': 'application/json', 'content-length': 400 })
          .write(reply.text.slice(0, 100), () => request.socket.destroy());
      const redirect = behaviors[i] === 'redirect' ? { location: `/ext/bc/${chainId}/rpc` } : {};
      const send = () =>
        response.writeHead(reply.status, { 'content-type': 'application/json', ...redirect }).end(reply.text);
      if (behaviors[i] !== 'slow') return send();
      heldReplies.push(send);
    });
  });
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

beforeAll(async () => {
  db = await setupTestDatabase();
  await db.prisma.subnet.create({
    data: {
      network: 'FUJI',
      subnetId,
      createBlockTimestamp: 0n,
      createBlockIndex: 0n,
      ownerAddresses: [],
      threshold: 1,
      locktime: 0n,
    },
  });
  await db.prisma.blockchain.create({
    data: {
      network: 'FUJI',
      blockchainId: chainId,
      subnetId,
      createBlockTimestamp: 0n,
      createBlockNumber: 0n,
      vmId: 'subnet-evm',
      blockchainName: 'sim',
    },
  });
  await db.prisma.primaryNetworkBlock.create({
    data: {
      network: 'FUJI',
      blockchainId: PRIMARY_NETWORK_ID,
      blockNumber: 1n,
      blockHash: 'b1',
      parentHash: 'b0',
      blockType: 'BanffStandardBlock',
      blockTimestamp: 1_800_000_000n,
      txCount: 0,
      transactions: [],
      blockSizeBytes: 0,
      currentSupply: '0',
    },
  });
  await db.prisma.validator.createMany({
    data: nodes.map((n) => ({
      network: 'FUJI' as const,
      txHash: `sim-${n.i}`,
      validationId: `sim-${n.i}`,
      nodeId: n.nodeId,
      subnetId,
      isL1Validator: true,
      amountStaked: n.weight.toString(),
      weight: n.weight,
      startTimestamp: 1_700_000_000n,
      blockIndex: 1n,
      blsPublicKey: `0x${toHex(n.publicKey)}`,
    })),
  });
  const urls: string[] = [];
  for (const n of nodes) urls.push(await startNode(n.i));
  await db.prisma.nodeEndpoint.createMany({
    data: nodes.map((n) => ({ network: 'FUJI' as const, nodeId: n.nodeId, httpUrl: `${urls[n.i]}/` })),
  });
});

afterEach(async () => {
  for (const send of heldReplies.splice(0)) send();
  await Promise.all(aggregators.splice(0).map((created) => created.close()));
});

afterAll(async () => {
  for (const server of servers) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
  await teardown(db);
});

beforeEach(() => {
  behaviors.fill('honest');
  hits.fill(0);
});

const aggregator = (options: { requestTimeoutMs?: number; aggregationTimeoutMs?: number } = {}) => {
  const created = createSignatureAggregator({
    prisma: db.prisma,
    sources: [createRpcSignatureSource({ prisma: db.prisma })],
    // Generous overall deadline: pairings run on a CPU shared with the rest of the suite. The
    // "slow" node answers only after the test, so only the 1 s request deadline can end its request.
    options: { requestTimeoutMs: 1_000, aggregationTimeoutMs: 8_000, workerThreads: 1, ...options },
  });
  aggregators.push(created);
  return created;
};
/** Labels (node numbers) of the signers of a signed message, read by the independent verifier. */
const signersOf = (signedHex: string, quorum: number) => {
  const verdict = independentlyVerify(signedHex, raw, 5, quorum);
  if (!verdict.ok) throw new Error(`independent verifier: ${verdict.reason}`);
  const canonical = [...nodes].sort((a, b) =>
    Buffer.compare(
      Buffer.from(sigs.getPublicKey(a.secretKey).toBytes(false)),
      Buffer.from(sigs.getPublicKey(b.secretKey).toBytes(false)),
    ),
  );
  return verdict.signers.map((index) => canonical[index]!.i).sort((a, b) => a - b);
};

describe('signature collection over simulated validator nodes (JSON-RPC on 127.0.0.1)', () => {
  it('reaches the quorum on honest weight alone while others are slow, offline or answer wrong, short or infinity signatures', async () => {
    behaviors.splice(
      0,
      10,
      'honest',
      'wrong',
      'slow',
      'short',
      'honest',
      'infinity',
      'honest',
      'offline',
      'honest',
      'honest',
    );
    const message = newMessage().bytes;
    const started = Date.now();
    const result = await aggregator().aggregateSignatures({ network: 'FUJI', message, quorumPercentage: 50 });
    expect(Date.now() - started).toBeLessThan(8_000);
    // Collection stops once the quorum is verified, so which honest nodes made it depends on
    // arrival order (a loaded CPU reorders them); every signer must be honest, none of the others.
    const honest = [0, 2, 4, 6, 8, 9]; // node 2 is slow but honest
    const signers = signersOf(toHex(result.signedMessage), 50);
    expect(signers.every((node) => honest.includes(node))).toBe(true);
    expect(result.signedWeight).toBeGreaterThanOrEqual(100n);
    expect(result.signedWeight).toBe(signers.reduce((sum, node) => sum + weights[node]!, 0n));
  });

  it('finds no quorum when honest weight is below it, and says so within the deadline', async () => {
    behaviors.splice(
      0,
      10,
      'honest',
      'wrong',
      'slow',
      'short',
      'honest',
      'subgroup',
      'honest',
      'offline',
      'honest',
      'honest',
    );
    const message = newMessage().bytes;
    const started = Date.now();
    const failure = aggregator().aggregateSignatures({ network: 'FUJI', message });
    await expect(failure).rejects.toBeInstanceOf(InsufficientSignaturesError);
    await expect(failure).rejects.toThrow(
      /50.00% \(100 of 200\) signed, the quorum needs 67.00% \(134\); 2 validators did not answer, 3 answered with an invalid signature/,
    );
    // Ended because every node answered or timed out (the slow one by its 1 s request deadline), not at the overall deadline.
    await expect(failure).rejects.not.toThrow(/deadline/);
    expect(Date.now() - started).toBeLessThan(8_000);
  });

  it('ends at the overall deadline when nodes hang past it', async () => {
    behaviors.fill('hang');
    behaviors[0] = 'honest';
    const message = newMessage().bytes;
    const started = Date.now();
    const failure = aggregator({ requestTimeoutMs: 10_000, aggregationTimeoutMs: 600 }).aggregateSignatures({
      network: 'FUJI',
      message,
    });
    await expect(failure).rejects.toThrow(/deadline passed/);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(550);
    expect(elapsed).toBeLessThan(1_500);
  });

  it('fails fast when every node is offline or answers an RPC error, garbage, a redirect, too much or half an answer', async () => {
    behaviors.splice(
      0,
      10,
      'offline',
      'rpcError',
      'garbage',
      'huge',
      'redirect',
      'cut',
      'offline',
      'huge',
      'redirect',
      'cut',
    );
    const message = newMessage().bytes;
    const started = Date.now();
    await expect(aggregator().aggregateSignatures({ network: 'FUJI', message })).rejects.toThrow(
      /0.00% \(0 of 200\) signed.*10 validators did not answer/,
    );
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('asks the heaviest validators first, and no more than the target needs', async () => {
    const result = await aggregator().aggregateSignatures({
      network: 'FUJI',
      message: newMessage().bytes,
      quorumPercentage: 50,
    });
    expect(signersOf(toHex(result.signedMessage), 50)).toEqual([0, 1, 2]);
    expect(hits).toEqual([1, 1, 1, 0, 0, 0, 0, 0, 0, 0]);
  });

  it('collects quorum + buffer when it can, and settles for the quorum once every node answered', async () => {
    const buffered = await aggregator().aggregateSignatures({
      network: 'FUJI',
      message: newMessage().bytes,
      quorumPercentage: 50,
      quorumPercentageBuffer: 30,
    });
    expect(buffered.signedWeight).toBeGreaterThanOrEqual(160n);
    behaviors.splice(5, 5, 'offline', 'offline', 'offline', 'offline', 'offline');
    const settled = await aggregator().aggregateSignatures({
      network: 'FUJI',
      message: newMessage().bytes,
      quorumPercentage: 50,
      quorumPercentageBuffer: 30,
    });
    expect(signersOf(toHex(settled.signedMessage), 50)).toEqual([0, 1, 2, 3, 4]);
    expect(settled.signedWeight).toBe(140n);
  });

  it('serves a repeated message from the cache of verified signatures, asking nobody', async () => {
    const service = aggregator();
    const message = newMessage().bytes;
    const first = await service.aggregateSignatures({ network: 'FUJI', message });
    hits.fill(0);
    const second = await service.aggregateSignatures({ network: 'FUJI', message });
    expect(hits.every((count) => count === 0)).toBe(true);
    expect(toHex(second.signedMessage)).toBe(toHex(first.signedMessage));
    expect(second.stats.fromCache).toBe(first.signers.length);
  });

  it('refuses up front, sending nothing, when the nodes with recorded URLs hold less than the quorum', async () => {
    const endpoints = await db.prisma.nodeEndpoint.findMany();
    await db.prisma.nodeEndpoint.deleteMany({ where: { nodeId: { in: nodes.slice(0, 5).map((n) => n.nodeId) } } });
    try {
      const failure = aggregator().aggregateSignatures({ network: 'FUJI', message: newMessage().bytes });
      await expect(failure).rejects.toBeInstanceOf(InsufficientReachableWeightError);
      await expect(failure).rejects.toThrow(
        /validators holding 60 of the 200 weight .* can be asked .* a quorum of 67% needs 134/,
      );
      expect(hits.every((count) => count === 0)).toBe(true);
    } finally {
      await db.prisma.nodeEndpoint.deleteMany();
      await db.prisma.nodeEndpoint.createMany({ data: endpoints });
    }
  });

  it('does not ask nodes for P-Chain messages: warp_getMessageSignature exists on EVM chains only', async () => {
    await db.prisma.subnet.create({
      data: {
        network: 'FUJI',
        subnetId: PRIMARY_NETWORK_ID,
        createBlockTimestamp: 0n,
        createBlockIndex: 0n,
        ownerAddresses: [],
        threshold: 0,
        locktime: 0n,
      },
    });
    const message = encodeUnsignedMessage({
      networkId: 5,
      sourceChainId: new Uint8Array(32),
      payload: encodeWarpPayload({ kind: 'hash', hash: new Uint8Array(32) }),
    });
    await expect(
      aggregator().aggregateSignatures({ network: 'FUJI', message: message.bytes, signingSubnetId: subnetId }),
    ).rejects.toBeInstanceOf(InsufficientReachableWeightError);
    expect(hits.every((count) => count === 0)).toBe(true);
  });
});
