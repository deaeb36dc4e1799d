// A response sent while the request's body is still arriving (a refusal from the headers alone:
// 401, 403/404 on the path's resource, 413, 415, 422 from path or query) must reach the client.
// Closing the socket at once makes the kernel answer the unread bytes with a reset, and a client
// still sending (Node's fetch, browsers) reports EPIPE or a network error instead of the status.
// So, as nginx's lingering_close does: answer with `Connection: close`, shut down our sending side
// after the answer, then read and drop what the client still sends — never parsed, never kept —
// until the body has arrived, the client closes, or a bound on time or bytes is reached.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type Koa from 'koa';

export interface LingeringCloseLimits {
  /** Longest the socket stays open reading the rest of a refused body after the answer. */
  timeoutMs: number;
  /** Most bytes read and dropped after the answer before the socket is closed anyway. */
  maxBytes: number;
}

export const DEFAULT_LINGERING_CLOSE: LingeringCloseLimits = { timeoutMs: 10_000, maxBytes: 64 * 1024 * 1024 };

const POLL_MS = 50;

/** Whether the request declares a body that has not fully arrived (nobody read it to the end). */
export function bodyStillArriving(req: IncomingMessage): boolean {
  if (req.complete) return false;
  const length = Number(req.headers['content-length'] ?? 0);
  return length > 0 || req.headers['transfer-encoding'] !== undefined;
}

/**
 * Answers with `Connection: close`, then lingers: call before the response is written. The rest of
 * the body is dropped as it arrives (Node's parser still frames it; nothing is buffered).
 */
export function closeAfterLingering(req: IncomingMessage, res: ServerResponse, limits: LingeringCloseLimits): void {
  const socket = req.socket as Socket & { destroySoon?: () => void; lingering?: boolean };
  if (socket.lingering) return;
  socket.lingering = true;
  res.setHeader('Connection', 'close');
  // A reader that gave up (a body parser over its limit, an aborted multipart stream) may have paused
  // the request: without a reader the socket would stop being read and the client would stall.
  req.unpipe();
  req.removeAllListeners('data');
  req.resume();
  // Node ends a `Connection: close` response with socket.destroySoon(): the FIN, then a close that
  // resets the unread bytes. Here it only sends the FIN; the socket closes below.
  socket.destroySoon = () => {
    socket.end();
  };
  const bytesAtAnswer = socket.bytesRead;
  const startedAt = Date.now();
  const close = () => {
    clearInterval(poll);
    if (!socket.destroyed) socket.destroy();
  };
  const check = () => {
    if (socket.destroyed) return close();
    const answered = socket.writableFinished;
    // A body that arrived whole leaves nothing unread: the close is clean.
    if (answered && req.complete) return close();
    if (Date.now() - startedAt >= limits.timeoutMs || socket.bytesRead - bytesAtAnswer > limits.maxBytes) close();
  };
  const poll = setInterval(check, POLL_MS);
  poll.unref();
  req.once('end', check);
  socket.once('finish', check);
  socket.once('close', () => clearInterval(poll));
}

/** Koa middleware (outermost): lingers after any response sent before the request body arrived. */
export function lingeringClose(limits: LingeringCloseLimits = DEFAULT_LINGERING_CLOSE): Koa.Middleware {
  return async (ctx, next) => {
    await next();
    if (bodyStillArriving(ctx.req)) closeAfterLingering(ctx.req, ctx.res, limits);
  };
}
