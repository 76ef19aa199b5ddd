// ONNX Runtime's SkipSimplifiedLayerNormalization as the importer spells it:
// S = input + skip, then RMSNormalization of S over the last axis; returns Y
// and S (input_skip_bias_sum). norm-benchmark binds any [N, C] f32 input and
// skip; gamma is [C].
func.func @skip_rmsnorm(%x: tensor<?x?xf32>, %skip: tensor<?x?xf32>,
                        %gamma: tensor<?xf32>)
    -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %c = tensor.dim %x, %c1 : tensor<?x?xf32>
  %init = tensor.empty(%n, %c) : tensor<?x?xf32>
  %s = linalg.add ins(%x, %skip : tensor<?x?xf32>, tensor<?x?xf32>)
      outs(%init : tensor<?x?xf32>) -> tensor<?x?xf32>
  %y, %inv = norm.rms_normalization %s, %gamma {epsilon = 1.0e-05 : f32}
      : (tensor<?x?xf32>, tensor<?xf32>) -> (tensor<?x?xf32>, tensor<?x1xf32>)
  return %y, %s : tensor<?x?xf32>, tensor<?x?xf32>
}
