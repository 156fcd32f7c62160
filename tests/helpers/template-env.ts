// Imported first by make-template.ts, so the configuration sees the template database.
import { applyTestEnv } from './env'

applyTestEnv('template')
