// RUN: norm-opt %s --split-input-file --norm-native-bf16-rounding | FileCheck %s
// RUN: norm-opt %s --split-input-file --norm-native-bf16-rounding \
// RUN:   --remarks-filter=norm-native-bf16-rounding -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=REMARK

// Normalized of bf16 X, rounded to bf16 precision in f32 as integer code
// (RMSNormalization's lowering): X is widened with its 64-bit chunks in the
// order [0, 2, 4, 6, 1, 3, 5, 7] per 32 lanes and each 128-bit lane's low
// and high words interleaved with zeros (vpermq, vpunpcklwd, vpunpckhwd);
// the product with the lane-uniform R is converted by one vcvtne2ps2bf16 per
// 32 lanes (upper 16 lanes first) and the words unpacked again, which gives
// the lanes back in order. Vectors with a +-0 result take the integer code,
// recomputed from X in lane order.
// CHECK-LABEL: func.func @normalized(
// CHECK-SAME:      %[[X:.+]]: vector<1x64xbf16>, %[[R:.+]]: f32, %[[S:.+]]: vector<1x64xf32>
// CHECK:         %[[RB:.+]] = vector.broadcast %[[R]] : f32 to vector<1x64xf32>
// CHECK-NOT:     arith.shrui
// CHECK:         %[[XF:.+]] = vector.shape_cast %[[X]] : vector<1x64xbf16> to vector<64xbf16>
// CHECK:         %[[XW:.+]] = vector.bitcast %[[XF]] : vector<64xbf16> to vector<64xi16>
// CHECK:         %[[ZEROS:.+]] = arith.constant dense<0> : vector<32xi16>
// CHECK:         %[[X0:.+]] = vector.extract_strided_slice %[[XW]] {offsets = [0], sizes = [32], strides = [1]}
// CHECK:         %[[Q0:.+]] = vector.bitcast %[[X0]] : vector<32xi16> to vector<8xi64>
// CHECK:         %[[P0:.+]] = vector.shuffle %[[Q0]], %[[Q0]] [0, 2, 4, 6, 1, 3, 5, 7] : vector<8xi64>, vector<8xi64>
// CHECK:         %[[PW0:.+]] = vector.bitcast %[[P0]] : vector<8xi64> to vector<32xi16>
// CHECK:         %[[LO0:.+]] = vector.shuffle %[[ZEROS]], %[[PW0]] [0, 32, 0, 33, 0, 34, 0, 35, 0, 40, 0, 41, 0, 42, 0, 43, 0, 48, 0, 49, 0, 50, 0, 51, 0, 56, 0, 57, 0, 58, 0, 59]
// CHECK:         vector.bitcast %[[LO0]] : vector<32xi16> to vector<16xf32>
// CHECK:         %[[HI0:.+]] = vector.shuffle %[[ZEROS]], %[[PW0]] [0, 36, 0, 37, 0, 38, 0, 39, 0, 44, 0, 45, 0, 46, 0, 47, 0, 52, 0, 53, 0, 54, 0, 55, 0, 60, 0, 61, 0, 62, 0, 63]
// CHECK:         vector.extract_strided_slice %[[XW]] {offsets = [32], sizes = [32], strides = [1]}
// CHECK:         %[[WIDE:.+]] = vector.shape_cast %{{.+}} : vector<64xf32> to vector<1x64xf32>
// CHECK:         %[[N:.+]] = arith.mulf %[[WIDE]], %[[RB]] : vector<1x64xf32>
// CHECK:         %[[NF:.+]] = vector.shape_cast %[[N]] : vector<1x64xf32> to vector<64xf32>
// CHECK-DAG:     %[[L0:.+]] = vector.extract_strided_slice %[[NF]] {offsets = [0], sizes = [16], strides = [1]}
// CHECK-DAG:     %[[H0:.+]] = vector.extract_strided_slice %[[NF]] {offsets = [16], sizes = [16], strides = [1]}
// CHECK:         llvm.call_intrinsic "llvm.x86.avx512bf16.cvtne2ps2bf16.512"(%[[H0]], %[[L0]]) : (vector<16xf32>, vector<16xf32>) -> vector<32xbf16>
// CHECK:         llvm.call_intrinsic "llvm.x86.avx512bf16.cvtne2ps2bf16.512"
// CHECK:         llvm.inline_asm "", "=v,0"
// CHECK-NOT:     arith.shrui
// CHECK:         %[[ANY:.+]] = vector.reduction <or>
// CHECK:         %[[ROUNDED:.+]] = scf.if %[[ANY]] -> (vector<1x64xf32>) {
// CHECK:           %[[EXT:.+]] = arith.extf %[[X]] : vector<1x64xbf16> to vector<1x64xf32>
// CHECK:           %[[EXACT:.+]] = arith.mulf %[[EXT]], %[[RB]]
// CHECK:           %[[BITS:.+]] = arith.bitcast %[[EXACT]] : vector<1x64xf32> to vector<1x64xi32>
// CHECK:           %[[SHIFTED:.+]] = arith.shrui %[[BITS]], %{{.+}}
// CHECK:           %[[LSB:.+]] = arith.andi %[[SHIFTED]], %{{.+}}
// CHECK:           %[[BIASED:.+]] = arith.addi %[[BITS]], %{{.+}}
// CHECK:           %[[SUM:.+]] = arith.addi %[[BIASED]], %[[LSB]]
// CHECK:           %[[CLEARED:.+]] = arith.andi %[[SUM]], %{{.+}}
// CHECK:           %[[OUT:.+]] = arith.bitcast %[[CLEARED]] : vector<1x64xi32> to vector<1x64xf32>
// CHECK:           scf.yield %[[OUT]]
// CHECK:         } else {
// CHECK:           vector.shuffle %{{.+}}, %{{.+}} [0, 32, 0, 33, 0, 34, 0, 35, 0, 40
// CHECK:           vector.shuffle %{{.+}}, %{{.+}} [0, 36, 0, 37, 0, 38, 0, 39, 0, 44
// CHECK:           scf.yield
// CHECK:         }
// CHECK:         %[[Y:.+]] = arith.mulf %[[ROUNDED]], %[[S]]
// CHECK:         return %[[Y]]
// REMARK: remark: [Passed] NativeRounding | Category:norm-native-bf16-rounding | Function=normalized
func.func @normalized(%x: vector<1x64xbf16>, %r: f32, %s: vector<1x64xf32>)
    -> vector<1x64xf32> {
  %c16 = arith.constant dense<16> : vector<1x64xi32>
  %c1 = arith.constant dense<1> : vector<1x64xi32>
  %bias = arith.constant dense<32767> : vector<1x64xi32>
  %high = arith.constant dense<-65536> : vector<1x64xi32>
  %rb = vector.broadcast %r : f32 to vector<1x64xf32>
  %a = arith.extf %x : vector<1x64xbf16> to vector<1x64xf32>
  %n = arith.mulf %a, %rb : vector<1x64xf32>
  %bits = arith.bitcast %n : vector<1x64xf32> to vector<1x64xi32>
  %shifted = arith.shrui %bits, %c16 : vector<1x64xi32>
  %lsb = arith.andi %shifted, %c1 : vector<1x64xi32>
  %biased = arith.addi %bits, %bias : vector<1x64xi32>
  %sum = arith.addi %biased, %lsb : vector<1x64xi32>
  %cleared = arith.andi %sum, %high : vector<1x64xi32>
  %rounded = arith.bitcast %cleared : vector<1x64xi32> to vector<1x64xf32>
  %y = arith.mulf %rounded, %s : vector<1x64xf32>
  return %y : vector<1x64xf32>
}

