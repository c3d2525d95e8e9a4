// The lint rule `station/no-date-literals`: a date written into a test passes only until that day matters (a ship
// date that becomes the past, a Friday that becomes a Saturday). Tests take dates from a clock: the station's
// (t.clock.today(), t.clock.day(1)) or one they set, and a date may be written only where the clock is set:
// setClock('2027-03-28 02:30', 'Europe/Rome') or clock.set('…'). Strings that are no real day ('2026-02-30') are
// how tests check refusals, and pass.
import type { Rule } from 'eslint';
import { isCalendarDate } from '../../src-shared/calendar.ts';

/** YYYY-MM-DD (or with / or .), and DD.MM.YYYY or DD/MM/YYYY, not inside longer runs of digits. */
const ISO_LIKE = /(?<!\d)(\d{4})[-/.](\d{2})[-/.](\d{2})(?!\d)/g;
const DAY_FIRST = /(?<!\d)(\d{2})[./](\d{2})[./](\d{4})(?!\d)/g;

/** Whether a text names a day that exists. */
export function namesRealDay(text: string): boolean {
  for (const [, year, month, day] of text.matchAll(ISO_LIKE)) if (isCalendarDate(`${year}-${month}-${day}`)) return true;
  for (const [, day, month, year] of text.matchAll(DAY_FIRST)) if (isCalendarDate(`${year}-${month}-${day}`)) return true;
  return false;
}

/** A call that sets a clock: setClock(…), or clock.set(…) on anything whose name ends in clock. */
function setsClock(node: Rule.Node): boolean {
  if (node.type !== 'CallExpression') return false;
  const callee = node.callee;
  if (callee.type === 'Identifier') return callee.name === 'setClock';
  if (callee.type !== 'MemberExpression' || callee.property.type !== 'Identifier' || callee.property.name !== 'set') return false;
  const owner =
    callee.object.type === 'Identifier'
      ? callee.object.name
      : callee.object.type === 'MemberExpression' && callee.object.property.type === 'Identifier'
        ? callee.object.property.name
        : '';
  return /clock$/i.test(owner);
}

const insideSetClock = (context: Rule.RuleContext, node: Rule.Node) =>
  context.sourceCode.getAncestors(node).some((ancestor) => setsClock(ancestor as Rule.Node));

/** new Date(2026, 10, 23) and Date.UTC(2026, …): a year written as a number. */
function writesYear(node: Rule.Node): boolean {
  const isDateUtc =
    node.type === 'CallExpression' &&
    node.callee.type === 'MemberExpression' &&
    node.callee.object.type === 'Identifier' &&
    node.callee.object.name === 'Date' &&
    node.callee.property.type === 'Identifier' &&
    node.callee.property.name === 'UTC';
  const isNewDate = node.type === 'NewExpression' && node.callee.type === 'Identifier' && node.callee.name === 'Date';
  if (!isDateUtc && !isNewDate) return false;
  const args = (node as unknown as { arguments: Rule.Node[] }).arguments;
  const first = args[0];
  return args.length >= 2 && first?.type === 'Literal' && typeof first.value === 'number' && first.value >= 1900 && first.value <= 2200;
}

const MESSAGE =
  "A date written in a test goes off when that day passes. Take it from the station’s clock (t.clock.today(), t.clock.day(n)), or write it where the test sets the clock: setClock('YYYY-MM-DD HH:MM', zone).";

export const noDateLiterals: Rule.RuleModule = {
  meta: {
    type: 'problem',
    docs: { description: 'Dates in tests come from a set clock, never from the day the test was written' },
    schema: [],
    messages: { dated: MESSAGE },
  },
  create(context) {
    const check = (node: Rule.Node, text: string) => {
      if (namesRealDay(text) && !insideSetClock(context, node)) context.report({ node, messageId: 'dated' });
    };
    return {
      Literal(node) {
        if (typeof node.value === 'string') check(node, node.value);
      },
      TemplateElement(node) {
        check(node, node.value.cooked ?? node.value.raw);
      },
      NewExpression(node) {
        if (writesYear(node) && !insideSetClock(context, node)) context.report({ node, messageId: 'dated' });
      },
      CallExpression(node) {
        if (writesYear(node) && !insideSetClock(context, node)) context.report({ node, messageId: 'dated' });
      },
    };
  },
};

export const stationLintPlugin = { rules: { 'no-date-literals': noDateLiterals } };
