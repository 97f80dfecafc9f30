#!/usr/bin/env bash
# Fetches Dear ImGui 1.90.1 sources (Debian source package from the trixie suite, the only
# offline source here) into third_party/imgui (git-ignored) and verifies the SHA-256.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
DEST="$ROOT/third_party/imgui"
VERSION="1.90.1"
TARBALL="imgui_${VERSION}+ds.orig.tar.xz"
SHA256="ecce377df0f90b292f15dcbd83d438bddc162b2388c881132bde18c787572a1c"

if [ -f "$DEST/.verified-$VERSION" ]; then exit 0; fi

SUDO=""
if [ "$(id -u)" -ne 0 ] && command -v sudo >/dev/null 2>&1; then SUDO="sudo"; fi

SRC_LIST=/etc/apt/sources.list.d/llm-sizer-trixie-src.sources
if [ ! -f "$SRC_LIST" ]; then
  # Reuse the mirror this machine already uses; no host name lives in the repository.
  uris=$(awk -F': ' '/^URIs:/{print $2; exit}' /etc/apt/sources.list.d/debian.sources 2>/dev/null || true)
  if [ -z "$uris" ]; then
    uris=$(awk '/^deb /{print $2; exit}' /etc/apt/sources.list 2>/dev/null || true)
  fi
  if [ -z "$uris" ]; then echo "llm-sizer: cannot find a Debian mirror to fetch imgui sources" >&2; exit 1; fi
  printf 'Types: deb-src\nURIs: %s\nSuites: trixie\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' "$uris" | $SUDO tee "$SRC_LIST" >/dev/null
  $SUDO apt-get update -qq
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
(cd "$work" && chmod 777 "$work" && apt-get source --download-only -qq "imgui=${VERSION}+ds-1" >/dev/null)
actual=$(sha256sum "$work/$TARBALL" | cut -d' ' -f1)
if [ "$actual" != "$SHA256" ]; then
  echo "llm-sizer: $TARBALL SHA-256 mismatch: got $actual, want $SHA256" >&2
  exit 1
fi
rm -rf "$DEST" && mkdir -p "$DEST"
tar -xJf "$work/$TARBALL" -C "$DEST" --strip-components=1
touch "$DEST/.verified-$VERSION"
echo "llm-sizer: Dear ImGui $VERSION in third_party/imgui (sha256 ok)"
