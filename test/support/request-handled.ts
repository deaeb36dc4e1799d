// Resolves once the service has finished handling the next request it receives: its request listener
// (api/app.ts createRequestListener) returns a promise for that. For tests that show an absence after
// the client went away, without sleeping.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';

type Listener = (req: IncomingMessage, res: ServerResponse) => unknown;

export function nextRequestHandled(server: Server): Promise<void> {
  const listeners = server.listeners('request') as Listener[];
  return new Promise((resolve) => {
    const once: Listener = (req, res) => {
      server.removeListener('request', once);
      for (const listener of listeners) server.on('request', listener);
      void Promise.allSettled(listeners.map((listener) => listener.call(server, req, res))).then(() => resolve());
    };
    server.removeAllListeners('request');
    server.on('request', once);
  });
}
