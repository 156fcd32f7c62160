#!/bin/sh
# The compose files' `backup` service (profile `backup`, docs/production.md): once a day, a
# pg_dump in custom format of DATABASE_URL and, when /media is mounted, a tar of the uploads, into
# /backups/starfinity-<UTC time>/ with SHA256SUMS; written under a temporary name, synced, then
# renamed; the newest BACKUP_KEEP (7) kept. Restore: sha256sum -c, then pg_restore (see the docs).
set -eu
keep="${BACKUP_KEEP:-7}"
while :; do
  stamp=$(date -u +%Y%m%dT%H%M%SZ)
  partial="/backups/.starfinity-$stamp.partial"
  rm -rf /backups/.starfinity-*.partial
  mkdir -p "$partial"
  pg_dump --format=custom --no-owner --file="$partial/database.dump" "$DATABASE_URL"
  if [ -d /media ]; then tar -C /media -cf "$partial/media.tar" .; fi
  (cd "$partial" && sha256sum ./* > SHA256SUMS)
  sync
  mv "$partial" "/backups/starfinity-$stamp"
  ls -1d /backups/starfinity-* | sort | head -n -"$keep" | xargs -r rm -rf
  echo "backup taken: /backups/starfinity-$stamp"
  sleep "${BACKUP_INTERVAL_SECONDS:-86400}"
done
