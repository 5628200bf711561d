import { config } from "zod/v4";

// zod compiles object parsers with `new Function` after probing whether eval is allowed. The server's
// CSP forbids eval, so the probe itself is a CSP violation (and a console error) on every page that
// parses. The web build resolves every `import … from "zod"` to this module (vite.config.ts), so zod
// is switched off its compiler before any schema is made, and loads only with the code that uses it.
config({ jitless: true });

export * from "zod/v4";
export { default, z } from "zod/v4";
