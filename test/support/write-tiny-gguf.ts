// Writes a tiny GGUF v3 llama model with seeded random weights (2 layers, 64 dimensions, ~0.4 MB) that
// node-llama-cpp loads and runs: the language-model tests exercise the real engine without shipping
// weights. The vocabulary is SentencePiece-style (tokenizer.ggml.model "llama"): <unk>, <s>, </s>, the
// space piece "▁" and one byte token per printable ASCII character plus newline. Only ASCII byte tokens:
// with all 256 the model produced invalid UTF-8 inside JSON strings.
// Format: https://github.com/ggml-org/ggml/blob/master/docs/gguf.md (header, metadata, tensor infos,
// then tensor data aligned to general.alignment = 32 bytes).
import { writeFileSync } from 'node:fs';

const GGUF_TYPE = { uint32: 4, int32: 5, float32: 6, string: 8, array: 9 } as const;
const GGML_F32 = 0;
const ALIGNMENT = 32;
const TOKEN_TYPE = { normal: 1, unknown: 2, control: 3, byte: 6 } as const;

type MetadataValue =
  | { type: 'uint32' | 'int32' | 'float32'; value: number }
  | { type: 'string'; value: string }
  | { type: 'array'; of: 'string'; values: string[] }
  | { type: 'array'; of: 'float32' | 'int32'; values: number[] };

export interface TinyModelShape {
  embedding: number;
  layers: number;
  heads: number;
  feedForward: number;
  contextLength: number;
  seed: number;
}

export const TINY_MODEL_SHAPE: TinyModelShape = {
  embedding: 64,
  layers: 2,
  heads: 4,
  feedForward: 128,
  contextLength: 2048,
  seed: 13,
};

/** The vocabulary: control tokens, the SentencePiece space, and byte tokens for newline and 0x20–0x7E. */
export function tinyVocabulary(): { tokens: string[]; types: number[] } {
  const tokens = ['<unk>', '<s>', '</s>', '\u2581'];
  const types: number[] = [TOKEN_TYPE.unknown, TOKEN_TYPE.control, TOKEN_TYPE.control, TOKEN_TYPE.normal];
  const bytes = [0x0a, ...Array.from({ length: 0x7f - 0x20 }, (_, i) => 0x20 + i)];
  for (const byte of bytes) {
    tokens.push(`<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`);
    types.push(TOKEN_TYPE.byte);
  }
  return { tokens, types };
}

/** Mulberry32: a small seeded generator, so the same shape always gives the same file. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class ByteWriter {
  private chunks: Buffer[] = [];
  length = 0;
  private push(buffer: Buffer): void {
    this.chunks.push(buffer);
    this.length += buffer.length;
  }
  u32(value: number): void {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(value);
    this.push(b);
  }
  i32(value: number): void {
    const b = Buffer.alloc(4);
    b.writeInt32LE(value);
    this.push(b);
  }
  u64(value: number): void {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(value));
    this.push(b);
  }
  f32(value: number): void {
    const b = Buffer.alloc(4);
    b.writeFloatLE(value);
    this.push(b);
  }
  string(value: string): void {
    const bytes = Buffer.from(value, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  raw(buffer: Buffer): void {
    this.push(buffer);
  }
  padTo(alignment: number): void {
    this.push(Buffer.alloc((alignment - (this.length % alignment)) % alignment));
  }
  toBuffer(): Buffer {
    return Buffer.concat(this.chunks);
  }
}

function writeValue(out: ByteWriter, entry: MetadataValue): void {
  if (entry.type === 'array') {
    out.u32(GGUF_TYPE.array);
    out.u32(GGUF_TYPE[entry.of]);
    out.u64(entry.values.length);
    for (const value of entry.values) {
      if (entry.of === 'string') out.string(value as string);
      else if (entry.of === 'float32') out.f32(value as number);
      else out.i32(value as number);
    }
    return;
  }
  out.u32(GGUF_TYPE[entry.type]);
  if (entry.type === 'string') out.string(entry.value);
  else if (entry.type === 'float32') out.f32(entry.value);
  else if (entry.type === 'int32') out.i32(entry.value);
  else out.u32(entry.value);
}

/** Tensors in ggml order: dims[0] is the innermost (row length). Norm weights are ones. */
interface TensorSpec {
  name: string;
  dims: number[];
  ones?: boolean;
}

