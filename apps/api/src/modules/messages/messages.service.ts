import {
  kindHasLink,
  MESSAGE_KIND_PLACEHOLDERS,
  MESSAGE_KINDS,
  MESSAGE_LOCALES,
  type MessageBranding,
  type MessageBrandingBody,
  type MessageKind,
  type MessageListQuery,
  type MessageLocale,
  type MessageLogoBody,
  type MessageOverrideBody,
  type MessagePreview,
  type MessageTemplateItem,
  overrideTextProblems,
  PEOPLE_FLAG_LABELS,
  type ServerMessage,
} from '@vault/contract';
import { enqueueJob, QUEUES } from '../../jobs/queue.js';
import { done } from '../../lib/accounts.js';
import { iso } from '../../lib/dates.js';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.js';
import { enqueueEmail, LINK_REMOVED } from '../../lib/outbox.js';
import { PngError, sanitizePng } from '../../lib/png.js';
import { svgLogoToPng } from '../../lib/svg-logo.js';
import { messageComposer } from '../../mail/messages.js';
import * as brandingRepo from '../../mail/messages.repo.js';
import { CATALOGS } from '../../mail/templates/catalog/index.js';
import type { MessageValues } from '../../mail/templates/render.js';
import { writeAudit } from '../../plugins/audit.js';
import type { AuthUser, OptionalSponsorContext, RequestContext } from '../../plugins/types.js';
import * as repo from './messages.repo.js';

/** Changing what people receive needs staff or the "Manage messages" flag (decision 0044). */
function requireManage(user: AuthUser) {
  if (user.role !== 'staff' && !user.permissions.hasManageMessagesAccess) {
    throw forbidden(
      `Your administrator account does not have the "${PEOPLE_FLAG_LABELS.hasManageMessagesAccess}" permission (hasManageMessagesAccess).`,
    );
  }
}

// ---------------------------------------------------------------- texts

export async function templates({ db, sponsor }: RequestContext): Promise<MessageTemplateItem[]> {
  const overrides = new Map((await brandingRepo.overridesOf(db, sponsor.id)).map((o) => [`${o.kind}:${o.locale}`, o]));
  return MESSAGE_KINDS.flatMap((kind) =>
    MESSAGE_LOCALES.map((locale) => {
      const texts = CATALOGS[locale].kinds[kind];
      const own = overrides.get(`${kind}:${locale}`);
      return {
        kind,
        locale,
        subject: own?.subject ?? texts.subject,
        intro: own?.intro ?? texts.intro,
        overridden: !!own,
        defaultSubject: texts.subject,
        defaultIntro: texts.intro,
        placeholders: [...MESSAGE_KIND_PLACEHOLDERS[kind]],
      };
    }),
  );
}

/** Field errors of an override: unknown placeholders, markup, a link lost or put in the subject. */
function overrideProblems(kind: MessageKind, body: MessageOverrideBody) {
  const details = [
    ...overrideTextProblems(kind, body.subject).map((message) => ({ field: 'subject', message })),
    ...overrideTextProblems(kind, body.intro).map((message) => ({ field: 'intro', message })),
  ];
  if (body.subject.includes('{link}'))
    details.push({ field: 'subject', message: 'A subject cannot hold {link}; put it in the opening text' });
  if (kindHasLink(kind) && !body.intro.includes('{link}')) {
    details.push({ field: 'intro', message: 'This message must keep its {link}: without it the person cannot act on it' });
  }
  return details;
}

export async function saveTemplate(ctx: RequestContext, kind: MessageKind, locale: MessageLocale, body: MessageOverrideBody) {
  requireManage(ctx.user);
  const details = overrideProblems(kind, body);
  if (details.length) throw badRequest('The message text has problems; nothing was saved.', details);
  await ctx.db.transaction(async (tx) => {
    await brandingRepo.saveOverride(tx, { sponsorId: ctx.sponsor.id, kind, locale, subject: body.subject, intro: body.intro });
    await writeAudit(tx, ctx.actor, {
      action: 'message_template.update',
      sponsorId: ctx.sponsor.id,
      targetType: 'message_template',
      targetId: `${kind}:${locale}`,
      logJson: { kind, locale, subject: body.subject, intro: body.intro },
    });
  });
  return (await templates(ctx)).find((t) => t.kind === kind && t.locale === locale)!;
}

