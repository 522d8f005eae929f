#!/usr/bin/env python3
"""Builds every GPU test into one self-contained folder for a GPU machine.

Each test in test/offloading is compiled with the command of its first RUN line
(lit substitutions replaced), and its CHECK and GPU lines become the expected
output; the examples are built too. Tests are built several at once (--jobs).
Each test is built a second time (unless --no-debug), against the debug
device runtime (-fopenmp-target-debug), as NAME-debug: it must pass the same way, unless it has DEBUG-RUNTIME lines, which its output
must hold when the debug runtime stops it (exit status 1). Generic-mode tests
also run under compute-sanitizer's memcheck, racecheck and synccheck
(NAME-memcheck, ...), which must report nothing. Each harness
folder in HARNESSES (a build.sh and a bundle-tests.json saying what to run
and what to expect) is built into a folder of its own. The bundle also holds the runtime libraries
(libomptarget.so, libomp.so.5) and run.py, which runs everything with
OMP_TARGET_OFFLOAD=mandatory and prints 'N passed, N failed'. A GPU machine
needs no compiler: everything is built here. OUT.tar.xz is the bundle
compressed, for copying.

tests.json lists the tests, each with: name, argv (run in cwd, a folder of the
bundle; "{python}" stands for the runner's Python), checks (FileCheck-style
(kind, pattern) pairs), and optionally env, exit (the expected status, 0 by
default), output ("stdout" by default, or "all" for stdout and stderr
together), timeout (seconds) and wrap (a command the test runs under).
"""
import argparse
import concurrent.futures
import json
import os
import re
import shutil
import subprocess
import sys

CHECK_PREFIXES = ("CHECK", "GPU")
# Generic-mode tests also run under each of these compute-sanitizer tools, as
# NAME-<tool>: a report makes the run exit with status 99 and the test fail.
SANITIZER_TOOLS = ("memcheck", "racecheck", "synccheck")
# The examples run too: (source, driver, what the output must say on a GPU).
EXAMPLES = [("saxpy.c", "clang", "ran on the GPU: correct"),
            ("stencil.cpp", "clang++", "correct"),
            ("multi-gpu-heat.c", "clang", "GPU{{s?}}: {{.*}}: correct")]
# Harnesses that test one runtime below the compiler, and the bundle folder
# each is built into. Their build.sh takes (input folder, output folder).
HARNESSES = [("test/device-runtime/gpu", "device-runtime"),
             ("test/host-runtime/gpu", "host-runtime")]


def substitutions(build, default_arch):
    bindir = os.path.join(build, "bin")
    return [
        ("%clangxx", os.path.join(bindir, "clang++")),
        ("%clang", os.path.join(bindir, "clang")),
        ("%offload", "-fopenmp -fopenmp-targets=nvptx64"),
        ("%default-arch", default_arch),
    ]


def run_lines(source):
    """The RUN lines of a test, continuation lines joined."""
    lines, current = [], ""
    for line in open(source):
        m = re.match(r"\s*//\s*RUN:\s?(.*)$", line)
        if not m:
            continue
        part = m.group(1).rstrip()
        if part.endswith("\\"):
            current += part[:-1] + " "
            continue
        lines.append(current + part)
        current = ""
    return lines


def checks(source):
    """(prefix-kind, pattern) pairs for the GPU run: CHECK and GPU lines."""
    result = []
    for line in open(source):
        m = re.match(r"\s*//\s*(%s)(-NOT|-NEXT)?:\s?(.*)$" % "|".join(CHECK_PREFIXES), line)
        if m:
            result.append((m.group(2) or "", m.group(3).rstrip()))
    return result


def debug_runtime_checks(source):
    """The DEBUG-RUNTIME lines of a test, with [[@LINE+N]] made a line number."""
    result = []
    for number, line in enumerate(open(source), 1):
        m = re.search(r"//\s*DEBUG-RUNTIME:\s?(.*)$", line)
        if m:
            pattern = re.sub(r"\[\[@LINE([+-]\d+)?\]\]",
                             lambda at: str(number + int(at.group(1) or 0)), m.group(1))
            result.append(("", pattern.rstrip()))
    return result


def is_generic_mode(source):
    """Whether the test's kernels stay in generic mode, where the runtime's
    fork-join protocol, named barriers and shared-memory state are at work:
    the generic-* tests and those that turn SPMDization off."""
    name = os.path.basename(source)
    return name.startswith("generic-") or "openmp-opt-disable-spmdization" in run_lines(source)[0]


def build_test(source, out_bin, subs, extra_flags=""):
    """Compiles one test as its first RUN line says, adding extra_flags.

    Returns the program's arguments and the file holding its CHECK lines (the
    test itself, or the file its FileCheck line names)."""
    first = run_lines(source)[0]
    compile_cmd, _, run_part = first.partition("&&")
    for key, value in subs:
        compile_cmd = compile_cmd.replace(key, value)
    compile_cmd = compile_cmd.replace("%s", source).replace("%t", out_bin)
    subprocess.run(compile_cmd + " " + extra_flags, shell=True, check=True)
    m = re.search(r"%t((?:\s+[^|\s]+)*)", run_part)
    args = m.group(1).split() if m else []
    f = re.search(r"FileCheck\s+(\S+)", run_part)
    check_file = source
    if f:
        check_file = f.group(1).replace("%S", os.path.dirname(source)).replace("%s", source)
    return args, check_file


