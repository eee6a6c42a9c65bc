#!/usr/bin/env bash
# Makes the two base images the compose test builds on, from Debian's packages alone (no image registry
# is needed): selah-local/debian:bookworm (debootstrap) and selah-local/node:20-bookworm-slim (that, with
# this machine's Node.js and npm, and a user `node` as in the official image). Needs root, debootstrap
# and a running Docker daemon. Takes a few minutes; run once per machine.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mirror=${DEBIAN_MIRROR:-http://deb.debian.org/debian}

if ! docker image inspect selah-local/debian:bookworm >/dev/null 2>&1; then
  debootstrap --variant=minbase --include=ca-certificates bookworm "$work/rootfs" "$mirror" >/dev/null
  # This machine's own certificate authorities (a proxy in front of the package registries) are trusted
  # in the images too.
  cp -r /usr/local/share/ca-certificates/. "$work/rootfs/usr/local/share/ca-certificates/" 2>/dev/null || true
  chroot "$work/rootfs" update-ca-certificates >/dev/null
  rm -rf "$work/rootfs/var/lib/apt/lists/"* "$work/rootfs/var/cache/apt/"*.bin
  tar -C "$work/rootfs" -c . | docker import - selah-local/debian:bookworm >/dev/null
fi

node=$(command -v node)
npm_root=$(cd "$(dirname "$(readlink -f "$(command -v npm)")")/.." && pwd)
mkdir -p "$work/node"
cp "$node" "$work/node/node"
cp -a "$npm_root" "$work/node/npm"
cp "$here/node/Dockerfile" "$work/node/Dockerfile"
docker build -q -t selah-local/node:20-bookworm-slim "$work/node" >/dev/null
echo "selah-local/debian:bookworm and selah-local/node:20-bookworm-slim are ready"
