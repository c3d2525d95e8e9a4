// The path as the log may show it: the secret segment of a tracking link or a print view is left out, so the
// log never holds what would let its reader follow a parcel or take a label.
export function loggedPath(path: string): string {
  return path.replace(/^((?:\/v3(?:-testing)?)?\/(?:track|print-view)\/)[^/]+/, '$1…');
}
