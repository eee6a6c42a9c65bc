import { writeFileSync } from 'node:fs';

/**
 * A tiny but valid GGUF v3 model for tests of the local model engine: a llama-architecture transformer
 * with seeded random F32 weights and a byte-level SentencePiece vocabulary (every byte a token, as
 * llama.cpp's byte fallback reads them), so llama.cpp loads it, tokenizes any text and generates. What
 * it writes is gibberish; tests that need words force them with a grammar.
 *
 * Layout (GGUF v3, little-endian): magic, version, tensor count, metadata count; the metadata as
 * key/typed-value pairs; each tensor's name, dimensions (innermost first), type and offset; padding to
 * the alignment; then the tensors' data, each starting on the alignment.
 */
export interface TinyModelShape {
  layers?: number;
  embedding?: number;
  heads?: number;
  feedForward?: number;
  contextLength?: number;
  seed?: number;
}

const ALIGNMENT = 32;
const GGML_TYPE_F32 = 0;

// GGUF metadata value types.
const U32 = 4;
const F32 = 6;
const BOOL = 7;
const STRING = 8;
const ARRAY = 9;
const I32 = 5;

// llama.cpp's token types.
const TOKEN_NORMAL = 1;
const TOKEN_UNKNOWN = 2;
const TOKEN_CONTROL = 3;
const TOKEN_BYTE = 6;

type Value =
  | { type: typeof U32; value: number }
  | { type: typeof I32; value: number }
  | { type: typeof F32; value: number }
  | { type: typeof BOOL; value: boolean }
  | { type: typeof STRING; value: string }
  | { type: typeof ARRAY; of: typeof STRING; values: string[] }
  | { type: typeof ARRAY; of: typeof F32 | typeof I32; values: number[] };

/** A simple ChatML-style template, as many small models carry. */
const CHAT_TEMPLATE =
  "{% for message in messages %}{{ '<|im_start|>' + message['role'] + '\\n' + message['content'] + '<|im_end|>' + '\\n' }}{% endfor %}{% if add_generation_prompt %}{{ '<|im_start|>assistant\\n' }}{% endif %}";

/** The vocabulary: `<unk>`, `<s>`, `</s>`, then the 256 bytes, then the word separator SentencePiece marks spaces with. */
function vocabulary(): { tokens: string[]; types: number[] } {
  const tokens = ['<unk>', '<s>', '</s>'];
  const types = [TOKEN_UNKNOWN, TOKEN_CONTROL, TOKEN_CONTROL];
  for (let byte = 0; byte < 256; byte++) {
    tokens.push(`<0x${byte.toString(16).toUpperCase().padStart(2, '0')}>`);
    types.push(TOKEN_BYTE);
  }
  tokens.push('\u2581');
  types.push(TOKEN_NORMAL);
  return { tokens, types };
}

/** Mulberry32: the same weights for the same seed, so a test's model is the same every run. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

class Writer {
  private chunks: Buffer[] = [];
  length = 0;
  private push(buffer: Buffer) {
    this.chunks.push(buffer);
    this.length += buffer.length;
  }
  u32(n: number) {
    const b = Buffer.alloc(4);
    b.writeUInt32LE(n);
    this.push(b);
  }
  i32(n: number) {
    const b = Buffer.alloc(4);
    b.writeInt32LE(n);
    this.push(b);
  }
  u64(n: number) {
    const b = Buffer.alloc(8);
    b.writeBigUInt64LE(BigInt(n));
    this.push(b);
  }
  f32(n: number) {
    const b = Buffer.alloc(4);
    b.writeFloatLE(n);
    this.push(b);
  }
  string(s: string) {
    const bytes = Buffer.from(s, 'utf8');
    this.u64(bytes.length);
    this.push(bytes);
  }
  bytes(b: Buffer) {
    this.push(b);
  }
  padTo(alignment: number) {
    const pad = (alignment - (this.length % alignment)) % alignment;
    if (pad) this.push(Buffer.alloc(pad));
  }
  value(v: Value) {
    this.u32(v.type);
    switch (v.type) {
      case U32:
        return this.u32(v.value);
      case I32:
        return this.i32(v.value);
      case F32:
        return this.f32(v.value);
      case BOOL:
        return this.push(Buffer.from([v.value ? 1 : 0]));
      case STRING:
        return this.string(v.value);
      case ARRAY:
        this.u32(v.of);
        this.u64(v.values.length);
        for (const item of v.values) {
          if (typeof item === 'string') this.string(item);
          else if (v.of === F32) this.f32(item);
          else this.i32(item);
        }
    }
  }
  toBuffer() {
    return Buffer.concat(this.chunks);
  }
}

const CONTROL_TOKENS = 3;

/**
 * One weight. Norms are one and the rest small, so activations stay finite; and the first channel of the
 * residual stream is a constant: every token's embedding starts with 1, no layer writes to it, and only
 * the control tokens read it from there, strongly negative, so the model never ends its answer (nor
 * writes `<s>`) by itself. It writes until the token limit, a stop, or a grammar that ends.
 */
