// The fleet benchmark's counts of desks (docs/benchmarks.md, A fleet of desks): `--fleet` alone is 1, 2, 4 and 8; a
// number is the powers of two below it and itself; a list is itself; one desk is always measured, for the figures
// every other count is compared with; and the other options keep their documented defaults.
import { describe, expect, it } from 'vitest';
import { fleetOptions } from '../bench/fleet.ts';

const argv = (...args: string[]) => ['node', 'test/bench/run.ts', ...args];

describe('npm run bench -- --fleet', () => {
  it('runs 1, 2, 4 and 8 desks when given no count, whatever follows', () => {
    expect(fleetOptions(argv('--fleet')).desks).toEqual([1, 2, 4, 8]);
    expect(fleetOptions(argv('--fleet', '--connections', '2')).desks).toEqual([1, 2, 4, 8]);
  });

  it('climbs in powers of two to a count', () => {
    expect(fleetOptions(argv('--fleet', '20')).desks).toEqual([1, 2, 4, 8, 16, 20]);
    expect(fleetOptions(argv('--fleet', '8')).desks).toEqual([1, 2, 4, 8]);
    expect(fleetOptions(argv('--fleet', '1')).desks).toEqual([1]);
  });

  it('runs a list as given, sorted, with one desk added', () => {
    expect(fleetOptions(argv('--fleet', '6,3')).desks).toEqual([1, 3, 6]);
    expect(fleetOptions(argv('--fleet', '1,2,2')).desks).toEqual([1, 2]);
  });

  it('keeps the documented defaults, and takes the options given', () => {
    expect(fleetOptions(argv('--fleet'))).toEqual({
      desks: [1, 2, 4, 8],
      connections: 4,
      seconds: 20,
      warmupSeconds: 3,
      postgresOnly: false,
      peakDesks: 8,
    });
    expect(fleetOptions(argv('--fleet', '4', '--connections', '2', '--seconds', '60', '--peak-desks', '20', '--postgres-only'))).toEqual({
      desks: [1, 2, 4],
      connections: 2,
      seconds: 60,
      warmupSeconds: 3,
      postgresOnly: true,
      peakDesks: 20,
    });
    expect(fleetOptions(argv('--fleet', '--quick'))).toMatchObject({ seconds: 3, warmupSeconds: 1 });
  });
});
