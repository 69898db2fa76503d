import { z } from 'zod';

/**
 * In a browser the portal's Content-Security-Policy allows no eval (script-src 'self'). zod probes for
 * `new Function` (its JIT) when the first object schema is built, and the browser reports that probe as a CSP
 * violation even though zod catches it. Every contracts module that builds schemas imports this one first, so
 * jitless mode is set before any schema exists, whatever order the bundler gives the chunks. On the server zod
 * keeps its JIT.
 */
if (typeof document !== 'undefined') z.config({ jitless: true });
