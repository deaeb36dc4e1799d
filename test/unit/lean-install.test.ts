// The lean install (README "Language models", Install): `.npmrc` omits optional dependencies, so the
// platform binaries the project needs are direct dependencies pinned to the versions their packages ask
// for. An upgrade of tsx/esbuild, TypeScript or node-llama-cpp that forgets its binary would install
// cleanly and then fail at run time on a fresh machine; these checks fail first.
import { test } from 'uvu';
import * as assert from 'uvu/assert';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../..', import.meta.url));
const json = (path: string) => JSON.parse(readFileSync(`${root}/${path}`, 'utf8')) as Record<string, any>;
const pkg = json('package.json');
const lock = json('package-lock.json');
const pinned = (name: string) => pkg.dependencies?.[name] ?? pkg.devDependencies?.[name];
const asked = (parent: string, binary: string) =>
  lock.packages[`node_modules/${parent}`]?.optionalDependencies?.[binary];

test('.npmrc leaves optional dependencies out', () => {
  assert.match(readFileSync(`${root}/.npmrc`, 'utf8'), /^omit=optional$/m);
});

test('each needed platform binary is a direct dependency at the version its package asks for', () => {
  const binaries: Array<[string, string]> = [
    ['esbuild', '@esbuild/linux-x64'],
    ['typescript', '@typescript/typescript-linux-x64'],
    ['node-llama-cpp', '@node-llama-cpp/linux-x64'],
  ];
  for (const [parent, binary] of binaries) {
    assert.ok(asked(parent, binary), `${parent} lists ${binary}`);
    assert.is(pinned(binary), asked(parent, binary), `${binary} pinned as ${parent} asks`);
  }
});

test('the lock lists every node-llama-cpp platform package, so npm ci accepts it', () => {
  const optional = Object.keys(lock.packages['node_modules/node-llama-cpp'].optionalDependencies);
  const missing = optional.filter((name) => !lock.packages[`node_modules/${name}`]);
  assert.equal(missing, []);
});

test.run();
