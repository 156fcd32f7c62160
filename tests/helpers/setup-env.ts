// Runs before each test file's imports (vitest setupFiles).
import { applyTestEnv } from './env'

applyTestEnv()
