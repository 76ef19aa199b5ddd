// Each error of norm-compile is one line "norm-compile: error: ..." and a
// non-zero exit status, and writes no output file.

// RUN: rm -rf %t && split-file %s %t

// RUN: not norm-compile %t/ok.mlir -o %t/out.o --target-triple=foo-bar 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TRIPLE --implicit-check-not=error
// TRIPLE: norm-compile: error: unknown target triple 'foo-bar'
// An empty value of a flag that has a default: an error, not the default.
// RUN: not norm-compile %t/ok.mlir -o %t/out.o --target-triple= 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EMPTY-TRIPLE --implicit-check-not=error
// EMPTY-TRIPLE: norm-compile: error: for the --target-triple option: the value is empty: give one, or leave the flag out for its default{{$}}
// RUN: not norm-compile %t/ok.mlir -o %t/out.o --mcpu= 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EMPTY-CPU --implicit-check-not=error
// EMPTY-CPU: norm-compile: error: for the --mcpu option: the value is empty: give one, or leave the flag out for its default{{$}}
// RUN: not norm-compile %t/ok.mlir -o %t/out.o --header= 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EMPTY-HEADER --implicit-check-not=error
// EMPTY-HEADER: norm-compile: error: for the --header option: the value is empty: give one, or leave the flag out for its default{{$}}
// What llvm::cl refuses is one line too: two inputs, an unknown flag, a
// missing -o, a value not among an option's values; two errors in one line.
// RUN: not norm-compile %t/ok.mlir %t/ok.mlir -o %t/out.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TWO-INPUTS --implicit-check-not=norm-compile -DDIR=%t
// TWO-INPUTS: norm-compile: error: extra argument '[[DIR]]/ok.mlir' after the input file '[[DIR]]/ok.mlir': norm-compile reads one input file{{$}}
// The extra argument is named with llvm::cl's other errors (no -o here),
// also after an option that takes the next argument as its value.
// RUN: not norm-compile %t/ok.mlir --mcpu generic %t/b.mlir %t/c.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EXTRA-NO-O --implicit-check-not=norm-compile -DDIR=%t
// EXTRA-NO-O: norm-compile: error: extra arguments '[[DIR]]/b.mlir', '[[DIR]]/c.mlir' after the input file '[[DIR]]/ok.mlir': norm-compile reads one input file; for the -o option: must be specified at least once!{{$}}
// RUN: not norm-compile %t/ok.mlir -o %t/out.o --bogus 2>&1 \
// RUN:   | FileCheck %s --check-prefix=UNKNOWN --implicit-check-not=norm-compile
// UNKNOWN: norm-compile: error: Unknown command line argument '--bogus'.  Try: '{{.*}}norm-compile --help'; Did you mean '-o'?{{$}}
// RUN: not norm-compile %t/ok.mlir 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NO-OUTPUT --implicit-check-not=norm-compile
// NO-OUTPUT: norm-compile: error: for the -o option: must be specified at least once!{{$}}
// RUN: not norm-compile %t/ok.mlir -o %t/out.o --emit=exe --mcpu= 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TWO-ERRORS --implicit-check-not=norm-compile
// TWO-ERRORS: norm-compile: error: for the --emit option: Cannot find option named 'exe'!; for the --mcpu option: the value is empty: give one, or leave the flag out for its default{{$}}
// RUN: not test -e %t/out.o
// RUN: not norm-compile %t/ok.mlir -o %t/out.o --mcpu=no-such-cpu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CPU --implicit-check-not=error
// CPU: norm-compile: error: unknown CPU 'no-such-cpu' for 'x86_64-
// RUN: not norm-compile %t/ok.mlir -o %t/out.o \
// RUN:   --target-triple=aarch64-linux-gnu --mcpu=x86-64-v3 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CROSS-CPU --implicit-check-not=error
// CROSS-CPU: norm-compile: error: unknown CPU 'x86-64-v3' for 'aarch64-unknown-linux-gnu'
// RUN: not norm-compile %t/ok.mlir -o %t/out.o --mcpu=x86-64 --mattr=+avx9 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FEATURE --implicit-check-not=error
// FEATURE: norm-compile: error: unknown feature '+avx9' for 'x86_64-
// RUN: not norm-compile %t/ok.mlir -o %t/out.o --mcpu=x86-64 --mattr=avx2 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FEATURE-SIGN --implicit-check-not=error
// FEATURE-SIGN: norm-compile: error: unknown feature 'avx2' for 'x86_64-{{.*}}' (--mattr takes +name,-name)
// SVE without NEON: LLVM's instruction selection aborted on the lowering's
// fixed-width vectors (a crash with a stack dump); the CPU's SVE counts too.
// RUN: not norm-compile %t/ok.mlir -o %t/out.o --target-triple=aarch64-linux-gnu \
// RUN:   --mattr=+sve,-neon 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SVE-NO-NEON --implicit-check-not=error
// SVE-NO-NEON: norm-compile: error: CPU 'generic' with --mattr='+sve,-neon' of 'aarch64-unknown-linux-gnu' has SVE without NEON (needs +neon), which LLVM cannot compile norm-compile's vector code for{{$}}
// RUN: not norm-compile %t/ok.mlir -o %t/out.o --target-triple=aarch64-linux-gnu \
// RUN:   --mcpu=neoverse-v1 --mattr=-neon 2>&1 \
// RUN:   | FileCheck %s --check-prefix=V1-NO-NEON --implicit-check-not=error
// V1-NO-NEON: norm-compile: error: CPU 'neoverse-v1' with --mattr='-neon' of 'aarch64-unknown-linux-gnu' has SVE without NEON (needs +neon)

