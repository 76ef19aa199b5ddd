//===- NormOps.td - norm dialect operations ----------------*- tablegen -*-===//
//
// The ONNX normalization operators. Semantics follow the ONNX operator
// texts; ambiguous points follow docs/Rationale.md.
//
//===----------------------------------------------------------------------===//

#ifndef NORM_DIALECT_NORM_IR_NORMOPS_TD
#define NORM_DIALECT_NORM_IR_NORMOPS_TD

include "norm/Dialect/Norm/IR/NormBase.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/RuntimeVerifiableOpInterface.td"

//===----------------------------------------------------------------------===//
// LpNormalizationOp
//===----------------------------------------------------------------------===//

def Norm_LpNormalizationOp : Norm_Op<"lp_normalization",
    [Pure, SameOperandsAndResultType]> {
  let summary = "ONNX LpNormalization (ai.onnx, opset 1 and 22)";
  let description = [{
    Normalizes `input` along `axis` by its Lp norm:

    ```
    output = input / ||input||_p            (along axis)
    ||x||_1 = sum(|x|),  ||x||_2 = sqrt(sum(x * x))
    ```

    A slice whose norm is 0 gives 0 (opset 22). `p` must be 1 or 2; `axis`
    lies in [-r, r) for an input of rank r >= 1, negative values counting
    from the back. f16/bf16 data is loaded narrow and accumulated in at least
    f32; the result is rounded once to the element type. NaN and Inf follow
    IEEE arithmetic within their slice.

    Example:

    ```mlir
    %y = norm.lp_normalization %x axis = 0 p = 1 : tensor<2x2x3xf32>
    ```
  }];

  let arguments = (ins
    Norm_FloatTensor:$input,
    DefaultValuedAttr<I64Attr, "-1">:$axis,
    DefaultValuedAttr<ConfinedAttr<I64Attr, [IntIsOneOf<[1, 2]>]>, "2">:$p
  );
  let results = (outs Norm_FloatTensor:$output);

  let assemblyFormat = [{
    $input (`axis` `=` $axis^)? (`p` `=` $p^)? attr-dict `:`
    custom<AnyType>(type($input))
  }];
  let hasVerifier = 1;

  let extraClassDeclaration = [{
    /// The reduction axis in [0, rank).
    int64_t getNormalizedAxis();
  }];
}

//===----------------------------------------------------------------------===//
// NormalizerOp
//===----------------------------------------------------------------------===//

