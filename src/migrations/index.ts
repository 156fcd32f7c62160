import * as migration_20261122_044716_initial from './20261122_044716_initial'

export const migrations = [
  {
    up: migration_20261122_044716_initial.up,
    down: migration_20261122_044716_initial.down,
    name: '20261122_044716_initial',
  },
]
