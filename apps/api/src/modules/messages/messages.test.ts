import { crc32, deflateSync } from 'node:zlib';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { auditLog, emailOutbox } from '../../db/schema/index.js';
import type { Auth } from '../../test/harness.js';
import { useTestApp } from '../../test/per-file-app.js';
import { newAdmin } from '../sponsor-admins/sponsor-admins.fixtures.js';

const t = useTestApp();

const call = (auth: Auth, method: 'GET' | 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, headers: auth.headers, payload });

/** Creates an administrator of the portal in `localize`: the service e-mails them an activation link. */
async function inviteAdmin(staff: Auth, sponsorId: number, email: string, localize: string) {
  const res = await call(staff, 'POST', '/api/v1/sponsors/admin', newAdmin(sponsorId, { email, localize, firstName: 'Zoé' }));
  expect(res.statusCode).toBe(201);
  const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, email));
  return mail!;
}

const frenchSubject = 'Bienvenue chez {portalName}, {firstName}';
const frenchIntro = 'Votre conseiller vous a ouvert un compte.\n\n{link}';

/** A PNG of one red pixel with a text chunk that must not survive the upload. */
function png(text = 'Comment\u0000<script>alert(1)</script>', side = 1) {
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const td = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(td) >>> 0);
    return Buffer.concat([len, td, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const raw = Buffer.alloc(side * (1 + side * 3), 0);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('tEXt', Buffer.from(text, 'latin1')),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

describe('overrides of a message per kind and language', () => {
  it('a portal’s French activation subject and opening text reach French people only, and "Reset to default" brings the default back', async () => {
    const s = await t.createSponsor('ALPHA', 'Alpha Wealth');
    const staff = await t.signInStaff();
    const editor = await t.signInSponsorAdmin(s.id, { hasManageMessagesAccess: true });
    const saved = await call(editor, 'PUT', `/api/v1/messages/templates/activation/fr?sponsorId=${s.id}`, {
      subject: frenchSubject,
      intro: frenchIntro,
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json()).toMatchObject({ kind: 'activation', locale: 'fr', overridden: true, subject: frenchSubject });

    const fr = await inviteAdmin(staff, s.id, 'zoe@alpha.example', 'fr');
    expect(fr.subject).toBe('Bienvenue chez Alpha Wealth, Zoé');
    expect(fr.locale).toBe('fr');
    expect(fr.bodyText).toContain('Votre conseiller vous a ouvert un compte.');
    expect(fr.bodyText).toMatch(/\/set-password\?token=/);
    expect(fr.bodyHtml).toMatch(/<html lang="fr-CA"/);
    const en = await inviteAdmin(staff, s.id, 'zed@alpha.example', 'en');
    expect(en.subject).toBe('Activate your Alpha Wealth account');

    const reset = await call(editor, 'DELETE', `/api/v1/messages/templates/activation/fr?sponsorId=${s.id}`);
    expect(reset.statusCode).toBe(200);
    expect(reset.json()).toMatchObject({ overridden: false, subject: 'Activez votre compte {portalName}' });
    const again = await inviteAdmin(staff, s.id, 'zia@alpha.example', 'fr');
    expect(again.subject).toBe('Activez votre compte Alpha Wealth');
    const actions = (await t.db.select().from(auditLog).where(eq(auditLog.targetType, 'message_template')).orderBy(auditLog.id)).map(
      (a) => a.action,
    );
    expect(actions).toEqual(['message_template.update', 'message_template.reset']);
  });

  it('refuses an unknown placeholder, a lost {link}, a link in the subject and markup, with field errors, and saves nothing', async () => {
    const s = await t.createSponsor('ALPHA');
    const editor = await t.signInSponsorAdmin(s.id, { hasManageMessagesAccess: true });
    const put = (kind: string, body: object) => call(editor, 'PUT', `/api/v1/messages/templates/${kind}/fr?sponsorId=${s.id}`, body);
    const fieldsOf = async (body: object, kind = 'activation') => {
      const res = await put(kind, body);
      expect(res.statusCode).toBe(400);
      return res.json().details.map((d: { field: string }) => d.field);
    };
    expect(await fieldsOf({ subject: 'Bonjour {prenom}', intro: frenchIntro })).toEqual(['subject']);
    expect(await fieldsOf({ subject: 'Bonjour', intro: 'Sans lien.' })).toEqual(['intro']);
    expect(await fieldsOf({ subject: 'Cliquez {link}', intro: frenchIntro })).toEqual(['subject']);
    expect(await fieldsOf({ subject: 'Bonjour', intro: '<b>Gras</b> {link}' })).toEqual(['intro']);
    expect(await fieldsOf({ subject: 'Bonjour {inviteCode}', intro: frenchIntro })).toEqual(['subject']);
    expect(await fieldsOf({ subject: 'Bonjour {firstName', intro: frenchIntro })).toEqual(['subject']);
    // A kind without a link needs none; an unknown kind or language is refused by the path.
    expect((await put('failed_upload_retry', { subject: 'Fichier', intro: 'Merci de renvoyer le fichier.' })).statusCode).toBe(200);
    expect(
      (await call(editor, 'PUT', `/api/v1/messages/templates/activation/pt?sponsorId=${s.id}`, { subject: 'a', intro: '{link}' }))
        .statusCode,
    ).toBe(400);
    expect((await put('activation', { subject: 'a', intro: '{link}', extra: 1 })).statusCode).toBe(400);
    const templates = (await call(editor, 'GET', `/api/v1/messages/templates?sponsorId=${s.id}`)).json().data;
    expect(templates.filter((x: { overridden: boolean }) => x.overridden).map((x: { kind: string }) => x.kind)).toEqual([
      'failed_upload_retry',
    ]);
  });

  it('only staff and administrators with "Manage messages" change messages; another portal is refused', async () => {
    const a = await t.createSponsor('ALPHA');
    const b = await t.createSponsor('BETA');
    const plain = await t.signInSponsorAdmin(a.id);
    const other = await t.signInSponsorAdmin(b.id, { hasManageMessagesAccess: true }, 'other@beta.example');
    const body = { subject: 'Hi {firstName}', intro: 'Welcome.\n\n{link}' };
    expect((await call(plain, 'PUT', `/api/v1/messages/templates/activation/en?sponsorId=${a.id}`, body)).statusCode).toBe(403);
    expect((await call(plain, 'GET', `/api/v1/messages/templates?sponsorId=${a.id}`)).statusCode).toBe(200);
    expect((await call(other, 'PUT', `/api/v1/messages/templates/activation/en?sponsorId=${a.id}`, body)).statusCode).toBe(403);
    expect((await call(other, 'GET', `/api/v1/messages/templates?sponsorId=${a.id}`)).statusCode).toBe(403);
    expect(
      (
        await call(other, 'PUT', `/api/v1/messages/branding?sponsorId=${a.id}`, {
          displayName: 'X',
          accentColor: null,
          replyTo: null,
          footer: null,
          timeZone: null,
        })
      ).statusCode,
    ).toBe(403);
    const staff = await t.signInStaff();
    expect((await call(staff, 'PUT', `/api/v1/messages/templates/activation/en?sponsorId=${a.id}`, body)).statusCode).toBe(200);
  });
});

describe('branding', () => {
  const look = {
    displayName: 'Alpha Private Clients',
    accentColor: '#0b7285',
    replyTo: 'clients@alpha.example',
    footer: 'Alpha Wealth, 1 Bay Street, Toronto',
    timeZone: 'America/Toronto',
  };

  it('puts the portal’s name, colour, logo, reply-to, footer and time zone in its messages, over the service defaults', async () => {
    const s = await t.createSponsor('ALPHA', 'Alpha Wealth');
    const staff = await t.signInStaff();
    const service = await call(staff, 'PUT', '/api/v1/messages/branding', {
      ...look,
      displayName: 'Vault Service',
      replyTo: 'help@vault.example',
      accentColor: '#5f3dc4',
    });
    expect(service.statusCode).toBe(200);
    const saved = await call(staff, 'PUT', `/api/v1/messages/branding?sponsorId=${s.id}`, { ...look, replyTo: '' });
    expect(saved.json()).toMatchObject({ displayName: 'Alpha Private Clients', replyTo: null, hasLogo: false });
    const logo = await call(staff, 'PUT', `/api/v1/messages/branding/logo?sponsorId=${s.id}`, {
      contentType: 'image/png',
      data: png().toString('base64'),
    });
    expect(logo.statusCode).toBe(200);
    expect(logo.json().hasLogo).toBe(true);

    const mail = await inviteAdmin(staff, s.id, 'zoe@alpha.example', 'en');
    expect(mail.subject).toBe('Activate your Alpha Private Clients account');
    expect(mail.bodyHtml).toContain('#0b7285');
    expect(mail.bodyHtml).toContain('Alpha Wealth, 1 Bay Street, Toronto');
    expect(mail.bodyText).toContain('Alpha Wealth, 1 Bay Street, Toronto');
    // The reply-to falls back to the service's; the expiry is written in Toronto time.
    expect(mail.replyTo).toBe('help@vault.example');
    expect(mail.bodyText).toMatch(/ (EST|EDT)\./);
    const src = /<img[^>]+src="([^"]+)"/.exec(mail.bodyHtml!)![1]!.replaceAll('&amp;', '&');
    const image = await t.app.inject({ method: 'GET', url: new URL(src).pathname + new URL(src).search });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    // Rebuilt from its drawing chunks: the text chunk is gone.
    expect(image.rawPayload.includes(Buffer.from('tEXt'))).toBe(false);
    expect(image.rawPayload.subarray(0, 8)).toEqual(png().subarray(0, 8));
    const audits = (await t.db.select().from(auditLog).where(eq(auditLog.targetType, 'message_branding')).orderBy(auditLog.id)).map(
      (a) => a.action,
    );
    expect(audits).toEqual(['message_branding.update', 'message_branding.update', 'message_branding.logo']);
  });

  it('refuses a colour white text cannot be read on, a bad address or time zone, markup, and a file that is not a sound PNG', async () => {
    const s = await t.createSponsor('ALPHA');
    const editor = await t.signInSponsorAdmin(s.id, { hasManageMessagesAccess: true });
    const put = (body: object) => call(editor, 'PUT', `/api/v1/messages/branding?sponsorId=${s.id}`, { ...look, ...body });
    expect((await put({ accentColor: '#ffe066' })).statusCode).toBe(400);
    expect((await put({ accentColor: 'red' })).statusCode).toBe(400);
    expect((await put({ replyTo: 'not-an-address' })).statusCode).toBe(400);
    expect((await put({ timeZone: 'Mars/Olympus' })).statusCode).toBe(400);
    expect((await put({ footer: '<a href="x">x</a>' })).statusCode).toBe(400);
    const logo = (data: Buffer) =>
      call(editor, 'PUT', `/api/v1/messages/branding/logo?sponsorId=${s.id}`, { contentType: 'image/png', data: data.toString('base64') });
    expect((await logo(Buffer.from('<svg onload="alert(1)"/>'))).statusCode).toBe(400);
    const damaged = png();
    damaged[40] = damaged[40]! ^ 0xff;
    expect((await logo(damaged)).statusCode).toBe(400);
    expect((await logo(png('x', 2001))).statusCode).toBe(400);
    expect((await call(editor, 'GET', `/api/v1/messages/branding?sponsorId=${s.id}`)).json()).toMatchObject({
      displayName: null,
      hasLogo: false,
    });
    // The service's defaults are staff's.
    expect((await call(editor, 'PUT', '/api/v1/messages/branding', look)).statusCode).toBe(400);
  });

  it('keeps an SVG logo as the PNG drawn from it, and refuses an SVG that reaches outside itself or runs', async () => {
    const s = await t.createSponsor('ALPHA');
    const editor = await t.signInSponsorAdmin(s.id, { hasManageMessagesAccess: true });
    const svgLogo = (svg: string) =>
      call(editor, 'PUT', `/api/v1/messages/branding/logo?sponsorId=${s.id}`, {
        contentType: 'image/svg+xml',
        data: Buffer.from(svg).toString('base64'),
      });
    const refused = [
      '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)" width="10" height="10"/>',
      '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>',
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg xmlns="http://www.w3.org/2000/svg">&x;</svg>',
      '<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink"><image xlink:href="/etc/hostname.png" width="9" height="9"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="9" height="9" style="fill:url(https://tracker.example/p.svg#a)"/></svg>',
      '<svg xmlns="http://www.w3.org/2000/svg"><foreignObject><div xmlns="http://www.w3.org/1999/xhtml">x</div></foreignObject></svg>',
      '<html><body>not an svg</body></html>',
      '<svg xmlns="http://www.w3.org/2000/svg"><rect',
    ];
    for (const svg of refused) {
      const res = await svgLogo(svg);
      expect(res.statusCode, svg).toBe(400);
      expect(res.json().details, svg).toEqual([{ field: 'data', message: expect.stringMatching(/SVG/) }]);
    }
    expect((await call(editor, 'GET', `/api/v1/messages/branding?sponsorId=${s.id}`)).json().hasLogo).toBe(false);

    const drawing =
      '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 50" width="200" height="50">' +
      '<defs><linearGradient id="g"><stop offset="0" stop-color="#0b7285"/><stop offset="1" stop-color="#1971c2"/></linearGradient></defs>' +
      '<rect width="200" height="50" fill="url(#g)"/><!-- a comment --></svg>';
    const saved = await svgLogo(drawing);
    expect(saved.statusCode).toBe(200);
    expect(saved.json().hasLogo).toBe(true);
    const image = await t.app.inject({ method: 'GET', url: `/api/v1/message-logos/${s.id}.png` });
    expect(image.headers['content-type']).toBe('image/png');
    // Drawn at twice the 160 pixels messages give it, keeping its proportions.
    expect(image.rawPayload.readUInt32BE(16)).toBe(320);
    expect(image.rawPayload.readUInt32BE(20)).toBe(80);
    expect(image.rawPayload.includes(Buffer.from('<svg'))).toBe(false);
  });
});

describe('preview, test and the Messages list', () => {
  it('previews what a person of each language receives and sends a test to oneself', async () => {
    const s = await t.createSponsor('ALPHA', 'Alpha Wealth');
    const editor = await t.signInSponsorAdmin(s.id, { hasManageMessagesAccess: true }, 'editor@alpha.example');
    const preview = await call(editor, 'GET', `/api/v1/messages/preview?sponsorId=${s.id}&kind=invitation&locale=de`);
    expect(preview.statusCode).toBe(200);
    expect(preview.json().subject).toBe('Alpha Wealth lädt Sie ein, einen Dokumententresor zu eröffnen');
    expect(preview.json().html).toMatch(/<html lang="de"/);
    expect(preview.json().text).toContain('SAMPLE-CODE');
    const sent = await call(editor, 'POST', `/api/v1/messages/test?sponsorId=${s.id}`, { kind: 'invitation', locale: 'de' });
    expect(sent.statusCode).toBe(200);
    const [mail] = await t.db.select().from(emailOutbox);
    expect(mail).toMatchObject({
      toAddress: 'editor@alpha.example',
      locale: 'de',
      sponsorId: s.id,
      subject: '[Test] Alpha Wealth lädt Sie ein, einen Dokumententresor zu eröffnen',
    });
  });

  it('lists a portal’s own messages only, by recipient, kind and status, and sends one again', async () => {
    const a = await t.createSponsor('ALPHA');
    const b = await t.createSponsor('BETA');
    const staff = await t.signInStaff();
    const editor = await t.signInSponsorAdmin(a.id, { hasManageMessagesAccess: true }, 'editor@alpha.example');
    const otherEditor = await t.signInSponsorAdmin(b.id, { hasManageMessagesAccess: true }, 'editor@beta.example');
    await inviteAdmin(staff, a.id, 'one@alpha.example', 'en');
    await inviteAdmin(staff, b.id, 'two@beta.example', 'en');
    await call(editor, 'POST', `/api/v1/messages/test?sponsorId=${a.id}`, { kind: 'failed_upload_retry', locale: 'en' });
    const list = (q: string, auth = editor) => call(auth, 'GET', `/api/v1/messages?sponsorId=${a.id}${q}`);
    expect((await list('')).json().data.map((m: { toAddress: string }) => m.toAddress)).toEqual([
      'editor@alpha.example',
      'one@alpha.example',
    ]);
    expect((await list('&search=ONE@')).json().total).toBe(1);
    // A person's page asks for the messages sent to exactly their address.
    await inviteAdmin(staff, a.id, 'someone@alpha.example', 'en');
    expect((await list('&to=One@Alpha.example')).json().data.map((m: { toAddress: string }) => m.toAddress)).toEqual(['one@alpha.example']);
    expect((await list('&to=one@alpha')).statusCode).toBe(400);
    expect((await list('&kind=activation')).json().data[0]).toMatchObject({ kind: 'activation', status: 'queued', attempts: 0 });
    expect((await list('&status=sent')).json().total).toBe(0);
    expect((await list('&status=nope')).statusCode).toBe(400);
    expect((await list('', otherEditor)).statusCode).toBe(403);
    expect(
      (await call(otherEditor, 'GET', `/api/v1/messages?sponsorId=${b.id}`)).json().data.map((m: { toAddress: string }) => m.toAddress),
    ).toEqual(['two@beta.example']);

    // A given-up message without a link is offered again; one whose single-use link was removed is not.
    const [notice] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'editor@alpha.example'));
    await t.db
      .update(emailOutbox)
      .set({ status: 'failed', attempts: 6, lastError: '550 No such user' })
      .where(eq(emailOutbox.id, notice!.id));
    expect((await list('&status=failed')).json().data[0]).toMatchObject({ lastError: '550 No such user' });
    const again = await call(editor, 'POST', `/api/v1/messages/${notice!.id}/send-again?sponsorId=${a.id}`);
    expect(again.statusCode).toBe(200);
    expect((await list('&status=queued')).json().total).toBe(3);
    const [activation] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'one@alpha.example'));
    await t.db
      .update(emailOutbox)
      .set({ status: 'sent', bodyText: '[link removed after sending]' })
      .where(eq(emailOutbox.id, activation!.id));
    expect((await call(editor, 'POST', `/api/v1/messages/${activation!.id}/send-again?sponsorId=${a.id}`)).statusCode).toBe(409);
    // Another portal's message is not found from this one.
    const [beta] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'two@beta.example'));
    expect((await call(editor, 'POST', `/api/v1/messages/${beta!.id}/send-again?sponsorId=${a.id}`)).statusCode).toBe(404);
    const audited = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'message.send_again'), eq(auditLog.sponsorId, a.id)));
    expect(audited).toHaveLength(1);
  });
});
