/**
 * `npm run generate:db-schema`: writes the collections' tables as Drizzle code to
 * src/db/schema.generated.ts (or to the file given as the argument), as payload.config.ts defines
 * them. Connects to no database; the secret and the database address only have to be well formed.
 * The test src/db/schema-generated.test.ts fails when the committed file is not what this writes.
 */
import path from 'node:path'

// Not development: that would regenerate src/payload-types.ts on the way.
Object.assign(process.env, { NODE_ENV: 'test' })
process.env.PAYLOAD_SECRET ||= 'generate-db-schema-without-a-database'
process.env.DATABASE_URL ||= 'postgres://127.0.0.1:1/unused'

const { getPayload } = await import('payload')
const { default: config } = await import('../payload.config')

const outputFile = process.argv[2] ? path.resolve(process.argv[2]) : undefined
const payload = await getPayload({ config, disableDBConnect: true, disableOnInit: true })
await payload.db.generateSchema?.({ outputFile, log: false })
await payload.destroy()
console.log(`Written ${outputFile ?? 'src/db/schema.generated.ts'}`)
process.exit()
