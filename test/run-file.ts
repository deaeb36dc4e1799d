// Runs one uvu test file (uvu's own CLI does not load TypeScript through tsx's hooks).
import { run } from 'uvu/run';
import { resolve } from 'node:path';

const file = resolve(process.argv[2]!);
await run([{ name: file, file }]);
