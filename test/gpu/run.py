#!/usr/bin/env python3
"""Runs the GPU bundle's tests (see make_bundle.py) on a GPU machine.

Every test runs with OMP_TARGET_OFFLOAD=mandatory, so a region that cannot run
on the GPU fails. A test passes when it exits with its expected status (0
unless tests.json says otherwise) and its output holds the expected lines in
order. Prints one line a test and 'N passed, N failed' last; exits with 1 when
a test failed.
usage: run.py [--list] [--wrap COMMAND] [NAME ...]   NAME: a test's name or a
shell-style pattern ('host-runtime-*'); default: all tests. --list prints the
names and what each runs, and runs nothing. --wrap runs each test under
COMMAND ('compute-sanitizer --tool memcheck --error-exitcode 99').
"""
import argparse
import fnmatch
import json
import os
import re
import shlex
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))


def to_regex(pattern):
    """FileCheck-style pattern: {{regex}}, [[VAR:regex]], [[VAR]] and literal text."""
    out, pos = "", 0
    for m in re.finditer(r"\{\{(.*?)\}\}|\[\[(\w+):(.*?)\]\]|\[\[(\w+)\]\]", pattern):
        out += re.escape(pattern[pos:m.start()])
        if m.group(1) is not None:
            out += "(?:%s)" % m.group(1)
        elif m.group(2) is not None:
            out += "(?P<%s>%s)" % (m.group(2), m.group(3))
        else:
            out += "(?P=%s)" % m.group(4)
        pos = m.end()
    return out + re.escape(pattern[pos:])


def matches(output, checks):
    pos, pending_not = 0, []
    for kind, pattern in checks:
        regex = re.compile(to_regex(pattern))
        if kind == "-NOT":
            pending_not.append((pattern, regex))
            continue
        m = regex.search(output, pos)
        if not m:
            return "expected '%s'" % pattern
        for text, forbidden in pending_not:
            if forbidden.search(output, pos, m.start()):
                return "unexpected '%s'" % text
        pending_not, pos = [], m.end()
    for text, forbidden in pending_not:
        if forbidden.search(output, pos):
            return "unexpected '%s'" % text
    return None


def command(test):
    """The test's argv, with the bundle's Python for '{python}'."""
    return [sys.executable if a == "{python}" else a for a in test["argv"]]


def run_test(test, env, wrapper):
    """Runs one test, under the command wrapper (a list, maybe empty); returns
    (problem or None, its output)."""
    cwd = os.path.join(HERE, test.get("cwd", "."))
    env = dict(env, **test.get("env", {}))
    merged = test.get("output", "stdout") == "all"
    argv = command(test)
    if argv[0].startswith("./"):
        argv[0] = os.path.join(cwd, argv[0][2:])
    argv = wrapper + test.get("wrap", []) + argv
    try:
        proc = subprocess.run(argv, cwd=cwd, env=env, timeout=test.get("timeout", 120),
                              stdout=subprocess.PIPE,
                              stderr=subprocess.STDOUT if merged else subprocess.PIPE)
    except subprocess.TimeoutExpired as e:
        return "timed out (a hang)", (e.stdout or b"").decode(errors="replace")
    except OSError as e:
        return "cannot run it: %s" % e, ""
    stdout = proc.stdout.decode(errors="replace")
    output = stdout + ("" if merged else proc.stderr.decode(errors="replace"))
    expected = test.get("exit", 0)
    if proc.returncode != expected:
        return "exit code %d, expected %d" % (proc.returncode, expected), output
    return matches(stdout, test["checks"]), output


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--list", action="store_true", help="print the tests and run nothing")
    parser.add_argument("--wrap", default="", metavar="COMMAND",
                        help="run each test under COMMAND, split like a shell line (e.g. "
                             "'compute-sanitizer --tool memcheck --error-exitcode 99')")
    parser.add_argument("names", nargs="*", metavar="NAME", help="tests to run (names or patterns)")
    args = parser.parse_args()
    tests = json.load(open(os.path.join(HERE, "tests.json")))
    for pattern in args.names:
        if not any(fnmatch.fnmatchcase(t["name"], pattern) for t in tests):
            sys.exit("no test matches '%s' (run.py --list shows them)" % pattern)
    if args.names:
        tests = [t for t in tests if any(fnmatch.fnmatchcase(t["name"], p) for p in args.names)]
    if args.list:
        for test in tests:
            print("%-36s in %-15s %s" % (test["name"], test.get("cwd", "."), " ".join(test["argv"])))
        print("%d tests" % len(tests))
        return 0

    env = dict(os.environ)
    env["OMP_TARGET_OFFLOAD"] = "mandatory"
    # Add the bundle's libraries to the machine's own LD_LIBRARY_PATH (it names
    # the folder of its libcuda.so.1); never replace it.
    lib = os.path.join(HERE, "lib")
    env["LD_LIBRARY_PATH"] = lib + (":" + env["LD_LIBRARY_PATH"] if env.get("LD_LIBRARY_PATH") else "")
    passed = failed = 0
    for test in tests:
        start = time.time()
        problem, output = run_test(test, env, shlex.split(args.wrap))
        elapsed = time.time() - start
        if problem:
            failed += 1
            print("FAIL %s (%.2fs): %s" % (test["name"], elapsed, problem))
            print("  | " + "\n  | ".join(output.strip().splitlines()[-15:]))
        else:
            passed += 1
            print("PASS %s (%.2fs)" % (test["name"], elapsed), flush=True)
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
