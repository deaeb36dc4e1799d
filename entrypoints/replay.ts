// `npm run replay -- <operation_id>`: reads the event log itself (not the read models) and prints
// the operation's history, one JSON line per event with the operation's state after it.
import { openBackends } from '../service.ts';
import { replayOperation } from '../commands/replay-operation.ts';
import { exitWithUsage, runEntrypoint } from './run-entrypoint.ts';

const operationId = process.argv[2];
if (!operationId || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(operationId)) {
  exitWithUsage('usage: npm run replay -- <operation_id (uuid)>');
}

await runEntrypoint(async (config) => {
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
});
