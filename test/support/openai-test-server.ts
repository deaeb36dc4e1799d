// An OpenAI-protocol server on a loopback port for the HTTP adapter's tests. POST /v1/chat/completions
// (streamed, server-sent events, as llama.cpp's server and vLLM answer) is answered by node-llama-cpp
// running the tiny test model: under the request's response_format json_schema, or, with tools, under a
// grammar of one call `{"name", "arguments"}` (tool_choice auto / required / none). Scripted faults
// (an HTTP status with retry-after-ms, a hang, a canned reply or tool call) replace the answer of the
// next requests, and every request body is recorded.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { getLlama, LlamaChat, LlamaLogLevel, type ChatHistoryItem, type LlamaModel } from 'node-llama-cpp';

export type ServerFault =
  | { status: number; retryAfterMs?: number }
  | { hang: true }
  | { reply: string }
  | { toolCall: { name: string; arguments: string } };

interface ChatBody {
  model: string;
  stream?: boolean;
  messages: Array<{ role: string; content?: string | null; tool_call_id?: string; tool_calls?: unknown[] }>;
  response_format?: { type: string; json_schema?: { name: string; schema: Record<string, unknown> } };
  tools?: Array<{ type: 'function'; function: { name: string; parameters: Record<string, unknown> } }>;
  tool_choice?: 'auto' | 'required' | 'none';
  max_tokens?: number;
  seed?: number;
}

export interface OpenAITestServer {
  url: string;
  /** Bodies of every request received, in order. */
  requests: ChatBody[];
  /** The usage reported in each answer (requests answered 200), in order. */
  usages: Array<{ prompt_tokens: number; completion_tokens: number }>;
  /** Faults answering the next requests, one each, in order. */
  script(...faults: ServerFault[]): void;
  close(): Promise<void>;
}

function sse(res: ServerResponse, data: unknown): void {
  res.write(`data: ${JSON.stringify(data)}\n\n`);
}

function history(body: ChatBody): ChatHistoryItem[] {
  const items: ChatHistoryItem[] = [];
  for (const message of body.messages) {
    const text = message.content ?? JSON.stringify(message.tool_calls ?? []);
    if (message.role === 'system') items.push({ type: 'system', text });
    else if (message.role === 'assistant') items.push({ type: 'model', response: [text] });
    else items.push({ type: 'user', text: message.role === 'tool' ? `Tool result: ${text}` : text });
  }
  items.push({ type: 'model', response: [] });
  return items;
}

/** The grammar schema of a tool turn in this server's own format: `{"name": ..., "arguments": ...}`. */
function toolSchema(body: ChatBody): Record<string, unknown> {
  const calls =
    body.tool_choice === 'none'
      ? []
      : (body.tools ?? []).map((tool) => ({
          type: 'object',
          properties: { name: { const: tool.function.name }, arguments: tool.function.parameters },
          required: ['name', 'arguments'],
        }));
  const content = { type: 'object', properties: { content: { type: 'string', minLength: 1 } }, required: ['content'] };
  const answer = body.tool_choice === 'required' ? [] : [content];
  return { oneOf: [...calls, ...answer] };
}

