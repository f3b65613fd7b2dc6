import { type FormErrors, schemaResolver } from '@mantine/form';
import { emailSchema } from '@vault/contract';
import { z } from 'zod';
import { ApiError } from './api';

/**
 * The portal's forms hold their values in @mantine/form and check them with the contract's zod
 * schemas, the same rules the server applies, so a form never says "fine" to what the server
 * refuses. Focus moving to the first invalid field is done once for the document
 * (lib/focus-invalid.ts) and works for these forms as for any other.
 */
export const contractRules = (schema: Parameters<typeof schemaResolver>[0]) => schemaResolver(schema, { sync: true });

/**
 * The server's field errors (`details: [{ field, message }]`) put on the fields they name.
 * `fields` maps a server field name to the form's (the first segment of a dotted name is tried
 * too); names the form does not hold are left out. Null when none applies, so the caller shows
 * the error as one message instead.
 */
export function serverFieldErrors(err: unknown, fields: readonly string[] | Record<string, string>): FormErrors | null {
  if (!(err instanceof ApiError) || !Array.isArray(err.body.details)) return null;
  const map: Record<string, string> = Array.isArray(fields)
    ? Object.fromEntries(fields.map((f) => [f, f]))
    : (fields as Record<string, string>);
  const errors: FormErrors = {};
  for (const d of err.body.details) {
    if (!d || typeof d !== 'object') continue;
    const name = map[d.field] ?? map[d.field.split('.')[0] ?? ''];
    if (name && !errors[name]) errors[name] = d.message;
  }
  return Object.keys(errors).length > 0 ? errors : null;
}

const emailOnly = z.object({ email: emailSchema });
/** An e-mail field's check: missing, or not an address by the contract's rule. */
export const emailRules = (values: { email: string }): FormErrors =>
  values.email.trim() ? contractRules(emailOnly)(values) : { email: 'E-mail is required' };
