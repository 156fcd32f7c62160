/**
 * Counts the table and column names written as plain text in SQL: `npm run check:sql-names`
 * prints each place and fails when a file has more than ALLOWANCE gives it (`-- --max N`: when all
 * files together have more than N). Every statement should name the schema through src/db's typed
 * tables (decision 0172), so that a renamed field fails the type check; a name in a string fails
 * only when the statement runs.
 *
 * Scans src/**\/*.ts except the migrations and the generated schema: the static text of every
 * sql`…` template (and of sql.raw(…), and the string given to sql.identifier(…)). A word counts
 * when it is a table, column or enum type name of the schema (src/db), bare or "quoted", and is
 * not in a quoted value ('…') or a -- comment, a function call (`name(`), a cast to a type other
 * than an enum (`::text`) or an output name (`AS name`). Words of SQL that are also column names
 * are left out: IGNORED below. src/db/sql-names.test.ts checks the allowance on every `npm test`.
 */
import fs from 'node:fs'
import path from 'node:path'

import { getTableColumns, getTableName, isTable } from '@payloadcms/db-postgres/drizzle'
import { isPgEnum } from '@payloadcms/db-postgres/drizzle/pg-core'
import ts from 'typescript'

import * as schema from '../src/db'

/**
 * The files whose SQL text still names the schema, each with the count it may have; any other file
 * may have none. A count only goes down, and a file leaves the list at 0: the list ends empty.
 */
export const ALLOWANCE: Record<string, number> = {}

/**
 * Left out of the count: words of SQL itself that are also column names, where the text cannot tell
 * one from the other (`text`, a type in `AS r(email text)`). Keywords written in capitals never
 * match a name; a type after `::` and a name after `AS` are left out anyway.
 */
export const IGNORED = new Set(['text'])

const root = path.resolve(import.meta.dirname, '..')
const src = path.join(root, 'src')
const skipped = [path.join(src, 'migrations'), path.join(src, 'db', 'schema.generated.ts')]

/** Every table, column and enum type name of the schema, less IGNORED. */
export const schemaNames = (): Set<string> => {
  const names = new Set<string>()
  for (const value of Object.values(schema)) {
    if (isTable(value)) {
      names.add(getTableName(value))
      for (const column of Object.values(getTableColumns(value))) names.add(column.name)
    } else if (isPgEnum(value)) names.add(value.enumName)
  }
  for (const word of IGNORED) names.delete(word)
  return names
}

export type Place = { file: string; line: number; name: string; text: string }

/** The static SQL texts of one file's source, with the line each starts on. */
const sqlTexts = (file: string, source: string) => {
  const parsed = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true)
  const texts: { text: string; start: number }[] = []
  const templateParts = (template: ts.TemplateLiteral) =>
    ts.isNoSubstitutionTemplateLiteral(template)
      ? [{ text: template.text, start: template.getStart() }]
      : [
          { text: template.head.text, start: template.head.getStart() },
          ...template.templateSpans.map((span) => ({
            text: span.literal.text,
            start: span.literal.getStart(),
          })),
        ]
  const visit = (node: ts.Node) => {
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText() === 'sql')
      texts.push(...templateParts(node.template))
    if (
      ts.isCallExpression(node) &&
      ['sql.raw', 'sql.identifier'].includes(node.expression.getText())
    ) {
      const [argument] = node.arguments
      if (argument && (ts.isStringLiteral(argument) || ts.isTemplateLiteral(argument)))
        texts.push(
          ...(ts.isStringLiteral(argument)
            ? [{ text: argument.text, start: argument.getStart() }]
            : templateParts(argument)),
        )
    }
    ts.forEachChild(node, visit)
  }
  visit(parsed)
  return texts.map(({ text, start }) => ({
    text,
    line: parsed.getLineAndCharacterOfPosition(start).line + 1,
  }))
}

/** The schema names in one SQL text: each occurrence with the line it is on. */
export const namesInText = (text: string, names: Set<string>) => {
  const found: { name: string; lineOffset: number }[] = []
  // Comments and quoted values are not names; their newlines still count for the line numbers.
  const unquoted = text
    .replace(/--[^\n]*/g, (comment) => ' '.repeat(comment.length))
    .replace(/'(?:[^']|'')*'/g, (literal) => literal.replace(/[^\n]/g, ' '))
  for (const match of unquoted.matchAll(/"?\b([a-z_][a-z0-9_]*)\b"?/g)) {
    const name = match[1]
    if (!names.has(name)) continue
    const before = unquoted.slice(0, match.index)
    const after = unquoted.slice(match.index + match[0].length)
    if (after.startsWith('(')) continue
    if ((/::\s*$/.test(before) && !name.startsWith('enum_')) || /\bAS\s+$/i.test(before)) continue
    found.push({ name, lineOffset: before.split('\n').length - 1 })
  }
  return found
}

const sourceFiles = (dir: string): string[] =>
  fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name)
    if (skipped.includes(full)) return []
    if (entry.isDirectory()) return sourceFiles(full)
    return entry.name.endsWith('.ts') ? [full] : []
  })

/** Every place in src/ where SQL text names a table, column or enum type of the schema. */
export const untypedNames = (): Place[] => {
  const names = schemaNames()
  const places: Place[] = []
  for (const file of sourceFiles(src)) {
    const source = fs.readFileSync(file, 'utf8')
    if (!source.includes('sql')) continue
    for (const { text, line } of sqlTexts(file, source))
      for (const { name, lineOffset } of namesInText(text, names))
        places.push({
          file: path.relative(root, file),
          line: line + lineOffset,
          name,
          text: text.split('\n')[lineOffset].trim(),
        })
  }
  return places
}

/** The places of each file whose count is over its allowance (ALLOWANCE, or 0 for a file not listed). */
export const overAllowance = (places: Place[]) => {
  const byFile = new Map<string, Place[]>()
  for (const place of places) byFile.set(place.file, [...(byFile.get(place.file) ?? []), place])
  return [...byFile].filter(([file, found]) => found.length > (ALLOWANCE[file] ?? 0))
}

if (import.meta.filename === path.resolve(process.argv[1] ?? '')) {
  const maxAt = process.argv.indexOf('--max')
  const max = maxAt > 0 ? Number(process.argv[maxAt + 1]) : undefined
  const places = untypedNames()
  for (const place of places)
    console.log(`${place.file}:${place.line}  ${place.name}  ${place.text}`)
  const files = new Set(places.map((place) => place.file)).size
  console.log(`${places.length} untyped table or column names in SQL text, in ${files} files`)
  console.log(`(left out as too generic: ${[...IGNORED].join(', ')})`)
  const over =
    max === undefined
      ? overAllowance(places).map(([file, found]) => `${file}: ${found.length}`)
      : places.length > max
        ? [`${places.length} in all`]
        : []
  if (over.length) {
    console.error(`Over the allowance: ${over.join(', ')}.`)
    console.error(
      'Name tables and columns through src/db (docs/decisions/0172-typed-statements.md).',
    )
    process.exit(1)
  }
}
