/**
 * A representative's permission as the portal says it: a code such as `view_documents` in words
 * ("View documents"). A category already in words ("Estate planning") stays as it is; the code is
 * what is stored and sent.
 */
export function permissionWords(permission: string): string {
  if (!/^[a-z0-9]+(?:[_-][a-z0-9]+)*$/.test(permission)) return permission;
  const words = permission.replace(/[_-]/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
