// `config` from zod's core, not `z` from 'zod': this module runs in the entry chunk, and the core's config
// is a few hundred bytes where `z` brings the whole library (the schemas themselves load with the pages
// that use them).
import { config } from 'zod/v4/core';

// Zod 4 compiles object parsers with `new Function` when it may, and finds out whether it may by trying once.
// Our Content-Security-Policy allows no eval (src/server/http/security-headers.ts), so in the browser the
// try fails, and the browser reports it as a CSP violation (a `securitypolicyviolation` event, and a report
// to any report-uri) on every page that builds a schema, though zod catches the error. Jitless, zod never
// tries: it parses as it would after the failed try, and the pages report no violation at all, so a real one
// (an injected script) stands out. Imported first by main.tsx, before any schema is built.
config({ jitless: true });
