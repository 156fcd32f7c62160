import * as migration_20261122_061441_initial from './20261122_061441_initial';

export const migrations = [
  {
    up: migration_20261122_061441_initial.up,
    down: migration_20261122_061441_initial.down,
    name: '20261122_061441_initial'
  },
];
