/**
 * CSV (RFC 4180) for exports opened in spreadsheets. A cell that a spreadsheet would read as a
 * formula is prefixed with an apostrophe: one starting with =, +, -, @, tab or carriage return, with
 * their full-width forms (＝ ＋ － ＠, which some spreadsheets read as the same), or with `;`
 * before one of them (a spreadsheet that splits on `;` sees the formula in the next cell).
 */
export type CsvValue = string | number | boolean | Date | null | undefined | readonly string[]

const FORMULA_START = /^(?:;\s*)*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/

export const csvCell = (value: CsvValue): string => {
  let text: string
  if (value === null || value === undefined) text = ''
  else if (value instanceof Date) text = value.toISOString()
  else if (Array.isArray(value)) text = value.join('; ')
  else text = String(value)
  if (FORMULA_START.test(text)) text = `'${text}`
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

export const csvRow = (values: readonly CsvValue[]): string =>
  `${values.map(csvCell).join(',')}\r\n`

export type CsvColumn<Row> = { header: string; value: (row: Row) => CsvValue }

/**
 * A CSV body streamed page by page: `nextPage(after)` returns the rows following the cursor (empty
 * when done), so memory holds one page at a time whatever the table's size.
 */
export const csvStream = <Row extends { id: number }>(
  columns: CsvColumn<Row>[],
  nextPage: (afterId: number) => Promise<Row[]>,
): ReadableStream<Uint8Array> => {
  const encoder = new TextEncoder()
  let afterId = 0
  let headerSent = false
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        if (!headerSent) {
          headerSent = true
          // A byte-order mark so spreadsheets read the file as UTF-8.
          controller.enqueue(encoder.encode(`\uFEFF${csvRow(columns.map((c) => c.header))}`))
          return
        }
        const rows = await nextPage(afterId)
        if (rows.length === 0) {
          controller.close()
          return
        }
        afterId = rows[rows.length - 1].id
        controller.enqueue(
          encoder.encode(rows.map((row) => csvRow(columns.map((c) => c.value(row)))).join('')),
        )
      },
    },
    { highWaterMark: 1 },
  )
}
