/**
 * Saves text or bytes made in the browser as a file: a Blob behind an object URL, clicked through a temporary
 * `<a download>`; the URL is revoked once the click has been handled.
 */
export function saveFile(content: BlobPart, fileName: string, mimeType: string): void {
  const url = URL.createObjectURL(new Blob([content], { type: mimeType }));
  clickLink(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/** Downloads the document behind a URL of our own origin (e.g. a signed label link) without leaving the page. */
export function downloadUrl(url: string): void {
  clickLink(new URL(url, window.location.href).href, '');
}

function clickLink(href: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = href;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
}
