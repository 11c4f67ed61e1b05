/**
 * Imported first by main.tsx, before any module builds a zod schema: zod probes `new Function` when a
 * schema is built or parsed unless it runs jitless, and the CSP's script-src refuses (and reports) it.
 */
import { z } from "zod";

z.config({ jitless: true });
