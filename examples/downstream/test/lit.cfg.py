# -*- Python -*-
# lit configuration of the downstream example's tests. The tools come from
# this build (downstream-opt, norm-c-host), the installed norm-mlir prefix
# (norm-opt) and /usr/lib/llvm-22/bin (FileCheck, mlir-runner), in that order.

import os

import lit.formats

config.name = "NORM-DOWNSTREAM"
config.test_format = lit.formats.ShTest(True)
config.suffixes = [".mlir", ".test"]
config.excludes = ["lit.cfg.py", "lit.site.cfg.py", "ctypes-host.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.downstream_obj_root, "test")

path = os.path.pathsep.join([config.downstream_obj_root, config.norm_tools_dir,
                             config.llvm_tools_dir,
                             config.environment.get("PATH", "")])
config.environment["PATH"] = path
config.environment["FILECHECK_OPTS"] = (
    "-enable-var-scope --allow-unused-prefixes=false")
config.substitutions.append(("%mlir_lib_dir", config.mlir_lib_dir))
config.substitutions.append(("%norm_c_library", config.norm_c_library))
config.substitutions.append(("%python", config.python_executable))
