#!/usr/bin/env python3
"""Builds one OpenMP source's device code the way the link step does.

Compiles the device side with stock clang, links the device runtime (only what
the program uses), gives the runtime the kernels' target-cpu and features,
makes the runtime's "program creates tasks" byte a constant (our
ompgpu-program-tasks pass, from the plugin),
keeps the kernels and protected globals external, runs -O3 without LLVM's
OpenMPOpt, and assembles the PTX with ptxas. Leaves OUT.opt.ll and OUT.ptx.
"""
import argparse
import re
import subprocess
import sys


def run(cmd, **kwargs):
    proc = subprocess.run(cmd, capture_output=True, text=True, **kwargs)
    if proc.returncode != 0:
        sys.exit("command failed: %s\n%s%s" % (" ".join(cmd), proc.stdout, proc.stderr))
    return proc.stdout


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--clang", required=True)
    parser.add_argument("--ptxas", required=True)
    parser.add_argument("--rtl", required=True)
    parser.add_argument("--plugin", required=True)
    parser.add_argument("--arch", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--user-flag", action="append", default=[])
    parser.add_argument("source")
    args = parser.parse_args()
    out = args.out

    run([args.clang, "-fopenmp", "-fopenmp-targets=nvptx64", "--offload-arch=" + args.arch,
         "-O2", "--offload-device-only", "-nogpulib", "-Wno-pass-failed", "-emit-llvm",
         "-c", args.source, "-o", out + ".user.bc"] + args.user_flag)
    user = run(["llvm-dis", out + ".user.bc", "-o", "-"])
    rtl = run(["llvm-dis", args.rtl, "-o", "-"])

    # The link step gives every runtime function the kernels' architecture.
    kernel_attrs = re.search(r'^define [^\n]*ptx_kernel [^\n]*#(\d+) \{', user, re.M)
    attrs = re.search(r'^attributes #%s = \{([^\n]*)\}' % kernel_attrs.group(1), user, re.M).group(1)
    cpu = re.search(r'"target-cpu"="[^"]*"', attrs).group(0)
    features = re.search(r'"target-features"="[^"]*"', attrs).group(0)
    rtl = re.sub(r'"target-cpu"="[^"]*"', cpu, rtl)
    rtl = re.sub(r'"target-features"="[^"]*"', features, rtl)
    with open(out + ".rtl.ll", "w") as f:
        f.write(rtl)
    with open(out + ".user.ll", "w") as f:
        f.write(user)
    run(["llvm-link", out + ".user.ll", "--only-needed", out + ".rtl.ll", "-o", out + ".linked.bc"])

    linked = run(["llvm-dis", out + ".linked.bc", "-o", "-"])
    keep = re.findall(r'^define [^\n]*ptx_kernel [^@\n]*@([\w.$]+)\(', linked, re.M)
    keep += re.findall(r'^@([\w.$]+) = [^\n]*protected (?:global|constant)', linked, re.M)
    run(["opt", "-load-pass-plugin", args.plugin, "-passes=ompgpu-program-tasks,internalize",
         "-internalize-public-api-list=" + ",".join(keep), out + ".linked.bc", "-o",
         out + ".internal.bc"])
    run(["opt", "-O3", "-openmp-opt-disable", out + ".internal.bc", "-S", "-o", out + ".opt.ll"])
    run(["llc", "-mtriple=nvptx64-nvidia-cuda", "-mcpu=" + args.arch, out + ".opt.ll",
         "-o", out + ".ptx"])
    run([args.ptxas, "-arch=" + args.arch, out + ".ptx", "-o", out + ".cubin"])


if __name__ == "__main__":
    main()
