import type { Catalog } from './types.js';

const linkExpiry = { text: 'De link werkt één keer en verloopt op {expiry}.', needs: 'expiry' } as const;
const reason =
  '{reason, select, too_large {het bestand is te groot} virus {er is een virus in gevonden} type {dit soort bestand is niet toegestaan} other {het kon niet worden opgeslagen}}';

export const nl: Catalog = {
  greetingNamed: 'Beste {firstName},',
  greeting: 'Goedendag,',
  linkFallback: 'Werkt de knop niet? Kopieer dan dit adres naar uw browser:',
  ignore: 'Had u deze e-mail niet verwacht? Dan kunt u hem negeren.',
  footer: 'Verzonden door {portalName} via zijn beveiligde dienst voor documentkluizen.',
  kinds: {
    invitation: {
      subject: '{portalName} nodigt u uit een documentkluis te openen',
      intro:
        '{portalName} nodigt u uit uw eigen documentkluis te openen: een veilige plek om uw belangrijke documenten te bewaren en te delen.\n\n{link}',
      action: 'Mijn kluis openen',
      details: ['Uw uitnodigingscode: {inviteCode}', { text: 'De uitnodiging verloopt op {expiry}.', needs: 'expiry' }],
    },
    activation: {
      subject: 'Activeer uw account bij {portalName}',
      intro: 'Uw account bij {portalName} is klaar. Kies uw wachtwoord om het te activeren.\n\n{link}',
      action: 'Mijn wachtwoord kiezen',
      details: [linkExpiry],
    },
    password_reset: {
      subject: 'Stel uw wachtwoord voor {portalName} opnieuw in',
      intro:
        'We hebben een verzoek ontvangen om het wachtwoord van uw account bij {portalName} opnieuw in te stellen. Kies hier een nieuw wachtwoord:\n\n{link}',
      action: 'Een nieuw wachtwoord kiezen',
      details: [linkExpiry, 'Hebt u hier niet om gevraagd? Dan blijft uw wachtwoord ongewijzigd.'],
    },
    resend_activation: {
      subject: 'Uw nieuwe activeringslink voor {portalName}',
      intro: 'Hier is een nieuwe link om uw account bij {portalName} te activeren. Kies uw wachtwoord om af te ronden.\n\n{link}',
      action: 'Mijn wachtwoord kiezen',
      details: [linkExpiry],
    },
    failed_upload_retry: {
      subject: 'Upload „{fileName}” alstublieft opnieuw',
      intro: '{portalName} vraagt u een bestand opnieuw te uploaden: het kon de eerste keer niet worden opgeslagen.',
      details: ['Bestand: {fileName}', 'Verzonden op: {uploadedAt}', `Reden: ${reason}.`, 'Upload het bestand alstublieft nog een keer.'],
    },
    mfa_reset_notice: {
      subject: 'De tweede factor van uw account bij {portalName} is opnieuw ingesteld',
      intro:
        'Een beheerder van {portalName} heeft de tweede factor van uw account opnieuw ingesteld. De volgende keer dat u zich aanmeldt, wordt u gevraagd een nieuwe in te stellen.\n\n{link}',
      action: 'Aanmelden',
      details: ['Hebt u hier niet om gevraagd? Neem dan meteen contact op met uw beheerder.'],
    },
    sso_only_notice: {
      subject: 'Meld u aan bij {portalName} met single sign-on',
      intro:
        'Iemand heeft gevraagd het wachtwoord van uw account bij {portalName} opnieuw in te stellen. {portalName} meldt u aan via de single sign-on van uw organisatie; uw account heeft dus geen wachtwoord om opnieuw in te stellen.\n\n{link}',
      action: 'Aanmelden met SSO',
      details: ['Er is geen herstellink gemaakt en er is niets aan uw account veranderd.'],
    },
    webhook_disabled: {
      subject: 'Een webhook van {portalName} is uitgeschakeld',
      intro:
        'Leveringen aan een webhook van {portalName} bleven mislukken gedurende de hele periode van nieuwe pogingen. Daarom is de webhook uitgeschakeld en worden er geen gebeurtenissen meer naartoe gestuurd.\n\nControleer het eindpunt, schakel de webhook weer in en gebruik „Deliver again” voor de leveringen die het leveringslogboek als mislukt toont.\n\n{link}',
      action: 'Webhooks openen',
      details: ['Webhook: {webhookUrl}'],
      notice: true,
    },
  },
};