// 32-bit targets: the lowering indexes with 64-bit integers.
// RUN: not norm-compile %t/ok.mlir -o %t/out.o --target-triple=i686-linux-gnu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=I686 --implicit-check-not=error
// I686: norm-compile: error: target 'i686-unknown-linux-gnu' has 32-bit pointers; norm-compile supports 64-bit targets only
// RUN: not norm-compile %t/ok.mlir -o %t/out.o --target-triple=armv7-linux-gnueabihf 2>&1 \
// RUN:   | FileCheck %s --check-prefix=ARMV7 --implicit-check-not=error
// ARMV7: norm-compile: error: target 'armv7-unknown-linux-gnueabihf' has 32-bit pointers; norm-compile supports 64-bit targets only
// RUN: not norm-compile %t/ok.mlir -o %t/out.o --target-triple=wasm32 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WASM32 --implicit-check-not=error
// WASM32: norm-compile: error: target 'wasm32' has 32-bit pointers; norm-compile supports 64-bit targets only
// A 64-bit architecture with a 32-bit ABI: the data layout's pointers.
// RUN: not norm-compile %t/ok.mlir -o %t/out.o --target-triple=x86_64-linux-gnux32 2>&1 \
// RUN:   | FileCheck %s --check-prefix=X32 --implicit-check-not=error
// X32: norm-compile: error: target 'x86_64-unknown-linux-gnux32' has 32-bit pointers; norm-compile supports 64-bit targets only

