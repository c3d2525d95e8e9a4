// Which of the main navigation's links stay in the top bar (components/MainNavigation.tsx measures their widths):
// all of them when they fit, else as many as fit in order beside the More button.

/** How many of the links, in order, fit `room` px beside a More button of `more` px (all of them when all fit). */
export function linksThatFit(widths: readonly number[], gap: number, more: number, room: number): number {
  const all = widths.reduce((sum, width) => sum + width, 0) + gap * Math.max(0, widths.length - 1);
  if (all <= room) return widths.length;
  let used = more;
  let count = 0;
  for (const width of widths) {
    if (used + width + gap > room) break;
    used += width + gap;
    count++;
  }
  return count;
}
