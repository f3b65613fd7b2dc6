import type { Catalog } from './types.js';

const linkExpiry = { text: 'Il link vale una sola volta e scade il {expiry}.', needs: 'expiry' } as const;
const reason =
  '{reason, select, too_large {il file è troppo grande} virus {è stato trovato un virus nel file} type {questo tipo di file non è consentito} other {non è stato possibile salvarlo}}';

export const it: Catalog = {
  greetingNamed: 'Gentile {firstName},',
  greeting: 'Buongiorno,',
  linkFallback: 'Se il pulsante non funziona, copi questo indirizzo nel suo browser:',
  ignore: 'Se non aspettava questa e-mail, può ignorarla.',
  footer: 'Inviato da {portalName} tramite il suo servizio sicuro di cassaforte per documenti.',
  kinds: {
    invitation: {
      subject: '{portalName} la invita ad aprire una cassaforte per documenti',
      intro:
        '{portalName} la invita ad aprire la sua cassaforte per documenti, un luogo sicuro dove conservare e condividere i suoi documenti importanti.\n\n{link}',
      action: 'Apri la mia cassaforte',
      details: ['Il suo codice di invito: {inviteCode}', { text: 'L’invito scade il {expiry}.', needs: 'expiry' }],
    },
    activation: {
      subject: 'Attivi il suo account {portalName}',
      intro: 'Il suo account presso {portalName} è pronto. Scelga la sua password per attivarlo.\n\n{link}',
      action: 'Scegli la mia password',
      details: [linkExpiry],
    },
    password_reset: {
      subject: 'Reimposti la sua password di {portalName}',
      intro:
        'Abbiamo ricevuto una richiesta di reimpostare la password del suo account {portalName}. Scelga qui una nuova password:\n\n{link}',
      action: 'Scegli una nuova password',
      details: [linkExpiry, 'Se non l’ha richiesto, la sua password resta invariata.'],
    },
    resend_activation: {
      subject: 'Il suo nuovo link di attivazione per {portalName}',
      intro: 'Ecco un nuovo link per attivare il suo account presso {portalName}. Scelga la sua password per completare.\n\n{link}',
      action: 'Scegli la mia password',
      details: [linkExpiry],
    },
    failed_upload_retry: {
      subject: 'Carichi di nuovo «{fileName}», per favore',
      intro: '{portalName} le chiede di caricare di nuovo un file: non è stato possibile salvarlo la prima volta.',
      details: ['File: {fileName}', 'Inviato il: {uploadedAt}', `Motivo: ${reason}.`, 'Carichi il file ancora una volta, per favore.'],
    },
    mfa_reset_notice: {
      subject: 'Il secondo fattore del suo account {portalName} è stato reimpostato',
      intro:
        'Un amministratore di {portalName} ha reimpostato il secondo fattore del suo account. Al prossimo accesso le verrà chiesto di configurarne uno nuovo.\n\n{link}',
      action: 'Accedi',
      details: ['Se non l’ha richiesto, contatti subito il suo amministratore.'],
    },
    sso_only_notice: {
      subject: 'Acceda a {portalName} con il single sign-on',
      intro:
        'Qualcuno ha chiesto di reimpostare la password del suo account {portalName}. {portalName} la fa accedere tramite il single sign-on della sua organizzazione, quindi il suo account non ha alcuna password da reimpostare.\n\n{link}',
      action: 'Accedi con SSO',
      details: ['Non è stato creato alcun link di reimpostazione e il suo account non è cambiato.'],
    },
    webhook_disabled: {
      subject: 'Un webhook di {portalName} è stato disattivato',
      intro:
        'Le consegne a un webhook di {portalName} non sono riuscite per l’intero periodo di nuovi tentativi: il webhook è stato quindi disattivato e non gli vengono più inviati eventi.\n\nControlli l’endpoint, riattivi il webhook e usi «Deliver again» sulle consegne che il suo registro mostra come non riuscite.\n\n{link}',
      action: 'Apri i webhook',
      details: ['Webhook: {webhookUrl}'],
      notice: true,
    },
  },
};
