/**
 * Console errors other than a resource 404. The site has no favicon yet, and Chromium's own
 * /favicon.ico probe logs a 404 that no page requested; tests that care about missing assets
 * check the page's responses instead.
 */
export const realErrors = (errors: string[]) =>
  errors.filter((error) => !error.includes('status of 404'))