def build_harness(source_root, folder, name, out, args):
    """Builds one harness into OUT/NAME; returns its tests, run in that folder."""
    harness = os.path.join(source_root, folder)
    target = os.path.join(out, name)
    env = dict(os.environ, LLVM_BIN=args.llvm_bin, PTXAS=args.ptxas, ARCH=args.default_arch,
               CXX=args.host_clangxx)
    # The device runtime's harness links it (BUILD/lib/libompdevice-nvptx.bc);
    # the host runtime's links libomptarget.so (BUILD/lib).
    built_from = args.build if name == "device-runtime" else os.path.join(args.build, "lib")
    print("building", folder, flush=True)
    subprocess.run(["bash", os.path.join(harness, "build.sh"), built_from, target],
                   check=True, env=env)
    tests = json.load(open(os.path.join(harness, "bundle-tests.json")))
    for test in tests:
        test["cwd"] = name
    return tests


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--build", required=True)
    parser.add_argument("--tests", required=True)
    parser.add_argument("--out", required=True)
    parser.add_argument("--default-arch", default="sm_90")
    parser.add_argument("--llvm-bin", default="/usr/lib/llvm-22/bin",
                        help="LLVM 22's tools (clang, opt, llc) for the device-runtime harness")
    parser.add_argument("--ptxas", default="/usr/local/cuda/bin/ptxas")
    parser.add_argument("--host-clangxx", default="/usr/lib/llvm-22/bin/clang++",
                        help="the C++ compiler of the host-runtime harness")
    parser.add_argument("--only", action="append", default=[], metavar="NAME",
                        help="build only these end-to-end tests (repeatable; for trying the bundle)")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1,
                        help="compile this many tests at once (default: one per CPU)")
    parser.add_argument("--no-debug", action="store_true",
                        help="leave out the NAME-debug builds against the debug device runtime")
    args = parser.parse_args()

    shutil.rmtree(args.out, ignore_errors=True)
    os.makedirs(os.path.join(args.out, "bin"))
    os.makedirs(os.path.join(args.out, "lib"))
    subs = substitutions(args.build, args.default_arch)
    sources = [name for name in sorted(os.listdir(args.tests))
               if name.endswith((".c", ".cpp"))
               and (not args.only or os.path.splitext(name)[0] in args.only)]

    def build_one(name):
        """The test NAME and its debug twin, as entries of tests.json."""
        source = os.path.join(args.tests, name)
        stem = os.path.splitext(name)[0]
        print("building", name, flush=True)
        argv, check_file = build_test(source, os.path.join(args.out, "bin", stem), subs)
        built = [{"name": stem, "argv": ["./" + stem] + argv, "cwd": "bin",
                  "checks": checks(check_file)}]
        if is_generic_mode(source):
            for tool in SANITIZER_TOOLS:
                built.append({"name": "%s-%s" % (stem, tool), "argv": ["./" + stem] + argv,
                              "cwd": "bin", "checks": checks(check_file), "timeout": 600,
                              "wrap": ["compute-sanitizer", "--tool", tool, "--error-exitcode",
                                       "99", "--log-file", "/dev/stderr"]})
        if args.no_debug:
            return built
        build_test(source, os.path.join(args.out, "bin", stem + "-debug"), subs,
                   "-fopenmp-target-debug")
        debug = {"name": stem + "-debug", "argv": ["./" + stem + "-debug"] + argv, "cwd": "bin",
                 "checks": checks(check_file)}
        stops = debug_runtime_checks(source)
        if stops:
            debug.update({"checks": stops, "exit": 1, "output": "all"})
        return built + [debug]

    tests = []
    with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
        for built in pool.map(build_one, sources):
            tests += built

    source_root = os.path.dirname(os.path.dirname(os.path.abspath(args.tests)))
    for example, driver, expected in EXAMPLES:
        stem = os.path.splitext(example)[0]
        print("building", example, flush=True)
        subprocess.run([os.path.join(args.build, "bin", driver), "-O2", "-fopenmp",
                        "-fopenmp-targets=nvptx64", os.path.join(source_root, "examples", example),
                        "-o", os.path.join(args.out, "bin", stem)], check=True)
        tests.append({"name": stem, "argv": ["./" + stem], "cwd": "bin",
                      "checks": [("", expected)]})

    for folder, name in HARNESSES:
        tests += build_harness(source_root, folder, name, args.out, args)

    names = [t["name"] for t in tests]
    duplicates = sorted({n for n in names if names.count(n) > 1})
    if duplicates:
        sys.exit("tests with the same name: %s" % ", ".join(duplicates))

    shutil.copy2(os.path.join(args.build, "lib", "libomptarget.so"), os.path.join(args.out, "lib"))
    libomp = subprocess.run(["ldd", os.path.join(args.out, "bin", "saxpy")],
                            capture_output=True, text=True).stdout
    m = re.search(r"libomp\.so\.5 => (\S+)", libomp)
    if not m:
        sys.exit("cannot find the libomp.so.5 that the tests use")
    shutil.copy2(m.group(1), os.path.join(args.out, "lib", "libomp.so.5"))
    shutil.copy2(os.path.join(os.path.dirname(__file__), "run.py"), args.out)
    with open(os.path.join(args.out, "tests.json"), "w") as f:
        json.dump(tests, f, indent=1)
    size = sum(os.path.getsize(os.path.join(d, f)) for d, _, fs in os.walk(args.out) for f in fs)
    print("bundle: %d tests, %.1f MiB in %s" % (len(tests), size / 2**20, args.out))
    # The same, compressed (the programs' PTX shrinks about fifteen-fold), for
    # copying to a GPU machine.
    packed = args.out.rstrip("/") + ".tar.xz"
    subprocess.run(["tar", "-C", os.path.dirname(os.path.abspath(args.out)), "-cJf", packed,
                    os.path.basename(args.out.rstrip("/"))], check=True,
                   env=dict(os.environ, XZ_OPT="-T0"))
    print("packed: %.1f MiB in %s" % (os.path.getsize(packed) / 2**20, packed))


if __name__ == "__main__":
    main()
