import { z } from 'zod';

export const sponsorSummary = z.object({
  id: z.number().int(),
  sponsorCode: z.string(),
  name: z.string(),
});
export type SponsorSummary = z.infer<typeof sponsorSummary>;

export const statusItem = z.object({ id: z.number().int(), name: z.string() });

export const sponsorGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  code: z.string(),
  parentId: z.number().int().nullable(),
  /** Representatives (sponsored advisors) and vaults in the group. */
  advisorCount: z.number().int().optional(),
  vaultCount: z.number().int().optional(),
});
export type SponsorGroup = z.infer<typeof sponsorGroup>;

export const template = z.object({ id: z.number().int(), name: z.string(), folders: z.array(z.string()) });
export type Template = z.infer<typeof template>;

export const sponsorCodeParam = z.object({ sponsorCode: z.string().trim().min(1).max(50) });
