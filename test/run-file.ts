// Runs one uvu test file (uvu's own CLI does not load TypeScript through tsx's hooks). Exits when
// the file's tests are done, so a handle a test forgot to close cannot hang the run.
import { run } from 'uvu/run';
import { resolve } from 'node:path';

const file = resolve(process.argv[2]!);
await run([{ name: file, file }]);
const code = process.exitCode ?? 0;
process.stdout.write('', () => process.exit(code));
