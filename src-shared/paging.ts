// How every list answers its paging (README, "The API in short"): meta.page of a list, shared by the station and
// the desk's client.

/** The size a page was answered with, the list's largest, and, when more was asked, that it was capped. */
export interface PageMeta {
  size: number;
  maxSize: number;
  requested?: number;
  capped?: true;
}