export async function resetTemplate(ctx: RequestContext, kind: MessageKind, locale: MessageLocale) {
  requireManage(ctx.user);
  await ctx.db.transaction(async (tx) => {
    const removed = await brandingRepo.deleteOverride(tx, ctx.sponsor.id, kind, locale);
    if (!removed) throw notFound('An override of this message');
    await writeAudit(tx, ctx.actor, {
      action: 'message_template.reset',
      sponsorId: ctx.sponsor.id,
      targetType: 'message_template',
      targetId: `${kind}:${locale}`,
      logJson: { kind, locale, subject: { from: removed.subject, to: null }, intro: { from: removed.intro, to: null } },
    });
  });
  return (await templates(ctx)).find((t) => t.kind === kind && t.locale === locale)!;
}

// ---------------------------------------------------------------- branding

/** Without a portal, the service's defaults: only staff read and set them. */
function brandingOwner(ctx: OptionalSponsorContext): number | null {
  if (ctx.sponsor) return ctx.sponsor.id;
  if (ctx.user.role !== 'staff') throw badRequest('Please choose a Portal.');
  return null;
}

export async function branding(ctx: OptionalSponsorContext): Promise<MessageBranding> {
  const owner = brandingOwner(ctx);
  const { portal, service } = await brandingRepo.brandingRows(ctx.db, owner);
  const row = owner === null ? service : portal;
  return {
    displayName: row?.displayName ?? null,
    accentColor: row?.accentColor ?? null,
    replyTo: row?.replyTo ?? null,
    footer: row?.footer ?? null,
    timeZone: row?.timeZone ?? null,
    hasLogo: !!row?.logoType,
  };
}

export async function saveBranding(ctx: OptionalSponsorContext, body: MessageBrandingBody): Promise<MessageBranding> {
  requireManage(ctx.user);
  const owner = brandingOwner(ctx);
  const before = await branding(ctx);
  await ctx.db.transaction(async (tx) => {
    await brandingRepo.saveBranding(tx, owner, body);
    const changed = Object.fromEntries(
      (Object.keys(body) as (keyof MessageBrandingBody)[])
        .filter((k) => body[k] !== before[k])
        .map((k) => [k, { from: before[k], to: body[k] }]),
    );
    await writeAudit(tx, ctx.actor, {
      action: 'message_branding.update',
      sponsorId: owner,
      targetType: 'message_branding',
      targetId: owner ?? 'service',
      logJson: changed,
    });
  });
  return branding(ctx);
}

export async function saveLogo(ctx: OptionalSponsorContext, upload: MessageLogoBody): Promise<MessageBranding> {
  requireManage(ctx.user);
  const owner = brandingOwner(ctx);
  let image: ReturnType<typeof sanitizePng>;
  try {
    const file = Buffer.from(upload.data, 'base64');
    // An SVG is kept as the PNG drawn from it: what messages show, with nothing of the document.
    image = sanitizePng(upload.contentType === 'image/svg+xml' ? svgLogoToPng(file) : file);
  } catch (err) {
    if (err instanceof PngError) throw badRequest(err.message, [{ field: 'data', message: err.message }]);
    throw err;
  }
  await ctx.db.transaction(async (tx) => {
    await brandingRepo.saveLogo(tx, owner, image.png);
    await writeAudit(tx, ctx.actor, {
      action: 'message_branding.logo',
      sponsorId: owner,
      targetType: 'message_branding',
      targetId: owner ?? 'service',
      logJson: { from: upload.contentType, bytes: image.png.length, width: image.width, height: image.height },
    });
  });
  return branding(ctx);
}

export async function deleteLogo(ctx: OptionalSponsorContext): Promise<MessageBranding> {
  requireManage(ctx.user);
  const owner = brandingOwner(ctx);
  await ctx.db.transaction(async (tx) => {
    if (!(await brandingRepo.clearLogo(tx, owner))) throw notFound('The logo');
    await writeAudit(tx, ctx.actor, {
      action: 'message_branding.logo_delete',
      sponsorId: owner,
      targetType: 'message_branding',
      targetId: owner ?? 'service',
    });
  });
  return branding(ctx);
}

export const logoImage = brandingRepo.logo;

// ---------------------------------------------------------------- preview and test

