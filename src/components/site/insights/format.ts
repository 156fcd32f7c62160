/** Long US date, e.g. 'December 10, 2024' (the date is stored at noon UTC, so UTC is the day). */
export const longUsDate = (iso: string) =>
  new Date(iso).toLocaleDateString('en-US', {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    timeZone: 'UTC',
  })
