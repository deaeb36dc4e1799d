// Issue 20, a document deleted while a draft uses it: every generation kind that takes document_ids
// (mission analysis, WARNO, COA statements, simulations) fails with DOCUMENT_DELETED and writes
// nothing when a document it names is deleted before its output is written: before the worker
// starts, while the model drafts (a model that deletes the document through the API, then answers),
// and between the worker's last read of the document and its append (a store that deletes it just
// before the append: the append is conditioned on the document's stream, refused, decided again).
// The same runs with the document kept succeed and cite it.
import * as assert from 'uvu/assert';
import { forEachBackend } from '../support/for-each-backend.ts';
import { http, type TestService } from '../support/test-service.ts';
import { upload } from '../support/document-http.ts';
import { pollGeneration } from '../support/generation-http.ts';
import { randomUUID } from 'node:crypto';
import { loadGenerationJob } from '../../commands/generation-job-commands.ts';
import { deleteDocument } from '../../commands/document-commands.ts';
import { runGeneration } from '../../workers/generation/generation-worker.ts';
import { createLanguageModel } from '../../infra/language-model/create-language-model.ts';
import { createRuleBasedEngine } from '../../infra/language-model/rule-based-engine.ts';
import type { LanguageModel } from '../../infra/language-model/language-model.ts';
import type { EventStore } from '../../infra/event-store/event-store.ts';
import { DRAFTING_RULES } from '../../workers/generation/drafting-rules.ts';
import type { GenerationJob } from '../../domain/generation-job/generation-job-decider.ts';
import { documentStream } from '../../domain/document/document-events.ts';

const ORDER = '# OPORD 07-26\n\n1. Situation\n\nEnemy forces defend along PL RED.\n';

async function newOperation(svc: TestService) {
  const r = await http(svc.url, 'POST', '/api/operations/', {
    key: svc.key,
    body: { name: 'IRON GATE', unit: '2-7 IN', branch: 'infantry', echelon: 'battalion' },
  });
  assert.is(r.status, 200, r.text);
  return r.body.id as string;
}

/** A document of the operation (its text stays pending: the workers are stopped); each call a new one. */
async function newDocument(svc: TestService, op: string, tag: string) {
  const r = await upload(svc, { operation_id: op }, [{ name: `opord-${tag}.md`, bytes: `${ORDER}\n${tag}\n` }]);
  assert.is(r.status, 200, r.text);
  return { id: r.body.items[0].id as string, fileName: `opord-${tag}.md` };
}

type Kind = 'warno' | 'mission_analysis' | 'coa_statements' | 'llm_simulation';
const KINDS: Kind[] = ['warno', 'mission_analysis', 'coa_statements', 'llm_simulation'];

/** Requests a generation of `kind` grounded in `documentId`; the job stays pending (the workers are stopped). */
async function request(svc: TestService, op: string, kind: Kind, documentId: string): Promise<GenerationJob> {
  let r;
  if (kind === 'warno' || kind === 'mission_analysis') {
    const path = kind === 'warno' ? 'warno' : 'mission-analysis';
    const type = kind === 'warno' ? 'mission' : 'facts_and_assumptions';
    const record = (await http(svc.url, 'GET', `/api/${path}/?operation_id=${op}&type=${type}`, { key: svc.key })).body;
    r = await http(svc.url, 'POST', `/api/${path}/${record.id}/generate`, {
      key: svc.key,
      body: { document_ids: [documentId] },
    });
  } else if (kind === 'coa_statements') {
    r = await http(svc.url, 'POST', '/api/coa-statements/generate', {
      key: svc.key,
      body: { operation_id: op, count: 2, document_ids: [documentId] },
    });
  } else {
    const coa = await http(svc.url, 'POST', '/api/coa-statements/', {
      key: svc.key,
      body: { operation_id: op, name: 'COA 1: Northern envelopment' },
    });
    assert.is(coa.status, 200, coa.text);
    r = await http(svc.url, 'POST', '/api/llm-simulations/', {
      key: svc.key,
      body: { coa_statement_id: coa.body.id, method: 'box', turns: 1, document_ids: [documentId] },
    });
  }
  assert.is(r.status, 200, r.text);
  const jobId = kind === 'coa_statements' ? r.headers.get('location')!.replace('/api/generation-jobs/', '') : r.body.id;
  const job = await loadGenerationJob(svc.service.store, jobId);
  assert.is(job.status, 'pending');
  return job as GenerationJob;
}

/** The events the job wrote outside its own stream (its output): none when it failed. */
async function outputEvents(svc: TestService, job: GenerationJob) {
  const all = await svc.service.store.readAll({ limit: 100_000 });
  return all.filter((e) => e.metadata.correlation_id === job.job_id && !e.stream_id.startsWith('generation-'));
}

/** The rule-based drafter, with `beforeAnswer` run before every answer (a model that takes its time). */
function modelThat(beforeAnswer: () => Promise<void>): LanguageModel {
  const rules = createLanguageModel(createRuleBasedEngine(DRAFTING_RULES));
  return {
    adapter: rules.adapter,
    model: rules.model,
    runTools: (r) => rules.runTools(r),
    close: () => rules.close(),
    async generateStructured(r) {
      await beforeAnswer();
      return rules.generateStructured(r);
    },
  };
}

