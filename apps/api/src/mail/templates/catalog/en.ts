import type { Catalog } from './types.js';

const linkExpiry = { text: 'The link works once and expires on {expiry}.', needs: 'expiry' } as const;
const reason =
  '{reason, select, too_large {the file is too large} virus {a virus was found in it} type {this type of file is not allowed} other {it could not be stored}}';

export const en: Catalog = {
  greetingNamed: 'Hello {firstName},',
  greeting: 'Hello,',
  linkFallback: 'If the button does not work, copy this address into your browser:',
  ignore: 'If you did not expect this e-mail, you can ignore it.',
  footer: 'Sent by {portalName} through its secure document vault service.',
  kinds: {
    invitation: {
      subject: '{portalName} invites you to open a document vault',
      intro:
        '{portalName} invites you to open your own document vault, a secure place to keep and share your important documents.\n\n{link}',
      action: 'Open my vault',
      details: ['Your invite code: {inviteCode}', { text: 'The invitation expires on {expiry}.', needs: 'expiry' }],
    },
    activation: {
      subject: 'Activate your {portalName} account',
      intro: 'Your account with {portalName} is ready. Choose your password to activate it.\n\n{link}',
      action: 'Choose my password',
      details: [linkExpiry],
    },
    password_reset: {
      subject: 'Reset your {portalName} password',
      intro: 'We received a request to reset the password of your {portalName} account. Choose a new password here:\n\n{link}',
      action: 'Choose a new password',
      details: [linkExpiry, 'If you did not ask for this, your password stays as it is.'],
    },
    resend_activation: {
      subject: 'Your new activation link for {portalName}',
      intro: 'Here is a new link to activate your account with {portalName}. Choose your password to finish.\n\n{link}',
      action: 'Choose my password',
      details: [linkExpiry],
    },
    failed_upload_retry: {
      subject: 'Please upload "{fileName}" again',
      intro: '{portalName} asks you to upload a file again: it could not be stored the first time.',
      details: ['File: {fileName}', 'Sent on: {uploadedAt}', `Why it failed: ${reason}.`, 'Please upload the file once more.'],
    },
    mfa_reset_notice: {
      subject: 'The second factor of your {portalName} account was reset',
      intro:
        'An administrator of {portalName} reset the second factor of your account. The next time you sign in, you will be asked to set up a new one.\n\n{link}',
      action: 'Sign in',
      details: ['If you did not ask for this, contact your administrator at once.'],
    },
    sso_only_notice: {
      subject: 'Sign in to {portalName} with single sign-on',
      intro:
        'Someone asked to reset the password of your {portalName} account. {portalName} signs you in through your organization’s single sign-on, so your account has no password to reset.\n\n{link}',
      action: 'Sign in with SSO',
      details: ['No reset link was made, and nothing about your account changed.'],
    },
    webhook_disabled: {
      subject: 'A webhook of {portalName} was turned off',
      intro:
        'Deliveries to a webhook of {portalName} kept failing for the whole retry period, so the webhook was turned off and no more events are sent to it.\n\nCheck the endpoint, then turn the webhook on again and use “Deliver again” on the deliveries its delivery log shows as failed.\n\n{link}',
      action: 'Open the webhooks',
      details: ['Webhook: {webhookUrl}'],
      notice: true,
    },
  },
};
