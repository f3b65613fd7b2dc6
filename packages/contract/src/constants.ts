/**
 * Plain constants of the specification (no zod): the portal's first screen imports these without
 * pulling the schemas in. auth.ts and common.ts re-export them.
 */

export const LOGIN_FAILED_MESSAGE = 'You have provided an incorrect email/username and/or password or maybe you are not in our system.';
export const SESSION_EXPIRED_MESSAGE = 'Your session ended after 30 minutes of inactivity. Please log in to the Vault Admin Portal again.';

export const PASSWORD_MIN = 12;

/** Specification section 9. */
export const PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
export const SESSION_IDLE_MINUTES = 30;
export const SESSION_MAX_HOURS = 12;
export const NO_SPONSOR_ID = 0;
export const AUDIT_DEFAULT_DAYS = 29;
/** A list's address asks for every portal at once (staff) with `all=1` (decision 0052). */
export const ALL_PORTALS_URL_PARAM = 'all';

export const STATUS = { active: 1, inactive: 2, pending: 3, archived: 4 } as const;
export const STATUS_NAMES: Record<number, string> = {
  1: 'Active',
  2: 'Inactive',
  3: 'Pending activation',
  4: 'Archived',
};

/** Specification section 5: a standard e-mail that also allows ä ö ü é è in the domain part. */
export const EMAIL_PATTERN = /^[A-Za-z0-9._%+-]+@(?:[A-Za-z0-9äöüéè](?:[A-Za-z0-9äöüéè-]*[A-Za-z0-9äöüéè])?\.)+[A-Za-zäöüéè]{2,}$/;

/** Specification section 5: characters refused in names. */
export const FORBIDDEN_CHARS = `'\`~!@#$%^&*()=;:"<>/|?`;

/** Specification sections 5 and 8: archive and other reasons. */
export const REASON_MIN = 20;
export const REASON_MAX = 1024;
export const REASON_MESSAGE = 'Required (minimum 20 characters, maximum 1024)';
export const isValidReason = (text: string) => {
  const t = text.trim();
  return t.length >= REASON_MIN && t.length <= REASON_MAX;
};

/** What the server answers (403) while a session must enroll a second factor; the portal reads it to open the account page. */
export const MFA_ENROLLMENT_REQUIRED_MESSAGE = 'Set up a second factor before you continue.';

/**
 * The cookie the portal writes so the server can send the vault list's first screen with its rows
 * (decision 0051): JSON of { token, sponsorId, sponsorCode, columns }, URI-encoded. Only the HTML of
 * the first screen reads it; no API route accepts it as a credential.
 */
export const FIRST_SCREEN_COOKIE = 'vault_first_screen';
/** The element of the served page holding the first screen's data (JSON, never run). */
export const FIRST_SCREEN_DATA_ID = 'first-screen-data';
