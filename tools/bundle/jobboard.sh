#!/bin/sh
# jobboard <command>: the release bundle's operator command (docs/deploy/README.md).
# Runs the bundle's app/cli.js with the `node` on PATH, from any folder. Defaults for a bundle,
# each kept when the environment already sets it:
#   NODE_ENV=production, UV_THREADPOOL_SIZE=16 (it must be set before node starts),
#   DATA_DIR=<bundle>/data, RELEASES_DIR=<bundle>/releases.
# Set DATA_DIR to a folder outside the bundle: production refuses to start with its data inside
# a release (the next release would start on an empty database of its own).
#
# jobboard --release <dir> <command>: runs <dir>'s own bin/jobboard instead, so the upgrade's
# `jobboard --release /opt/jobboard/releases/<new> migrate`, typed through the command of the
# release that is live (/opt/jobboard/current), migrates with the NEW release (issue 46).
set -e
if [ "$1" = "--release" ]; then
  if [ -z "$2" ]; then
    echo "jobboard: --release needs the folder of an unpacked release (jobboard --release /opt/jobboard/releases/<version> migrate)" >&2
    exit 2
  fi
  if [ ! -x "$2/bin/jobboard" ]; then
    echo "jobboard: $2 is not a release: $2/bin/jobboard is missing (unpack the bundle there first)" >&2
    exit 1
  fi
  release="$2"
  shift 2
  exec "$release/bin/jobboard" "$@"
fi
self=$(readlink -f "$0")
bundle=$(cd "$(dirname "$self")/.." && pwd -P)
export NODE_ENV="${NODE_ENV:-production}"
export UV_THREADPOOL_SIZE="${UV_THREADPOOL_SIZE:-16}"
export DATA_DIR="${DATA_DIR:-$bundle/data}"
export RELEASES_DIR="${RELEASES_DIR:-$bundle/releases}"
exec node --enable-source-maps "$bundle/app/cli.js" "$@"
