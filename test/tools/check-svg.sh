#!/bin/sh
# check-svg.sh <file.svg> - renders an amdsync picture with real SVG
# renderers and checks what they make of it: the file is well-formed XML
# (xmllint where installed; rsvg-convert refuses malformed XML too),
# rsvg-convert (Debian's librsvg2-bin, scripts/setup.sh installs it)
# renders it to a PNG that starts with the PNG signature, is as wide and
# as high as the SVG says, and holds more than a blank page; headless
# Chromium, where installed, renders a screenshot of it too. The PNGs go
# next to the SVG (<file.svg>.png, <file.svg>.chromium.png). Fails, saying
# why, at the first check that does not hold.
set -eu
svg=$1
png="$svg.png"
fail() {
  echo "check-svg: $svg: $*" >&2
  exit 1
}
[ -s "$svg" ] || fail "missing or empty"
if command -v xmllint >/dev/null 2>&1; then
  xmllint --noout "$svg" || fail "not well-formed XML (xmllint)"
fi
command -v rsvg-convert >/dev/null 2>&1 ||
  fail "rsvg-convert not found (Debian: librsvg2-bin; sh scripts/setup.sh installs it)"
rsvg-convert -f png -o "$png" "$svg" || fail "rsvg-convert cannot render it"

# The PNG's signature and its size (IHDR: width and height, big-endian, at
# bytes 16 to 23).
signature() {
  od -An -tx1 -N8 "$1" | tr -d ' \n'
}
[ "$(signature "$png")" = 89504e470d0a1a0a ] || fail "rsvg-convert's output is not a PNG"
set -- $(od -An -tu1 -j16 -N8 "$png")
width=$(( ($1 << 24) + ($2 << 16) + ($3 << 8) + $4 ))
height=$(( ($5 << 24) + ($6 << 16) + ($7 << 8) + $8 ))
want_w=$(sed -n 's/^<svg [^>]*width="\([0-9]*\)".*/\1/p' "$svg" | head -n 1)
want_h=$(sed -n 's/^<svg [^>]*height="\([0-9]*\)".*/\1/p' "$svg" | head -n 1)
[ "$width" = "$want_w" ] && [ "$height" = "$want_h" ] ||
  fail "rendered ${width}x$height, the SVG says ${want_w}x$want_h"
# A blank page of that size compresses to a few hundred bytes.
bytes=$(wc -c < "$png")
[ "$bytes" -gt 4000 ] || fail "the PNG has $bytes bytes: nearly blank"

for browser in chromium chromium-browser google-chrome; do
  command -v "$browser" >/dev/null 2>&1 || continue
  shot="$svg.chromium.png"
  abs=$(cd "$(dirname "$svg")" && pwd)/$(basename "$svg")
  "$browser" --headless --disable-gpu --no-sandbox --hide-scrollbars \
    --window-size="$want_w,$want_h" --screenshot="$shot" "file://$abs" \
    >/dev/null 2>&1 || fail "$browser cannot render it"
  [ "$(signature "$shot")" = 89504e470d0a1a0a ] || fail "$browser made no PNG"
  break
done
echo "check-svg: $svg: ${width}x$height, $bytes bytes"
