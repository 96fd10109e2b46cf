#!/bin/sh
# full-width / edit (must apply) from git:01cd7b87e128:scripts/bench.mjs: wrong
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../.." && pwd); d=$(mktemp -d)
cp -R "$here/before/." "$d"
"$root/bin/chord-patch" apply "$here/input" -C "$d"
echo "exit $?"; diff -r "$here/expected" "$d" && echo "tree is the intended one"
