import * as migration_20261122_061441_initial from './20261122_061441_initial';
import * as migration_20261122_090244_audit_logs from './20261122_090244_audit_logs';

export const migrations = [
  {
    up: migration_20261122_061441_initial.up,
    down: migration_20261122_061441_initial.down,
    name: '20261122_061441_initial',
  },
  {
    up: migration_20261122_090244_audit_logs.up,
    down: migration_20261122_090244_audit_logs.down,
    name: '20261122_090244_audit_logs'
  },
];
