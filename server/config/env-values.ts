/**
 * How every slice of the configuration reads a variable: the zod pieces they share, so that `true`, an unset
 * variable and a URL read the same whichever module declares them. Each slice declares its variables as a zod shape
 * (`{ NAME: schema }`); server/config.ts puts the shapes together and parses the environment once.
 */
import { z } from 'zod'

/** The parsed values of a slice's variables. */
export type EnvOf<Shape extends z.ZodRawShape> = z.infer<z.ZodObject<Shape>>

export const booleanFromEnv = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes')

/** An unset variable reads as absent (empty ones never get here: see `withoutEmptyVariables` in config.ts). */
export const optionalText = z
  .string()
  .optional()
  .transform((v) => (v?.trim() ? v.trim() : undefined))

export const optionalUrl = optionalText.pipe(z.url().optional())
