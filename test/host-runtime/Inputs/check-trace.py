#!/usr/bin/env python3
"""Checks a LIBOMPTARGET_PROFILE trace and prints what it shows.

The trace must be what Perfetto and chrome://tracing open: a JSON object whose
"traceEvents" list holds complete events ("ph":"X": name, cat, ts, dur, pid,
tid, args), instant events ("ph":"i") and metadata events ("ph":"M") that name
every process and thread the other events use. On top of the format, the
runtime's own promises: copies say how many bytes went in which direction,
kernels their geometry; a device's stream runs one thing at a time; every
kernel starts after the host began to launch it (target regions do not wait
for their kernels, so a kernel may end after its region). Prints a summary for
FileCheck (counts by track and name, each kernel with its geometry) and exits
1 with a message on the first broken rule.

With --kernel-us N, every kernel must have run at least N microseconds on the
GPU while its host launch call took less than half of that: the kernel time
comes from GPU events, not from the host's clock.
"""
import argparse
import collections
import json
import sys

DIRECTIONS = {"HtoD", "DtoH", "DtoD", "peer"}
HOST_PROCESS = 1
# Rounding of microseconds to three decimals, and float milliseconds of events.
SLACK_US = 0.01


def fail(message):
    print("invalid trace: " + message)
    sys.exit(1)


def require(event, keys, types):
    for key, kind in zip(keys, types):
        if key not in event:
            fail("%s event without %r: %s" % (event.get("ph"), key, event))
        if not isinstance(event[key], kind) or isinstance(event[key], bool):
            fail("%r of %s is not %s" % (key, event, kind))


def check_event(event):
    phase = event.get("ph")
    if phase == "X":
        require(event, ("name", "cat", "ts", "dur", "pid", "tid", "args"),
                (str, str, (int, float), (int, float), int, int, dict))
        if event["ts"] < 0 or event["dur"] < 0:
            fail("negative time: %s" % event)
    elif phase == "i":
        require(event, ("name", "cat", "ts", "pid", "tid", "args"),
                (str, str, (int, float), int, int, dict))
    elif phase == "M":
        require(event, ("name", "pid", "args"), (str, int, dict))
        if event["name"] in ("process_name", "thread_name"):
            require(event["args"], ("name",), (str,))
            if event["name"] == "thread_name":
                require(event, ("tid",), (int,))
    else:
        fail("unexpected phase %r: %s" % (phase, event))
    args = event.get("args", {})
    if event.get("cat") == "copy":
        require(args, ("bytes", "direction", "device", "stream"),
                (int, str, int, int))
        if args["direction"] not in DIRECTIONS:
            fail("unknown direction: %s" % event)
    if event.get("cat") == "kernel":
        require(args, ("kernel", "mode", "teams", "threads", "grid", "block"),
                (str, str, int, int, list, list))
        if len(args["grid"]) != 3 or len(args["block"]) != 3:
            fail("grid and block have three dimensions: %s" % event)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("trace")
    parser.add_argument("--kernel-us", type=float, default=0)
    options = parser.parse_args()
    try:
        with open(options.trace) as f:
            trace = json.load(f)
    except ValueError as error:
        fail("not JSON: %s" % error)
    if not isinstance(trace, dict) or not isinstance(trace.get("traceEvents"), list):
        fail('no "traceEvents" list')
    events = trace["traceEvents"]
    for event in events:
        if not isinstance(event, dict):
            fail("an event is not an object: %r" % event)
        check_event(event)

    processes, threads = {}, {}
    for event in events:
        if event["ph"] == "M" and event["name"] == "process_name":
            processes[event["pid"]] = event["args"]["name"]
        if event["ph"] == "M" and event["name"] == "thread_name":
            threads[(event["pid"], event["tid"])] = event["args"]["name"]
    timed = [e for e in events if e["ph"] in "Xi"]
    for event in timed:
        if event["pid"] not in processes:
            fail("process %d has no name" % event["pid"])
        if (event["pid"], event["tid"]) not in threads:
            fail("thread %d of process %d has no name" %
                 (event["tid"], event["pid"]))
        if event["pid"] != HOST_PROCESS and event["cat"] not in (
                "copy", "kernel", "memset"):
            fail("host work on a device track: %s" % event)

    # A stream runs its work in order, one thing at a time.
    for pid, tid in threads:
        work = sorted((e for e in timed if (e["pid"], e["tid"]) == (pid, tid)
                       and pid != HOST_PROCESS), key=lambda e: e["ts"])
        for first, second in zip(work, work[1:]):
            if second["ts"] + SLACK_US < first["ts"] + first["dur"]:
                fail("overlap on a stream: %s and %s" % (first, second))

    host_spans = [e for e in timed if e["ph"] == "X" and e["pid"] == HOST_PROCESS]
    kernels = [e for e in timed if e["cat"] == "kernel"]
    for kernel in kernels:
        launches = [s for s in host_spans if s["name"] == "launch" and
                    s["args"].get("kernel") == kernel["args"]["kernel"] and
                    s["ts"] <= kernel["ts"] + SLACK_US]
        if not launches:
            fail("kernel before the host launched it: %s" % kernel)
        if options.kernel_us:
            if kernel["dur"] < options.kernel_us * 0.999:
                fail("kernel shorter than its GPU time: %s" % kernel)
            launch = max(launches, key=lambda s: s["ts"])
            if launch["dur"] >= kernel["dur"] / 2:
                fail("the kernel's time is the host's: %s, %s" % (launch, kernel))

    print("valid trace: %d events" % len(events))
    for pid in sorted(processes):
        print("process %d: %s" % (pid, processes[pid]))
        for (p, tid), name in sorted(threads.items()):
            if p != pid:
                continue
            names = collections.Counter(e["name"] for e in timed
                                        if (e["pid"], e["tid"]) == (p, tid))
            print("  thread %s: %s" % (
                "main" if name.startswith("main thread") else
                tid if pid == HOST_PROCESS else name,
                ", ".join("%s %d" % kv for kv in sorted(names.items()))))
    for kernel in sorted(kernels, key=lambda e: (e["pid"], e["ts"])):
        a = kernel["args"]
        print("kernel %s on device %d: %s, %d teams x %d threads, grid %s "
              "block %s, at %s" % (kernel["name"], a["device"], a["mode"],
                                   a["teams"], a["threads"], a["grid"],
                                   a["block"], a.get("location")))
    copies = collections.Counter()
    for event in timed:
        if event["cat"] == "copy":
            copies[event["args"]["direction"]] += event["args"]["bytes"]
    if copies:
        print("bytes copied: " + ", ".join(
            "%s %d" % kv for kv in sorted(copies.items())))
    for event in timed:
        if event["ph"] == "i":
            print("instant %s: %s" % (event["name"], json.dumps(
                event["args"], sort_keys=True)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