// Other 64-bit architectures and object formats than ELF: refused before
// anything is compiled (they used to fail after code generation on a symbol
// of their own toolchains: '__udivdi3' on riscv64, '.TOC.' on powerpc64le,
// '___kmpc_fork_call' on Mach-O, '_fltused' on Windows).
// RUN: not norm-compile %t/ok.mlir -o %t/out.o --target-triple=riscv64-linux-gnu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RISCV64 --implicit-check-not=error
// RISCV64: norm-compile: error: target 'riscv64-unknown-linux-gnu' is not supported: norm-compile emits ELF objects for x86_64 and aarch64 (see docs/AOT.md){{$}}
// RUN: not norm-compile %t/ok.mlir -o %t/out.o --target-triple=powerpc64le-linux-gnu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PPC64LE --implicit-check-not=error
// PPC64LE: norm-compile: error: target 'powerpc64le-unknown-linux-gnu' is not supported: norm-compile emits ELF objects for x86_64 and aarch64 (see docs/AOT.md){{$}}
// RUN: not norm-compile %t/ok.mlir -o %t/out.o --target-triple=aarch64_be-linux-gnu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=AARCH64-BE --implicit-check-not=error
// AARCH64-BE: norm-compile: error: target 'aarch64_be-unknown-linux-gnu' is not supported: norm-compile emits ELF objects for x86_64 and aarch64 (see docs/AOT.md){{$}}
// RUN: not norm-compile %t/ok.mlir -o %t/out.o --target-triple=x86_64-apple-darwin 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DARWIN --implicit-check-not=error
// DARWIN: norm-compile: error: target 'x86_64-apple-darwin' is not supported: norm-compile emits ELF objects for x86_64 and aarch64 (see docs/AOT.md){{$}}
// RUN: not norm-compile %t/ok.mlir -o %t/out.o --target-triple=arm64-apple-macos 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MACOS --implicit-check-not=error
// MACOS: norm-compile: error: target 'arm64-apple-macos' is not supported: norm-compile emits ELF objects for x86_64 and aarch64 (see docs/AOT.md){{$}}
// RUN: not norm-compile %t/ok.mlir -o %t/out.o --target-triple=x86_64-pc-windows-msvc 2>&1 \
// RUN:   | FileCheck %s --check-prefix=WINDOWS --implicit-check-not=error
// WINDOWS: norm-compile: error: target 'x86_64-pc-windows-msvc' is not supported: norm-compile emits ELF objects for x86_64 and aarch64 (see docs/AOT.md){{$}}
// RUN: not norm-compile %t/ok.mlir -o %t/out.o --target-triple=x86_64-w64-mingw32 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MINGW --implicit-check-not=error
// MINGW: norm-compile: error: target 'x86_64-w64-windows-gnu' is not supported: norm-compile emits ELF objects for x86_64 and aarch64 (see docs/AOT.md){{$}}
// Before the input is read, and before the CPU is looked up.
// RUN: not norm-compile %t/bad-op.mlir -o %t/out.o --target-triple=riscv64-linux-gnu \
// RUN:   --mcpu=no-such-cpu 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RISCV64 --implicit-check-not=error

