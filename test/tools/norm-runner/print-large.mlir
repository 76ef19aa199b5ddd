// A large result printed to standard output: each f32 as the fewest digits
// of printf's %e that read back as it, the same text as before, computed
// independently by Inputs/print_reference.py on 60000 bit patterns (every
// kind of f32; about 700 KB of text, several of the 64 KiB pieces the
// printer writes). The fewest digits are searched from Ryu's shortest
// (std::to_chars) up, each read back with strtof: 1000 x 1000 f32 printed in
// about 0.5 s, where formatting every digit count from 1 and reading it
// back with APFloat took 9 s (18 s on a terminal, where llvm::outs() is
// unbuffered and each element was a write of its own).

// RUN: rm -rf %t && mkdir -p %t
// RUN: /usr/bin/python3 %S/Inputs/print_reference.py %t/x.npy %t/expected.txt 60 1000
// RUN: norm-runner %s --function=main --input=@%t/x.npy > %t/printed.txt
// RUN: cmp %t/printed.txt %t/expected.txt

// The powers of two 2^-96, 2^87 and 2^90 have a shortest decimal of 8 digits
// (Ryu's) that printf's rounding to 8 digits does not give: the 9 digits of
// %.8e are printed, as Python finds them (the loop of print_reference.py).
// RUN: norm-runner %s --function=row \
// RUN:   --input="1x3xf32=1.26217745e-29 1.54742505e+26 1.23794004e+27" \
// RUN:   | FileCheck %s --check-prefix=POW2 --implicit-check-not={{.}}
// POW2: 1x3xf32=[1.26217745e-29 1.54742505e+26 1.23794004e+27]{{$}}

func.func @main(%x: tensor<?x1000xf32>) -> tensor<?x1000xf32> {
  return %x : tensor<?x1000xf32>
}

func.func @row(%x: tensor<1x3xf32>) -> tensor<1x3xf32> {
  return %x : tensor<1x3xf32>
}
