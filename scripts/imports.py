#!/usr/bin/env python3
"""Counts the import circles inside each crate of the workspace.

Between crates Cargo itself forbids a circle and an upward arrow: a crate names only the crates it
depends on. Inside a crate nothing does, so this reads each file's `crate::`, `super::` and
`self::` paths and, folder by folder, joins a folder's children (its files and subfolders) by
which reaches into which. A circle is a set of siblings that reach each other round a loop
(a strongly connected component of two or more). A file reaching its own folder's `mod.rs` or
`lib.rs`, or the reverse, is the module tree itself, not an arrow between siblings.

    scripts/imports.py            the circles, one a line, and their count
    scripts/imports.py --max N    exits 1 when there are more than N (CI's check)
    scripts/imports.py --why      and under each circle, the arrows that close it

Test modules count too: a test that reaches up the layers is an arrow up all the same.
"""

import argparse
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def crates():
    """(name, src folder) of each crate in the workspace."""
    yield "fray", ROOT / "src"
    for manifest in sorted(ROOT.glob("crates/*/Cargo.toml")):
        name = re.search(r'^name = "([^"]+)"', manifest.read_text(), re.M).group(1)
        yield name, manifest.parent / "src"


def module_path(src, file):
    """The module path of a file: src/a/b.rs and src/a/b/mod.rs are ('a', 'b')."""
    parts = list(file.relative_to(src).with_suffix("").parts)
    if parts[-1] in ("mod", "lib", "main"):
        parts.pop()
    return tuple(parts)


def strip_comments(code):
    code = re.sub(r"/\*.*?\*/", "", code, flags=re.S)
    return "\n".join(line.split("//", 1)[0] for line in code.splitlines())


def expand(tree):
    """The paths a `use` tree names: `a::{b, c::{d, e}}` is a::b, a::c::d, a::c::e."""
    tree = re.sub(r"\s+", "", tree)
    if "{" not in tree:
        return [tree]
    head, rest = tree.split("{", 1)
    body = rest[: rest.rfind("}")]
    parts, depth, cur = [], 0, ""
    for ch in body:
        if ch == "," and depth == 0:
            parts.append(cur)
            cur = ""
            continue
        depth += (ch == "{") - (ch == "}")
        cur += ch
    parts.append(cur)
    return [p for part in parts if part for p in expand(head + part)]


def references(code):
    """Every module-relative path a file names, as lists of segments."""
    code = strip_comments(code)
    paths = []
    for tree in re.findall(r"\buse\s+([^;]+);", code):
        paths += [p.split("::") for p in expand(tree)]
    for m in re.finditer(r"\b((?:crate|super|self)(?:::\w+)+)", code):
        paths.append(m.group(1).split("::"))
    return paths


def resolve(here, segments, modules):
    """The module a path from module `here` lands in (the longest known prefix), or None when
    it leaves the crate."""
    if not segments or segments[0] not in ("crate", "super", "self"):
        return None
    base = list(here)
    i = 0
    if segments[0] == "crate":
        base, i = [], 1
    while i < len(segments) and segments[i] in ("super", "self"):
        if segments[i] == "super":
            base = base[:-1]
        i += 1
    target = tuple(base + segments[i:])
    while target and target not in modules:
        target = target[:-1]
    return target


def circles_in(name, src):
    files = sorted(src.rglob("*.rs"))
    modules = {module_path(src, f): f for f in files}
    edges, why = set(), {}
    for path, file in modules.items():
        # A file's own mod.rs-declared children are its descendants; paths are resolved from
        # the file's module.
        for segments in references(file.read_text()):
            target = resolve(path, segments, modules)
            if target is None or target == path:
                continue
            common = 0
            while common < min(len(path), len(target)) and path[common] == target[common]:
                common += 1
            if common == len(path) or common == len(target):
                continue  # into its own folder's root, or into its own children
            folder = path[:common]
            edges.add((folder, path[common], target[common]))
            why.setdefault((folder, path[common], target[common]), set()).add(
                f"{file.relative_to(ROOT)} -> {'::'.join(segments)}"
            )
    folders = {}
    for folder, a, b in edges:
        folders.setdefault(folder, {}).setdefault(a, set()).add(b)
    found = []
    for folder, graph in sorted(folders.items()):
        for scc in strongly_connected(graph):
            if len(scc) > 1:
                where = "::".join((name.replace("-", "_"),) + folder)
                arrows = [
                    f"    {line}"
                    for a in sorted(scc)
                    for b in sorted(graph[a] & scc)
                    for line in sorted(why[(folder, a, b)])
                ]
                found.append((f"{where}: {' <-> '.join(sorted(scc))}", arrows))
    return found


def strongly_connected(graph):
    """Tarjan's components of a graph of node -> set of nodes."""
    index, low, stack, on, out = {}, {}, [], set(), []
    counter = [0]

    def visit(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in graph.get(v, ()):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = set()
            while True:
                w = stack.pop()
                on.discard(w)
                comp.add(w)
                if w == v:
                    break
            out.append(comp)

    nodes = set(graph) | {w for ws in graph.values() for w in ws}
    for v in sorted(nodes):
        if v not in index:
            visit(v)
    return out


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--max", type=int, help="fail when there are more circles than this")
    parser.add_argument("--why", action="store_true", help="the arrows that close each circle")
    args = parser.parse_args()
    sys.setrecursionlimit(10000)
    found = [c for name, src in crates() for c in circles_in(name, src)]
    for circle, arrows in found:
        print(circle)
        if args.why:
            print("\n".join(arrows))
    print(f"{len(found)} import circles")
    if args.max is not None and len(found) > args.max:
        print(f"more than the {args.max} allowed", file=sys.stderr)
        sys.exit(1)


if __name__ == "__main__":
    main()
