/** What a save changed, as `{ field: { from, to } }`, for the audit entry. */
export function changes(before: Record<string, unknown>, after: Record<string, unknown>): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const [k, v] of Object.entries(after)) {
    if (v === undefined) continue;
    const was = before[k];
    if (JSON.stringify(was) !== JSON.stringify(v)) out[k] = { from: was, to: v };
  }
  return out;
}

/** Picks the given keys out of a body, dropping those not sent. */
export function pick<T extends object, K extends keyof T>(body: T, keys: readonly K[]): Partial<Pick<T, K>> {
  const out: Partial<Pick<T, K>> = {};
  for (const k of keys) if (body[k] !== undefined) out[k] = body[k];
  return out;
}
