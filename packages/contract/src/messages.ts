import { z } from 'zod';
import { emailSchema, offsetParam } from './common.js';
import { MAX_PAGE_SIZE, PAGE_SIZE } from './constants.js';
import { isTimeZone } from './display-dates.js';
import { PEOPLE_LOCALES } from './people.js';

/**
 * The e-mails the service sends (issue 34). Each kind has an HTML and a plain-text body in every
 * offered language; a portal may override the subject and the opening text per kind and language.
 */
export const MESSAGE_KINDS = [
  'invitation',
  'activation',
  'password_reset',
  'resend_activation',
  'failed_upload_retry',
  'mfa_reset_notice',
  'sso_only_notice',
  'webhook_disabled',
] as const;
export type MessageKind = (typeof MESSAGE_KINDS)[number];
export const messageKindSchema = z.enum(MESSAGE_KINDS);

export const MESSAGE_KIND_LABELS: Record<MessageKind, string> = {
  invitation: 'Invitation',
  activation: 'Activation',
  password_reset: 'Password reset',
  resend_activation: 'Resend activation',
  failed_upload_retry: 'Failed-upload request',
  mfa_reset_notice: 'Second-factor reset notice',
  sso_only_notice: 'Single sign-on notice',
  webhook_disabled: 'Webhook turned off',
};

export const MESSAGE_LOCALES = PEOPLE_LOCALES.map((l) => l.value);
export type MessageLocale = (typeof PEOPLE_LOCALES)[number]['value'];
export const messageLocaleSchema = z.enum(MESSAGE_LOCALES as [MessageLocale, ...MessageLocale[]]);

/** The only placeholders an override may use. */
export const MESSAGE_PLACEHOLDERS = ['firstName', 'portalName', 'inviteCode', 'link', 'expiry'] as const;
export type MessagePlaceholder = (typeof MESSAGE_PLACEHOLDERS)[number];

/** Which placeholders each kind fills, and whether it carries a link that an override must keep. */
export const MESSAGE_KIND_PLACEHOLDERS: Record<MessageKind, readonly MessagePlaceholder[]> = {
  invitation: ['firstName', 'portalName', 'inviteCode', 'link', 'expiry'],
  activation: ['firstName', 'portalName', 'link', 'expiry'],
  password_reset: ['firstName', 'portalName', 'link', 'expiry'],
  resend_activation: ['firstName', 'portalName', 'link', 'expiry'],
  failed_upload_retry: ['firstName', 'portalName'],
  mfa_reset_notice: ['firstName', 'portalName', 'link'],
  sso_only_notice: ['firstName', 'portalName', 'link'],
  webhook_disabled: ['firstName', 'portalName', 'link'],
};
export const kindHasLink = (kind: MessageKind) => MESSAGE_KIND_PLACEHOLDERS[kind].includes('link');

const PLACEHOLDER_RE = /\{([^{}]*)\}/g;

/**
 * The problems of an override text: a placeholder outside the fixed list or not filled for this
 * kind, a brace left open, markup. Empty when the text is fine.
 */
export function overrideTextProblems(kind: MessageKind, text: string): string[] {
  const problems: string[] = [];
  const known = MESSAGE_KIND_PLACEHOLDERS[kind];
  for (const m of text.matchAll(PLACEHOLDER_RE)) {
    const name = m[1]!;
    if (!known.includes(name as MessagePlaceholder)) {
      problems.push(`{${name}} is not a placeholder of this message; use ${known.map((p) => `{${p}}`).join(', ')}`);
    }
  }
  const unmatched = text.replace(PLACEHOLDER_RE, '');
  if (/[{}]/.test(unmatched)) problems.push('A brace is not closed: write placeholders as {firstName}');
  if (/[<>]/.test(text)) problems.push('HTML is not allowed; write plain text');
  return problems;
}

const overrideText = (label: string, max: number) => z.string().trim().max(max, `${label} must be at most ${max} characters`);

export const messageOverrideBody = z.strictObject({
  subject: overrideText('Subject', 200).min(1, 'Subject is required'),
  intro: overrideText('Opening text', 2000).min(1, 'Opening text is required'),
});
export type MessageOverrideBody = z.infer<typeof messageOverrideBody>;

export const messageTemplateItem = z.object({
  kind: messageKindSchema,
  locale: messageLocaleSchema,
  subject: z.string(),
  intro: z.string(),
  /** True when the portal overrides the default subject and opening text. */
  overridden: z.boolean(),
  defaultSubject: z.string(),
  defaultIntro: z.string(),
  placeholders: z.array(z.string()),
});
export type MessageTemplateItem = z.infer<typeof messageTemplateItem>;

export const messageTemplateList = z.object({ data: z.array(messageTemplateItem) });

