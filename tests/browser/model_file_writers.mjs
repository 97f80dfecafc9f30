// Real-format model-file headers for the browser tests, written here (never a committed
// third-party file): GGUF v3 (ggml docs/gguf.md) and safetensors (8-byte little-endian length +
// JSON). Only headers are produced; the tensor table describes gigabytes of data that the tests
// leave as a sparse file or a Blob of repeated zeros. Each writer also returns the exact parameter
// count and weight bytes it described, computed here independently of the app's reader.

const GGUF_UINT32 = 4;
const GGUF_STRING = 8;
const GGUF_ARRAY = 9;
const GGUF_F16 = 1;
const GGUF_F32 = 0;
const ALIGNMENT = 32;

class Bytes {
  constructor() { this.parts = []; this.length = 0; }
  push(u8) { this.parts.push(u8); this.length += u8.length; }
  u32(v) { const b = new Uint8Array(4); new DataView(b.buffer).setUint32(0, v, true); this.push(b); }
  u64(v) { const b = new Uint8Array(8); new DataView(b.buffer).setBigUint64(0, BigInt(v), true); this.push(b); }
  str(s) { const t = new TextEncoder().encode(s); this.u64(t.length); this.push(t); }
  concat() {
    const out = new Uint8Array(this.length);
    let at = 0;
    for (const p of this.parts) { out.set(p, at); at += p.length; }
    return out;
  }
}

// A Llama-style decoder: {hidden, layers, heads, kvHeads, ffn, vocab, context}.
export function llamaShapes({ hidden = 4096, layers = 32, heads = 32, kvHeads = 8, ffn = 14336,
                              vocab = 128256, context = 8192 } = {}) {
  const headDim = hidden / heads;
  const kv = kvHeads * headDim;
  const tensors = [['token_embd.weight', [hidden, vocab], GGUF_F16],
                   ['output_norm.weight', [hidden], GGUF_F32],
                   ['output.weight', [hidden, vocab], GGUF_F16]];
  for (let i = 0; i < layers; ++i) {
    const p = `blk.${i}.`;
    tensors.push([p + 'attn_norm.weight', [hidden], GGUF_F32], [p + 'attn_q.weight', [hidden, hidden], GGUF_F16],
                 [p + 'attn_k.weight', [hidden, kv], GGUF_F16], [p + 'attn_v.weight', [hidden, kv], GGUF_F16],
                 [p + 'attn_output.weight', [hidden, hidden], GGUF_F16],
                 [p + 'ffn_norm.weight', [hidden], GGUF_F32], [p + 'ffn_gate.weight', [hidden, ffn], GGUF_F16],
                 [p + 'ffn_up.weight', [hidden, ffn], GGUF_F16], [p + 'ffn_down.weight', [ffn, hidden], GGUF_F16]);
  }
  return { hidden, layers, heads, kvHeads, ffn, vocab, context, tensors };
}

// GGUF v3 header of an F16 Llama model, with a vocabulary of `shapes.vocab` tokens (a few MB, as
// real files have: the page must read past its first slice). Returns {header: Uint8Array,
// fileSize, parameters, weightsBytes}.
export function ggufHeader(shapes = llamaShapes(), name = 'Test Llama F16') {
  const meta = new Bytes();
  let metaCount = 0;
  const kvString = (k, v) => { meta.str(k); meta.u32(GGUF_STRING); meta.str(v); ++metaCount; };
  const kvU32 = (k, v) => { meta.str(k); meta.u32(GGUF_UINT32); meta.u32(v); ++metaCount; };
  kvString('general.architecture', 'llama');
  kvString('general.name', name);
  kvU32('general.file_type', 1);  // LlamaFileType MOSTLY_F16
  kvU32('llama.embedding_length', shapes.hidden);
  kvU32('llama.block_count', shapes.layers);
  kvU32('llama.attention.head_count', shapes.heads);
  kvU32('llama.attention.head_count_kv', shapes.kvHeads);
  kvU32('llama.feed_forward_length', shapes.ffn);
  kvU32('llama.context_length', shapes.context);
  kvU32('llama.vocab_size', shapes.vocab);
  meta.str('tokenizer.ggml.tokens');
  meta.u32(GGUF_ARRAY);
  meta.u32(GGUF_STRING);
  meta.u64(shapes.vocab);
  for (let i = 0; i < shapes.vocab; ++i) meta.str(`<token-${i}>`);
  ++metaCount;
  const table = new Bytes();
  let offset = 0;
  let parameters = 0n;
  let weightsBytes = 0n;
  for (const [tensorName, dims, type] of shapes.tensors) {
    const elements = dims.reduce((a, d) => a * BigInt(d), 1n);
    const bytes = elements * (type === GGUF_F32 ? 4n : 2n);
    table.str(tensorName);
    table.u32(dims.length);
    for (const d of dims) table.u64(d);
    table.u32(type);
    table.u64(offset);
    offset += Number(bytes);
    offset = Math.ceil(offset / ALIGNMENT) * ALIGNMENT;
    parameters += elements;
    weightsBytes += bytes;
  }
  const head = new Bytes();
  head.push(new TextEncoder().encode('GGUF'));
  head.u32(3);
  head.u64(shapes.tensors.length);
  head.u64(metaCount);
  head.push(meta.concat());
  head.push(table.concat());
  const body = head.concat();
  const dataStart = Math.ceil(body.length / ALIGNMENT) * ALIGNMENT;
  const header = new Uint8Array(dataStart);
  header.set(body);
  return { header, fileSize: dataStart + offset, parameters: parameters.toString(),
           weightsBytes: weightsBytes.toString() };
}

// safetensors header of a BF16 Llama checkpoint (Hugging Face tensor names).
export function safetensorsHeader(shapes = llamaShapes()) {
  const h = shapes.hidden;
  const kv = shapes.kvHeads * (h / shapes.heads);
  const entries = [['model.embed_tokens.weight', [shapes.vocab, h]], ['model.norm.weight', [h]],
                   ['lm_head.weight', [shapes.vocab, h]]];
  for (let i = 0; i < shapes.layers; ++i) {
    const p = `model.layers.${i}.`;
    entries.push([p + 'input_layernorm.weight', [h]], [p + 'self_attn.q_proj.weight', [h, h]],
                 [p + 'self_attn.k_proj.weight', [kv, h]], [p + 'self_attn.v_proj.weight', [kv, h]],
                 [p + 'self_attn.o_proj.weight', [h, h]], [p + 'post_attention_layernorm.weight', [h]],
                 [p + 'mlp.gate_proj.weight', [shapes.ffn, h]], [p + 'mlp.up_proj.weight', [shapes.ffn, h]],
                 [p + 'mlp.down_proj.weight', [h, shapes.ffn]]);
  }
  const json = { __metadata__: { format: 'pt' } };
  let offset = 0n;
  for (const [name, shape] of entries) {
    const bytes = shape.reduce((a, d) => a * BigInt(d), 1n) * 2n;
    json[name] = { dtype: 'BF16', shape, data_offsets: [Number(offset), Number(offset + bytes)] };
    offset += bytes;
  }
  const text = new TextEncoder().encode(JSON.stringify(json));
  const header = new Uint8Array(8 + text.length);
  new DataView(header.buffer).setBigUint64(0, BigInt(text.length), true);
  header.set(text, 8);
  return { header, fileSize: header.length + Number(offset), parameters: (offset / 2n).toString(),
           weightsBytes: offset.toString() };
}
