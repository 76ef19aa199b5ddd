// An elementwise consumer of Y in the same function (here SiLU, as ONNX
// Runtime's fused GroupNorm applies it) is computed inside the op's loop
// nest: after norm-fuse-elementwise, one all-parallel linalg.generic reads X
// and the per-(n, group) statistics and holds the SiLU's math.exp, and no
// loop reads Y back (issue 20, "Consumer fusion").
// RUN: norm-opt %s --norm-to-llvm --mlir-print-ir-after=norm-fuse-elementwise -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=IR
// IR-LABEL: IR Dump After FuseElementwisePass
// IR:       func.func @main(%[[X:.+]]: tensor<2x8x5xf32>,
// IR:       linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]}
// IR:       linalg.generic {{.*}} iterator_types = ["parallel", "reduction"]}
// IR:       %[[Y:.+]] = linalg.generic {{.*}} iterator_types = ["parallel", "parallel", "parallel"]} ins(%[[X]],
// IR-NOT:   linalg.generic
// IR:         math.exp
// IR-NOT:   linalg.generic
// IR:       return %[[Y]] : tensor<2x8x5xf32>

// The values: SiLU(Y) with Y = GroupNormalization(X) from the float64
// reference (test/lib/reference.py, group_normalization), rounded to f32
// (the consumer's input type), then y / (1 + exp(-y)) in float64, rounded
// once to f32. X = 2 N(0, 1) + 1, scale and B N(0, 1) (NumPy RandomState(5)).
// RUN: norm-runner %s \
// RUN:   --input="2x8x5xf32=1.882455 0.3382597 5.861542 0.49581575 1.2192197 4.1649623 -0.8184648 -0.18327332 1.3752065 0.3402601 -1.3855293 0.590247 0.2823421 2.2069433 -2.329577 -0.40035808 3.302782 4.714662 -2.0223591 2.289695 -0.9612158 -0.7137063 -0.7437584 0.15498415 2.9928796 2.4248426 1.1182885 0.27337825 1.0065777 0.7881391 2.5861065 -0.26314327 0.98761016 0.7978648 0.8953837 1.4984353 1.3953202 3.669697 0.82624876 4.1230645 0.38829395 0.044537164 1.2014763 1.710877 1.5392249 3.5839267 3.278686 1.9888808 0.3273275 0.7987713 3.826796 1.4425082 -1.6215463 -0.37913045 -0.15502647 3.3044095 0.785672 5.5202136 2.3132389 1.2496136 0.12859216 2.9443586 0.5185777 -0.6482469 2.1362655 1.0255166 3.3781214 0.85281336 -4.719376 2.5787327 -2.7554817 4.0775123 4.6427293 0.14593723 -1.3294039 -1.7941481 2.7453094 0.5957636 -0.19671987 0.5131606" \
// RUN:   --input="8xf32=2.0885148 0.34691933 0.74572694 0.77690756 1.0184212 1.0613514 -0.71046644 -0.2151878" \
// RUN:   --input="8xf32=-0.7607603 -0.7111632 1.1415077 -0.50175554 -0.07915136 -0.69282633 -0.59340274 0.7882379" \
// RUN:   --expected-output="2x8x5xf32=-0.13387582 -0.24141909 3.8547006 -0.2554651 -0.2707168 -0.10291289 -0.2754003 -0.2692237 -0.23698647 -0.26127946 0.26608637 0.8220506 0.7254516 1.3689692 0.06530703 -0.2593697 0.23513316 0.6257299 -0.27529773 0.02134618 -0.27754822 -0.27715933 -0.27769455 -0.18006946 1.5800177 0.56916034 -0.12189158 -0.26875812 -0.15374355 -0.20420724 -0.27467626 0.26971632 -0.10337676 -0.061353374 -0.08359865 0.56351185 0.5781997 0.2801334 0.6610383 0.22780856 -0.1638921 -0.11043968 -0.27846417 -0.14494054 -0.22565554 -0.0362474 -0.07689847 -0.20330502 -0.27287987 -0.2621151 1.6985621 0.8002286 -0.020714547 0.2465874 0.30519733 0.07155027 -0.25094196 0.7078982 -0.10642638 -0.2220735 -0.15928675 0.63546896 -0.09682999 -0.24095252 0.3295521 -0.21138424 0.3334467 -0.22808848 -0.11434482 0.07934211 0.2725074 -0.2669526 -0.25506532 -0.17112395 0.0065721315 0.74476457 0.3846864 0.5473067 0.61098194 0.55385506" \
// RUN:   | FileCheck %s --check-prefix=VALUES
// VALUES: [SUCCESS] result[0]: 2x8x5xf32
// VALUES-NOT: [FAILED]

func.func @main(%x: tensor<2x8x5xf32>, %s: tensor<8xf32>, %b: tensor<8xf32>) -> tensor<2x8x5xf32> {
  %y = norm.group_normalization %x, %s, %b num_groups = 4
      : (tensor<2x8x5xf32>, tensor<8xf32>, tensor<8xf32>) -> tensor<2x8x5xf32>
  %e = tensor.empty() : tensor<2x8x5xf32>
  %z = linalg.generic {indexing_maps = [affine_map<(d0, d1, d2) -> (d0, d1, d2)>,
                                        affine_map<(d0, d1, d2) -> (d0, d1, d2)>],
                       iterator_types = ["parallel", "parallel", "parallel"]}
      ins(%y : tensor<2x8x5xf32>) outs(%e : tensor<2x8x5xf32>) {
  ^bb0(%v: f32, %o: f32):
    %n = arith.negf %v : f32
    %ex = math.exp %n : f32
    %one = arith.constant 1.0 : f32
    %d = arith.addf %one, %ex : f32
    %r = arith.divf %v, %d : f32
    linalg.yield %r : f32
  } -> tensor<2x8x5xf32>
  return %z : tensor<2x8x5xf32>
}
