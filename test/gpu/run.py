#!/usr/bin/env python3
"""Runs the GPU bundle's end-to-end tests (see make_bundle.py) on a GPU machine.

Every test runs with OMP_TARGET_OFFLOAD=mandatory, so a region that cannot run
on the GPU fails. A test passes when it exits with 0 and its output holds the
expected lines in order. Prints one line a test and 'N passed, N failed' last.
usage: run.py [name ...]   (default: all tests)
"""
import json
import os
import re
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


def main():
    tests = json.load(open(os.path.join(HERE, "tests.json")))
    wanted = set(sys.argv[1:])
    env = dict(os.environ)
    env["OMP_TARGET_OFFLOAD"] = "mandatory"
    lib = os.path.join(HERE, "lib")
    env["LD_LIBRARY_PATH"] = lib + (":" + env["LD_LIBRARY_PATH"] if env.get("LD_LIBRARY_PATH") else "")
    passed = failed = 0
    for test in tests:
        if wanted and test["name"] not in wanted:
            continue
        start = time.time()
        try:
            proc = subprocess.run([os.path.join(HERE, "bin", test["name"])] + test["args"],
                                  capture_output=True, text=True, env=env, timeout=120)
            output = proc.stdout + proc.stderr
            problem = "exit code %d" % proc.returncode if proc.returncode else matches(proc.stdout, test["checks"])
        except subprocess.TimeoutExpired as e:
            output = (e.stdout or b"").decode(errors="replace") if isinstance(e.stdout, bytes) else (e.stdout or "")
            problem = "timed out (a hang)"
        elapsed = time.time() - start
        if problem:
            failed += 1
            print("FAIL %s (%.2fs): %s" % (test["name"], elapsed, problem))
            print("  | " + "\n  | ".join(output.strip().splitlines()[-15:]))
        else:
            passed += 1
            print("PASS %s (%.2fs)" % (test["name"], elapsed))
    print("%d passed, %d failed" % (passed, failed))
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
