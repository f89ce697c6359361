#!/usr/bin/env bash
# Packs one built sheaf binary as a release archive, in the layout
# cargo-dist makes and `[package.metadata.binstall]` in Cargo.toml reads:
#
#   sheaf-TARGET.tar.xz (Windows: sheaf-TARGET.zip)
#     sheaf-TARGET/sheaf (sheaf.exe), README.md
#   sheaf-TARGET.tar.xz.sha256: "HASH  sheaf-TARGET.tar.xz"
#
# Usage: dist/package.sh TARGET BINARY OUT_DIR
# Run by .github/workflows/release.yml on each target, and by
# tests/release.rs on the binary built here.
set -euo pipefail

target=$1 binary=$2 out=$3
name="sheaf-$target"
case "$target" in
  *windows*) archive="$name.zip" exe=sheaf.exe ;;
  *) archive="$name.tar.xz" exe=sheaf ;;
esac

# A zip of folder $2 at $1, by whichever tool the machine has (7-Zip on
# GitHub's Windows runners, Info-ZIP, else Python's zipfile).
zip_folder() {
  if command -v 7z >/dev/null; then
    7z a -tzip -bd -bso0 "$1" "$2"
  elif command -v zip >/dev/null; then
    zip -qr "$1" "$2"
  else
    python3 -m zipfile -c "$1" "$2"
  fi
}

here=$(cd "$(dirname "$0")/.." && pwd)
mkdir -p "$out"
out=$(cd "$out" && pwd)
staging=$(mktemp -d)
trap 'rm -rf "$staging"' EXIT

mkdir "$staging/$name"
cp "$binary" "$staging/$name/$exe"
cp "$here/README.md" "$staging/$name/"
rm -f "$out/$archive"
case "$archive" in
  *.zip) (cd "$staging" && zip_folder "$out/$archive" "$name") ;;
  *) tar -C "$staging" -cJf "$out/$archive" "$name" ;;
esac

cd "$out"
if command -v sha256sum >/dev/null; then
  hash=$(sha256sum "$archive" | cut -d' ' -f1)
else
  hash=$(shasum -a 256 "$archive" | cut -d' ' -f1)
fi
printf '%s  %s\n' "$hash" "$archive" >"$archive.sha256"
echo "$out/$archive"
