#!/bin/sh
# full-width / patch (must apply) from git:a9f4991aa9ab:src/report/file-diffs.ts: refused
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../.." && pwd); d=$(mktemp -d)
cp -R "$here/before/." "$d"
"$root/bin/chord-patch" apply "$here/input" -C "$d"
echo "exit $?"; diff -r "$here/expected" "$d" && echo "tree is the intended one"
