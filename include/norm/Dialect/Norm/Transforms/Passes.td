//===- Passes.td - norm dialect transforms -----------------*- tablegen -*-===//
//
// Passes on modules that hold norm ops or their lowering, for the norm
// dialect's own concerns (not lowerings, not CPU codegen).
//
//===----------------------------------------------------------------------===//

#ifndef NORM_DIALECT_NORM_TRANSFORMS_PASSES_TD
#define NORM_DIALECT_NORM_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// RecordEntrySignatures
//===----------------------------------------------------------------------===//

def RecordEntrySignaturesPass
    : Pass<"norm-record-entry-signatures", "::mlir::ModuleOp"> {
  let summary = "Record each public function's tensor signature";
  let description = [{
    Sets `norm.entry_signature = <function_type>` on every public
    `func.func` that does not have it yet. The attribute survives the
    conversion to the LLVM dialect, so a runner given an already lowered
    module still knows the shapes and element types of the arguments and
    results (the LLVM calling convention erases element types). It is the
    first step of the `norm-to-llvm` pipeline.
  }];
}

#endif // NORM_DIALECT_NORM_TRANSFORMS_PASSES_TD
