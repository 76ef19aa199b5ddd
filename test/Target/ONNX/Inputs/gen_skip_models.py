#!/usr/bin/python3
"""Writes the small .onnx models of the Skip normalization importer tests.

ONNX Runtime's com.microsoft.SkipSimplifiedLayerNormalization and
SkipLayerNormalization: `ok-skip-*.onnx` that import and `bad-skip-*.onnx`
that must fail with one clear error (skip-normalization.test). The models
are committed; this script documents and regenerates them with the system
Python alone, through gen_rms_models.py's hand-written protobuf encoder:

    /usr/bin/python3 test/Target/ONNX/Inputs/gen_skip_models.py
"""

from gen_rms_models import (BFLOAT16, DOUBLE, FLOAT, FLOAT16, INT32, node,
                            save, value_info)

MS = "com.microsoft"
MS_OPSET = ((MS, 1),)
SSLN = "SkipSimplifiedLayerNormalization"
SLN = "SkipLayerNormalization"


def ms_save(name, nodes, inputs, outputs, extra_opsets=MS_OPSET, opset=17):
    save(name, nodes, inputs, outputs, opset=opset,
         extra_opsets=extra_opsets, producer="norm-mlir gen_skip_models.py")


def vi(name, shape, elem=FLOAT):
    return value_info(name, elem, shape)