/** What a preview or a test shows: the viewer's own name, and a link that only opens the sign-in page. */
function sampleValues(ctx: RequestContext): Omit<MessageValues, 'portalName'> {
  const base = ctx.publicUrl.replace(/\/$/, '');
  return {
    firstName: ctx.user.firstName,
    inviteCode: 'SAMPLE-CODE',
    link: `${base}/login`,
    expiry: new Date(Date.now() + 72 * 3600_000),
    fileName: 'statement-2026.pdf',
    uploadedAt: new Date(),
    reason: 'too_large',
    webhookUrl: 'https://hooks.example.com/vault-events',
  };
}

export async function preview(ctx: RequestContext, kind: MessageKind, locale: MessageLocale): Promise<MessagePreview> {
  const compose = await messageComposer(ctx.db, ctx.sponsor.id, ctx.publicUrl);
  const m = await compose(kind, { to: ctx.user.email, localize: locale }, sampleValues(ctx));
  return { kind, locale, subject: m.subject, html: m.html!, text: m.text };
}

export async function sendTest(ctx: RequestContext, kind: MessageKind, locale: MessageLocale): Promise<ServerMessage> {
  requireManage(ctx.user);
  return ctx.db.transaction(async (tx) => {
    const compose = await messageComposer(tx, ctx.sponsor.id, ctx.publicUrl);
    const mail = await compose(kind, { to: ctx.user.email, localize: locale }, sampleValues(ctx));
    const id = await enqueueEmail(tx, { ...mail, subject: `[Test] ${mail.subject}` });
    await writeAudit(tx, ctx.actor, {
      action: 'message.test',
      sponsorId: ctx.sponsor.id,
      targetType: 'message',
      targetId: id,
      logJson: { kind, locale },
    });
    return done(`A test of this message was queued for ${ctx.user.email}.`, { id });
  });
}

// ---------------------------------------------------------------- the Messages list

export async function list(ctx: RequestContext, q: MessageListQuery) {
  const { rows, total } = await repo.list(ctx.db, { ...q, sponsorId: ctx.sponsor.id });
  return {
    data: rows.map((r) => ({
      id: r.id,
      kind: r.kind,
      toAddress: r.toAddress,
      subject: r.subject,
      locale: r.locale,
      status: r.status,
      attempts: r.attempts,
      lastError: r.lastError,
      createdAt: iso(r.createdAt),
      sentAt: iso(r.sentAt),
      nextAttemptAt: r.status === 'queued' || r.status === 'retrying' ? iso(r.nextAttemptAt) : null,
    })),
    total,
  };
}

/**
 * Sends a message again: a waiting or given-up one is offered to the worker now; a sent one is
 * queued as a new copy. A message whose single-use link was removed once it left cannot carry it
 * again: the person's own action sends a new link.
 */
export async function sendAgain(ctx: RequestContext, id: number): Promise<ServerMessage> {
  requireManage(ctx.user);
  return ctx.db.transaction(async (tx) => {
    const row = await repo.findInSponsor(tx, ctx.sponsor.id, id);
    if (!row) throw notFound('The message');
    if (row.status === 'sending') throw conflict('This message is being sent right now.');
    if (row.bodyText.includes(LINK_REMOVED)) {
      throw conflict(
        'This message carried a single-use link, removed once it left the outbox. Send a new one from the person: Resend activation, Send password reset or Resend invitation.',
      );
    }
    let queued = id;
    if (row.status === 'sent') {
      queued = await enqueueEmail(tx, {
        to: row.toAddress,
        subject: row.subject,
        text: row.bodyText,
        html: row.bodyHtml,
        locale: row.locale as MessageLocale,
        replyTo: row.replyTo,
        template: row.kind,
        sponsorId: ctx.sponsor.id,
      });
    } else {
      await repo.requeue(tx, id);
      await enqueueJob(tx, QUEUES.email, { outboxId: id });
    }
    await writeAudit(tx, ctx.actor, {
      action: 'message.send_again',
      sponsorId: ctx.sponsor.id,
      targetType: 'message',
      targetId: id,
      logJson: { kind: row.kind, status: { from: row.status, to: 'queued' }, queuedId: queued },
    });
    return done(`The message to ${row.toAddress} is queued again.`, { id: queued });
  });
}
