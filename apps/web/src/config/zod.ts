import { config } from "zod";

// zod compiles object parsers with `new Function` after probing whether eval is allowed. The server's
// CSP forbids eval, so the probe itself is a CSP violation (and a console error) on every page that
// parses. Switched off before any schema parses: this module is main.tsx's first import.
config({ jitless: true });
