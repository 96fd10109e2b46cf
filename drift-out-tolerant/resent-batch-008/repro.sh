#!/bin/sh
# resent / batch (must apply) from npm:typescript/lib/lib.es2022.intl.d.ts: wrong
here=$(cd "$(dirname "$0")" && pwd); root=$(cd "$here/../.." && pwd); d=$(mktemp -d)
cp -R "$here/before/." "$d"
"$root/bin/chord-patch" apply "$here/input-1" -C "$d"
"$root/bin/chord-patch" apply "$here/input-2" -C "$d"
echo "exit $?"; diff -r "$here/expected" "$d" && echo "tree is the intended one"