// -----

// A chain of lane-wise ops between the widened X and the rounding (a
// product with a one-element vector broadcast and a sum with a splat
// constant), the rounding's ops in another order: the chain is rebuilt on
// the permuted X.
// CHECK-LABEL: func.func @chain(
// CHECK:         vector.shuffle %{{.+}}, %{{.+}} [0, 2, 4, 6, 1, 3, 5, 7] : vector<8xi64>, vector<8xi64>
// CHECK:         arith.mulf
// CHECK:         arith.addf
// CHECK:         llvm.call_intrinsic "llvm.x86.avx512bf16.cvtne2ps2bf16.512"
// CHECK:         scf.if
// REMARK: remark: [Passed] NativeRounding | Category:norm-native-bf16-rounding | Function=chain
func.func @chain(%x: vector<32xbf16>, %r: vector<1xf32>) -> vector<32xf32> {
  %c16 = arith.constant dense<16> : vector<32xi32>
  %c1 = arith.constant dense<1> : vector<32xi32>
  %bias = arith.constant dense<32767> : vector<32xi32>
  %high = arith.constant dense<-65536> : vector<32xi32>
  %half = arith.constant dense<0.5> : vector<32xf32>
  %rb = vector.broadcast %r : vector<1xf32> to vector<32xf32>
  %a = arith.extf %x : vector<32xbf16> to vector<32xf32>
  %m = arith.mulf %rb, %a : vector<32xf32>
  %n = arith.addf %m, %half : vector<32xf32>
  %bits = arith.bitcast %n : vector<32xf32> to vector<32xi32>
  %shifted = arith.shrui %bits, %c16 : vector<32xi32>
  %lsb = arith.andi %c1, %shifted : vector<32xi32>
  %biased = arith.addi %bias, %bits : vector<32xi32>
  %sum = arith.addi %lsb, %biased : vector<32xi32>
  %cleared = arith.andi %high, %sum : vector<32xi32>
  %rounded = arith.bitcast %cleared : vector<32xi32> to vector<32xf32>
  return %rounded : vector<32xf32>
}

