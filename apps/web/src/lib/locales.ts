import { PEOPLE_LOCALES } from '@vault/contract';

/** The languages a person's e-mails and pages may use, as select options. */
export const localeOptions = PEOPLE_LOCALES.map((l) => ({ value: l.value, label: l.label }));
/** A language's name from its code (the code itself when unknown). */
export const localeLabel = (v: string) => PEOPLE_LOCALES.find((l) => l.value === v)?.label ?? v;
