/** How `npm run bench` prints: aligned tables and PASS/FAIL lines. */
export interface Target {
  name: string
  actual: string
  pass: boolean
}

export const percent = (change: number) => `${change >= 0 ? '+' : ''}${(change * 100).toFixed(0)}%`

export const fixed = (value: number | undefined, digits: number) =>
  value === undefined ? '–' : value.toFixed(digits)

/** The first column left-aligned, the others right-aligned, two spaces apart. */
export const table = (rows: string[][]) => {
  const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => row[column].length)))
  return rows
    .map((row) =>
      row
        .map((cell, column) =>
          column === 0 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
        )
        .join('  '),
    )
    .join('\n')
}

export const printTargets = (title: string, targets: Target[]) => {
  console.log(title)
  for (const target of targets) {
    console.log(`  ${target.pass ? 'PASS' : 'FAIL'}  ${target.name}: ${target.actual}`)
  }
}
