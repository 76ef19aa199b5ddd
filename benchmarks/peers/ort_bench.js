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
//        node ort_bench.js OP DIMS THREADS [TYPE]     (DIMS: e.g. 8x320x64x64)
//   OP with N C: layernorm | lpnorm | normalizer | lpnorm0 (LpNormalization
//       axis 0) | rmsnorm (SimplifiedLayerNormalization) | skiprms
//       (com.microsoft.SkipSimplifiedLayerNormalization) | skiplayernorm
//       (com.microsoft.SkipLayerNormalization); the two Skip ops run on
//       [1, N, C] and also write their input_skip_bias_sum output.
//   OP with DIMS (NCHW): groupnorm (GroupNormalization-21, 32 groups) |
//       groupnorm_nhwc_silu (com.microsoft.GroupNorm, channels_last 1,
//       activation 1, 32 groups; DIMS still N, C, H, W) | instancenorm
//       (InstanceNormalization-22) | batchnorm (BatchNormalization-15,
//       inference)
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

const argv = process.argv.slice(2);
const op = argv[0];
const dimsArg = argv[1].includes('x');
const dims = dimsArg ? argv[1].split('x').map(Number) : [Number(argv[1]), Number(argv[2])];
const [threadsStr, type = 'f32'] = argv.slice(dimsArg ? 2 : 3);
const threads = Number(threadsStr);
const n = dims[0], c = dims[1];
const count = dims.reduce((a, b) => a * b, 1);
const elemType = {f32: 1, f16: 10, bf16: 16}[type];
const channels = ['groupnorm', 'groupnorm_nhwc_silu', 'instancenorm', 'batchnorm'];
const skip = op === 'skiprms' || op === 'skiplayernorm';
// The shape X is fed with: [1, N, C] for the Skip ops, NHWC for ORT's GroupNorm.
const xDims = skip ? [1, n, c]
    : op === 'groupnorm_nhwc_silu' ? [dims[0], dims[2], dims[3], dims[1]] : dims;
const xDimNames = xDims.map((_, i) => 'd' + i);
const inputs = [valueInfo('X', elemType, xDimNames)];
const params = [];  // names of the [C] (or [H]) parameter inputs
const extraOutputs = [];  // outputs besides Y, sliced like Y
let opNode, opset = 17, msOpset = false;
if (channels.includes(op) !== dimsArg)
  throw new Error(op + (dimsArg ? ' takes N C, not DIMS' : ' takes DIMS, not N C'));
