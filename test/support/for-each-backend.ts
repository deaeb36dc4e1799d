// Registers an HTTP suite once per SQL backend, each with its own running service.
import { suite, type Test } from 'uvu';
import { SQL_BACKENDS } from './backends.ts';
import { startTestService, type TestService } from './test-service.ts';

export function forEachBackend(
  name: string,
  register: (test: Test<{ svc: TestService }>, backend: string) => void,
  env: Record<string, string> = {},
) {
  for (const backend of SQL_BACKENDS) {
    const test = suite<{ svc: TestService }>(`${name} [${backend}]`);
    test.before(async (ctx) => {
      ctx.svc = await startTestService(backend, env);
    });
    test.after(async (ctx) => {
      await ctx.svc?.close();
    });
    register(test, backend);
    test.run();
  }
}