// -----

// Left as integer code, with the reason: 16 lanes (no pair conversion), an
// operand that varies by lane and is no widened bf16 (Scale), and a value
// computed from lane-uniform values alone.
// CHECK-LABEL: func.func @left(
// CHECK-NOT:     llvm.call_intrinsic
// CHECK-NOT:     scf.if
// CHECK:         return
// REMARK-DAG: remark: [Missed] NotNative | Category:norm-native-bf16-rounding | Function=left | Reason="16 lanes, not a multiple of 32: the integer code stays"
// REMARK-DAG: remark: [Missed] NotNative | Category:norm-native-bf16-rounding | Function=left | Reason="an operand is not computed in the rounding's block: the integer code stays"
// REMARK-DAG: remark: [Missed] NotNative | Category:norm-native-bf16-rounding | Function=left | Reason="no widened bf16 vector in its operand: the integer code stays"
func.func @left(%x16: vector<16xbf16>, %x: vector<32xbf16>, %s: vector<32xf32>,
                %r: f32) -> (vector<16xf32>, vector<32xf32>, vector<32xf32>) {
  %c16 = arith.constant dense<16> : vector<32xi32>
  %c1 = arith.constant dense<1> : vector<32xi32>
  %bias = arith.constant dense<32767> : vector<32xi32>
  %high = arith.constant dense<-65536> : vector<32xi32>
  %c16s = arith.constant dense<16> : vector<16xi32>
  %c1s = arith.constant dense<1> : vector<16xi32>
  %biass = arith.constant dense<32767> : vector<16xi32>
  %highs = arith.constant dense<-65536> : vector<16xi32>
  %a16 = arith.extf %x16 : vector<16xbf16> to vector<16xf32>
  %bits16 = arith.bitcast %a16 : vector<16xf32> to vector<16xi32>
  %shifted16 = arith.shrui %bits16, %c16s : vector<16xi32>
  %lsb16 = arith.andi %shifted16, %c1s : vector<16xi32>
  %biased16 = arith.addi %bits16, %biass : vector<16xi32>
  %sum16 = arith.addi %biased16, %lsb16 : vector<16xi32>
  %cleared16 = arith.andi %sum16, %highs : vector<16xi32>
  %r16 = arith.bitcast %cleared16 : vector<16xi32> to vector<16xf32>

  %a = arith.extf %x : vector<32xbf16> to vector<32xf32>
  %n = arith.mulf %a, %s : vector<32xf32>
  %bits = arith.bitcast %n : vector<32xf32> to vector<32xi32>
  %shifted = arith.shrui %bits, %c16 : vector<32xi32>
  %lsb = arith.andi %shifted, %c1 : vector<32xi32>
  %biased = arith.addi %bits, %bias : vector<32xi32>
  %sum = arith.addi %biased, %lsb : vector<32xi32>
  %cleared = arith.andi %sum, %high : vector<32xi32>
  %r32 = arith.bitcast %cleared : vector<32xi32> to vector<32xf32>

  %u = vector.broadcast %r : f32 to vector<32xf32>
  %ubits = arith.bitcast %u : vector<32xf32> to vector<32xi32>
  %ushifted = arith.shrui %ubits, %c16 : vector<32xi32>
  %ulsb = arith.andi %ushifted, %c1 : vector<32xi32>
  %ubiased = arith.addi %ubits, %bias : vector<32xi32>
  %usum = arith.addi %ubiased, %ulsb : vector<32xi32>
  %ucleared = arith.andi %usum, %high : vector<32xi32>
  %ru = arith.bitcast %ucleared : vector<32xi32> to vector<32xf32>
  return %r16, %r32, %ru : vector<16xf32>, vector<32xf32>, vector<32xf32>
}