if (op === 'layernorm') {
  params.push('Scale', 'B');
  opNode = node('LayerNormalization', ['X', 'Scale', 'B'], ['Y'],
                [attrInt('axis', -1), attrFloat('epsilon', 1e-5)]);
} else if (op === 'lpnorm' || op === 'lpnorm0') {
  opNode = node('LpNormalization', ['X'], ['Y'],
                [attrInt('axis', op === 'lpnorm0' ? 0 : -1), attrInt('p', 2)]);
} else if (op === 'rmsnorm') {
  // ONNX Runtime's own RMS spelling (ai.onnx domain), as its model builder
  // exports decoder LLMs.
  params.push('Scale');
  opNode = node('SimplifiedLayerNormalization', ['X', 'Scale'], ['Y'],
                [attrInt('axis', -1), attrFloat('epsilon', 1e-5)]);
} else if (op === 'skiprms' || op === 'skiplayernorm') {
  // Outputs: output, mean (unused), inv_std_var (unused), input_skip_bias_sum.
  inputs.push(valueInfo('Skip', elemType, xDimNames));
  params.push('Gamma', ...(op === 'skiplayernorm' ? ['Beta'] : []));
  extraOutputs.push('S');
  opNode = node(op === 'skiprms' ? 'SkipSimplifiedLayerNormalization' : 'SkipLayerNormalization',
                ['X', 'Skip', ...params], ['Y', '', '', 'S'], [attrFloat('epsilon', 1e-5)],
                'com.microsoft');
  msOpset = true;
} else if (op === 'normalizer') {
  opNode = node('Normalizer', ['X'], ['Y'], [attrString('norm', 'L2')], 'ai.onnx.ml');
} else if (op === 'groupnorm') {
  params.push('Scale', 'B');
  opset = 21;
  opNode = node('GroupNormalization', ['X', 'Scale', 'B'], ['Y'],
                [attrInt('num_groups', 32), attrFloat('epsilon', 1e-5)]);
} else if (op === 'groupnorm_nhwc_silu') {
  params.push('Gamma', 'Beta');
  msOpset = true;
  opNode = node('GroupNorm', ['X', 'Gamma', 'Beta'], ['Y'],
                [attrInt('activation', 1), attrInt('channels_last', 1), attrInt('groups', 32),
                 attrFloat('epsilon', 1e-5)], 'com.microsoft');
} else if (op === 'instancenorm') {
  params.push('Scale', 'B');
  opset = 22;
  opNode = node('InstanceNormalization', ['X', 'Scale', 'B'], ['Y'], [attrFloat('epsilon', 1e-5)]);
} else if (op === 'batchnorm') {
  params.push('Scale', 'B', 'Mean', 'Var');
  opset = 15;
  opNode = node('BatchNormalization', ['X', ...params], ['Y'], [attrFloat('epsilon', 1e-5)]);
} else {
  throw new Error('unknown op ' + op);
}
const paramLen = skip ? c : op === 'lpnorm' || op === 'normalizer' ? 0 : c;
for (const p of params)
  inputs.push(valueInfo(p, elemType, [paramLen]));
// Each output becomes a one-element Slice, so only that element is copied
// back to JavaScript (the op itself writes all of it).
const rank = xDims.length;
const outType = op === 'normalizer' ? 1 : elemType;
const sliced = ['Y', ...extraOutputs];
const slices = sliced.map((o) => node('Slice', [o, 'starts', 'ends'], [o + 'tiny'], []));
const graph = [...bytes(1, opNode), ...slices.flatMap((sl) => bytes(1, sl)), ...bytes(2, 'g'),
               ...bytes(5, int64Tensor('starts', new Array(rank).fill(0))),
               ...bytes(5, int64Tensor('ends', new Array(rank).fill(1))),
               ...inputs.flatMap((v) => bytes(11, v)),
               ...sliced.flatMap((o) => bytes(12, valueInfo(o + 'tiny', outType,
                                                              new Array(rank).fill(1))))];
const model = Buffer.from([...vfield(1, 8), ...bytes(8, [...bytes(1, ''), ...vfield(2, opset)]),
                           ...bytes(8, [...bytes(1, 'ai.onnx.ml'), ...vfield(2, 1)]),
                           ...(msOpset ? bytes(8, [...bytes(1, 'com.microsoft'), ...vfield(2, 1)]) : []),
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
function tensor(count, dims, positive) {
  const t = data(count);
  if (positive)  // BatchNormalization's input_var: positive
    for (let i = 0; i < count; ++i)
      t[i] = type === 'f32' ? Math.abs(t[i]) + 0.5 : t[i] & 0x7fff;
  if (type === 'f32') return new ort.Tensor('float32', t, dims);
  return new ort.Tensor(type === 'f16' ? 'float16' : 'bfloat16', t, dims);
}

(async () => {
  const session = await ort.InferenceSession.create(model, {
    intraOpNumThreads: threads, interOpNumThreads: 1, executionMode: 'sequential',
    executionProviders: ['cpu'], graphOptimizationLevel: 'all',
    enableCpuMemArena: true, enableMemPattern: true});
  const feeds = {X: tensor(count, xDims)};
  if (skip)
    feeds.Skip = tensor(count, xDims);
  for (const p of params)
    feeds[p] = tensor(paramLen, [paramLen], p === 'Var');
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
