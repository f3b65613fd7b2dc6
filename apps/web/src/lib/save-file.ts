/** Saves a file the portal holds (fetched with the session's token, or built here) through the browser's download. */
export function saveFile(content: Blob, fileName: string) {
  const url = URL.createObjectURL(content);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Some browsers read the address after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
