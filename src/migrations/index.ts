import * as migration_20261122_061441_initial from './20261122_061441_initial';
import * as migration_20261122_090244_audit_logs from './20261122_090244_audit_logs';
import * as migration_20261123_092704_email_delivery from './20261123_092704_email_delivery';

export const migrations = [
  {
    up: migration_20261122_061441_initial.up,
    down: migration_20261122_061441_initial.down,
    name: '20261122_061441_initial',
  },
  {
    up: migration_20261122_090244_audit_logs.up,
    down: migration_20261122_090244_audit_logs.down,
    name: '20261122_090244_audit_logs',
  },
  {
    up: migration_20261123_092704_email_delivery.up,
    down: migration_20261123_092704_email_delivery.down,
    name: '20261123_092704_email_delivery'
  },
];
