import { config } from 'zod/v4/core';

// Zod 4 compiles object parsers with `new Function` when it may, and finds out whether it may by trying once,
// when the first object schema is made. Our Content-Security-Policy allows no eval
// (src/server/http/security-headers.ts), so in the browser the try fails and the browser reports a CSP violation
// (a `securitypolicyviolation` event, and a report to any report-uri), though zod catches the error. Jitless, zod
// never tries: it parses as it would after the failed try, and a real violation (an injected script) stands out.
//
// This must run before any schema is made, and a chunk's own code runs after the chunks it imports (where
// schemas are made at module level): so the build puts this module in zod's own chunk (vite.config.ts), which
// every chunk that makes a schema imports first.
config({ jitless: true });
