/* The values of the invitation form, its conversion to the request body and its local checks. */
import type { UseFormReturnType } from '@mantine/form';
import { type Invitation, type InvitationBody, type InvitationType, openInvitationInput, strictInvitationInput } from '@vault/contract';

export const LANGUAGES = [
  { value: 'en', label: 'English' },
  { value: 'es', label: 'Spanish' },
  { value: 'fr', label: 'French' },
  { value: 'de', label: 'German' },
];

export interface FormValues {
  email: string;
  firstName: string;
  lastName: string;
  inviteCode: string;
  max: number | string;
  /** The date-time picker's local value, "2026-12-31 17:00:00"; null when none is chosen. */
  expireTime: string | null;
  packageId: string | null;
  localize: string;
  testAccount: boolean;
  isTrustedAdvisor: boolean;
  defaultInviteCode: boolean;
  advisors: string[];
}

/** What a group of fields of the form needs: the form that holds their values and messages. */
export interface FieldGroupProps {
  form: UseFormReturnType<FormValues>;
}

const pad = (n: number) => String(n).padStart(2, '0');
/** An instant as the local "YYYY-MM-DD HH:mm:00" the date-time picker holds (to the minute, as it shows). */
export function toPickerValue(value: string | Date | null | undefined): string | null {
  if (!value) return null;
  const d = new Date(value);
  if (Number.isNaN(d.getTime())) return null;
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ${pad(d.getHours())}:${pad(d.getMinutes())}:00`;
}
/** The picker's local value as the instant the API takes (ISO 8601, UTC). */
const fromPickerValue = (text: string | null): string | null => {
  if (!text) return null;
  const d = new Date(text.replace(' ', 'T'));
  return Number.isNaN(d.getTime()) ? text : d.toISOString();
};

export function initialValues(inv: Invitation | null): FormValues {
  if (!inv) {
    return {
      email: '',
      firstName: '',
      lastName: '',
      inviteCode: '',
      max: 10,
      expireTime: toPickerValue(new Date(Date.now() + 30 * 86_400_000)),
      packageId: null,
      localize: 'en',
      testAccount: false,
      isTrustedAdvisor: false,
      defaultInviteCode: false,
      advisors: [],
    };
  }
  return {
    email: inv.email ?? '',
    firstName: inv.firstName ?? '',
    lastName: inv.lastName ?? '',
    inviteCode: inv.type === 'open' ? inv.inviteCode : '',
    max: inv.max,
    expireTime: toPickerValue(inv.expireTime),
    packageId: inv.packageId ? String(inv.packageId) : null,
    localize: inv.localize,
    testAccount: inv.testAccount,
    isTrustedAdvisor: inv.isTrustedAdvisor,
    defaultInviteCode: inv.defaultInviteCode,
    advisors: inv.sponsoredTrustedAdvisorId.map(String),
  };
}

export function toBody(type: InvitationType, v: FormValues, inv: Invitation | null): InvitationBody {
  const common = {
    packageId: v.packageId ? Number(v.packageId) : null,
    localize: v.localize,
    testAccount: v.testAccount,
    isTrustedAdvisor: v.isTrustedAdvisor,
    sponsoredTrustedAdvisorId: v.advisors.map((a) => Number.parseInt(a, 10)),
  };
  // An unchanged expiry is sent as it was, to the second, so an edit keeps it.
  const expireTime = inv && toPickerValue(inv.expireTime) === v.expireTime ? inv.expireTime : fromPickerValue(v.expireTime);
  if (type === 'strict') {
    return { ...common, email: v.email.trim(), firstName: v.firstName.trim(), lastName: v.lastName.trim(), expireTime };
  }
  return {
    ...common,
    inviteCode: v.inviteCode.trim(),
    max: typeof v.max === 'number' ? v.max : Number.NaN,
    expireTime,
    defaultInviteCode: v.defaultInviteCode,
    email: v.email.trim() || null,
  };
}

/** Field messages from the contract's rules, before anything is sent. */
export function localErrors(type: InvitationType, body: InvitationBody, inv: Invitation | null): Record<string, string> {
  const schema = type === 'strict' ? strictInvitationInput : openInvitationInput;
  const input: Record<string, unknown> = { ...body };
  // An edit may keep an expiry that has passed; the server allows it when unchanged.
  if (inv && body.expireTime === inv.expireTime && inv.expireTime) input.expireTime = new Date(Date.now() + 86_400_000).toISOString();
  const res = schema.safeParse(input);
  const errors: Record<string, string> = {};
  if (!res.success) for (const i of res.error.issues) errors[formField(String(i.path[0] ?? 'form'))] ??= i.message;
  return errors;
}

/** The form's name of a field of the request (the advisors are sent as sponsoredTrustedAdvisorId). */
export const formField = (requestField: string) => (requestField === 'sponsoredTrustedAdvisorId' ? 'advisors' : requestField);

/** The fields a server message can point at; other messages are shown above the form. */
export const FIELD_NAMES = new Set([
  'email',
  'firstName',
  'lastName',
  'inviteCode',
  'max',
  'expireTime',
  'packageId',
  'localize',
  'sponsoredTrustedAdvisorId',
  'defaultInviteCode',
]);
