import { z } from 'zod';

/*
 * Label printers the workstation knows (docs/labels.md): their profiles come from the bridge's
 * configuration, never from a caller, and a print goes only to the address configured for the
 * printer named. The ZPL itself is rendered by the server (from a print job's frozen snapshot);
 * the bridge only carries it.
 */

/** Print resolutions of ZPL printers: 8, 12 and 24 dots per millimetre. */
export const PRINTER_DPIS = [203, 300, 600] as const;

/** How the bridge reaches a printer: raw TCP (port 9100) or the workstation's print queue (USB). */
export const PRINTER_CONNECTIONS = ['network', 'queue'] as const;

/** A printer's name as configured (what the console shows and passes back). */
export const printerNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/, 'letters, digits, dot, dash, underscore; up to 64');

export const printerProfileSchema = z.object({
  dpi: z.union(PRINTER_DPIS.map((d) => z.literal(d))),
  /** Label stock size in millimetres. */
  widthMm: z.number().min(10).max(220),
  heightMm: z.number().min(5).max(400),
  /** Where the label starts, in dots (`^LH`): the stock's margin on this printer. */
  offsetXDots: z.int().min(-120).max(120),
  offsetYDots: z.int().min(-120).max(120),
  /** Print darkness `~SD` 0-30. */
  darkness: z.int().min(0).max(30),
  /** The printer has a CJK font loaded (Chinese on kit-box labels); otherwise labels print ASCII only. */
  cjkFont: z.boolean(),
});

export const printerInfoSchema = z.object({
  name: printerNameSchema,
  connection: z.enum(PRINTER_CONNECTIONS),
  /** `host:port` of a network printer or the queue's name; shown on support screens. */
  address: z.string(),
  profile: printerProfileSchema,
});
export type PrinterInfo = z.infer<typeof printerInfoSchema>;

/** Largest ZPL one call carries (a 2,000-label job of the server's templates fits in well under this). */
export const MAX_ZPL_CHARS = 4_000_000;
