#!/bin/bash
# Entry point of the locally built recruiting/redis image: like the public redis image, a plain
# `redis-server ...` command accepts connections from other containers (no protected mode) and
# keeps its files in /data, running as the redis user.
set -euo pipefail
mkdir -p /data
chown redis:redis /data
cd /data
if [ "${1:-}" = redis-server ]; then
  exec setpriv --reuid=redis --regid=redis --init-groups "$@" --protected-mode no
fi
exec "$@"
