#!/bin/sh
# jobboard <command>: the release bundle's operator command (docs/deploy/README.md).
# Runs the bundle's app/cli.js with the `node` on PATH, from any folder. Defaults for a bundle,
# each kept when the environment already sets it:
#   NODE_ENV=production, UV_THREADPOOL_SIZE=16 (it must be set before node starts),
#   DATA_DIR=<bundle>/data, RELEASES_DIR=<bundle>/releases.
# Set DATA_DIR to a folder outside the bundle in production, so an upgrade (a new bundle) keeps it.
set -e
self=$(readlink -f "$0")
bundle=$(cd "$(dirname "$self")/.." && pwd -P)
export NODE_ENV="${NODE_ENV:-production}"
export UV_THREADPOOL_SIZE="${UV_THREADPOOL_SIZE:-16}"
export DATA_DIR="${DATA_DIR:-$bundle/data}"
export RELEASES_DIR="${RELEASES_DIR:-$bundle/releases}"
exec node --enable-source-maps "$bundle/app/cli.js" "$@"
