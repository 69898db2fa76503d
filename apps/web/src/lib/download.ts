/**
 * Hands a file to the browser as a download under `fileName` (every feature's downloads: spreadsheets, the
 * configuration file, message attachments). The object URL lives long enough for the browser to start the download.
 */
export function saveBlob(blob: Blob, fileName: string): void {
  const href = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = href;
  a.download = fileName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}
