// Runs before every test file: no telemetry, and any connection to a non-loopback host fails the test.
import 'reflect-metadata';
import net from 'node:net';

process.env.APOLLO_TELEMETRY_DISABLED = '1';
process.env.CHECKPOINT_DISABLE = '1';

// Names under `.test` (RFC 2606) resolve nowhere on the internet: a test that connects to one gives
// the connection its own lookup (the webhook deliverer's resolved-address checks).
const isLoopback = (host: string | undefined) =>
  !host ||
  host === 'localhost' ||
  host.startsWith('127.') ||
  host === '::1' ||
  host === '[::1]' ||
  host.endsWith('.test');

const connect = net.Socket.prototype.connect as (...args: unknown[]) => net.Socket;
net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
  const first = args[0] as { host?: string; path?: string } | number | string | unknown[];
  const options = Array.isArray(first) ? (first[0] as { host?: string; path?: string }) : first;
  const host =
    typeof options === 'object' && options !== null
      ? (options as { host?: string; path?: string }).path
        ? 'localhost'
        : (options as { host?: string }).host
      : typeof args[1] === 'string'
        ? (args[1] as string)
        : undefined;
  if (!isLoopback(host)) throw new Error(`outbound connection to ${host} refused in tests`);
  return connect.apply(this, args);
} as typeof net.Socket.prototype.connect;
