import net from 'node:net';

const isLoopback = (host: string | undefined) =>
  !host || host === 'localhost' || host.startsWith('127.') || host === '::1' || host === '[::1]';

/**
 * Makes any TCP connection from this thread to a non-loopback host fail, so a bench can never
 * load a shared database or phone home by accident (the same guard as the test setup). Unix
 * sockets are allowed. autocannon's worker thread is not patched; it only targets loopback URLs.
 *
 * @example keepTrafficOnLoopback() // then new pg.Pool({ connectionString: 'postgresql://db.example' }) fails
 */
export function keepTrafficOnLoopback(): void {
  const connect = net.Socket.prototype.connect as (...args: unknown[]) => net.Socket;
  net.Socket.prototype.connect = function loopbackOnlyConnect(this: net.Socket, ...args: unknown[]) {
    const first = args[0];
    const options = (Array.isArray(first) ? first[0] : first) as { host?: string; path?: string } | number | string;
    const host =
      typeof options === 'object' && options !== null
        ? options.path
          ? undefined
          : options.host
        : typeof args[1] === 'string'
          ? args[1]
          : undefined;
    if (!isLoopback(host)) {
      // Failed the way a refused connection fails (an error event, later), which drivers and
      // pools handle; a synchronous throw would leave pg's pool waiting for the client forever.
      const error = new Error(`connection to ${host} refused: benches keep all traffic on 127.0.0.1`);
      process.nextTick(() => this.destroy(error));
      return this;
    }
    return connect.apply(this, args);
  } as typeof net.Socket.prototype.connect;
}