function tensorList(shape: TinyModelShape, vocabulary: number): TensorSpec[] {
  const { embedding: e, feedForward: f } = shape;
  const tensors: TensorSpec[] = [
    { name: 'token_embd.weight', dims: [e, vocabulary] },
    { name: 'output_norm.weight', dims: [e], ones: true },
    { name: 'output.weight', dims: [e, vocabulary] },
  ];
  for (let layer = 0; layer < shape.layers; layer++) {
    const block = `blk.${layer}`;
    tensors.push(
      { name: `${block}.attn_norm.weight`, dims: [e], ones: true },
      { name: `${block}.attn_q.weight`, dims: [e, e] },
      { name: `${block}.attn_k.weight`, dims: [e, e] },
      { name: `${block}.attn_v.weight`, dims: [e, e] },
      { name: `${block}.attn_output.weight`, dims: [e, e] },
      { name: `${block}.ffn_norm.weight`, dims: [e], ones: true },
      { name: `${block}.ffn_gate.weight`, dims: [e, f] },
      { name: `${block}.ffn_up.weight`, dims: [e, f] },
      { name: `${block}.ffn_down.weight`, dims: [f, e] },
    );
  }
  return tensors;
}

/** The GGUF file as bytes. */
export function tinyGgufBytes(shape: TinyModelShape = TINY_MODEL_SHAPE): Buffer {
  const { tokens, types } = tinyVocabulary();
  const metadata: Array<[string, MetadataValue]> = [
    ['general.architecture', { type: 'string', value: 'llama' }],
    ['general.name', { type: 'string', value: 'tiny-random-llama' }],
    ['general.alignment', { type: 'uint32', value: ALIGNMENT }],
    ['llama.context_length', { type: 'uint32', value: shape.contextLength }],
    ['llama.embedding_length', { type: 'uint32', value: shape.embedding }],
    ['llama.block_count', { type: 'uint32', value: shape.layers }],
    ['llama.feed_forward_length', { type: 'uint32', value: shape.feedForward }],
    ['llama.attention.head_count', { type: 'uint32', value: shape.heads }],
    ['llama.attention.head_count_kv', { type: 'uint32', value: shape.heads }],
    ['llama.attention.layer_norm_rms_epsilon', { type: 'float32', value: 1e-5 }],
    ['llama.rope.dimension_count', { type: 'uint32', value: shape.embedding / shape.heads }],
    ['tokenizer.ggml.model', { type: 'string', value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: 'array', of: 'string', values: tokens }],
    ['tokenizer.ggml.scores', { type: 'array', of: 'float32', values: tokens.map(() => 0) }],
    ['tokenizer.ggml.token_type', { type: 'array', of: 'int32', values: types }],
    ['tokenizer.ggml.unknown_token_id', { type: 'uint32', value: 0 }],
    ['tokenizer.ggml.bos_token_id', { type: 'uint32', value: 1 }],
    ['tokenizer.ggml.eos_token_id', { type: 'uint32', value: 2 }],
  ];
  const tensors = tensorList(shape, tokens.length);
  const random = seededRandom(shape.seed);
  const data = new ByteWriter();
  const offsets: number[] = [];
  for (const tensor of tensors) {
    data.padTo(ALIGNMENT);
    offsets.push(data.length);
    const count = tensor.dims.reduce((a, b) => a * b, 1);
    const values = Buffer.alloc(count * 4);
    // Uniform in ±0.2: large enough that logits differ, small enough to stay finite through 2 layers.
    for (let i = 0; i < count; i++) values.writeFloatLE(tensor.ones ? 1 : (random() - 0.5) * 0.4, i * 4);
    data.raw(values);
  }
  const out = new ByteWriter();
  out.raw(Buffer.from('GGUF', 'ascii'));
  out.u32(3);
  out.u64(tensors.length);
  out.u64(metadata.length);
  for (const [key, value] of metadata) {
    out.string(key);
    writeValue(out, value);
  }
  tensors.forEach((tensor, i) => {
    out.string(tensor.name);
    out.u32(tensor.dims.length);
    for (const dim of tensor.dims) out.u64(dim);
    out.u32(GGML_F32);
    out.u64(offsets[i]!);
  });
  out.padTo(ALIGNMENT);
  out.raw(data.toBuffer());
  return out.toBuffer();
}

/** Writes the tiny model to `path` and returns the path. */
export function writeTinyGguf(path: string, shape: TinyModelShape = TINY_MODEL_SHAPE): string {
  writeFileSync(path, tinyGgufBytes(shape));
  return path;
}
