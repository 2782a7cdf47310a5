#!/bin/sh
# Compiler launcher: runs the compile command given as arguments, then dates the object it
# wrote (-o) back to when the compile started.
#
# Why: ninja and make rebuild an object only when a source or header is newer than it. A
# header saved while the compiler runs, after the compiler read it, is older than the object
# written at the end, so that object is never rebuilt: the library then links translation
# units that saw two layouts of one struct (DeviceFacts gained two fields that way; every
# context member after them was read at the old offsets, a garbage cl_context reached
# clCreateBuffer, and the Windows build failed under Wine). Dated back to its start, the
# object is older than any header saved after the compiler could have read it, so the next
# build recompiles it. tests/checks/check_stale_objects.py checks this.
out=
prev=
for arg in "$@"; do
  [ "$prev" = "-o" ] && out=$arg
  prev=$arg
done
[ -n "$out" ] || exec "$@"  # no object named: nothing to date
# The start, taken from the file system's own clock (the one header times come from).
stamp="$out.compile-start"
: > "$stamp" || exec "$@"
"$@"
status=$?
[ "$status" -eq 0 ] && [ -f "$out" ] && touch -c -r "$stamp" "$out"
rm -f "$stamp"
exit "$status"
