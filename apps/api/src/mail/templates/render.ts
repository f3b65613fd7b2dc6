import type { MessageKind, MessageLocale } from '@vault/contract';
import { IntlMessageFormat } from 'intl-messageformat';
import { CATALOGS, DATE_LOCALE } from './catalog/index.js';
import { type Block, escapeHtml, renderHtml } from './layout.js';

/** What a message may say about its recipient and its reason; the override placeholders are a subset. */
export interface MessageValues {
  firstName?: string | null;
  portalName: string;
  inviteCode?: string;
  link?: string;
  expiry?: Date | null;
  fileName?: string;
  uploadedAt?: Date;
  reason?: string;
  webhookUrl?: string;
}

export interface Branding {
  accentColor: string;
  logoUrl: string | null;
  footer: string | null;
  timeZone: string;
}

export interface RenderInput {
  kind: MessageKind;
  locale: MessageLocale;
  values: MessageValues;
  branding: Branding;
  /** The portal's own subject and opening text for this kind and language. */
  override?: { subject: string; intro: string } | null;
}

export interface RenderedMessage {
  subject: string;
  html: string;
  text: string;
  locale: MessageLocale;
}

const LINK_MARK = '\u0000link\u0000';

function formatter(locale: MessageLocale, timeZone: string) {
  const dates = new Intl.DateTimeFormat(DATE_LOCALE[locale], {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  });
  return (values: MessageValues) => {
    const args: Record<string, string> = {
      firstName: values.firstName ?? '',
      portalName: values.portalName,
      inviteCode: values.inviteCode ?? '',
      link: LINK_MARK,
      expiry: values.expiry ? dates.format(values.expiry) : '',
      fileName: values.fileName ?? '',
      uploadedAt: values.uploadedAt ? dates.format(values.uploadedAt) : '',
      reason: values.reason ?? 'other',
      webhookUrl: values.webhookUrl ?? '',
    };
    return (message: string) => String(new IntlMessageFormat(message, DATE_LOCALE[locale]).format(args));
  };
}

/**
 * A message of one kind in one language: the subject, a whole HTML document and a plain-text part
 * that says the same. Texts come from the catalogue (or the portal's override); values are escaped
 * in the HTML, and `{link}` is drawn as the button when it stands alone, as a link otherwise.
 */
export async function renderMessage(input: RenderInput): Promise<RenderedMessage> {
  const { kind, locale, values, branding } = input;
  const catalog = CATALOGS[locale];
  const texts = catalog.kinds[kind];
  const format = formatter(locale, branding.timeZone)(values);
  const link = values.link ?? '';

  const html: Block[] = [];
  const text: string[] = [];
  const para = (raw: string, type: 'p' | 'small' = 'p') => {
    const out = format(raw);
    text.push(out.replaceAll(LINK_MARK, link));
    const anchored = escapeHtml(out).replaceAll(LINK_MARK, `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`);
    html.push({ type, html: anchored });
  };

  para(values.firstName ? catalog.greetingNamed : catalog.greeting);
  const intro = input.override?.intro ?? texts.intro;
  for (const p of intro.split(/\n\s*\n/)) {
    if (p.trim() === '{link}' && link) {
      html.push({ type: 'button', label: format(texts.action ?? ''), href: link });
      html.push({
        type: 'small',
        html: `${escapeHtml(format(catalog.linkFallback))}<br><a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`,
      });
      text.push(link);
    } else if (p.trim()) para(p.trim());
  }
  for (const d of texts.details ?? []) {
    if (typeof d === 'string') para(d);
    else if (values[d.needs]) para(d.text);
  }
  if (link && !texts.notice) para(catalog.ignore, 'small');

  const subject = format(input.override?.subject ?? texts.subject).replaceAll(LINK_MARK, '');
  const footer = branding.footer ?? format(catalog.footer);
  text.push('--', footer);
  return {
    subject,
    locale,
    text: `${text.join('\n\n')}\n`,
    html: await renderHtml(html, {
      lang: DATE_LOCALE[locale],
      title: subject,
      accentColor: branding.accentColor,
      logoUrl: branding.logoUrl,
      portalName: values.portalName,
      footerHtml: escapeHtml(footer).replace(/\n/g, '<br>'),
    }),
  };
}
