// RUN: norm-opt %s --split-input-file --norm-split-empty-tensors=min-users=2 \
// RUN:   | FileCheck %s
// RUN: norm-opt %s --split-input-file --norm-split-empty-tensors=min-users=2 \
// RUN:   --remarks-filter=norm-split-empty-tensors --remark-format=emitRemark \
// RUN:   --verify-diagnostics -o /dev/null
// With the default min-users (8), an empty of three users is left as it is:
// a function of a few ops keeps its buffers.
// RUN: norm-opt %s --split-input-file --norm-split-empty-tensors \
// RUN:   | FileCheck %s --check-prefix=DEFAULT
// DEFAULT-LABEL: func.func @three_users(
// DEFAULT:         tensor.empty
// DEFAULT-NOT:     tensor.empty
// DEFAULT:         return

// One empty (as CSE leaves it) used by three ops of the function's body, two
// of them through their regions: each op gets an empty of its own, made
// just before it; uses within one op keep sharing theirs.
// CHECK-LABEL: func.func @three_users(
// CHECK-SAME:      %[[X:[a-z0-9]+]]: tensor<?x8xf32>, %[[N:[a-z0-9]+]]: index
// CHECK-NEXT:    %[[E0:.+]] = tensor.empty(%[[N]]) : tensor<?x8xf32>
// CHECK-NEXT:    %[[A:.+]] = linalg.copy ins(%[[X]] : tensor<?x8xf32>) outs(%[[E0]] : tensor<?x8xf32>)
// CHECK-NEXT:    %[[E1:.+]] = tensor.empty(%[[N]]) : tensor<?x8xf32>
// CHECK-NEXT:    %[[B:.+]] = scf.forall (%{{.+}}) in (%[[N]]) shared_outs(%[[O:.+]] = %[[E1]])
// CHECK-NEXT:      tensor.extract_slice %[[E1]]
// CHECK:         %[[E2:.+]] = tensor.empty(%[[N]]) : tensor<?x8xf32>
// CHECK-NEXT:    %[[C:.+]] = scf.forall (%{{.+}}) in (%[[N]]) shared_outs(%{{.+}} = %[[E2]])
// CHECK-NEXT:      tensor.extract_slice %[[E2]]
// CHECK:         return %[[A]], %[[B]], %[[C]]
func.func @three_users(%x: tensor<?x8xf32>, %n: index)
    -> (tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>) {
  // expected-remark @below {{[Passed] Split | Category:norm-split-empty-tensors | Function=three_users | Remark="tensor.empty used by 3 ops: one per op"}}
  %e = tensor.empty(%n) : tensor<?x8xf32>
  %a = linalg.copy ins(%x : tensor<?x8xf32>) outs(%e : tensor<?x8xf32>)
      -> tensor<?x8xf32>
  %b = scf.forall (%i) in (%n) shared_outs(%o = %e) -> tensor<?x8xf32> {
    %s = tensor.extract_slice %e[%i, 0] [1, 8] [1, 1]
        : tensor<?x8xf32> to tensor<1x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, 0] [1, 8] [1, 1]
          : tensor<1x8xf32> into tensor<?x8xf32>
    }
  }
  %c = scf.forall (%i) in (%n) shared_outs(%o = %e) -> tensor<?x8xf32> {
    %s = tensor.extract_slice %e[%i, 0] [1, 8] [1, 1]
        : tensor<?x8xf32> to tensor<1x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %s into %o[%i, 0] [1, 8] [1, 1]
          : tensor<1x8xf32> into tensor<?x8xf32>
    }
  }
  return %a, %b, %c : tensor<?x8xf32>, tensor<?x8xf32>, tensor<?x8xf32>
}

// -----

// Uses all in one op (a shared_out and a slice in its body), and an empty
// in an op's region used by two ops there: left as they are, no remark.
// CHECK-LABEL: func.func @one_user(
// CHECK-COUNT-2: tensor.empty
// CHECK-NOT:     tensor.empty
func.func @one_user(%n: index) -> tensor<?x8xf32> {
  %e = tensor.empty(%n) : tensor<?x8xf32>
  %b = scf.forall (%i) in (%n) shared_outs(%o = %e) -> tensor<?x8xf32> {
    %s = tensor.extract_slice %e[%i, 0] [1, 8] [1, 1]
        : tensor<?x8xf32> to tensor<1x8xf32>
    %inner = tensor.empty() : tensor<1x8xf32>
    %c0 = arith.constant 0.0 : f32
    %f = linalg.fill ins(%c0 : f32) outs(%inner : tensor<1x8xf32>)
        -> tensor<1x8xf32>
    %g = linalg.copy ins(%f : tensor<1x8xf32>) outs(%inner : tensor<1x8xf32>)
        -> tensor<1x8xf32>
    scf.forall.in_parallel {
      tensor.parallel_insert_slice %g into %o[%i, 0] [1, 8] [1, 1]
          : tensor<1x8xf32> into tensor<?x8xf32>
    }
  }
  return %b : tensor<?x8xf32>
}
