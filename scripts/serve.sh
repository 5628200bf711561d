#!/bin/sh
# Starts the compiled server with the Node flags production runs with, from the repository's root
# (relative paths in the environment are read from there). NODE picks another Node binary.
# --max-semi-space-size: docs/decisions/002-young-generation.md.
cd "$(dirname "$0")/.." || exit 1
exec "${NODE:-node}" --enable-source-maps --max-semi-space-size=32 apps/server/dist/server.js "$@"
