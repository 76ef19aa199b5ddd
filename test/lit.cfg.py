# -*- Python -*-
# lit configuration of the norm-mlir tests.

import os

import lit.formats
from lit.llvm import llvm_config
from lit.llvm.subst import ToolSubst

config.name = "NORM"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "README.md", "lit.cfg.py",
                   "lit.site.cfg.py"]

config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.norm_obj_root, "test")

config.substitutions.append(("%PATH%", config.environment["PATH"]))
config.substitutions.append(("%mlir_lib_dir", config.mlir_lib_dir))
config.substitutions.append(("%norm_src_root", config.norm_src_root))
config.substitutions.append(("%norm_tools_dir", config.norm_tools_dir))
config.substitutions.append(("%llvm_tools_dir", config.llvm_tools_dir))
# project(VERSION) of the top-level CMakeLists.txt.
config.substitutions.append(("%norm_version", config.norm_version))

llvm_config.with_system_environment(["HOME", "INCLUDE", "LIB", "TMP", "TEMP"])
llvm_config.use_default_substitutions()

# As upstream MLIR: fail on unused CHECK prefixes, scope variables per label.
config.environment["FILECHECK_OPTS"] = (
    "-enable-var-scope --allow-unused-prefixes=false")

llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)

# root: tests that make their own device nodes under %t (mknod) need it.
if hasattr(os, "getuid") and os.getuid() == 0:
    config.available_features.add("root")

# dev-shm: /dev/shm is a directory this user may create files in (a tmpfs
# mounted under /dev), for the tests of outputs there.
if os.path.isdir("/dev/shm") and os.access("/dev/shm", os.W_OK | os.X_OK):
    config.available_features.add("dev-shm")

# Tools built with NORM_ENABLE_SANITIZERS (scripts/sanitize.sh).
if config.norm_sanitizers.upper() in ("ON", "1", "TRUE", "YES"):
    config.available_features.add("sanitizers")
else:
    # lsan-preload: GCC's LeakSanitizer runtime (Debian's liblsan0, present
    # with gcc) preloaded into the uninstrumented tools: in a RUN line,
    # %lsan_preload makes a leak of the compiled code fail the test outside
    # scripts/sanitize.sh too.
    import ctypes.util

    lsan = ctypes.util.find_library("lsan")
    if lsan:
        config.available_features.add("lsan-preload")
        config.substitutions.append(
            ("%lsan_preload",
             f"env LD_PRELOAD={lsan} LSAN_OPTIONS=exitcode=23"))

tool_dirs = [config.norm_tools_dir, config.llvm_tools_dir]
# norm-runner verifies the module after each pass of its lowering in the
# suite (--verify-each), as norm-opt and norm-compile do: by default it
# verifies only the lowered module, which let a pass's invalid IR through
# where later passes happened to repair it (a new user's run, 2026-12-05).
tools = ["norm-opt",
         ToolSubst("norm-runner", extra_args=["--verify-each"]),
         "norm-benchmark", "norm-translate",
         "norm-compile",
         "mlir-opt", "mlir-translate", "llc",
         "mlir-runner"]
llvm_config.add_tool_substitutions(tools, tool_dirs)

# The C compiler of scripts/build.sh (clang-22), for the C host programs of
# test/AOT, and the flags that link LLVM's OpenMP runtime (libomp-22-dev)
# into them.
config.substitutions.append(
    ("%clang", os.path.join(config.llvm_tools_dir, "clang")))
libomp_dir = os.path.join(os.path.dirname(config.llvm_tools_dir), "lib")
config.substitutions.append(
    ("%libomp", f"-L{libomp_dir} -lomp -Wl,-rpath,{libomp_dir}"))

# python-onnx: the onnx Python package (Debian's python3-onnx, which
# scripts/install-deps.sh does not install) is usable under %python, the Python
# that runs lit. Importing is not enough: libonnx-testdata ships a bare onnx/
# directory (no __init__.py) under dist-packages, which imports as an empty
# namespace package. The generators need TensorProto, load and helper.
import subprocess
import sys

try:
    subprocess.run([sys.executable, "-c",
                    "import onnx, onnx.helper, onnx.numpy_helper; "
                    "onnx.TensorProto.FLOAT; onnx.load; onnx.helper.make_tensor"],
                   check=True, capture_output=True, timeout=120)
    config.available_features.add("python-onnx")
except (OSError, subprocess.SubprocessError):
    pass
