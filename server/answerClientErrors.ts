import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { statusBody } from '../rest-facade/errorBody';

/**
 * Answers what Node's HTTP parser refuses before any route runs, with the spec's error body
 * instead of Node's bare status line: headers (request line included, so over-long URLs too)
 * beyond Node's `maxHeaderSize` are 431, any other malformed request 400. Node lets the app
 * answer only while the socket is still writable and no response has started on it; otherwise
 * (a client that already hung up, a parse error in the middle of a pipelined request) the
 * connection is closed without an answer, which is all HTTP allows then.
 *
 * @param server the service's HTTP server
 * @returns the same server
 * @example answerClientErrors(http.createServer(app)).listen(8080)
 */
export function answerClientErrors(server: Server): Server {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || error.code === 'ECONNRESET') return void socket.destroy();
    const status =
      error.code === 'HPE_HEADER_OVERFLOW'
        ? 431
        : error.code === 'HPE_REQUEST_TIMEOUT' || error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
          ? 408
          : 400;
    const message =
      status === 431
        ? 'the request line and headers are too large'
        : status === 408
          ? 'the request took too long to arrive'
          : 'the request is not valid HTTP';
    const body = JSON.stringify(statusBody(status, message));
    socket.end(
      `HTTP/1.1 ${status} ${statusBody(status, '').error}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
}
