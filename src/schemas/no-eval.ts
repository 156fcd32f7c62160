import { z } from 'zod'

// In the browser, no compiled validators: zod's probe for `new Function` is a violation of the
// Content-Security-Policy (no 'unsafe-eval'; decision 55). The server keeps the faster path.
// Every schema module imports it (directly or through common.ts).
if (typeof window !== 'undefined') z.config({ jitless: true })
