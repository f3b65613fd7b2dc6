import type { Catalog } from './types.js';

// French as written in Canada (« courriel »), the service's first French-speaking clients.
const linkExpiry = { text: 'Le lien ne sert qu’une fois et expire le {expiry}.', needs: 'expiry' } as const;
const reason =
  '{reason, select, too_large {le fichier est trop volumineux} virus {un virus y a été détecté} type {ce type de fichier n’est pas accepté} other {il n’a pas pu être enregistré}}';

export const fr: Catalog = {
  greetingNamed: 'Bonjour {firstName},',
  greeting: 'Bonjour,',
  linkFallback: 'Si le bouton ne fonctionne pas, copiez cette adresse dans votre navigateur :',
  ignore: 'Si vous n’attendiez pas ce courriel, vous pouvez l’ignorer.',
  footer: 'Envoyé par {portalName} au moyen de son service sécurisé de coffre-fort de documents.',
  kinds: {
    invitation: {
      subject: '{portalName} vous invite à ouvrir un coffre-fort de documents',
      intro:
        '{portalName} vous invite à ouvrir votre propre coffre-fort de documents, un endroit sûr pour conserver et partager vos documents importants.\n\n{link}',
      action: 'Ouvrir mon coffre-fort',
      details: ['Votre code d’invitation : {inviteCode}', { text: 'L’invitation expire le {expiry}.', needs: 'expiry' }],
    },
    activation: {
      subject: 'Activez votre compte {portalName}',
      intro: 'Votre compte auprès de {portalName} est prêt. Choisissez votre mot de passe pour l’activer.\n\n{link}',
      action: 'Choisir mon mot de passe',
      details: [linkExpiry],
    },
    password_reset: {
      subject: 'Réinitialisez votre mot de passe {portalName}',
      intro:
        'Nous avons reçu une demande de réinitialisation du mot de passe de votre compte {portalName}. Choisissez un nouveau mot de passe ici :\n\n{link}',
      action: 'Choisir un nouveau mot de passe',
      details: [linkExpiry, 'Si vous n’avez rien demandé, votre mot de passe reste inchangé.'],
    },
    resend_activation: {
      subject: 'Votre nouveau lien d’activation pour {portalName}',
      intro:
        'Voici un nouveau lien pour activer votre compte auprès de {portalName}. Choisissez votre mot de passe pour terminer.\n\n{link}',
      action: 'Choisir mon mot de passe',
      details: [linkExpiry],
    },
    failed_upload_retry: {
      subject: 'Veuillez téléverser « {fileName} » de nouveau',
      intro: '{portalName} vous demande de téléverser un fichier de nouveau : il n’a pas pu être enregistré la première fois.',
      details: [
        'Fichier : {fileName}',
        'Envoyé le : {uploadedAt}',
        `Cause de l’échec : ${reason}.`,
        'Veuillez téléverser le fichier une autre fois.',
      ],
    },
    mfa_reset_notice: {
      subject: 'Le deuxième facteur de votre compte {portalName} a été réinitialisé',
      intro:
        'Un administrateur de {portalName} a réinitialisé le deuxième facteur de votre compte. À votre prochaine connexion, on vous demandera d’en configurer un nouveau.\n\n{link}',
      action: 'Me connecter',
      details: ['Si vous n’avez rien demandé, communiquez sans tarder avec votre administrateur.'],
    },
    sso_only_notice: {
      subject: 'Connectez-vous à {portalName} par authentification unique',
      intro:
        'Quelqu’un a demandé la réinitialisation du mot de passe de votre compte {portalName}. {portalName} vous connecte par l’authentification unique de votre organisation : votre compte n’a donc aucun mot de passe à réinitialiser.\n\n{link}',
      action: 'Me connecter par authentification unique',
      details: ['Aucun lien de réinitialisation n’a été créé et rien n’a changé dans votre compte.'],
    },
    webhook_disabled: {
      subject: 'Un webhook de {portalName} a été désactivé',
      intro:
        'Les envois vers un webhook de {portalName} ont échoué pendant toute la période de nouvelles tentatives : le webhook a donc été désactivé et plus aucun événement ne lui est envoyé.\n\nVérifiez le point de terminaison, réactivez le webhook, puis utilisez « Deliver again » pour les envois que son journal indique comme échoués.\n\n{link}',
      action: 'Ouvrir les webhooks',
      details: ['Webhook : {webhookUrl}'],
      notice: true,
    },
  },
};