// RUN: not norm-compile %t/i8.mlir -o %t/out.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TYPE --implicit-check-not=error
// TYPE: norm-compile: error: function 'f': argument 0 has type tensor<4xi8>; the C interface takes ranked tensors of f16, bf16, f32, f64, i32 or i64
// RUN: not norm-compile %t/scalar.mlir -o %t/out.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SCALAR --implicit-check-not=error
// SCALAR: norm-compile: error: function 'f': argument 1 has type f32; the C interface takes ranked tensors
// RUN: not norm-compile %t/external.mlir -o %t/out.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=EXTERNAL --implicit-check-not=error
// EXTERNAL: norm-compile: error: the compiled code calls 'g', which is neither in libc, libm nor the OpenMP runtime
// RUN: not norm-compile %t/data-size.mlir -o %t/out.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DATA-SIZE --implicit-check-not=error
// DATA-SIZE: norm-compile: error: function 'f': dimension 0 of result 0 cannot be derived from the argument shapes
// A run-time check of an op that depends on a value of an argument, not
// only on the shapes: the message names the check and what it depends on
// (it used to say only "a run-time check depends on more than the argument
// shapes").
// RUN: not norm-compile %t/data-check.mlir -o %t/out.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DATA-CHECK --implicit-check-not=error
// DATA-CHECK: norm-compile: error: function 'f': the run-time check of 'tensor.extract_slice' (offset 0 is out-of-bounds) depends on more than the argument shapes: on the value of 'tensor.extract' at {{.*}}data-check.mlir:3:12; the C interface checks shapes before computing{{$}}
// A result size that is a negative constant (it used to be written in the
// header as [-1], and each call returned 1).
// RUN: not norm-compile %t/negative-size.mlir -o %t/out.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=NEGATIVE --implicit-check-not=error
// NEGATIVE: norm-compile: error: function 'f': dimension 1 of result 0 is the negative size -1{{$}}
// RUN: not ls %t/out.o %t/out.h
// RUN: not norm-compile %t/ok.mlir -o %t/out.o --function=g 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FUNCTION --implicit-check-not=error
// FUNCTION: norm-compile: error: function 'g' not found; public functions: ln
// RUN: not norm-compile %t/ok.mlir -o - 2>&1 \
// RUN:   | FileCheck %s --check-prefix=STDOUT --implicit-check-not=error
// STDOUT: norm-compile: error: writing the output to stdout needs --header=PATH
// An output that is not a file of its own (a device, a FIFO, the name of an
// open descriptor) has no header path beside it: --header is needed, and
// nothing is written (no /dev/null.h). A new file in /dev/shm is a file of
// its own (staged-outputs-dev-shm.mlir).
// RUN: not norm-compile %t/ok.mlir -o /dev/null 2>&1 \
// RUN:   | FileCheck %s --check-prefix=DEVNULL --implicit-check-not=error
// DEVNULL: norm-compile: error: writing the output to '/dev/null', which is not a file of its own (a device, a pipe or the name of an open descriptor such as /dev/stdout), needs --header=PATH for the header
// RUN: rm -f %t/fifo && mkfifo %t/fifo
// RUN: not norm-compile %t/ok.mlir -o %t/fifo 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FIFO --implicit-check-not=error
// FIFO: norm-compile: error: writing the output to '{{.*}}fifo', which is not a file of its own {{.*}}, needs --header=PATH for the header
// RUN: not ls %t/fifo.h
// /dev/stdout names standard output also where that is a regular file: no
// header beside the file it is redirected to, nor a /dev/stdout.h.
// RUN: not norm-compile %t/ok.mlir -o /dev/stdout 2>&1 > %t/stdout.o \
// RUN:   | FileCheck %s --check-prefix=DEVSTDOUT --implicit-check-not=error
// DEVSTDOUT: norm-compile: error: writing the output to '/dev/stdout', which is not a file of its own (a device, a pipe or the name of an open descriptor such as /dev/stdout), needs --header=PATH for the header
// RUN: not norm-compile %t/ok.mlir -o /proc/self/fd/1 2>&1 > %t/stdout.o \
// RUN:   | FileCheck %s --check-prefix=FDSTDOUT --implicit-check-not=error
// FDSTDOUT: norm-compile: error: writing the output to '/proc/self/fd/1', which is not a file of its own {{.*}}, needs --header=PATH for the header
// RUN: not ls %t/stdout.h
// RUN: norm-compile %t/ok.mlir -o /dev/null --header=%t/devnull.h
// RUN: grep -c 'int32_t ln(' %t/devnull.h | FileCheck %s --check-prefix=DEVNULL-HEADER
// DEVNULL-HEADER: 1
// RUN: norm-opt %t/ok.mlir --norm-to-llvm -o %t/lowered.mlir
// RUN: not norm-compile %t/lowered.mlir -o %t/out.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=LOWERED --implicit-check-not=error
// LOWERED: norm-compile: error: the module has no public function on tensors to export
// RUN: not norm-compile %t/bad-op.mlir -o %t/out.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=VERIFY --implicit-check-not=error
// VERIFY: norm-compile: error: cannot parse '{{.*}}bad-op.mlir': {{.*}}bad-op.mlir:3:8: 'norm.lp_normalization' op
// RUN: not norm-compile %t/prefix.mlir --prefix=9 -o %t/out.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=PREFIX --implicit-check-not=error
// PREFIX: norm-compile: error: exported name '9f' (--prefix, then the function name) is not a C identifier

// RUN: not norm-compile %t/main.mlir -o %t/out.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MAIN --implicit-check-not=error
// MAIN: norm-compile: error: exported name 'main' is the C program's entry point; choose another with --prefix

