// ONNX Runtime peer (npm onnxruntime-node, CPU execution provider): builds a
// one-op ONNX model in memory (hand-encoded protobuf, no onnx package),
// whose output is Slice(Y)[0:1, 0:1] so that only one element is copied back
// to JavaScript; the op itself computes all of Y. Prints the median time of
// session.run over at least 0.5 s, and the minor page faults per timed run.
// Best configuration: intra-op threads = THREADS (one inter-op thread,
// sequential execution), graph optimizations "all", and the CPU memory arena
// and memory patterns on, so Y, an intermediate of the graph, comes from the
// session's arena and is reused on every run (no fresh pages to fault in);
// the inputs are wrapped, not copied. Preallocated outputs (session.run's
// fetches) are not used: Y never leaves the session.
// Usage: node ort_bench.js OP N C THREADS [TYPE]
//   OP: layernorm | lpnorm | normalizer | lpnorm0 (LpNormalization axis 0) |
//       rmsnorm (SimplifiedLayerNormalization)
//   TYPE: f32 (default) | f16 | bf16
'use strict';
const ort = require('onnxruntime-node');

function varint(n) {
  n = BigInt(n);
  if (n < 0n) n += 1n << 64n;
  const out = [];
  do {
    let b = Number(n & 0x7fn);
    n >>= 7n;
    if (n) b |= 0x80;
    out.push(b);
  } while (n);
  return out;
}
const key = (field, wire) => varint((field << 3) | wire);
const vfield = (field, n) => [...key(field, 0), ...varint(n)];
function bytes(field, data) {
  if (typeof data === 'string') data = [...Buffer.from(data, 'utf8')];
  return [...key(field, 2), ...varint(data.length), ...data];
}
function f32field(field, x) {
  const b = Buffer.alloc(4);
  b.writeFloatLE(x);
  return [...key(field, 5), ...b];
}
const attrInt = (name, i) => bytes(5, [...bytes(1, name), ...vfield(3, i), ...vfield(20, 2)]);
const attrFloat = (name, f) => bytes(5, [...bytes(1, name), ...f32field(2, f), ...vfield(20, 1)]);
const attrString = (name, s) => bytes(5, [...bytes(1, name), ...bytes(4, s), ...vfield(20, 3)]);
function valueInfo(name, elemType, dims) {
  const shape = dims.flatMap((d) =>
      bytes(1, typeof d === 'number' ? vfield(1, d) : bytes(2, d)));
  const tensorType = [...vfield(1, elemType), ...bytes(2, shape)];
  return [...bytes(1, name), ...bytes(2, bytes(1, tensorType))];
}
function int64Tensor(name, values) {
  return [...vfield(1, values.length), ...vfield(2, 7), ...bytes(8, name),
          ...bytes(7, values.flatMap((v) => varint(v)))];
}
function node(opType, inputs, outputs, attrs, domain) {
  return [...inputs.flatMap((i) => bytes(1, i)), ...outputs.flatMap((o) => bytes(2, o)),
          ...bytes(4, opType), ...(domain ? bytes(7, domain) : []), ...attrs.flat()];
}

