#!/usr/bin/env python3
"""Writes to stdout a function of argv[1] chained norm.layer_normalization ops
on tensor<?x768xf32>, each normalizing the previous one's Y with the same
Scale and B (the shape of an imported chain of LayerNormalization nodes)."""
import sys

n = int(sys.argv[1])
t = "tensor<?x768xf32>"
stat = "tensor<?x1xf32>"
c = "tensor<768xf32>"
print(f"func.func @chain(%x: {t}, %s: {c}, %b: {c}) -> {t} {{")
prev = "%x"
for i in range(n):
    print(f"  %y{i}, %m{i}, %r{i} = norm.layer_normalization {prev}, %s, %b"
          f" : ({t}, {c}, {c}) -> ({t}, {stat}, {stat})")
    prev = f"%y{i}"
print(f"  return {prev} : {t}")
print("}")