// -----

// A rounding of a value computed from another rounding: the inner one is
// rewritten; the outer one's chain would pass through the inner one's
// integer code (which the rewrite replaces), so it keeps its integer code.
// CHECK-LABEL: func.func @nested(
// CHECK-COUNT-2: llvm.call_intrinsic "llvm.x86.avx512bf16.cvtne2ps2bf16.512"
// CHECK-NOT:     llvm.call_intrinsic
// CHECK:         return
// REMARK: remark: [Missed] NotNative | Category:norm-native-bf16-rounding | Function=nested | Reason="'arith.bitcast' is not an elementwise arith op on floats of widened bf16 vectors and lane-uniform values: the integer code stays"
// REMARK: remark: [Passed] NativeRounding | Category:norm-native-bf16-rounding | Function=nested
func.func @nested(%x: vector<64xbf16>, %r: f32) -> vector<64xf32> {
  %c16 = arith.constant dense<16> : vector<64xi32>
  %c1 = arith.constant dense<1> : vector<64xi32>
  %bias = arith.constant dense<32767> : vector<64xi32>
  %high = arith.constant dense<-65536> : vector<64xi32>
  %rb = vector.broadcast %r : f32 to vector<64xf32>
  %a = arith.extf %x : vector<64xbf16> to vector<64xf32>
  %n = arith.mulf %a, %rb : vector<64xf32>
  %bits = arith.bitcast %n : vector<64xf32> to vector<64xi32>
  %shifted = arith.shrui %bits, %c16 : vector<64xi32>
  %lsb = arith.andi %shifted, %c1 : vector<64xi32>
  %biased = arith.addi %bits, %bias : vector<64xi32>
  %sum = arith.addi %biased, %lsb : vector<64xi32>
  %cleared = arith.andi %sum, %high : vector<64xi32>
  %inner = arith.bitcast %cleared : vector<64xi32> to vector<64xf32>
  %m = arith.mulf %inner, %rb : vector<64xf32>
  %bits2 = arith.bitcast %m : vector<64xf32> to vector<64xi32>
  %shifted2 = arith.shrui %bits2, %c16 : vector<64xi32>
  %lsb2 = arith.andi %shifted2, %c1 : vector<64xi32>
  %biased2 = arith.addi %bits2, %bias : vector<64xi32>
  %sum2 = arith.addi %biased2, %lsb2 : vector<64xi32>
  %cleared2 = arith.andi %sum2, %high : vector<64xi32>
  %outer = arith.bitcast %cleared2 : vector<64xi32> to vector<64xf32>
  return %outer : vector<64xf32>
}