// An exported name that is a function of the C library, its math library or
// the OpenMP runtime would replace the one the object (or the program) calls:
// `memcpy` compiled and computed garbage, `free` broke the LLVM module.
// RUN: not norm-compile %t/memcpy.mlir -o %t/out.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=MEMCPY --implicit-check-not=error
// MEMCPY: norm-compile: error: exported name 'memcpy' is a name of the C library that the object or its OpenMP runtime (libomp) uses: the exported function would replace it in the linked program; choose another with --prefix{{$}}
// RUN: not norm-compile %t/memcpy.mlir --function=free -o %t/out.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FREE --implicit-check-not=error
// FREE: norm-compile: error: exported name 'free' is a name of the C library that the object
// RUN: not norm-compile %t/prefix.mlir --prefix=sqrt -o %t/out.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SQRTF --implicit-check-not=error
// SQRTF: norm-compile: error: exported name 'sqrtf' is a function of the C math library
// RUN: not norm-compile %t/prefix.mlir --prefix=omp_get_ -o %t/out.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=OMP --implicit-check-not=error
// OMP: norm-compile: error: exported name 'omp_get_f' is in the namespace of the OpenMP runtime
// RUN: not norm-compile %t/prefix.mlir --prefix=__kmpc_ -o %t/out.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=KMPC --implicit-check-not=error
// KMPC: norm-compile: error: exported name '__kmpc_f' is in the namespace of the OpenMP runtime
// RUN: not norm-compile %t/prefix.mlir --prefix=__ -o %t/out.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RESERVED --implicit-check-not=error
// RESERVED: norm-compile: error: exported name '__f' is reserved for the C implementation (it begins with '_', which C reserves at file scope); choose another with --prefix{{$}}
// A C or C++ keyword or a name of <stdint.h> (which the header includes)
// compiled but broke the header in C or C++. The name checked is the one
// after the prefix: --prefix=i and @f give 'if'.
// RUN: not norm-compile %t/prefix.mlir --prefix=i -o %t/out.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=C-KEYWORD --implicit-check-not=error
// C-KEYWORD: norm-compile: error: exported name 'if' is a C keyword, which the generated header cannot declare; choose another with --prefix
// RUN: not norm-compile %t/keywords.mlir --function=restrict -o %t/out.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=RESTRICT --implicit-check-not=error
// RESTRICT: norm-compile: error: exported name 'restrict' is a C keyword, which the generated header cannot declare; choose another with --prefix
// RUN: not norm-compile %t/keywords.mlir --function=class -o %t/out.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=CXX-KEYWORD --implicit-check-not=error
// CXX-KEYWORD: norm-compile: error: exported name 'class' is a C++ keyword, which a C++ program that includes the generated header cannot declare; choose another with --prefix
// RUN: not norm-compile %t/keywords.mlir --function=int32_t -o %t/out.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INT32 --implicit-check-not=error
// INT32: norm-compile: error: exported name 'int32_t' is declared by <stdint.h>, which the generated header includes; choose another with --prefix
// RUN: not norm-compile %t/keywords.mlir --function=INT64_MAX -o %t/out.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=INT64-MAX --implicit-check-not=error
// INT64-MAX: norm-compile: error: exported name 'INT64_MAX' is declared by <stdint.h>, which the generated header includes; choose another with --prefix
// RUN: not norm-compile %t/keywords.mlir --function=uint_fast16_t -o %t/out.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=FAST --implicit-check-not=error
// FAST: norm-compile: error: exported name 'uint_fast16_t' is declared by <stdint.h>, which the generated header includes; choose another with --prefix
// RUN: not norm-compile %t/keywords.mlir --function=SIZE_MAX -o %t/out.o 2>&1 \
// RUN:   | FileCheck %s --check-prefix=SIZE-MAX --implicit-check-not=error
// SIZE-MAX: norm-compile: error: exported name 'SIZE_MAX' is declared by <stdint.h>, which the generated header includes; choose another with --prefix
// A prefix makes such names fine.
// RUN: norm-compile %t/memcpy.mlir --prefix=k_ -o %t/prefixed.o
// RUN: llvm-nm -g --defined-only %t/prefixed.o | FileCheck %s --check-prefix=PREFIXED
// PREFIXED: T k_free
// PREFIXED: T k_memcpy
// RUN: norm-compile %t/keywords.mlir --prefix=k_ -o %t/keywords.o
// RUN: %clang -std=c99 -pedantic -Wall -Wextra -Werror -fsyntax-only -x c %t/keywords.h
// RUN: %clang -std=c++11 -pedantic -Wall -Wextra -Werror -fsyntax-only -x c++ %t/keywords.h
// RUN: llvm-nm -g --defined-only %t/keywords.o | FileCheck %s --check-prefix=KEYWORDS-PREFIXED
// KEYWORDS-PREFIXED: T k_INT64_MAX
// KEYWORDS-PREFIXED: T k_SIZE_MAX
// KEYWORDS-PREFIXED: T k_class
// KEYWORDS-PREFIXED: T k_int32_t
// KEYWORDS-PREFIXED: T k_restrict
// KEYWORDS-PREFIXED: T k_uint_fast16_t

