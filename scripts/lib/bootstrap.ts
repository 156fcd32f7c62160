// Imported first by scripts that load Payload's configuration: the environment must be complete before.
import { prepareEnvironment } from './runtime'

prepareEnvironment({ dev: process.argv.includes('--dev') })
