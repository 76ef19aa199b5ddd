# A Python host of the norm C API through ctypes, no bindings: loads
# libNormMLIR-C.so (argv[1]), registers the dialects and passes, and runs a
# pass pipeline string on a module with a norm op.
import ctypes
import sys

lib = ctypes.CDLL(sys.argv[1])


class Handle(ctypes.Structure):
    _fields_ = [("ptr", ctypes.c_void_p)]


class StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_char_p), ("length", ctypes.c_size_t)]


class LogicalResult(ctypes.Structure):
    _fields_ = [("value", ctypes.c_int8)]


def string_ref(text):
    data = text.encode()
    return StringRef(data, len(data))


CALLBACK = ctypes.CFUNCTYPE(None, StringRef, ctypes.c_void_p)
chunks = []


@CALLBACK
def collect(text, _):
    chunks.append(ctypes.string_at(text.data, text.length).decode())


for name, restype, argtypes in [
    ("mlirGetDialectHandle__norm__", Handle, []),
    ("mlirDialectHandleGetNamespace", StringRef, [Handle]),
    ("mlirContextCreate", Handle, []),
    ("mlirDialectRegistryCreate", Handle, []),
    ("mlirRegisterNormDialects", None, [Handle]),
    ("mlirContextAppendDialectRegistry", None, [Handle, Handle]),
    ("mlirDialectRegistryDestroy", None, [Handle]),
    ("mlirRegisterNormPasses", None, []),
    ("mlirModuleCreateParse", Handle, [Handle, StringRef]),
    ("mlirModuleGetOperation", Handle, [Handle]),
    ("mlirPassManagerCreate", Handle, [Handle]),
    ("mlirPassManagerGetAsOpPassManager", Handle, [Handle]),
    ("mlirParsePassPipeline", LogicalResult,
     [Handle, StringRef, CALLBACK, ctypes.c_void_p]),
    ("mlirPassManagerRunOnOp", LogicalResult, [Handle, Handle]),
    ("mlirOperationPrint", None, [Handle, CALLBACK, ctypes.c_void_p]),
    ("mlirPassManagerDestroy", None, [Handle]),
    ("mlirModuleDestroy", None, [Handle]),
    ("mlirContextDestroy", None, [Handle]),
]:
    getattr(lib, name).restype = restype
    getattr(lib, name).argtypes = argtypes

ns = lib.mlirDialectHandleGetNamespace(lib.mlirGetDialectHandle__norm__())
print("dialect handle:", ctypes.string_at(ns.data, ns.length).decode())

ctx = lib.mlirContextCreate()
registry = lib.mlirDialectRegistryCreate()
lib.mlirRegisterNormDialects(registry)
lib.mlirContextAppendDialectRegistry(ctx, registry)
lib.mlirDialectRegistryDestroy(registry)
lib.mlirRegisterNormPasses()

module = lib.mlirModuleCreateParse(ctx, string_ref("""
func.func @normalizer(%x: tensor<1x4xi64>) -> tensor<1x4xf32> {
  %y = norm.normalizer %x norm = "L1" : tensor<1x4xi64> -> tensor<1x4xf32>
  return %y : tensor<1x4xf32>
}
"""))
assert module.ptr, "cannot parse the module"
pm = lib.mlirPassManagerCreate(ctx)
ok = lib.mlirParsePassPipeline(
    lib.mlirPassManagerGetAsOpPassManager(pm),
    string_ref("builtin.module(func.func(convert-norm-to-linalg))"), collect,
    None).value
assert ok, "".join(chunks)
assert lib.mlirPassManagerRunOnOp(pm, lib.mlirModuleGetOperation(module)).value
lib.mlirOperationPrint(lib.mlirModuleGetOperation(module), collect, None)
print("".join(chunks))
lib.mlirPassManagerDestroy(pm)
lib.mlirModuleDestroy(module)
lib.mlirContextDestroy(ctx)
