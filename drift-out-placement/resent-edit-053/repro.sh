#!/bin/sh
# resent / edit (must apply) from git:a3ad5a16b99e:test/unit/closest.test.ts: wrong
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../.." && pwd); d=$(mktemp -d)
cp -R "$here/before/." "$d"
"$root/bin/chord-patch" apply "$here/input-1" -C "$d"
"$root/bin/chord-patch" apply "$here/input-2" -C "$d"
echo "exit $?"; diff -r "$here/expected" "$d" && echo "tree is the intended one"
