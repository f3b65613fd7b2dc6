import type { FastifyRequest } from 'fastify';
import { badRequest } from '../lib/errors.js';

/** How a call names its sponsor (plugins/tenant.ts): parameter names match without regard to case or underscores. */
export const squash = (k: string) => k.toLowerCase().replaceAll('_', '');
const ID_KEYS = new Set(['sponsorid']);
const CODE_KEYS = new Set(['sponsorcode']);
const MAX_ID = 2_147_483_647;

/** Adds the sponsor ids and codes `source` names to `ids` and `codes`; a malformed id is bad input. */
export function collect(source: unknown, ids: number[], codes: string[]) {
  if (!source || typeof source !== 'object' || Array.isArray(source)) return;
  for (const [key, value] of Object.entries(source)) {
    const k = squash(key);
    if (ID_KEYS.has(k) && value !== undefined && value !== null && value !== '') {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 0) throw badRequest(`${key} must be a sponsor id.`);
      if (n !== 0) ids.push(n);
    } else if (CODE_KEYS.has(k) && typeof value === 'string' && value.trim() !== '') {
      codes.push(value.trim());
    }
  }
}

/**
 * The one sponsor id the address names (query or path), read as the request arrives so the
 * session's statement can fetch that sponsor too (plugins/auth.ts): null when it names none,
 * several, a code, or something that is not an id. It decides nothing: tenant checks the call
 * as before and only skips its own look-up of this id.
 */
export function sponsorIdInAddress(request: FastifyRequest): number | null {
  const ids: number[] = [];
  const codes: string[] = [];
  try {
    collect(request.query, ids, codes);
    collect(request.params, ids, codes);
  } catch {
    return null;
  }
  const id = ids[0];
  if (id === undefined || codes.length > 0 || ids.some((n) => n !== id) || id > MAX_ID) return null;
  return id;
}