export async function startOpenAITestServer(modelPath: string): Promise<OpenAITestServer> {
  const llama = await getLlama({ gpu: false, build: 'never', logLevel: LlamaLogLevel.error, progressLogs: false });
  const model: LlamaModel = await llama.loadModel({ modelPath, gpuLayers: 0 });
  const context = await model.createContext({ contextSize: 2048, threads: 1, sequences: 1 });
  const sequence = context.getSequence();
  const chat = new LlamaChat({ contextSequence: sequence });
  const requests: ChatBody[] = [];
  const usages: OpenAITestServer['usages'] = [];
  const faults: ServerFault[] = [];
  let queue: Promise<unknown> = Promise.resolve();
  let counter = 0;

  async function answer(body: ChatBody, res: ServerResponse, fault: ServerFault | undefined): Promise<void> {
    const id = `chatcmpl-${++counter}`;
    const chunk = (delta: Record<string, unknown>, finish: string | null) => ({
      id,
      object: 'chat.completion.chunk',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [{ index: 0, delta, finish_reason: finish }],
    });
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    sse(res, chunk({ role: 'assistant', content: '' }, null));
    // Usage as llama.cpp's server reports it: tokens evaluated and generated (0 for a scripted reply).
    const before = sequence.tokenMeter.getState();
    let finish = 'stop';
    const usesTools = Boolean(body.tools?.length);
    let text: string;
    if (fault && 'reply' in fault) text = fault.reply;
    else if (fault && 'toolCall' in fault) {
      text = JSON.stringify({ name: fault.toolCall.name, arguments: JSON.parse(fault.toolCall.arguments) });
    } else {
      const schema = usesTools ? toolSchema(body) : body.response_format?.json_schema?.schema;
      const grammar = schema ? await llama.createGrammarForJsonSchema(schema as never) : undefined;
      const response = await chat.generateResponse(history(body), {
        grammar,
        maxTokens: body.max_tokens ?? 256,
        temperature: 0,
        seed: body.seed,
        onTextChunk: usesTools ? undefined : (piece) => sse(res, chunk({ content: piece }, null)),
      });
      text = response.response;
      if (response.metadata.stopReason === 'maxTokens') finish = 'length';
    }
    // A tool turn's reply is sent below, as the content of its answer.
    if (fault && 'reply' in fault && !usesTools) sse(res, chunk({ content: text }, null));
    if (usesTools) {
      let reply: { name?: string; arguments?: unknown; content?: string };
      try {
        reply = JSON.parse(text) as typeof reply;
      } catch {
        reply = { content: text }; // cut off at max_tokens: sent as it is, like a real server
      }
      if (reply.name !== undefined) {
        // The call in two deltas, as servers stream them: name first, then the arguments in pieces.
        const args = JSON.stringify(reply.arguments);
        const half = Math.floor(args.length / 2);
        const opening = {
          index: 0,
          id: `call_${counter}`,
          type: 'function',
          function: { name: reply.name, arguments: '' },
        };
        sse(res, chunk({ tool_calls: [opening] }, null));
        sse(res, chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(0, half) } }] }, null));
        sse(res, chunk({ tool_calls: [{ index: 0, function: { arguments: args.slice(half) } }] }, null));
        finish = 'tool_calls';
      } else {
        sse(res, chunk({ content: reply.content ?? '' }, null));
      }
    }
    sse(res, chunk({}, finish));
    const usage = {
      prompt_tokens: sequence.tokenMeter.usedInputTokens - before.usedInputTokens,
      completion_tokens: sequence.tokenMeter.usedOutputTokens - before.usedOutputTokens,
    };
    usages.push(usage);
    sse(res, {
      id,
      object: 'chat.completion.chunk',
      created: Math.floor(Date.now() / 1000),
      model: body.model,
      choices: [],
      usage: { ...usage, total_tokens: 0 },
    });
    res.end('data: [DONE]\n\n');
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
      res
        .writeHead(404, { 'content-type': 'application/json' })
        .end(JSON.stringify({ error: { message: 'not found' } }));
      return;
    }
    const raw: Buffer[] = [];
    for await (const piece of req) raw.push(piece as Buffer);
    const body = JSON.parse(Buffer.concat(raw).toString('utf8')) as ChatBody;
    requests.push(body);
    const fault = faults.shift();
    if (fault && 'status' in fault) {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (fault.retryAfterMs !== undefined) headers['retry-after-ms'] = String(fault.retryAfterMs);
      res
        .writeHead(fault.status, headers)
        .end(JSON.stringify({ error: { message: `scripted ${fault.status}`, type: 'test' } }));
      return;
    }
    if (fault && 'hang' in fault) return; // never answers; close() drops the connection
    const done = queue.then(() => answer(body, res, fault));
    queue = done.catch(() => {});
    await done;
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: Error) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: error.message } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    usages,
    script: (...next) => {
      faults.push(...next);
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await queue;
      chat.dispose();
      await context.dispose();
      await model.dispose();
    },
  };
}
