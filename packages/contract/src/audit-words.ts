/**
 * Audit actions in words. An action code is "<target>.<verb>" ("vault_holder.activate"); the
 * screens and the CSV export say what happened in the specification's own names (vault holder,
 * representative, administrator, portal…), and keep the code beside the words.
 */

/** "statusId" → "Status id", "fileName" → "File name". */
export const codeWords = (key: string) => {
  const words = key
    .replace(/[_-]+/g, ' ')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** What a target type is called on the screens (menu labels of the specification). */
export const TARGET_NAMES: Record<string, string> = {
  vault_holder: 'Vault holder',
  vaultholders: 'Vault holders',
  vault: 'Vault',
  user: 'User',
  sponsored_advisor: 'Representative',
  advisor: 'Trusted collaborator',
  sponsor_admin: 'Administrator',
  sponsor: 'Portal',
  sub_portal: 'Sub-portal',
  invitation: 'Invitation',
  base_package: 'Base package',
  package_sponsor: 'Active package',
  packagesponsor: 'Active package',
  package: 'Package',
  failed_upload: 'Failed file',
  integration: 'App integration',
  sponsor_integration: 'App integration',
  authorization: 'Sponsor authorization',
  sponsor_authorization: 'Sponsor authorization',
  audit: 'Audit log',
  audit_log: 'Audit log',
  import: 'CSV import',
  import_job: 'CSV import',
  mfa: 'Two-step sign-in',
  auth: 'Sign-in',
  sso: 'Single sign-on',
  message: 'Message',
  message_template: 'Message text',
  message_branding: 'Message branding',
};

/** Whole actions whose words are not "<target> <verb>". */
const ACTIONS: Record<string, string> = {
  'auth.login': 'Signed in',
  'auth.login_failed': 'Sign-in failed',
  'auth.logout': 'Signed out',
  'auth.mfa_failed': 'Second-step code refused',
  'auth.password_reset_requested': 'Password reset requested',
  'auth.activate': 'Account activated (password chosen)',
  'auth.password_reset': 'Password changed with a reset link',
  'auth.identity_confirmed': 'Identity confirmed before a second factor change',
  'auth.identity_confirmation_failed': 'Identity confirmation refused',
  'auth.passkey_failed': 'Passkey refused',
  'user.email_separated': 'E-mail address separated from another account',
  'scim.user_created': 'Administrator provisioned by the identity provider (SCIM)',
  'scim.user_updated': 'Administrator updated by the identity provider (SCIM)',
  'scim.user_deactivated': 'Administrator deprovisioned by the identity provider (SCIM)',
  'scim.user_activated': 'Administrator reactivated by the identity provider (SCIM)',
  'sso.settings_create': 'Single sign-on set up',
  'sso.settings_update': 'Single sign-on settings changed',
  'sso.login': 'Signed in with single sign-on',
  'sso.login_refused': 'Single sign-on refused',
  'sso.user_created': 'Administrator created at their first single sign-on (just-in-time)',
  'sso.test': 'Single sign-on tested',
  'auth.password_reset_refused': 'Password reset refused: the portal signs in with single sign-on only',
  'mfa.enrollment_started': 'Authenticator set-up started',
  'mfa.enrolled': 'Authenticator set up',
  'mfa.removed': 'Authenticator removed',
  'mfa.recovery_codes_regenerated': 'Recovery codes renewed',
  'mfa.recovery_code_used': 'Recovery code used to sign in',
  'mfa.reset': 'MFA reset',
  'audit.export': 'Audit log exported',
  'audit.retention.update': 'Audit retention period changed',
  'audit.retention.minimum': 'Minimum audit retention changed',
  'audit.hold.set': 'Audit log put on legal hold',
  'audit.hold.lift': 'Legal hold on the audit log lifted',
  'audit.purge': 'Expired audit months removed',
  'invitation.default': 'Default invite code changed',
  'invitation.redeem': 'Invitation used',
  'invitation.vault_activated': 'Vault activated after an invitation',
  'invitation.import': 'Invitations imported from CSV',
  'vaultholders.import': 'Vault holders imported from CSV',
  'vault_holder.import': 'Vault holders imported from CSV',
  'vault_holder.import_preview': 'Vault holder CSV previewed',
  'vault_holder.export': 'Vault holder list exported',
  'integration.rotate_key': 'App integration key renewed',
  'authorization.grant': 'Sponsor authorization granted',
  'authorization.revoke': 'Sponsor authorization revoked',
  'package_sponsor.assign': 'Package assigned to the portal',
  'packagesponsor.assign': 'Package assigned to the portal',
  'package_sponsor.unassign': 'Package removed from the portal',
  'package_sponsor.reprice': 'Sale price changed',
  'packagesponsor.update': 'Sale price changed',
  'failed_upload.report': 'Failed upload reported',
  'failed_upload.retry': 'Failed file sent for retry',
  'failed_upload.dismiss': 'Failed file dismissed',
  'sponsored_advisor.link': 'Representative added (existing user)',
  'message_template.update': 'Message subject and opening text changed',
  'message_template.reset': 'Message text reset to default',
  'message_branding.update': 'Message branding changed',
  'message_branding.logo': 'Message logo changed',
  'message_branding.logo_delete': 'Message logo removed',
  'message.test': 'Test message sent',
  'message.send_again': 'Message sent again',
};

/** Verbs shared by many targets, as past participles. */
const VERBS: Record<string, string> = {
  create: 'created',
  update: 'updated',
  delete: 'deleted',
  activate: 'activated',
  deactivate: 'deactivated',
  archive: 'archived',
  password_reset: 'password reset sent',
  resetpassword: 'password reset sent',
  activation_email: 'activation e-mail sent',
  reset_mfa: 'MFA reset',
  test_account: 'test-account flag changed',
  resend: 'sent again',
  enable: 'enabled',
  disable: 'disabled',
  configure: 'settings changed',
  move: 'moved',
  retire: 'retired',
  restore: 'restored',
  bulk_activate: 'bulk activation',
  bulk_deactivate: 'bulk deactivation',
  bulk_resendActivation: 'bulk activation e-mails',
};

/** A code made readable: "fineTune" → "Fine tune", "send.activation" → "Send activation". */
export const humanize = (code: string) => codeWords(code.replace(/\./g, ' ').trim());

/** "vault_holder.activate" → "Vault holder activated"; an unknown code still reads as words. */
export function actionWords(action: string): string {
  const known = ACTIONS[action];
  if (known) return known;
  const dot = action.indexOf('.');
  const target = dot > 0 ? action.slice(0, dot) : '';
  const verb = dot > 0 ? action.slice(dot + 1) : action;
  const noun = TARGET_NAMES[target] ?? (target ? humanize(target) : '');
  const done = VERBS[verb] ?? humanize(verb).toLowerCase();
  return noun ? `${noun} ${done}` : done.charAt(0).toUpperCase() + done.slice(1);
}

/** The target type in words, or the code made readable. */
export const targetName = (type: string) => TARGET_NAMES[type] ?? humanize(type);

/** Choices of the Action filter: each kind of target (every one of its actions, by code prefix). */
export const ACTION_FILTER_OPTIONS = [
  { value: '', label: 'Any action' },
  { value: 'auth.', label: 'Sign-ins and sign-outs' },
  { value: 'mfa.', label: 'Two-step sign-in' },
  { value: 'vault_holder.', label: 'Vault holders' },
  { value: 'vault.', label: 'Vaults' },
  { value: 'sponsor_admin.', label: 'Administrators' },
  { value: 'sponsored_advisor.', label: 'Representatives' },
  { value: 'advisor.', label: 'Trusted collaborators' },
  { value: 'sponsor.', label: 'Portals' },
  { value: 'sub_portal.', label: 'Sub-portals' },
  { value: 'base_package.', label: 'Base packages' },
  { value: 'package_sponsor.', label: 'Active packages' },
  { value: 'invitation.', label: 'Invitations' },
  { value: 'integration.', label: 'App integrations' },
  { value: 'authorization.', label: 'Sponsor authorizations' },
  { value: 'failed_upload.', label: 'Failed files' },
  { value: 'audit.', label: 'Audit log exports and retention' },
] as const;