def main():
    # SkipSimplifiedLayerNormalization, f32, bias in slot 3, output and
    # input_skip_bias_sum (slots 1 and 2 left out), default epsilon 1e-12.
    ms_save("ok-skip-simplified-bias-sum",
            [node(SSLN, ["input", "skip", "gamma", "bias"],
                  ["output", "", "", "sum"], "ssln", domain=MS)],
            [vi("input", [2, 2, 4]), vi("skip", [2, 2, 4]), vi("gamma", [4]),
             vi("bias", [4])],
            [vi("output", [2, 2, 4]), vi("sum", [2, 2, 4])])
    # f16, skip (S, H) broadcast over the batch, inv_std_var (f32) only.
    ms_save("ok-skip-simplified-f16-broadcast",
            [node(SSLN, ["input", "skip", "gamma"],
                  ["output", "", "inv_std_var"], "ssln16", domain=MS,
                  epsilon=1e-6)],
            [vi("input", [2, 2, 4], FLOAT16), vi("skip", [2, 4], FLOAT16),
             vi("gamma", [4], FLOAT16)],
            [vi("output", [2, 2, 4], FLOAT16), vi("inv_std_var", [2, 2, 1])])
    # Every output, mean included (zeros, as ONNX Runtime's current CPU
    # kernel writes it), a dynamic token count.
    ms_save("ok-skip-simplified-all-outputs",
            [node(SSLN, ["input", "skip", "gamma"],
                  ["output", "mean", "inv_std_var", "sum"], "ssln4",
                  domain=MS, epsilon=1e-5)],
            [vi("input", ["T", 4]), vi("skip", ["T", 4]), vi("gamma", [4])],
            [vi("output", ["T", 4]), vi("mean", ["T", 1]),
             vi("inv_std_var", ["T", 1]), vi("sum", ["T", 4])])
    # SkipLayerNormalization, skip (1, S, H), beta and bias, every output.
    ms_save("ok-skip-layernorm-beta-bias",
            [node(SLN, ["input", "skip", "gamma", "beta", "bias"],
                  ["output", "mean", "inv_std_var", "sum"], "sln",
                  domain=MS, epsilon=1e-5)],
            [vi("input", [2, 2, 4]), vi("skip", [1, 2, 4]), vi("gamma", [4]),
             vi("beta", [4]), vi("bias", [4])],
            [vi("output", [2, 2, 4]), vi("mean", [2, 2, 1]),
             vi("inv_std_var", [2, 2, 1]), vi("sum", [2, 2, 4])])
    # bf16, 2-D input, beta left out ("") with a bias, output only.
    ms_save("ok-skip-layernorm-bf16-2d",
            [node(SLN, ["input", "skip", "gamma", "", "bias"], ["output"],
                  "slnbf16", domain=MS)],
            [vi("input", [3, 4], BFLOAT16), vi("skip", [3, 4], BFLOAT16),
             vi("gamma", [4], BFLOAT16), vi("bias", [4], BFLOAT16)],
            [vi("output", [3, 4], BFLOAT16)])
    # Dynamic batch and sequence, skip (S, H).
    ms_save("ok-skip-layernorm-dynamic",
            [node(SLN, ["input", "skip", "gamma", "beta"], ["output"],
                  "slndyn", domain=MS)],
            [vi("input", ["B", "S", 4]), vi("skip", ["S", 4]),
             vi("gamma", [4]), vi("beta", [4])],
            [vi("output", ["B", "S", 4])])
    # Every dim dynamic, gamma and beta [H] with H known at run time only.
    ms_save("ok-skip-layernorm-all-dynamic",
            [node(SLN, ["input", "skip", "gamma", "beta"], ["output"],
                  "slnalldyn", domain=MS)],
            [vi("input", ["B", "S", "H"]), vi("skip", ["B", "S", "H"]),
             vi("gamma", ["G"]), vi("beta", ["E"])],
            [vi("output", ["B", "S", "H"])])
    # SkipSimplifiedLayerNormalization with a (1, S, H) skip (static 1),
    # gamma and bias of sizes known at run time only, 3-D dynamic input.
    ms_save("ok-skip-simplified-dynamic-bias",
            [node(SSLN, ["input", "skip", "gamma", "bias"], ["output"],
                  "sslndyn", domain=MS, epsilon=1e-5)],
            [vi("input", ["B", "S", 4]), vi("skip", [1, "S", 4]),
             vi("gamma", ["G"]), vi("bias", ["K"])],
            [vi("output", ["B", "S", 4])])
    # SkipLayerNormalization on a 2-D input of dynamic sizes, skip and bias
    # of their own dynamic sizes.
    ms_save("ok-skip-layernorm-2d-dynamic",
            [node(SLN, ["input", "skip", "gamma", "", "bias"], ["output"],
                  "sln2ddyn", domain=MS, epsilon=1e-5)],
            [vi("input", ["T", "H"]), vi("skip", ["U", "V"]),
             vi("gamma", [3]), vi("bias", ["K"])],
            [vi("output", ["T", "H"])])
    # f64 (an extension: ONNX Runtime's schemas stop at f32), bias, sum.
    ms_save("ok-skip-simplified-f64",
            [node(SSLN, ["input", "skip", "gamma", "bias"],
                  ["output", "", "", "sum"], "ssln64", domain=MS)],
            [vi("input", [2, 3], DOUBLE), vi("skip", [2, 3], DOUBLE),
             vi("gamma", [3], DOUBLE), vi("bias", [3], DOUBLE)],
            [vi("output", [2, 3], DOUBLE), vi("sum", [2, 3], DOUBLE)])

    x = [vi("input", [2, 3, 4]), vi("skip", [2, 3, 4]), vi("gamma", [4])]
    y = [vi("output", [2, 3, 4])]
    three = ["input", "skip", "gamma"]

    def bad(name, op, inputs, outputs=("output",), vis=None, extra=MS_OPSET,
            domain=MS, **attrs):
        ms_save("bad-skip-" + name,
                [node(op, list(inputs), list(outputs), name, domain=domain,
                      **attrs)], vis or x, y, extra_opsets=extra)

    bad("no-ms-opset", SSLN, three, extra=())
    bad("onnx-domain", SLN, three, domain="")
    bad("ms-opset2", SSLN, three, extra=((MS, 2),))
    bad("unknown-attr", SLN, three, axis=-1)
    bad("epsilon-int", SSLN, three, epsilon=1)
    bad("epsilon-negative", SLN, three, epsilon=-1e-5)
    bad("epsilon-inf", SSLN, three, epsilon=float("inf"))
    bad("two-inputs", SLN, ["input", "skip"])
    bad("gamma-empty", SSLN, ["input", "skip", ""])
    bad("simplified-five-inputs", SSLN, three + ["bias", "more"],
        vis=x + [vi("bias", [4]), vi("more", [4])])
    bad("five-outputs", SLN, three, outputs=["output", "a", "b", "c", "d"])
    bad("input-rank4", SLN, three,
        vis=[vi("input", [1, 2, 3, 4]), vi("skip", [1, 2, 3, 4]),
             vi("gamma", [4])])
    bad("skip-shape", SSLN, three,
        vis=[vi("input", [2, 3, 4]), vi("skip", [2, 5, 4]),
             vi("gamma", [4])])
    bad("skip-batch3", SLN, three,
        vis=[vi("input", [2, 3, 4]), vi("skip", [3, 3, 4]),
             vi("gamma", [4])])
    bad("skip-2d-input", SLN, three,
        vis=[vi("input", [6, 4]), vi("skip", [1, 6, 4]), vi("gamma", [4])])
    bad("gamma-rank2", SSLN, three,
        vis=[vi("input", [2, 3, 4]), vi("skip", [2, 3, 4]),
             vi("gamma", [3, 4])])
    bad("beta-size", SLN, three + ["beta"], vis=x + [vi("beta", [5])])
    bad("bias-type", SSLN, three + ["bias"],
        vis=x + [vi("bias", [4], FLOAT16)])
    bad("input-int32", SLN, three,
        vis=[vi("input", [2, 3, 4], INT32), vi("skip", [2, 3, 4], INT32),
             vi("gamma", [4], INT32)])


if __name__ == "__main__":
    main()