/** The service's store, deleting `documentId` just before the first append to `streamPrefix`…: after the last read. */
function storeDeletingBefore(svc: TestService, streamPrefix: string, documentId: string): EventStore {
  const store = svc.service.store;
  let deleted = false;
  const ctx = {
    principal: { account_id: svc.accountId, api_key_id: null },
    correlation_id: randomUUID(),
    causation_id: null,
    now: () => new Date(),
  };
  return new Proxy(store, {
    get(target, property, receiver) {
      if (property !== 'append') return Reflect.get(target, property, receiver);
      return async (...args: Parameters<EventStore['append']>) => {
        if (!deleted && args[0].startsWith(streamPrefix)) {
          deleted = true;
          await deleteDocument(store, ctx, documentId);
        }
        return target.append(...args);
      };
    },
  });
}

const OUTPUT_STREAM: Record<Kind, string> = {
  warno: 'warno-',
  mission_analysis: 'mission_analysis-',
  coa_statements: 'coa_attribute-',
  llm_simulation: 'llm_simulation-',
};

forEachBackend('generation and a deleted document', (test) => {
  test.before(async ({ svc }) => {
    // Jobs stay pending; each is run here with the model and store the case needs.
    await svc.service.pipeline?.close();
  });

  const deps = (svc: TestService, languageModel: LanguageModel, store = svc.service.store) => ({
    maxTokens: 2048,
    store,
    knex: svc.service.db.knex,
    documents: svc.service.documents,
    logger: svc.service.logger,
    languageModel,
  });

  test('kept: each kind succeeds and cites the document (the control of the cases below)', async ({ svc }) => {
    const op = await newOperation(svc);
    for (const kind of KINDS) {
      const document = await newDocument(svc, op, `kept-${kind}`);
      const job = await request(svc, op, kind, document.id);
      await runGeneration(
        deps(
          svc,
          modelThat(async () => {}),
        ),
        job,
      );
      const ended = await loadGenerationJob(svc.service.store, job.job_id);
      assert.is(ended.status, 'success', `${kind}: ${JSON.stringify(ended.status === 'failed' && ended.error)}`);
      const inputs = ended.status === 'success' ? (ended.provenance?.inputs ?? []) : [];
      const cited = inputs.some((i) => i.kind === 'document' && i.id === document.id);
      assert.ok(cited, `${kind} cites the document`);
      assert.ok((await outputEvents(svc, job)).length > 0, kind);
    }
  });

  test('deleted while the model drafts: DOCUMENT_DELETED, nothing written, for every kind', async ({ svc }) => {
    const op = await newOperation(svc);
    for (const kind of KINDS) {
      const document = await newDocument(svc, op, `drafting-${kind}`);
      const job = await request(svc, op, kind, document.id);
      let deletes = 0;
      // The model answers only once the document is deleted through the API (200).
      const model = modelThat(async () => {
        if (deletes++ > 0) return;
        const r = await http(svc.url, 'DELETE', `/api/documents/${document.id}`, { key: svc.key });
        assert.is(r.status, 200, r.text);
      });
      await runGeneration(deps(svc, model), job);
      const ended = await loadGenerationJob(svc.service.store, job.job_id);
      assert.equal(
        ended.status === 'failed' && ended.error,
        {
          code: 'DOCUMENT_DELETED',
          message: `Document ${document.id} was deleted after the generation was requested; request it again without it`,
        },
        kind,
      );
      assert.equal(await outputEvents(svc, job), [], `${kind} wrote nothing`);
      const read = await pollGeneration(svc, job.job_id);
      assert.equal([read.status, read.error?.code], ['failed', 'DOCUMENT_DELETED']);
    }
  });

  test("deleted between the worker's last read and its append: refused, decided again, failed", async ({ svc }) => {
    const op = await newOperation(svc);
    for (const kind of KINDS) {
      const document = await newDocument(svc, op, `racing-${kind}`);
      const job = await request(svc, op, kind, document.id);
      const store = storeDeletingBefore(svc, OUTPUT_STREAM[kind], document.id);
      await runGeneration(
        deps(
          svc,
          modelThat(async () => {}),
          store,
        ),
        job,
      );
      const events = await svc.service.store.readStream(documentStream(document.id));
      assert.is(events.at(-1)!.type, 'DocumentDeleted', `${kind}: the delete landed`);
      const ended = await loadGenerationJob(svc.service.store, job.job_id);
      assert.is(ended.status === 'failed' && ended.error?.code, 'DOCUMENT_DELETED', kind);
      assert.equal(await outputEvents(svc, job), [], `${kind} wrote nothing`);
    }
  });

  test('deleted before the worker starts: DOCUMENT_DELETED (no longer left out silently)', async ({ svc }) => {
    const op = await newOperation(svc);
    for (const kind of KINDS) {
      const document = await newDocument(svc, op, `before-${kind}`);
      const job = await request(svc, op, kind, document.id);
      assert.is((await http(svc.url, 'DELETE', `/api/documents/${document.id}`, { key: svc.key })).status, 200);
      await runGeneration(
        deps(
          svc,
          modelThat(async () => {}),
        ),
        job,
      );
      const ended = await loadGenerationJob(svc.service.store, job.job_id);
      assert.is(ended.status === 'failed' && ended.error?.code, 'DOCUMENT_DELETED', kind);
      assert.equal(await outputEvents(svc, job), [], `${kind} wrote nothing`);
    }
  });
});
