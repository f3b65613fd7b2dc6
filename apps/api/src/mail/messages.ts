import type { MessageKind } from '@vault/contract';
import type { Db } from '../db/client.js';
import { enqueueEmail, type OutgoingEmail } from '../lib/outbox.js';
import * as repo from './messages.repo.js';
import { messageLocale } from './templates/catalog/index.js';
import { type Branding, type MessageValues, renderMessage } from './templates/render.js';

/** Mantine's blue 8: white text on it reads at 4.9:1 (WCAG AA). */
export const DEFAULT_ACCENT = '#1971c2';
export const SERVICE_NAME = 'Vault';

export interface Recipient {
  to: string;
  /** The person's `localize`; a language without texts reads English. */
  localize: string | null | undefined;
}

export interface PortalLook {
  portalName: string;
  branding: Branding;
  replyTo: string | null;
  overrides: Map<string, { subject: string; intro: string }>;
}

const logoPath = (sponsorId: number | null) => `/api/v1/message-logos/${sponsorId ?? 'service'}.png`;

/** The portal's look over the service's defaults over the built-in ones. */
export async function portalLook(db: Db, sponsorId: number | null, publicUrl: string): Promise<PortalLook> {
  const [{ portal, service }, name, overrides] = await Promise.all([
    repo.brandingRows(db, sponsorId),
    sponsorId === null ? null : repo.sponsorName(db, sponsorId),
    sponsorId === null ? [] : repo.overridesOf(db, sponsorId),
  ]);
  const logoOwner = portal?.logoType ? portal : service?.logoType ? service : null;
  const base = publicUrl.replace(/\/$/, '');
  return {
    portalName: portal?.displayName ?? name ?? service?.displayName ?? SERVICE_NAME,
    branding: {
      accentColor: portal?.accentColor ?? service?.accentColor ?? DEFAULT_ACCENT,
      logoUrl: logoOwner ? `${base}${logoPath(logoOwner.sponsorId)}?v=${logoOwner.updatedAt.getTime()}` : null,
      footer: portal?.footer ?? service?.footer ?? null,
      timeZone: portal?.timeZone ?? service?.timeZone ?? 'UTC',
    },
    replyTo: portal?.replyTo ?? service?.replyTo ?? null,
    overrides: new Map(overrides.map((o) => [`${o.kind}:${o.locale}`, { subject: o.subject, intro: o.intro }])),
  };
}

/**
 * Builds the messages of one portal: its look is read once, so an import that invites ten
 * thousand people reads it once too.
 */
export type MessageComposer = Awaited<ReturnType<typeof messageComposer>>;

export async function messageComposer(db: Db, sponsorId: number | null, publicUrl: string) {
  const look = await portalLook(db, sponsorId, publicUrl);
  return async (kind: MessageKind, to: Recipient, values: Omit<MessageValues, 'portalName'>): Promise<OutgoingEmail> => {
    const locale = messageLocale(to.localize);
    const rendered = await renderMessage({
      kind,
      locale,
      values: { ...values, portalName: look.portalName },
      branding: look.branding,
      override: look.overrides.get(`${kind}:${locale}`) ?? null,
    });
    return {
      to: to.to,
      sponsorId,
      template: kind,
      subject: rendered.subject,
      text: rendered.text,
      html: rendered.html,
      locale,
      replyTo: look.replyTo,
    };
  };
}

/** Renders one message in its recipient's language and queues it in the caller's transaction. */
export async function queueMessage(
  db: Db,
  opts: { publicUrl: string; sponsorId: number | null; kind: MessageKind; to: Recipient; values: Omit<MessageValues, 'portalName'> },
): Promise<number> {
  const compose = await messageComposer(db, opts.sponsorId, opts.publicUrl);
  return enqueueEmail(db, await compose(opts.kind, opts.to, opts.values));
}

export const recipientLocale = repo.userLocale;
