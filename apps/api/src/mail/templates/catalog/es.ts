import type { Catalog } from './types.js';

const linkExpiry = { text: 'El enlace sirve una sola vez y caduca el {expiry}.', needs: 'expiry' } as const;
const reason =
  '{reason, select, too_large {el archivo es demasiado grande} virus {se encontró un virus en él} type {este tipo de archivo no está permitido} other {no se pudo guardar}}';

export const es: Catalog = {
  greetingNamed: 'Hola, {firstName}:',
  greeting: 'Hola:',
  linkFallback: 'Si el botón no funciona, copie esta dirección en su navegador:',
  ignore: 'Si no esperaba este correo electrónico, puede ignorarlo.',
  footer: 'Enviado por {portalName} a través de su servicio seguro de bóveda de documentos.',
  kinds: {
    invitation: {
      subject: '{portalName} le invita a abrir una bóveda de documentos',
      intro:
        '{portalName} le invita a abrir su propia bóveda de documentos, un lugar seguro para guardar y compartir sus documentos importantes.\n\n{link}',
      action: 'Abrir mi bóveda',
      details: ['Su código de invitación: {inviteCode}', { text: 'La invitación caduca el {expiry}.', needs: 'expiry' }],
    },
    activation: {
      subject: 'Active su cuenta de {portalName}',
      intro: 'Su cuenta en {portalName} está lista. Elija su contraseña para activarla.\n\n{link}',
      action: 'Elegir mi contraseña',
      details: [linkExpiry],
    },
    password_reset: {
      subject: 'Restablezca su contraseña de {portalName}',
      intro:
        'Hemos recibido una solicitud para restablecer la contraseña de su cuenta de {portalName}. Elija una contraseña nueva aquí:\n\n{link}',
      action: 'Elegir una contraseña nueva',
      details: [linkExpiry, 'Si no lo ha solicitado, su contraseña sigue igual.'],
    },
    resend_activation: {
      subject: 'Su nuevo enlace de activación para {portalName}',
      intro: 'Aquí tiene un nuevo enlace para activar su cuenta en {portalName}. Elija su contraseña para terminar.\n\n{link}',
      action: 'Elegir mi contraseña',
      details: [linkExpiry],
    },
    failed_upload_retry: {
      subject: 'Vuelva a subir «{fileName}», por favor',
      intro: '{portalName} le pide que vuelva a subir un archivo: no se pudo guardar la primera vez.',
      details: [
        'Archivo: {fileName}',
        'Enviado el: {uploadedAt}',
        `Motivo del fallo: ${reason}.`,
        'Suba el archivo una vez más, por favor.',
      ],
    },
    mfa_reset_notice: {
      subject: 'Se ha restablecido el segundo factor de su cuenta de {portalName}',
      intro:
        'Un administrador de {portalName} ha restablecido el segundo factor de su cuenta. La próxima vez que inicie sesión, se le pedirá que configure uno nuevo.\n\n{link}',
      action: 'Iniciar sesión',
      details: ['Si no lo ha solicitado, póngase en contacto con su administrador de inmediato.'],
    },
    sso_only_notice: {
      subject: 'Inicie sesión en {portalName} con el inicio de sesión único',
      intro:
        'Alguien ha solicitado restablecer la contraseña de su cuenta de {portalName}. {portalName} le permite iniciar sesión mediante el inicio de sesión único de su organización, por lo que su cuenta no tiene ninguna contraseña que restablecer.\n\n{link}',
      action: 'Iniciar sesión con SSO',
      details: ['No se ha creado ningún enlace de restablecimiento y su cuenta no ha cambiado.'],
    },
    webhook_disabled: {
      subject: 'Se ha desactivado un webhook de {portalName}',
      intro:
        'Los envíos a un webhook de {portalName} han fallado durante todo el periodo de reintentos, por lo que el webhook se ha desactivado y ya no se le envían eventos.\n\nCompruebe el punto de conexión, vuelva a activar el webhook y utilice «Deliver again» en los envíos que su registro muestra como fallidos.\n\n{link}',
      action: 'Abrir los webhooks',
      details: ['Webhook: {webhookUrl}'],
      notice: true,
    },
  },
};
