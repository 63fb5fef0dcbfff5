/**
 * Whether a downloaded file may be opened with the system's default app. Opening runs whatever the
 * system has for that type, and far more types run code than anyone can list: `.rdp` connects to a
 * stranger's computer, `.library-ms` and `.searchConnector-ms` reach out to their share, `.chm`, `.hta`
 * and `.html` run script, `.iso` and `.vhdx` mount a disk whose programs escape the download's mark,
 * `.webloc` and `.fileloc` open whatever they point at. So Open is an allow-list: documents, pictures,
 * sound, video and plain text that open in a viewer or an editor. Anything else (and a name with no
 * extension) is shown in its folder, where the person decides. Judged by the name's last extension on
 * disk, which is what the OS judges by too.
 */

/** Types Open hands to the system's app (lower case, no dot). */
export const openableExtensions: ReadonlySet<string> = new Set([
  // Documents. Not the macro-enabled Office types (docm, xlsm, pptm, xlsb, dotm, ppsm...), not ppsx (a
  // show that starts by itself), not html, mht, svg, xml or xps (script, or a viewer that follows links).
  // The old doc, xls and ppt may hold macros: Office blocks those in a file marked as from the internet,
  // and a file the app could not mark is never opened (see feature.ts).
  'pdf', 'doc', 'docx', 'xls', 'xlsx', 'ppt', 'pptx', 'odt', 'ods', 'odp', 'rtf',
  // Plain text (opens in an editor; a script type such as .js or .sh is not plain text to the OS).
  'txt', 'csv', 'md',
  // Pictures (not svg: it is a web page that can carry script).
  'jpg', 'jpeg', 'png', 'gif', 'webp', 'heic', 'heif', 'avif', 'bmp', 'tif', 'tiff',
  // Sound (not wma or asx/m3u/pls playlists, which point players at addresses).
  'mp3', 'm4a', 'wav', 'aac', 'ogg', 'oga', 'opus', 'flac',
  // Video, as teachers record it (phones, cameras, screen recorders).
  'mp4', 'm4v', 'mov', 'webm', 'mkv', 'avi', 'wmv', 'mpg', 'mpeg', '3gp', 'm2ts',
]); // prettier-ignore

/** The last extension of a file name, lower case without the dot; '' when it has none. */
export function extensionOf(fileName: string): string {
  // Trailing dots and spaces are dropped by Windows ("setup.exe." runs as setup.exe).
  const trimmed = fileName.replace(/[. ]+$/, '');
  const base = trimmed.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

export type OpenDecision = 'open' | 'show-in-folder';

/** 'open' for the documents, pictures, sound, video and text above; 'show-in-folder' for anything else. */
export function openDecisionFor(fileName: string): OpenDecision {
  return openableExtensions.has(extensionOf(fileName)) ? 'open' : 'show-in-folder';
}
