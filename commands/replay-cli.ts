// `npm run replay -- <operation_id>`: reads the event log itself (not the read models) and prints
// the operation's history, one JSON line per event with the operation's state after it.
import { ConfigError, loadConfig } from '../infra/config.ts';
import { openBackends } from '../service.ts';
import { replayOperation } from './replay-operation.ts';

const operationId = process.argv[2];
if (!operationId || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(operationId)) {
  console.error('usage: npm run replay -- <operation_id (uuid)>');
  process.exit(2);
}

try {
  const config = loadConfig();
  const backends = await openBackends({ ...config, logLevel: 'warn' });
  try {
    let count = 0;
    for await (const step of replayOperation(backends.store, operationId.toLowerCase())) {
      console.log(JSON.stringify(step));
      count++;
    }
    if (count === 0) {
      console.error(`no events for operation ${operationId}`);
      process.exitCode = 1;
    }
  } finally {
    await backends.close();
  }
} catch (error) {
  console.error(`${error instanceof ConfigError ? 'configuration error' : 'error'}: ${(error as Error).message}`);
  process.exit(error instanceof ConfigError ? 2 : 1);
}
