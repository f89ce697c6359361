#!/usr/bin/env bash
# Installs a released sheaf for the machine it runs on: downloads the
# archive release.yml published for this platform, checks it against its
# .sha256, unpacks it and puts the binary on the PATH (GitHub Actions'
# GITHUB_PATH, else prints the folder). Used by action.yml.
#
# Environment:
#   SHEAF_VERSION       a tag (v0.2.0) or "latest" (default)
#   SHEAF_REPOSITORY    owner/name of sheaf's repository on GitHub
#   SHEAF_RELEASES_URL  where releases are [default: https://github.com/$SHEAF_REPOSITORY/releases]
#   RUNNER_OS, RUNNER_ARCH  as GitHub sets them (else uname decides)
#   RUNNER_TEMP         where to unpack [default: a new temp folder]
set -euo pipefail

version=${SHEAF_VERSION:-latest}
releases=${SHEAF_RELEASES_URL:-https://github.com/${SHEAF_REPOSITORY:?owner/name of the repository}/releases}
os=${RUNNER_OS:-$(uname -s)}
arch=${RUNNER_ARCH:-$(uname -m)}

case "$os/$arch" in
  Linux/X64 | Linux/x86_64) target=x86_64-unknown-linux-musl ;;
  Linux/ARM64 | Linux/aarch64) target=aarch64-unknown-linux-musl ;;
  macOS/X64 | Darwin/x86_64) target=x86_64-apple-darwin ;;
  macOS/ARM64 | Darwin/arm64) target=aarch64-apple-darwin ;;
  Windows/X64 | MINGW*/x86_64 | MSYS*/x86_64) target=x86_64-pc-windows-msvc ;;
  *) echo "::error::no sheaf release for $os/$arch" >&2; exit 1 ;;
esac
case "$target" in
  *windows*) archive="sheaf-$target.zip" exe=sheaf.exe ;;
  *) archive="sheaf-$target.tar.xz" exe=sheaf ;;
esac
case "$version" in
  latest) url="$releases/latest/download" ;;
  *) url="$releases/download/$version" ;;
esac

dir=$(mktemp -d "${RUNNER_TEMP:-${TMPDIR:-/tmp}}/sheaf.XXXXXX")
cd "$dir"
curl --fail --silent --show-error --location --retry 3 -O "$url/$archive" -O "$url/$archive.sha256"
if command -v sha256sum >/dev/null; then
  sha256sum --check --quiet "$archive.sha256"
else
  shasum -a 256 --check --quiet "$archive.sha256"
fi
case "$archive" in
  *.zip) unzip -q "$archive" ;;
  *) tar -xJf "$archive" ;;
esac
bin="$dir/sheaf-$target"
"$bin/$exe" --version
if [ -n "${GITHUB_PATH:-}" ]; then
  echo "$bin" >>"$GITHUB_PATH"
else
  echo "$bin"
fi
