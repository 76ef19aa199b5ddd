//===- NormBase.td - norm dialect definition and constraints -*- tablegen -*-===//
//
// The `norm` dialect: ONNX normalization operators (LpNormalization,
// ai.onnx.ml Normalizer, LayerNormalization, RMSNormalization) as
// tensor-level MLIR ops.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_DIALECT_NORM_IR_NORMBASE_TD
#define NORM_DIALECT_NORM_IR_NORMBASE_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"

def Norm_Dialect : Dialect {
  let name = "norm";
  let cppNamespace = "::mlir::norm";
  let summary = "ONNX normalization operators";
  let description = [{
    The `norm` dialect models the ONNX normalization operators exactly as
    ONNX defines them, on ranked tensors with static or dynamic dimensions
    (dense tensors: the verifiers reject a tensor with an encoding):

    * `norm.lp_normalization`: ai.onnx LpNormalization (opset 1 and 22);
    * `norm.normalizer`: ai.onnx.ml Normalizer (opset 1);
    * `norm.layer_normalization`: ai.onnx LayerNormalization (opset 17);
    * `norm.rms_normalization`: ai.onnx RMSNormalization (opset 23);
    * `norm.batch_normalization`: ai.onnx BatchNormalization (opset 15,
      inference);
    * `norm.instance_normalization`: ai.onnx InstanceNormalization (opset 6
      and 22);
    * `norm.group_normalization`: ai.onnx GroupNormalization (opset 21).

    Where the ONNX texts are ambiguous the project's ruling in
    `docs/Rationale.md` applies. The ops are lowered to linalg on tensors by
    `convert-norm-to-linalg` and to the LLVM dialect by the `norm-to-llvm`
    pipeline.
  }];
  // `norm.entry_signature`: the tensor FunctionType of a public function,
  // set by norm-record-entry-signatures on func.func, carried to llvm.func by
  // the lowering and read by the runner (the LLVM calling convention erases
  // element types). NormDialect::EntrySignatureAttrHelper is its one name.
  let discardableAttrs = (ins "::mlir::TypeAttr":$entry_signature);
  // Verifies that `norm.entry_signature` is on a function (where the dialect
  // is loaded; NormDialect.cpp says why its value is checked by the runner).
  let hasOperationAttrVerify = 1;
  // Runtime verification of dynamic shapes builds tensor.dim, arith.cmpi and
  // cf.assert.
  let dependentDialects = [
    "::mlir::arith::ArithDialect",
    "::mlir::cf::ControlFlowDialect",
    "::mlir::tensor::TensorDialect",
  ];
}

//===----------------------------------------------------------------------===//
// Type constraints
//===----------------------------------------------------------------------===//

/// Floating-point tensors of LpNormalization, LayerNormalization and
/// RMSNormalization (ONNX type constraint T: bfloat16, float16, float,
/// double).
def Norm_FloatTensor : RankedTensorOf<[BF16, F16, F32, F64]>;

/// Normalizer input X: float, double, int32, int64 of rank 1 ([C]) or
/// rank 2 ([N, C]).
def Norm_NormalizerInputTensor : TensorRankOf<[F32, F64, I32, I64], [1, 2]>;

/// Normalizer output Y: always float, rank 1 or 2.
def Norm_NormalizerOutputTensor : TensorRankOf<[F32], [1, 2]>;

/// LayerNormalization Mean and InvStdDev (ONNX type constraint U).
def Norm_StashTensor : RankedTensorOf<[F32, BF16]>;

//===----------------------------------------------------------------------===//
// Attribute constraints
//===----------------------------------------------------------------------===//

/// A string attribute whose value is one of the Normalizer modes.
def Norm_NormalizerModeAttr : ConfinedAttr<StrAttr, [AttrConstraint<
    CPred<"::llvm::is_contained(::llvm::ArrayRef<::llvm::StringRef>{"
          "\"MAX\", \"L1\", \"L2\"}, ::llvm::cast<::mlir::StringAttr>($_self)"
          ".getValue())">,
    "whose value is one of \"MAX\", \"L1\", \"L2\"">]>;

//===----------------------------------------------------------------------===//
// Base op class
//===----------------------------------------------------------------------===//

class Norm_Op<string mnemonic, list<Trait> traits = []>
    : Op<Norm_Dialect, mnemonic, traits>;

#endif // NORM_DIALECT_NORM_IR_NORMBASE_TD