def Norm_NormalizerOp : Norm_Op<"normalizer",
    [Pure, DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>]> {
  let summary = "ONNX-ML Normalizer (ai.onnx.ml, opset 1)";
  let description = [{
    Normalizes each row of `X` ([C] is one row, [N, C] is N rows) and returns
    f32 values of the same shape:

    ```
    MAX: Y = X / max(X)                (signed maximum of the row)
    L1:  Y = X / sum(|X|)
    L2:  Y = X / sqrt(sum(X * X))      (the sign of X is kept)
    ```

    `norm` defaults to "MAX" (the ONNX default) and is then left out of the
    printed form. Where the divisor is 0, `Y = X` converted to f32. Integer
    inputs are converted exactly to f64; the arithmetic runs in f64 and the
    result is rounded once to f32 (f32 input: sums in f32 with an exact f64
    re-summation of rows that may have lost accuracy, docs/numerics.md).

    Dynamic dimensions: where `Y` has a static size for a dynamic size of
    `X`, `generate-runtime-verification` (part of `norm-to-llvm`) checks at
    run time that they agree.

    Example:

    ```mlir
    %y = norm.normalizer %x norm = "L2" : tensor<2x4xi64> -> tensor<2x4xf32>
    ```
  }];

  let arguments = (ins
    Norm_NormalizerInputTensor:$X,
    DefaultValuedAttr<Norm_NormalizerModeAttr, "\"MAX\"">:$norm
  );
  let results = (outs Norm_NormalizerOutputTensor:$Y);

  let assemblyFormat = [{
    $X (`norm` `=` $norm^)? attr-dict `:` type($X) `->` type($Y)
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// LayerNormalizationOp
//===----------------------------------------------------------------------===//

def Norm_LayerNormalizationOp : Norm_Op<"layer_normalization",
    [Pure, DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>]> {
  let summary = "ONNX LayerNormalization (ai.onnx, opset 17)";
  let description = [{
    Standardizes `X` over the normalized axes [axis, ..., r-1], then scales
    and shifts it. Stage one, in f32 (f64 for f64 inputs), follows the ONNX
    function body with a two-pass variance:

    ```
    Mean       = ReduceMean(X)
    D          = X - Mean
    Var        = ReduceMean(D * D)
    InvStdDev  = 1 / sqrt(Var + epsilon)
    Normalized = D * InvStdDev
    ```

    Stage two computes `Y = Normalized * Scale + B` in the same precision and
    rounds once to X's element type. `Scale` and the optional `B` are
    unidirectionally (right-aligned NumPy) broadcastable to `X`.

    Results: `Y` has X's type; `Mean` and `InvStdDev` have the shape
    [d0, ..., d(axis-1), 1, ..., 1] and the element type given by
    `stash_type` (1: f32, 16: bf16).

    Dynamic dimensions: what the verifier cannot check statically, that
    Scale/B broadcast to X and that static result sizes match X, is checked
    at run time by `generate-runtime-verification` (part of `norm-to-llvm`).

    Example:

    ```mlir
    %y, %mean, %inv_std_dev = norm.layer_normalization %x, %scale, %b
        axis = 1 epsilon = 1.0e-05
        : (tensor<2x3xf32>, tensor<3xf32>, tensor<3xf32>)
        -> (tensor<2x3xf32>, tensor<2x1xf32>, tensor<2x1xf32>)
    ```
  }];

  let arguments = (ins
    Norm_FloatTensor:$X,
    Norm_FloatTensor:$Scale,
    Optional<Norm_FloatTensor>:$B,
    DefaultValuedAttr<I64Attr, "-1">:$axis,
    DefaultValuedAttr<F32Attr, "1e-5">:$epsilon,
    DefaultValuedAttr<ConfinedAttr<I64Attr, [IntIsOneOf<[1, 16]>]>, "1">
        :$stash_type
  );
  let results = (outs
    Norm_FloatTensor:$Y,
    Norm_StashTensor:$Mean,
    Norm_StashTensor:$InvStdDev
  );

  let assemblyFormat = [{
    $X `,` $Scale (`,` $B^)? (`axis` `=` $axis^)? (`epsilon` `=` $epsilon^)?
    (`stash_type` `=` $stash_type^)? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;

  let extraClassDeclaration = [{
    /// The first normalized axis in [0, rank).
    int64_t getNormalizedAxis();
    /// The stage-one (stash) element type: f32 for stash_type 1, bf16 for 16.
    ::mlir::FloatType getStashElementType();
  }];
}

//===----------------------------------------------------------------------===//
// RMSNormalizationOp
//===----------------------------------------------------------------------===//

def Norm_RMSNormalizationOp : Norm_Op<"rms_normalization",
    [Pure, DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>]> {
  let summary = "ONNX RMSNormalization (ai.onnx, opset 23)";
  let description = [{
    Divides `X` by its root mean square over the normalized axes
    [axis, ..., r-1], then scales it (docs/semantics.md, RMSNormalization):

    ```
    InvStdDev  = 1 / sqrt(ReduceMean(X * X) + epsilon)
    Normalized = X * InvStdDev               (rounded once to T, X's type)
    Y          = Normalized * Scale          (rounded once to V, Scale's type)
    ```

    `X` (T) and `Scale` (V) may have different element types; `Scale` is
    unidirectionally (right-aligned NumPy) broadcastable to `X`. `Y` has X's
    shape and V. `InvStdDev` (ONNX's RMSNormalization has no such output;
    ONNX Runtime's SimplifiedLayerNormalization calls it inv_std_var) has the
    shape [d0, ..., d(axis-1), 1, ..., 1] and the element type given by
    `stash_type` (1: f32, 10: f16, 11: f64, 16: bf16). The mean of squares
    neither overflows nor underflows spuriously.

    Dynamic dimensions: what the verifier cannot check statically, that
    Scale broadcasts to X and that static result sizes match X, is checked at
    run time by `generate-runtime-verification` (part of `norm-to-llvm`).

    Example:

    ```mlir
    %y, %inv_std_dev = norm.rms_normalization %x, %scale epsilon = 1.0e-06
        : (tensor<4x8xf16>, tensor<8xf32>)
        -> (tensor<4x8xf32>, tensor<4x1xf32>)
    ```
  }];

  let arguments = (ins
    Norm_FloatTensor:$X,
    Norm_FloatTensor:$Scale,
    DefaultValuedAttr<I64Attr, "-1">:$axis,
    DefaultValuedAttr<F32Attr, "1e-5">:$epsilon,
    DefaultValuedAttr<ConfinedAttr<I64Attr, [IntIsOneOf<[1, 10, 11, 16]>]>,
                      "1">:$stash_type
  );
  let results = (outs
    Norm_FloatTensor:$Y,
    Norm_FloatTensor:$InvStdDev
  );

  let assemblyFormat = [{
    $X `,` $Scale (`axis` `=` $axis^)? (`epsilon` `=` $epsilon^)?
    (`stash_type` `=` $stash_type^)? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;

  let extraClassDeclaration = [{
    /// The first normalized axis in [0, rank).
    int64_t getNormalizedAxis();
    /// The element type U of InvStdDev: f32, f16, f64 or bf16 for
    /// stash_type 1, 10, 11 or 16.
    ::mlir::FloatType getStashElementType();
  }];
}

//===----------------------------------------------------------------------===//
// Channel normalizations: BatchNormalizationOp, InstanceNormalizationOp,
// GroupNormalizationOp
//===----------------------------------------------------------------------===//

def Norm_BatchNormalizationOp : Norm_Op<"batch_normalization",
    [Pure, DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>]> {
  let summary = "ONNX BatchNormalization (ai.onnx, opset 15, inference)";
  let description = [{
    Normalizes each channel c (dim 1) of `X` [N, C, D1, ..., Dn] with the
    given statistics (docs/semantics.md, BatchNormalization):

    ```
    Y = (X - input_mean[c]) / sqrt(input_var[c] + epsilon) * scale[c] + B[c]
    ```

    computed in f32 (f64 when any operand is f64) and rounded once to X's
    element type. `X` and `Y` (T), `scale` and `B` (T1), `input_mean` and
    `input_var` (T2) may have different element types; `scale`, `B`,
    `input_mean` and `input_var` have shape [C]. Training mode (the running
    statistics outputs) is not modelled: norm-mlir compiles inference.

    Dynamic dimensions: that the [C] operands have X's size C is checked at
    run time where the verifier cannot (`generate-runtime-verification`).

    Example:

    ```mlir
    %y = norm.batch_normalization %x, %scale, %b, %mean, %var
        epsilon = 1.0e-05
        : (tensor<2x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>,
           tensor<3xf32>) -> tensor<2x3x4x4xf32>
    ```
  }];

  let arguments = (ins
    Norm_FloatTensor:$X,
    Norm_FloatTensor:$scale,
    Norm_FloatTensor:$B,
    Norm_FloatTensor:$input_mean,
    Norm_FloatTensor:$input_var,
    DefaultValuedAttr<F32Attr, "1e-5">:$epsilon
  );
  let results = (outs Norm_FloatTensor:$Y);

  let assemblyFormat = [{
    $X `,` $scale `,` $B `,` $input_mean `,` $input_var
    (`epsilon` `=` $epsilon^)? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Norm_InstanceNormalizationOp : Norm_Op<"instance_normalization",
    [Pure, DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>]> {
  let summary = "ONNX InstanceNormalization (ai.onnx, opset 6 and 22)";
  let description = [{
    Standardizes each (n, c) instance of `input` [N, C, D1, ..., Dn]
    (rank >= 3) over its spatial elements, then scales and shifts it per
    channel (docs/semantics.md, InstanceNormalization):

    ```
    Mean      = ReduceMean(X[n, c, ...])
    Var       = ReduceMean((X[n, c, ...] - Mean)^2)     (two passes)
    Y         = (X - Mean) / sqrt(Var + epsilon) * scale[c] + B[c]
    ```

    in f32 (f64 for f64 input) with one rounding to the element type; the
    Mean inside X - Mean carries its rounding error, so offset data is
    exact. `scale` and `B` have shape [C] and the input's element type.

    Example:

    ```mlir
    %y = norm.instance_normalization %x, %scale, %b epsilon = 1.0e-05
        : (tensor<2x3x4x4xf16>, tensor<3xf16>, tensor<3xf16>)
        -> tensor<2x3x4x4xf16>
    ```
  }];

  let arguments = (ins
    Norm_FloatTensor:$input,
    Norm_FloatTensor:$scale,
    Norm_FloatTensor:$B,
    DefaultValuedAttr<F32Attr, "1e-5">:$epsilon
  );
  let results = (outs Norm_FloatTensor:$output);

  let assemblyFormat = [{
    $input `,` $scale `,` $B (`epsilon` `=` $epsilon^)? attr-dict `:`
    functional-type(operands, results)
  }];
  let hasVerifier = 1;
}

def Norm_GroupNormalizationOp : Norm_Op<"group_normalization",
    [Pure, DeclareOpInterfaceMethods<RuntimeVerifiableOpInterface>]> {
  let summary = "ONNX GroupNormalization (ai.onnx, opset 21)";
  let description = [{
    Splits the C channels of `X` [N, C, D1, ..., Dn] (rank >= 2) into
    `num_groups` groups of C / num_groups consecutive channels, standardizes
    each (n, group) over its channels and spatial elements, then scales and
    shifts per channel (docs/semantics.md, GroupNormalization):

    ```
    Mean      = ReduceMean(X[n, group])
    Var       = ReduceMean((X[n, group] - Mean)^2)      (two passes)
    Y         = (X - Mean) / sqrt(Var + epsilon) * scale[c] + B[c]
    ```

    in P (f64 for f64 X or stash_type 11, f32 otherwise) with one rounding
    to X's element type; the Mean inside X - Mean carries its rounding
    error. `scale` and `B` have shape [C] (opset 21; the importer repeats
    opset 18's [num_groups] values) and X's element type. `num_groups` must
    be >= 1 and divide C; a dynamic C is checked at run time.

    Two optional attributes carry ONNX Runtime's `com.microsoft.GroupNorm`
    (docs/semantics.md):
    * `channels_last` (a unit attribute): X is [N, D1, ..., Dn, C], channels
      innermost (NHWC); a group is a range of C / num_groups channels of
      every pixel. Absent: [N, C, D1, ..., Dn].
    * `activation`: 0 (as when absent) for none, 1 for SiLU, Y * sigmoid(Y)
      applied in P before the one rounding to X's type.

    Example:

    ```mlir
    %y = norm.group_normalization %x, %scale, %b num_groups = 4
        : (tensor<2x8x5x5xf32>, tensor<8xf32>, tensor<8xf32>)
        -> tensor<2x8x5x5xf32>
    %z = norm.group_normalization %x, %scale, %b num_groups = 32
        channels_last activation = 1
        : (tensor<2x16x16x320xf16>, tensor<320xf16>, tensor<320xf16>)
        -> tensor<2x16x16x320xf16>
    ```
  }];

  let arguments = (ins
    Norm_FloatTensor:$X,
    Norm_FloatTensor:$scale,
    Norm_FloatTensor:$B,
    I64Attr:$num_groups,
    DefaultValuedAttr<F32Attr, "1e-5">:$epsilon,
    DefaultValuedAttr<ConfinedAttr<I64Attr, [IntIsOneOf<[1, 10, 11, 16]>]>,
                      "1">:$stash_type,
    UnitAttr:$channels_last,
    OptionalAttr<I64Attr>:$activation
  );
  let results = (outs Norm_FloatTensor:$Y);

  let assemblyFormat = [{
    $X `,` $scale `,` $B `num_groups` `=` $num_groups
    (`epsilon` `=` $epsilon^)? (`stash_type` `=` $stash_type^)?
    (`channels_last` $channels_last^)? (`activation` `=` $activation^)?
    attr-dict `:` functional-type(operands, results)
  }];
  let hasVerifier = 1;

  let extraClassDeclaration = [{
    /// The dim of X that holds the channels C: the last with
    /// `channels_last`, else 1.
    int64_t getChannelDim() {
      return getChannelsLast() ? getX().getType().getRank() - 1 : 1;
    }
    /// The activation: 0 (none) where absent, 1 for SiLU.
    int64_t getActivationKind() {
      return getActivationAttr() ? getActivationAttr().getInt() : 0;
    }
  }];
}

//===----------------------------------------------------------------------===//
// CheckMessageOp
//===----------------------------------------------------------------------===//

def Norm_CheckMessageOp : Norm_Op<"check_message", [Pure]> {
  let summary = "the message of a run-time check, with the sizes it checks";
  let description = [{
    Returns `condition` unchanged and carries, for the `cf.assert` of a
    run-time check that takes it as its condition, the check's message with
    the sizes it found: `format` is the message, where `{N}` stands for the
    run-time value of `values[N]` in decimal and `{{` for `{` (at most 4
    `{N}` in all). The ops' run-time checks (generate-runtime-verification)
    and the ONNX importer's emit it; norm-to-llvm
    (`norm-to-llvm-runtime-calls`) makes the failure path of the
    `cf.assert` print the message so formatted in place of the assert's own
    (for generate-runtime-verification's messages, in place of its `^ rule`
    line), and replaces the op by `condition`. Everything else sees through
    it to `condition` (norm-compile's shape rules). It folds to `condition`
    where that is the constant true, so that a check proven true goes away.

    Example:

    ```mlir
    %ok = arith.cmpi eq, %c, %n : index
    %checked = norm.check_message %ok, "C = {0} is not divisible by 4" (%c)
    cf.assert %checked, "C is not divisible by 4"
    ```
  }];

  let arguments = (ins I1:$condition, StrAttr:$format,
                       Variadic<Index>:$values);
  let results = (outs I1:$result);
  let assemblyFormat = [{
    $condition `,` $format (`(` $values^ `)`)? attr-dict
  }];
  let hasVerifier = 1;
  let hasFolder = 1;

  let extraClassDeclaration = [{
    /// The most `{N}` a format may hold (the runner's function that formats
    /// a failed check takes that many values).
    static constexpr unsigned kMaxPlaceholders = 4;

    /// Calls `text` with each piece of literal text of `format` (`{{` as
    /// `{`) and `placeholder` with the N of each `{N}`, in order; fails
    /// where `format` has a `{` or `}` that is neither, calling `error`
    /// with what is wrong.
    static ::mlir::LogicalResult parseFormat(
        ::llvm::StringRef format,
        ::llvm::function_ref<void(::llvm::StringRef)> text,
        ::llvm::function_ref<void(unsigned)> placeholder,
        ::llvm::function_ref<void(const ::llvm::Twine &)> error);

    /// Returns `text` with `{` written `{{`, for literal text in a format.
    static std::string escapeFormatText(::llvm::StringRef text);
  }];
}

#endif // NORM_DIALECT_NORM_IR_NORMOPS_TD
