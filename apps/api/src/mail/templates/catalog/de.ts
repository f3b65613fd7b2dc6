import type { Catalog } from './types.js';

const linkExpiry = { text: 'Der Link gilt einmal und läuft am {expiry} ab.', needs: 'expiry' } as const;
const reason =
  '{reason, select, too_large {die Datei ist zu groß} virus {in der Datei wurde ein Virus gefunden} type {dieser Dateityp ist nicht erlaubt} other {sie konnte nicht gespeichert werden}}';

export const de: Catalog = {
  greetingNamed: 'Hallo {firstName},',
  greeting: 'Hallo,',
  linkFallback: 'Falls die Schaltfläche nicht funktioniert, kopieren Sie diese Adresse in Ihren Browser:',
  ignore: 'Falls Sie diese E-Mail nicht erwartet haben, können Sie sie ignorieren.',
  footer: 'Gesendet von {portalName} über seinen sicheren Dokumententresor-Dienst.',
  kinds: {
    invitation: {
      subject: '{portalName} lädt Sie ein, einen Dokumententresor zu eröffnen',
      intro:
        '{portalName} lädt Sie ein, Ihren eigenen Dokumententresor zu eröffnen: einen sicheren Ort, um Ihre wichtigen Dokumente aufzubewahren und zu teilen.\n\n{link}',
      action: 'Meinen Tresor eröffnen',
      details: ['Ihr Einladungscode: {inviteCode}', { text: 'Die Einladung läuft am {expiry} ab.', needs: 'expiry' }],
    },
    activation: {
      subject: 'Aktivieren Sie Ihr Konto bei {portalName}',
      intro: 'Ihr Konto bei {portalName} ist bereit. Wählen Sie Ihr Passwort, um es zu aktivieren.\n\n{link}',
      action: 'Mein Passwort wählen',
      details: [linkExpiry],
    },
    password_reset: {
      subject: 'Setzen Sie Ihr Passwort für {portalName} zurück',
      intro:
        'Wir haben eine Anfrage erhalten, das Passwort Ihres Kontos bei {portalName} zurückzusetzen. Wählen Sie hier ein neues Passwort:\n\n{link}',
      action: 'Neues Passwort wählen',
      details: [linkExpiry, 'Falls Sie das nicht angefordert haben, bleibt Ihr Passwort unverändert.'],
    },
    resend_activation: {
      subject: 'Ihr neuer Aktivierungslink für {portalName}',
      intro: 'Hier ist ein neuer Link, um Ihr Konto bei {portalName} zu aktivieren. Wählen Sie Ihr Passwort, um abzuschließen.\n\n{link}',
      action: 'Mein Passwort wählen',
      details: [linkExpiry],
    },
    failed_upload_retry: {
      subject: 'Bitte laden Sie „{fileName}“ erneut hoch',
      intro: '{portalName} bittet Sie, eine Datei erneut hochzuladen: Sie konnte beim ersten Mal nicht gespeichert werden.',
      details: ['Datei: {fileName}', 'Gesendet am: {uploadedAt}', `Grund: ${reason}.`, 'Bitte laden Sie die Datei noch einmal hoch.'],
    },
    mfa_reset_notice: {
      subject: 'Der zweite Faktor Ihres Kontos bei {portalName} wurde zurückgesetzt',
      intro:
        'Ein Administrator von {portalName} hat den zweiten Faktor Ihres Kontos zurückgesetzt. Bei Ihrer nächsten Anmeldung werden Sie gebeten, einen neuen einzurichten.\n\n{link}',
      action: 'Anmelden',
      details: ['Falls Sie das nicht veranlasst haben, wenden Sie sich sofort an Ihren Administrator.'],
    },
    sso_only_notice: {
      subject: 'Melden Sie sich bei {portalName} mit Single Sign-on an',
      intro:
        'Jemand hat das Zurücksetzen des Passworts Ihres Kontos bei {portalName} angefordert. {portalName} meldet Sie über das Single Sign-on Ihrer Organisation an; Ihr Konto hat daher kein Passwort, das zurückgesetzt werden könnte.\n\n{link}',
      action: 'Mit SSO anmelden',
      details: ['Es wurde kein Link zum Zurücksetzen erstellt, und an Ihrem Konto hat sich nichts geändert.'],
    },
    webhook_disabled: {
      subject: 'Ein Webhook von {portalName} wurde ausgeschaltet',
      intro:
        'Zustellungen an einen Webhook von {portalName} sind während des gesamten Wiederholungszeitraums fehlgeschlagen. Der Webhook wurde deshalb ausgeschaltet, und es werden keine Ereignisse mehr an ihn gesendet.\n\nPrüfen Sie den Endpunkt, schalten Sie den Webhook wieder ein und verwenden Sie „Deliver again“ für die Zustellungen, die sein Zustellprotokoll als fehlgeschlagen zeigt.\n\n{link}',
      action: 'Webhooks öffnen',
      details: ['Webhook: {webhookUrl}'],
      notice: true,
    },
  },
};
