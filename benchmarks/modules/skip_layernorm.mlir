// ONNX Runtime's SkipLayerNormalization as the importer spells it:
// S = input + skip, then LayerNormalization of S over the last axis with
// gamma and beta; returns Y and S (input_skip_bias_sum). norm-benchmark binds
// any [N, C] f32 input and skip; gamma and beta are [C].
func.func @skip_layernorm(%x: tensor<?x?xf32>, %skip: tensor<?x?xf32>,
                          %gamma: tensor<?xf32>, %beta: tensor<?xf32>)
    -> (tensor<?x?xf32>, tensor<?x?xf32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %n = tensor.dim %x, %c0 : tensor<?x?xf32>
  %c = tensor.dim %x, %c1 : tensor<?x?xf32>
  %init = tensor.empty(%n, %c) : tensor<?x?xf32>
  %s = linalg.add ins(%x, %skip : tensor<?x?xf32>, tensor<?x?xf32>)
      outs(%init : tensor<?x?xf32>) -> tensor<?x?xf32>
  %y, %mean, %inv = norm.layer_normalization %s, %gamma, %beta
      {epsilon = 1.0e-05 : f32}
      : (tensor<?x?xf32>, tensor<?xf32>, tensor<?xf32>)
      -> (tensor<?x?xf32>, tensor<?x1xf32>, tensor<?x1xf32>)
  return %y, %s : tensor<?x?xf32>, tensor<?x?xf32>
}
