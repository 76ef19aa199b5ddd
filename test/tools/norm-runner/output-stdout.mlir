// Every --output that names standard output ('-', '@-', '@/dev/stdout',
// '@/dev/fd/1', '@/proc/self/fd/1', or the file stdout is redirected to) goes
// through the one stdout stream, in result order, and may be given for any
// number of results (docs/Runner.md). Before: '@/dev/stdout' into a regular
// file opened it a second time, truncated, and the text after the .npy
// overwrote its start (exit status 0); '--output=- --output=@-' put the .npy
// of result 1 before the text of result 0; '@-' twice was "output 0 and
// output 1 both write '-'", and '@/dev/stdout' twice was accepted into a
// pipe but rejected into a file.
// @pair returns x * 2 + 1 twice: for x = 1..6, [[3 5 7] [9 11 13]], the .npy
// image of the fixture f32_2x3_times2_plus1.npy.

// RUN: rm -rf %t && mkdir %t
// DEFINE: %{npy} = %S/Inputs/npy/f32_2x3_times2_plus1.npy
// DEFINE: %{run} = norm-runner %s --function=pair --input="2x3xf32=1 2 3 4 5 6"
// RUN: printf '2x3xf32=[3 5 7][9 11 13]\n' > %t/text
// RUN: cat %{npy} %{npy} > %t/two-npy

// In result order: the text of result 0, then the .npy of result 1.
// RUN: %{run} --output=- --output=@- > %t/order
// RUN: cat %t/text %{npy} | cmp - %t/order
// RUN: %{run} --output=- --output=@/dev/stdout | cmp - %t/order

// The .npy, then the text and the [SUCCESS] lines, into a regular file.
// RUN: %{run} --output=@/dev/stdout --output=- \
// RUN:   --expected-output="2x3xf32=3 5 7 9 11 13" \
// RUN:   --expected-output="2x3xf32=3 5 7 9 11 13" > %t/npy-text
// RUN: printf '[SUCCESS] result[0]: 2x3xf32\n[SUCCESS] result[1]: 2x3xf32\n' \
// RUN:   | cat %{npy} %t/text - | cmp - %t/npy-text

// Two .npy images on standard output, by every spelling, into a regular
// file, a pipe and /dev/null: both images, exit status 0.
// RUN: %{run} --output=@- --output=@- > %t/dash && cmp %t/two-npy %t/dash
// RUN: %{run} --output=@- --output=@- | cmp %t/two-npy -
// RUN: %{run} --output=@/dev/stdout --output=@/dev/fd/1 > %t/dev \
// RUN:   && cmp %t/two-npy %t/dev
// RUN: %{run} --output=@/dev/stdout --output=@/dev/stdout | cmp %t/two-npy -
// RUN: %{run} --output=@/proc/self/fd/1 --output=@- > %t/proc \
// RUN:   && cmp %t/two-npy %t/proc
// RUN: %{run} --output=@/dev/stdout --output=@/dev/stdout > /dev/null 2> %t/err
// RUN: %{run} --output=@- --output=@- > /dev/null 2>> %t/err
// RUN: not test -s %t/err

// A path of the file stdout is redirected to is standard output too.
// RUN: %{run} --output=@%t/same --output=@- > %t/same && cmp %t/two-npy %t/same

#map = affine_map<(d0, d1) -> (d0, d1)>

func.func @pair(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %one = arith.constant 1.0 : f32
  %two = arith.constant 2.0 : f32
  %init = tensor.empty() : tensor<2x3xf32>
  %affine = linalg.generic {indexing_maps = [#map, #map],
                            iterator_types = ["parallel", "parallel"]}
      ins(%x : tensor<2x3xf32>) outs(%init : tensor<2x3xf32>) {
  ^bb0(%a: f32, %out: f32):
    %m = arith.mulf %a, %two : f32
    %r = arith.addf %m, %one : f32
    linalg.yield %r : f32
  } -> tensor<2x3xf32>
  return %affine, %affine : tensor<2x3xf32>, tensor<2x3xf32>
}
