#!/bin/sh
# indent / edit (must apply) from git:a3ad5a16b99e:scripts/bench.mjs: refused
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../.." && pwd); d=$(mktemp -d)
cp -R "$here/before/." "$d"
"$root/bin/chord-patch" apply "$here/input" -C "$d"
echo "exit $?"; diff -r "$here/expected" "$d" && echo "tree is the intended one"