function weight(tensor: string, row: number, column: number, next: () => number): number {
  if (tensor.includes('norm')) return 1;
  const small = (next() - 0.5) * 0.2;
  if (tensor === 'token_embd.weight') return column === 0 ? 1 : small;
  if (tensor.endsWith('attn_output.weight') || tensor.endsWith('ffn_down.weight')) return row === 0 ? 0 : small;
  if (tensor === 'output.weight') {
    if (row < CONTROL_TOKENS) return column === 0 ? -50 : 0;
    return column === 0 ? 0 : small;
  }
  return small;
}

/** Writes the model to `path` and returns it. Defaults: 1 layer, 32 wide, 4 heads, a 8192-token context. */
export function writeTinyModel(path: string, shape: TinyModelShape = {}): string {
  const { layers = 1, embedding = 32, heads = 4, feedForward = 64, contextLength = 8192, seed = 31 } = shape;
  const { tokens, types } = vocabulary();
  const metadata: [string, Value][] = [
    ['general.architecture', { type: STRING, value: 'llama' }],
    ['general.name', { type: STRING, value: 'selah-tiny-test' }],
    ['general.alignment', { type: U32, value: ALIGNMENT }],
    ['llama.context_length', { type: U32, value: contextLength }],
    ['llama.embedding_length', { type: U32, value: embedding }],
    ['llama.block_count', { type: U32, value: layers }],
    ['llama.feed_forward_length', { type: U32, value: feedForward }],
    ['llama.attention.head_count', { type: U32, value: heads }],
    ['llama.attention.head_count_kv', { type: U32, value: heads }],
    ['llama.attention.layer_norm_rms_epsilon', { type: F32, value: 1e-5 }],
    ['llama.rope.dimension_count', { type: U32, value: embedding / heads }],
    ['llama.vocab_size', { type: U32, value: tokens.length }],
    ['tokenizer.ggml.model', { type: STRING, value: 'llama' }],
    ['tokenizer.ggml.tokens', { type: ARRAY, of: STRING, values: tokens }],
    ['tokenizer.ggml.scores', { type: ARRAY, of: F32, values: tokens.map(() => 0) }],
    ['tokenizer.ggml.token_type', { type: ARRAY, of: I32, values: types }],
    ['tokenizer.ggml.unknown_token_id', { type: U32, value: 0 }],
    ['tokenizer.ggml.bos_token_id', { type: U32, value: 1 }],
    ['tokenizer.ggml.eos_token_id', { type: U32, value: 2 }],
    ['tokenizer.ggml.add_bos_token', { type: BOOL, value: true }],
    ['tokenizer.ggml.add_eos_token', { type: BOOL, value: false }],
    ['tokenizer.chat_template', { type: STRING, value: CHAT_TEMPLATE }],
  ];

  // Dimensions innermost first, as ggml stores them.
  const tensors: [string, number[]][] = [['token_embd.weight', [embedding, tokens.length]]];
  for (let n = 0; n < layers; n++) {
    tensors.push(
      [`blk.${n}.attn_norm.weight`, [embedding]],
      [`blk.${n}.attn_q.weight`, [embedding, embedding]],
      [`blk.${n}.attn_k.weight`, [embedding, embedding]],
      [`blk.${n}.attn_v.weight`, [embedding, embedding]],
      [`blk.${n}.attn_output.weight`, [embedding, embedding]],
      [`blk.${n}.ffn_norm.weight`, [embedding]],
      [`blk.${n}.ffn_gate.weight`, [embedding, feedForward]],
      [`blk.${n}.ffn_up.weight`, [embedding, feedForward]],
      [`blk.${n}.ffn_down.weight`, [feedForward, embedding]],
    );
  }
  tensors.push(['output_norm.weight', [embedding]], ['output.weight', [embedding, tokens.length]]);

  const next = random(seed);
  const data = tensors.map(([name, dims]) => {
    const [inner, outer = 1] = dims;
    const values = new Float32Array(inner! * outer);
    for (let row = 0; row < outer; row++) {
      for (let i = 0; i < inner!; i++) values[row * inner! + i] = weight(name, row, i, next);
    }
    return Buffer.from(values.buffer);
  });
  const out = new Writer();
  out.bytes(Buffer.from('GGUF', 'ascii'));
  out.u32(3);
  out.u64(tensors.length);
  out.u64(metadata.length);
  for (const [key, value] of metadata) {
    out.string(key);
    out.value(value);
  }
  let offset = 0;
  tensors.forEach(([name, dims], i) => {
    out.string(name);
    out.u32(dims.length);
    for (const d of dims) out.u64(d);
    out.u32(GGML_TYPE_F32);
    out.u64(offset);
    offset += Math.ceil(data[i]!.length / ALIGNMENT) * ALIGNMENT;
  });
  out.padTo(ALIGNMENT);
  for (const tensor of data) {
    out.bytes(tensor);
    out.padTo(ALIGNMENT);
  }
  writeFileSync(path, out.toBuffer());
  return path;
}
