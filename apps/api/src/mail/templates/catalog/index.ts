import type { MessageLocale } from '@vault/contract';
import { de } from './de.js';
import { en } from './en.js';
import { es } from './es.js';
import { fr } from './fr.js';
import { it } from './it.js';
import { nl } from './nl.js';
import type { Catalog } from './types.js';

export type { Catalog, KindTexts } from './types.js';

export const CATALOGS: Record<MessageLocale, Catalog> = { en, fr, de, es, it, nl };

/** The language tag dates are written in: French texts are Canadian French. */
export const DATE_LOCALE: Record<MessageLocale, string> = { en: 'en', fr: 'fr-CA', de: 'de', es: 'es', it: 'it', nl: 'nl' };

/** A person's `localize` as a message language; anything without texts reads English. */
export const messageLocale = (localize: string | null | undefined): MessageLocale => {
  const base = (localize ?? 'en').toLowerCase().split(/[-_]/)[0] as MessageLocale;
  return base in CATALOGS ? base : 'en';
};
