// Resolves once the service has finished handling the next request it receives: its request listener
// (api/app.ts createRequestListener) returns a promise for that. For tests that show an absence after
// the client went away, without sleeping.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

type Listener = (req: IncomingMessage, res: ServerResponse) => unknown;

export function nextRequestHandled(server: Server, timeoutMs = 20_000): Promise<void> {
  const listeners = server.listeners('request') as Listener[];
  return new Promise((resolve, reject) => {
    // A request whose handling never ends fails the test here, instead of at the file's timeout.
    const timer = setTimeout(() => reject(new Error(`the request was not handled within ${timeoutMs} ms`)), timeoutMs);
    timer.unref();
    const once: Listener = (req, res) => {
      server.removeListener('request', once);
      for (const listener of listeners) server.on('request', listener);
      void Promise.allSettled(listeners.map((listener) => listener.call(server, req, res))).then(() => {
        clearTimeout(timer);
        resolve();
      });
    };
    server.removeAllListeners('request');
    server.on('request', once);
  });
}