const HEX_COLOUR = /^#[0-9a-fA-F]{6}$/;

export const messageBranding = z.object({
  /** Null on a portal: the service's default applies. */
  displayName: z.string().nullable(),
  accentColor: z.string().nullable(),
  replyTo: z.string().nullable(),
  footer: z.string().nullable(),
  timeZone: z.string().nullable(),
  hasLogo: z.boolean(),
});
export type MessageBranding = z.infer<typeof messageBranding>;

/** WCAG contrast ratio of white text on a #RRGGBB colour (the message's button and header line). */
export function contrastWithWhite(hex: string): number {
  const channel = (i: number) => {
    const c = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const luminance = 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
  return 1.05 / (luminance + 0.05);
}

const emptyToNull = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? null : v);

export const messageBrandingBody = z.strictObject({
  displayName: z.preprocess(emptyToNull, z.string().trim().max(100, 'Display name must be at most 100 characters').nullable()),
  accentColor: z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .regex(HEX_COLOUR, 'Enter a colour as #RRGGBB, for example #1971c2')
      .refine((v) => contrastWithWhite(v) >= 4.5, 'White text on this colour is hard to read; choose a darker colour')
      .nullable(),
  ),
  replyTo: z.preprocess(emptyToNull, emailSchema.nullable()),
  footer: z.preprocess(
    emptyToNull,
    z
      .string()
      .trim()
      .max(500, 'Footer must be at most 500 characters')
      .refine((v) => !/[<>]/.test(v), 'HTML is not allowed; write plain text')
      .nullable(),
  ),
  timeZone: z.preprocess(emptyToNull, z.string().trim().max(64).refine(isTimeZone, 'Choose a time zone such as Europe/Paris').nullable()),
});
export type MessageBrandingBody = z.infer<typeof messageBrandingBody>;

export const messagePreviewQuery = z.strictObject({
  kind: messageKindSchema,
  locale: messageLocaleSchema,
});

export const messagePreview = z.object({
  kind: messageKindSchema,
  locale: messageLocaleSchema,
  subject: z.string(),
  html: z.string(),
  text: z.string(),
});
export type MessagePreview = z.infer<typeof messagePreview>;

export const LOGO_MAX_BYTES = 200 * 1024;

export const messageLogoBody = z.strictObject({
  contentType: z.enum(['image/png', 'image/svg+xml'], { error: 'Upload the logo as a PNG or SVG image' }),
  /** The image, base64. */
  data: z
    .string()
    .max(Math.ceil(LOGO_MAX_BYTES / 3) * 4 + 4, `The logo must be at most ${LOGO_MAX_BYTES / 1024} KB`)
    .regex(/^[A-Za-z0-9+/]+=*$/, 'The logo is not base64 data'),
});
export type MessageLogoBody = z.infer<typeof messageLogoBody>;

/** A portal's messages as the Messages list shows them; 'retrying' is a queued message that failed before. */
export const MESSAGE_STATUSES = ['queued', 'retrying', 'sending', 'sent', 'failed'] as const;
export type MessageStatus = (typeof MESSAGE_STATUSES)[number];
export const MESSAGE_STATUS_LABELS: Record<MessageStatus, string> = {
  queued: 'Queued',
  retrying: 'Retrying',
  sending: 'Sending',
  sent: 'Sent',
  failed: 'Failed',
};

export const messageListQuery = z.object({
  sponsorId: z.coerce.number().int().min(0),
  offset: offsetParam,
  limit: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
  /** Part of the recipient's address. */
  search: z.string().trim().max(200, 'Search text is too long').optional(),
  /** The recipient's whole address (a person's page): messages sent to exactly this address. */
  to: emailSchema.optional(),
  kind: messageKindSchema.optional(),
  status: z.enum(MESSAGE_STATUSES).optional(),
});
export type MessageListQuery = z.infer<typeof messageListQuery>;

export const messageItem = z.object({
  id: z.number().int(),
  kind: z.string(),
  toAddress: z.string(),
  subject: z.string(),
  locale: z.string(),
  status: z.enum(MESSAGE_STATUSES),
  attempts: z.number().int(),
  /** The mail server's answer to the last failed attempt. */
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string().nullable(),
});
export type MessageItem = z.infer<typeof messageItem>;

export const messageIdParams = z.strictObject({ id: z.coerce.number().int().min(1) });

export const messageSponsorQuery = z.object({ sponsorId: z.coerce.number().int().min(0) });
/** Branding is read and written for a portal, or without sponsorId for the service's defaults (staff). */
export const messageBrandingQuery = z.object({ sponsorId: z.coerce.number().int().min(0).optional() });

export const messageTestBody = z.strictObject({ kind: messageKindSchema, locale: messageLocaleSchema });
