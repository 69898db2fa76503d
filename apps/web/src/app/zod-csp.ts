// zod's core config alone: the first route's script loads no schema library (issue 10).
import { config } from 'zod/v4/core';

/**
 * The portal's Content-Security-Policy allows no eval (script-src 'self'; platform/security-headers.ts). zod's
 * object parser probes for `new Function` (its JIT) when the first object schema is built, and the browser reports
 * that probe as a CSP violation even though zod catches it. Jitless mode skips the probe; it must be set before any
 * schema is built, so main.tsx imports this module first.
 */
config({ jitless: true });
