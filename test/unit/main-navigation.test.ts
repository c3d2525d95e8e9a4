// Which links of the main navigation stay in the bar (components/MainNavigation.tsx): all when all fit, else as many
// as fit in order beside the More button. The layout walk (test/e2e/layout.e2e.ts) measures the real bar.
import { describe, expect, it } from 'vitest';
import { linksThatFit } from '../../src-renderer/components/links-that-fit.ts';

describe('linksThatFit', () => {
  const widths = [80, 150, 90, 120];
  const gap = 4;
  // 80 + 150 + 90 + 120 and three gaps: 452 px.
  it('keeps every link when they all fit, with no room kept for More', () => {
    expect(linksThatFit(widths, gap, 70, 452)).toBe(4);
  });
  it('keeps the first links that fit beside More when one does not', () => {
    // More (70) + 80 + 4 + 150 + 4 = 308 ≤ 330; the third (90 + 4) would need 402.
    expect(linksThatFit(widths, gap, 70, 330)).toBe(2);
    expect(linksThatFit(widths, gap, 70, 451)).toBe(3);
  });
  it('keeps none when even the first does not fit beside More, and all of none', () => {
    expect(linksThatFit(widths, gap, 70, 100)).toBe(0);
    expect(linksThatFit([], gap, 70, 0)).toBe(0);
  });
});