const [op, nStr, cStr, threadsStr, type = 'f32'] = process.argv.slice(2);
const n = Number(nStr), c = Number(cStr), threads = Number(threadsStr);
const elemType = {f32: 1, f16: 10, bf16: 16}[type];
const inputs = [valueInfo('X', elemType, ['N', 'C'])];
let opNode, opset = 17;
if (op === 'layernorm') {
  inputs.push(valueInfo('Scale', elemType, ['C']), valueInfo('B', elemType, ['C']));
  opNode = node('LayerNormalization', ['X', 'Scale', 'B'], ['Y'],
                [attrInt('axis', -1), attrFloat('epsilon', 1e-5)]);
} else if (op === 'lpnorm' || op === 'lpnorm0') {
  opNode = node('LpNormalization', ['X'], ['Y'],
                [attrInt('axis', op === 'lpnorm0' ? 0 : -1), attrInt('p', 2)]);
} else if (op === 'rmsnorm') {
  // ONNX Runtime's own RMS spelling (ai.onnx domain), as its model builder
  // exports decoder LLMs.
  inputs.push(valueInfo('Scale', elemType, ['C']));
  opNode = node('SimplifiedLayerNormalization', ['X', 'Scale'], ['Y'],
                [attrInt('axis', -1), attrFloat('epsilon', 1e-5)]);
} else if (op === 'normalizer') {
  opNode = node('Normalizer', ['X'], ['Y'], [attrString('norm', 'L2')], 'ai.onnx.ml');
} else {
  throw new Error('unknown op ' + op);
}
const slice = node('Slice', ['Y', 'starts', 'ends'], ['Ytiny'], []);
const graph = [...bytes(1, opNode), ...bytes(1, slice), ...bytes(2, 'g'),
               ...bytes(5, int64Tensor('starts', [0, 0])),
               ...bytes(5, int64Tensor('ends', [1, 1])),
               ...inputs.flatMap((v) => bytes(11, v)),
               ...bytes(12, valueInfo('Ytiny', op === 'normalizer' ? 1 : elemType, [1, 1]))];
const model = Buffer.from([...vfield(1, 8), ...bytes(8, [...bytes(1, ''), ...vfield(2, opset)]),
                           ...bytes(8, [...bytes(1, 'ai.onnx.ml'), ...vfield(2, 1)]),
                           ...bytes(7, graph)]);

function data(count) {
  let s = 1n;
  const f = new Float32Array(count);
  for (let i = 0; i < count; ++i) {
    s = (s * 6364136223846793005n + 1442695040888963407n) & ((1n << 64n) - 1n);
    f[i] = Number(s >> 40n) / 2 ** 24 * 4 - 1.5;
  }
  if (type === 'f32') return f;
  const u = new Uint16Array(count);
  const tmp = new DataView(new ArrayBuffer(4));
  for (let i = 0; i < count; ++i) {
    tmp.setFloat32(0, f[i]);
    const bits = tmp.getUint32(0);
    if (type === 'bf16') { u[i] = bits >>> 16; continue; }
    const sign = (bits >>> 16) & 0x8000, e = ((bits >>> 23) & 0xff) - 127 + 15;
    u[i] = e <= 0 ? sign : sign | (e << 10) | ((bits >>> 13) & 0x3ff);
  }
  return u;
}
function tensor(count, dims) {
  const t = data(count);
  if (type === 'f32') return new ort.Tensor('float32', t, dims);
  return new ort.Tensor(type === 'f16' ? 'float16' : 'bfloat16', t, dims);
}

(async () => {
  const session = await ort.InferenceSession.create(model, {
    intraOpNumThreads: threads, interOpNumThreads: 1, executionMode: 'sequential',
    executionProviders: ['cpu'], graphOptimizationLevel: 'all',
    enableCpuMemArena: true, enableMemPattern: true});
  const feeds = {X: tensor(n * c, [n, c])};
  if (op === 'layernorm' || op === 'rmsnorm')
    feeds.Scale = tensor(c, [c]);
  if (op === 'layernorm')
    feeds.B = tensor(c, [c]);
  for (let i = 0; i < 3; ++i) await session.run(feeds);
  const faults0 = process.resourceUsage().minorPageFault;
  const times = [];
  let total = 0;
  while (total < 500 || times.length < 5) {
    const t0 = performance.now();
    await session.run(feeds);
    const t = performance.now() - t0;
    times.push(t);
    total += t;
  }
  const faults = (process.resourceUsage().minorPageFault - faults0) / times.length;
  times.sort((a, b) => a - b);
  console.log(`ms=${times[times.length >> 1].toFixed(4)} faults=${Math.round(faults)}`);
})().catch((e) => { console.log('error=' + String(e.message || e).split('\n')[0]); process.exit(1); });
