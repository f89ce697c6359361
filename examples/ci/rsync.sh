#!/bin/sh
# Publish a sheaf site to any web server over SSH: check, build, then copy
# only what changed. Run it from the repository holding the docs (here in
# `docs/`), by hand or from any CI:
#
#   SITE_URL=https://docs.example.com DEST=deploy@web1:/var/www/docs examples/ci/rsync.sh
#
# The build writes the whole site into _site/ or nothing (the previous
# output stays on errors), so a failed build never uploads half a site.
set -eu
: "${SITE_URL:?set SITE_URL to the public URL of the site}"
: "${DEST:?set DEST to the rsync destination, user@host:/path}"

sheaf check docs
sheaf build docs --out _site --site-url "$SITE_URL"
rsync -az --delete --exclude .sheaf-output _site/ "$DEST"
