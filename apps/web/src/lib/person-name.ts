/** A person's name as lists and dialogs show it: first and last name. */
export const fullName = (p: { firstName: string; lastName: string }) => `${p.firstName} ${p.lastName}`.trim();
