import { z } from 'zod';

/*
 * SAML 2.0 sign-in (issue 32, decision 0039): what the identity provider posts to the portal's
 * assertion consumer service (HTTP-POST binding, application/x-www-form-urlencoded).
 */

/** A SAMLResponse larger than this (base64) is refused; real ones are a few kilobytes. */
export const SAML_RESPONSE_MAX_CHARS = 512 * 1024;

export const samlAcsBody = z.strictObject({
  SAMLResponse: z.string().min(1).max(SAML_RESPONSE_MAX_CHARS),
  /** The portal's own random value, echoed back; an IdP-initiated answer may send anything or nothing. */
  RelayState: z.string().max(1024).optional(),
});
export type SamlAcsBody = z.infer<typeof samlAcsBody>;
