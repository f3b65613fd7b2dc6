import { MESSAGE_KIND_PLACEHOLDERS, MESSAGE_KINDS, MESSAGE_LOCALES, type MessageKind, type MessageLocale } from '@vault/contract';
import { describe, expect, it } from 'vitest';
import { CATALOGS, messageLocale } from './catalog/index.js';
import { type Branding, type MessageValues, renderMessage } from './render.js';

const branding: Branding = { accentColor: '#1971c2', logoUrl: null, footer: null, timeZone: 'America/Toronto' };
const values: MessageValues = {
  firstName: 'Zoé',
  portalName: 'Acme & Fils',
  inviteCode: 'INV-2931',
  link: 'https://vault.example.com/signup?code=INV-2931&email=zoe%40example.com',
  expiry: new Date('2031-11-24T18:05:00Z'),
  fileName: 'taxes-2030.pdf',
  uploadedAt: new Date('2031-03-02T09:30:00Z'),
  reason: 'virus',
  webhookUrl: 'https://hooks.example.com/vault',
};
const render = (kind: MessageKind, locale: MessageLocale, v: MessageValues = values, override?: { subject: string; intro: string }) =>
  renderMessage({ kind, locale, values: v, branding, override });

/** Every sentence of the English defaults that holds words (not only a placeholder or a link). */
const englishSentences = (kind: MessageKind) => {
  const en = CATALOGS.en;
  const texts = en.kinds[kind];
  return [en.greeting, en.linkFallback, en.ignore, en.footer, texts.subject, texts.intro, texts.action ?? '']
    .concat((texts.details ?? []).map((d) => (typeof d === 'string' ? d : d.text)))
    .flatMap((t) => t.replace(/\{[^{}]*\{[^}]*\}[^{}]*\}|\{[^{}]*\}/g, '|').split(/[\n.:!?|]+/))
    .map((s) => s.trim())
    .filter((s) => s.split(/\s+/).length >= 3);
};

describe('every kind of message in every offered language', () => {
  for (const kind of MESSAGE_KINDS) {
    for (const locale of MESSAGE_LOCALES) {
      it(`${kind} in ${locale}: subject, whole HTML document and plain text, every placeholder filled`, async () => {
        const m = await render(kind, locale);
        expect(m.locale).toBe(locale);
        for (const part of [m.subject, m.text, m.html]) {
          expect(part).not.toMatch(/\{[a-zA-Z]+\}|%%VAULT_|undefined|\[object/);
        }
        expect(m.html).toMatch(new RegExp(`^<!doctype html>\\s*<html lang="${locale === 'fr' ? 'fr-CA' : locale}"`, 'i'));
        expect(m.html).toContain(`<title>${m.subject.replaceAll('&', '&amp;').replaceAll('"', '&quot;')}</title>`);
        // The values as given, escaped in the HTML.
        expect(m.text).toContain('Acme & Fils');
        expect(m.html).toContain('Acme &amp; Fils');
        expect(m.html).not.toContain('Acme & Fils');
        const uses = MESSAGE_KIND_PLACEHOLDERS[kind];
        if (uses.includes('link')) {
          expect(m.text).toContain(values.link);
          expect(m.html).toContain(`href="${values.link!.replaceAll('&', '&amp;')}"`);
        } else expect(m.text).not.toContain('https://');
        if (uses.includes('inviteCode')) expect(m.text).toContain('INV-2931');
        if (uses.includes('expiry')) expect(m.text).toMatch(/2031/);
        if (kind === 'failed_upload_retry') expect(m.text).toContain('taxes-2030.pdf');
        if (kind === 'webhook_disabled') expect(m.text).toContain(values.webhookUrl);
        // A notice to the portal's own administrators does not tell them they may ignore it.
        const ignore = (await render('activation', locale)).text.split('\n\n').at(-3)!;
        if (CATALOGS[locale].kinds[kind].notice) expect(m.text).not.toContain(ignore);
        else if (uses.includes('link')) expect(m.text).toContain(ignore);
        // The plain-text part says what the HTML says: each of its paragraphs is in the HTML.
        for (const p of m.text.split('\n\n').filter((p) => p && p !== '--')) {
          const escaped = p.trim().replaceAll('&', '&amp;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
          if (p.trim() !== values.link) expect(m.html).toContain(escaped.split('\n')[0]);
        }
      });
    }
  }

  it('a French message holds no English sentence of the default texts', async () => {
    for (const kind of MESSAGE_KINDS) {
      const m = await render(kind, 'fr');
      for (const sentence of englishSentences(kind)) {
        expect(m.text, `${kind}: "${sentence}"`).not.toContain(sentence);
        expect(m.subject).not.toContain(sentence);
      }
    }
  });

  it('writes dates in the language and the portal time zone, naming the zone', async () => {
    const en = await render('invitation', 'en');
    const fr = await render('invitation', 'fr');
    // 18:05 UTC is 13:05 in Toronto in November.
    expect(en.text).toContain('November 24, 2031 at 1:05 PM EST');
    expect(fr.text).toContain('24 novembre 2031 à 13 h 05 HNE');
  });

  it('a person without a first name is greeted without one; a language without texts reads English', async () => {
    const m = await render('activation', 'de', { ...values, firstName: null });
    expect(m.text.startsWith('Hallo,\n')).toBe(true);
    expect(messageLocale('pt-BR')).toBe('en');
    expect(messageLocale('fr-CA')).toBe('fr');
  });

  it('draws a lone {link} as the button and escapes what people wrote', async () => {
    const m = await render(
      'activation',
      'en',
      { ...values, firstName: '<script>alert(1)</script>' },
      {
        subject: 'Welcome to {portalName}, {firstName}',
        intro: 'Your advisor opened an account for you.\n\n{link}\n\nQuestions? Reply to this message.',
      },
    );
    expect(m.subject).toBe('Welcome to Acme & Fils, <script>alert(1)</script>');
    expect(m.html).not.toContain('<script>');
    expect(m.html).toContain('&lt;script&gt;');
    expect(m.html).toContain('Choose my password');
    expect(m.text).toContain('Your advisor opened an account for you.');
    expect(m.text).toContain('Questions? Reply to this message.');
  });
});
