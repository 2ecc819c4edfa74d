/** The file a relative specifier names, or null (a package, or nothing there). */
export function resolveRelative(from: string, specifier: string): string | null;
/** The files `file` (whose text is `text`) imports by relative paths. */
export function relativeImportsIn(file: string, text: string): string[];
