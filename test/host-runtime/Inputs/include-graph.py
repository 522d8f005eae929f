#!/usr/bin/env python3
"""Checks that the units of a C++ source folder depend on each other without a cycle.

A unit is a header and its source file (Device.h and Device.cpp are the unit
Device); unit A depends on unit B when A's header or source includes B's
header with #include "B.h". A cycle among units means that none of them can be
understood, tested or replaced without the others. A source file that defines
members of a class declared in another unit's header hides half of that unit
(and its dependencies) in the wrong place: that counts as an error too.
Prints the units by layer (each depends only on units of lower layers) and
exits 0, or prints every problem and exits 1.
"""
import os
import re
import sys

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)\.h"', re.M)
# A class declared at namespace scope (not indented).
CLASS = re.compile(r'^(?:class|struct)\s+(\w+)(?:\s+final)?\s*[:{]', re.M)
# The definition of a member function outside its class: "... C::f(".
MEMBER = re.compile(r'^(?!\s)[^;\n(]*?\b(\w+)::~?\w+\s*\(', re.M)


def read_sources(folder):
    sources = {}
    for name in sorted(os.listdir(folder)):
        if os.path.splitext(name)[1] in (".h", ".cpp"):
            with open(os.path.join(folder, name)) as f:
                sources[name] = f.read()
    return sources


def misplaced_members(sources):
    """Source files that define members of another unit's classes."""
    owner = {}
    for name, text in sources.items():
        if name.endswith(".h"):
            for cls in CLASS.findall(text):
                owner[cls] = name[:-2]
    found = []
    for name, text in sources.items():
        if not name.endswith(".cpp"):
            continue
        unit = name[:-4]
        for cls in sorted(set(MEMBER.findall(text))):
            if owner.get(cls, unit) != unit:
                found.append("%s defines members of %s, declared in %s.h" %
                             (name, cls, owner[cls]))
    return found


def read_graph(sources):
    units = {}
    for name, text in sources.items():
        stem = os.path.splitext(name)[0]
        units.setdefault(stem, set()).update(INCLUDE.findall(text))
    # Only units of the folder count (not omptarget.h, system headers).
    return {u: sorted(d for d in deps if d in units and d != u)
            for u, deps in units.items()}


def cycles(graph):
    """Strongly connected components of more than one unit (Tarjan)."""
    index, low, stack, on_stack, found = {}, {}, [], set(), []

    def visit(u):
        index[u] = low[u] = len(index)
        stack.append(u)
        on_stack.add(u)
        for v in graph[u]:
            if v not in index:
                visit(v)
                low[u] = min(low[u], low[v])
            elif v in on_stack:
                low[u] = min(low[u], index[v])
        if low[u] == index[u]:
            component = []
            while True:
                v = stack.pop()
                on_stack.discard(v)
                component.append(v)
                if v == u:
                    break
            if len(component) > 1:
                found.append(sorted(component))

    for u in sorted(graph):
        if u not in index:
            visit(u)
    return found


def one_cycle(graph, component):
    """A path through the component back to its first unit, for the message."""
    members = set(component)
    start = component[0]
    path, seen = [start], {start}
    while True:
        nxt = next(v for v in graph[path[-1]] if v in members)
        if nxt in seen:
            return path[path.index(nxt):] + [nxt]
        path.append(nxt)
        seen.add(nxt)


def layers(graph):
    level = {}

    def depth(u):
        if u not in level:
            level[u] = 1 + max((depth(v) for v in graph[u]), default=-1)
        return level[u]

    for u in graph:
        depth(u)
    return [sorted(u for u in graph if level[u] == n)
            for n in range(max(level.values(), default=-1) + 1)]


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: include-graph.py FOLDER")
    sources = read_sources(sys.argv[1])
    graph = read_graph(sources)
    problems = ["cycle: " + " -> ".join(one_cycle(graph, component)) +
                " (units " + ", ".join(component) + ")"
                for component in cycles(graph)]
    problems += misplaced_members(sources)
    if problems:
        print("\n".join(problems))
        return 1
    edges = sum(len(deps) for deps in graph.values())
    print("%d units, %d dependencies, no cycle" % (len(graph), edges))
    for n, units in enumerate(layers(graph)):
        print("layer %d: %s" % (n, " ".join(units)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