// RUN: not norm-compile %t/ok.mlir -o %t/out.o --mcpu=x86-64,znver4 2>&1 \
// RUN:   | FileCheck %s --check-prefix=VARIANTS --implicit-check-not=error
// VARIANTS: norm-compile: error: --mcpu with several CPUs takes x86-64 levels (x86-64, x86-64-v2, x86-64-v3, x86-64-v4), got 'znver4'
// RUN: not norm-compile %t/ok.mlir -o %t/out.o --mcpu=x86-64-v3,x86-64-v3 2>&1 \
// RUN:   | FileCheck %s --check-prefix=TWICE --implicit-check-not=error
// TWICE: norm-compile: error: --mcpu lists 'x86-64-v3' twice
// --mattr applied to every variant: with +avx512f the baseline variant had
// AVX-512 code, which the dispatcher ran on CPUs without AVX-512.
// RUN: not norm-compile %t/ok.mlir -o %t/out.o --mcpu=x86-64,x86-64-v4 \
// RUN:   --mattr=+avx512f 2>&1 \
// RUN:   | FileCheck %s --check-prefix=VARIANTS-MATTR --implicit-check-not=error
// VARIANTS-MATTR: norm-compile: error: --mattr cannot be combined with several CPUs in --mcpu: it would apply to every variant, the baseline included, and the dispatcher checks only each level's features

// No file of the failed runs was written.
// RUN: not ls %t/out.o %t/out.h

//--- ok.mlir
func.func @ln(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %y = norm.lp_normalization %x axis = 1 p = 2 : tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}

//--- i8.mlir
func.func @f(%x: tensor<4xi8>) -> tensor<4xi8> {
  return %x : tensor<4xi8>
}

//--- scalar.mlir
func.func @f(%x: tensor<4xf32>, %s: f32) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

//--- external.mlir
func.func private @g(tensor<4xf32>) -> tensor<4xf32>
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = func.call @g(%x) : (tensor<4xf32>) -> tensor<4xf32>
  return %y : tensor<4xf32>
}

//--- data-size.mlir
// The result's size is a value of an argument, not a size.
func.func @f(%x: tensor<?xf32>, %n: tensor<i64>) -> tensor<?xf32> {
  %value = tensor.extract %n[] : tensor<i64>
  %size = arith.index_cast %value : i64 to index
  %y = tensor.extract_slice %x[0] [%size] [1] : tensor<?xf32> to tensor<?xf32>
  return %y : tensor<?xf32>
}

//--- data-check.mlir
// The slice's offset is a value of an argument.
func.func @f(%x: tensor<8xf32>, %n: tensor<i64>) -> tensor<4xf32> {
  %value = tensor.extract %n[] : tensor<i64>
  %offset = arith.index_cast %value : i64 to index
  %y = tensor.extract_slice %x[%offset] [4] [1] : tensor<8xf32> to tensor<4xf32>
  return %y : tensor<4xf32>
}

//--- negative-size.mlir
func.func @f(%x: tensor<?x?xf32>) -> tensor<?x?xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %rows = tensor.dim %x, %c0 : tensor<?x?xf32>
  %n = tensor.dim %x, %c1 : tensor<?x?xf32>
  %k = arith.subi %n, %n : index
  %k2 = arith.subi %k, %c1 : index
  %e = tensor.empty(%rows, %k2) : tensor<?x?xf32>
  %half = arith.constant 0.5 : f32
  %y = linalg.fill ins(%half : f32) outs(%e : tensor<?x?xf32>) -> tensor<?x?xf32>
  return %y : tensor<?x?xf32>
}
//--- bad-op.mlir
// p = 3 is not an Lp norm ONNX defines.
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %y = norm.lp_normalization %x axis = 0 p = 3 : tensor<4xf32>
  return %y : tensor<4xf32>
}

//--- prefix.mlir
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

//--- memcpy.mlir
func.func @memcpy(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %y = norm.lp_normalization %x : tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}
func.func @free(%x: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %y = norm.lp_normalization %x : tensor<?x4xf32>
  return %y : tensor<?x4xf32>
}

//--- keywords.mlir
func.func @restrict(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
func.func @class(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
func.func @int32_t(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
func.func @INT64_MAX(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
func.func @uint_fast16_t(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
func.func @SIZE_MAX(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}

//--- main.mlir
func.func @main(%x: tensor<4xf32>) -> tensor<4xf32> {
  return %x : tensor<4xf32>
}
