// Settings' packing rules editor: the rules as text fields a supervisor edits, checked with the station's own
// rules before saving (src-shared/packing-setup.ts), and a dry run that shows what the edited rules would choose
// for the recent orders, beside what the saved rules choose. A rule's special services are two compact fields: the
// delivery confirmation (with an adult signature's age in one choice: adultSignature-21) and Saturday delivery.
import { create } from 'zustand';
import { dryRunRules, type PackingRule } from '../../src-shared/packing-rules.ts';
import type { OrderAttributes } from '../../src-shared/orders.ts';
import { validatePackingSetup, type PackingSetup } from '../../src-shared/packing-setup.ts';
import { usePackingSetup } from './packing-setup.ts';
import { DEFAULT_MINIMUM_AGE } from '../../src-shared/shipment-options.ts';
import { api } from './session.ts';
import { ROUTES } from '../../src-shared/routes.ts';
import { failure, message, type Said } from '../i18n/said.ts';

export const RULE_FIELDS = [
  'countries',
  'minWeightKg',
  'maxWeightKg',
  'skus',
  'tags',
  'box',
  'service',
  'carrier',
  'lowestCo2eWithinPercent',
] as const;
export type RuleField = (typeof RULE_FIELDS)[number];
/** The delivery confirmation a rule sets, as its one choice: '' (not set), none, signature, adultSignature-18, direct… */
export const CONFIRMATION_CHOICES = [
  '',
  'none',
  'signature',
  'adultSignature-16',
  'adultSignature-18',
  'adultSignature-21',
  'direct',
  'indirect',
] as const;
/** A rule as the editor holds it: its fields' text, its confirmation choice, and Saturday delivery ('true' or ''). */
export type DraftRule = Record<RuleField | 'confirmation' | 'saturday', string>;
export type EditableField = keyof DraftRule;

/**
 * A dry run: the saved and the edited rules, and the recent orders they were tried on. The screen makes its rows
 * (dryRunRules) with the reasons in the packer's words as it shows them.
 */
export interface DryRun {
  saved: readonly PackingRule[];
  draft: readonly PackingRule[];
  orders: readonly OrderAttributes[];
}

/** How many of the newest orders the dry run tries the rules on. */
export const DRY_RUN_ORDERS = 50;

export interface RulesEditorState {
  rules: DraftRule[];
  warnPercent: string;
  blockPercent: string;
  /** Faults of the draft, by field id (`rules.2.countries`, `varianceWarnPercent`), worded by the screen. */
  errors: Record<string, Said>;
  dryRun: DryRun | null;
  status: 'idle' | 'trying' | 'saving';
  /** What the last try or save did, or why it was refused, worded by the screen. */
  message: Said | null;
  /** Starts over from the station's saved setup. */
  reset(setup: PackingSetup): void;
  edit(index: number, field: EditableField, value: string): void;
  setPercent(which: 'warnPercent' | 'blockPercent', value: string): void;
  add(): void;
  remove(index: number): void;
  move(index: number, by: -1 | 1): void;
  /** The saved and the edited rules on the recent orders. */
  tryOnRecentOrders(): Promise<void>;
  save(): Promise<void>;
}

const EMPTY: DraftRule = {
  countries: '',
  minWeightKg: '',
  maxWeightKg: '',
  skus: '',
  tags: '',
  box: '',
  service: '',
  carrier: '',
  lowestCo2eWithinPercent: '',
  confirmation: '',
  saturday: '',
};

function draftOf(rule: PackingRule): DraftRule {
  const { countries, minWeightKg, maxWeightKg, skus, tags } = rule.when;
  const number = (value: number | undefined) => (value === undefined ? '' : String(value));
  return {
    countries: countries?.join(', ') ?? '',
    minWeightKg: number(minWeightKg),
    maxWeightKg: number(maxWeightKg),
    skus: skus?.join(', ') ?? '',
    tags: tags?.join(', ') ?? '',
    box: rule.then.box ?? '',
    service: rule.then.service ?? '',
    carrier: rule.then.carrier ?? '',
    lowestCo2eWithinPercent: number(rule.then.lowestCo2eWithinPercent),
    confirmation: confirmationChoice(rule.then.services),
    // A rule set through the API may say "no Saturday delivery" (later rules may not set it): kept as it was unless ticked.
    saturday: rule.then.services?.saturdayDelivery === undefined ? '' : String(rule.then.services.saturdayDelivery),
  };
}

/** A rule's delivery confirmation as the editor's one choice. */
function confirmationChoice(services: PackingRule['then']['services']): string {
  const level = services?.deliveryConfirmation;
  if (!level) return '';
  return level === 'adultSignature' ? `adultSignature-${String(services.minimumAge ?? DEFAULT_MINIMUM_AGE)}` : level;
}

/** The editor's confirmation choice and Saturday box ('true', 'false' as the API set it, or '') as a rule's services; undefined when neither is set. */
function servicesOf(confirmation: string, saturday: string) {
  const [level, age] = confirmation.split('-');
  const services = {
    ...(level ? { deliveryConfirmation: level } : {}),
    ...(age ? { minimumAge: Number(age) } : {}),
    ...(saturday === 'true' || saturday === 'false' ? { saturdayDelivery: saturday === 'true' } : {}),
  };
  return Object.keys(services).length > 0 ? services : undefined;
}

/** The draft as PATCH /packing takes it: the station reads the lists and numbers from the text. */
function requestOf(state: Pick<RulesEditorState, 'rules' | 'warnPercent' | 'blockPercent'>) {
  return {
    rules: state.rules.map(
      ({ countries, minWeightKg, maxWeightKg, skus, tags, box, service, carrier, lowestCo2eWithinPercent, confirmation, saturday }) => ({
        when: { countries, minWeightKg, maxWeightKg, skus, tags },
        then: { box, service, carrier, lowestCo2eWithinPercent, services: servicesOf(confirmation, saturday) },
      }),
    ),
    varianceWarnPercent: state.warnPercent,
    varianceBlockPercent: state.blockPercent,
  };
}

/** What each field of a rule expects, in the packer's words. */
const fieldWords = (field: RuleField): Said => message(`rules.expects.${field}`);

/** The shared rules' faults by field: a pointer like /data/attributes/rules/2/when/countries/1 is rules.2.countries. */
function faultsOf(pointers: string[]): Record<string, Said> {
  const errors: Record<string, Said> = {};
  for (const pointer of pointers) {
    const [, , , member, index, part, field] = pointer.split('/');
    if (member === 'rules' && part === 'then' && field === undefined) errors[`rules.${index}.then`] = message('rules.expects.then');
    else if (member === 'rules' && field) errors[`rules.${index}.${field}`] = fieldWords(field as RuleField);
    else if (member === 'varianceWarnPercent') errors.varianceWarnPercent = message('rules.expects.warn');
    else if (member === 'varianceBlockPercent') errors.varianceBlockPercent = message('rules.expects.block');
    else if (member) errors[member] = message('rules.expects.other');
  }
  return errors;
}

export const useRulesEditor = create<RulesEditorState>()((set, get) => {
  /** The draft checked as the station will check it: the setup it makes, or undefined with the faults shown. */
  const checked = (): PackingSetup | undefined => {
    const result = validatePackingSetup({ data: { type: 'packingSetup', attributes: requestOf(get()) } }, usePackingSetup.getState().setup);
    if (result.ok) {
      set({ errors: {} });
      return result.value;
    }
    set({ errors: faultsOf(result.errors.map((error) => error.source?.pointer ?? '')), message: null });
    return undefined;
  };
  const edited = (rules: DraftRule[]) => set({ rules, dryRun: null, message: null });

  return {
    rules: [],
    warnPercent: '',
    blockPercent: '',
    errors: {},
    dryRun: null,
    status: 'idle',
    message: null,
    reset: (setup) =>
      set({
        rules: setup.rules.map(draftOf),
        warnPercent: String(setup.varianceWarnPercent),
        blockPercent: String(setup.varianceBlockPercent),
        errors: {},
        dryRun: null,
        message: null,
      }),
    edit: (index, field, value) => edited(get().rules.map((rule, at) => (at === index ? { ...rule, [field]: value } : rule))),
    setPercent: (which, value) => set({ [which]: value, message: null }),
    add: () => edited([...get().rules, { ...EMPTY }]),
    remove: (index) => edited(get().rules.filter((_, at) => at !== index)),
    move(index, by) {
      const rules = [...get().rules];
      const target = index + by;
      if (target < 0 || target >= rules.length) return;
      [rules[index], rules[target]] = [rules[target]!, rules[index]!];
      edited(rules);
    },
    async tryOnRecentOrders() {
      const draft = checked();
      if (!draft) return;
      set({ status: 'trying', message: null });
      try {
        const orders = (await api().call(ROUTES.orders, { query: { limit: DRY_RUN_ORDERS } })).data;
        const dryRun: DryRun = {
          saved: usePackingSetup.getState().setup.rules,
          draft: draft.rules,
          orders: orders.map((order) => order.attributes),
        };
        const rows = dryRunRules(dryRun.saved, dryRun.draft, dryRun.orders);
        const changed = rows.filter((row) => row.changed).length;
        set({
          status: 'idle',
          dryRun,
          message: rows.length === 0 ? message('rules.noOrders') : message('rules.dryRunResult', { changed, count: rows.length }),
        });
      } catch (error) {
        set({ status: 'idle', message: failure(error) });
      }
    },
    async save() {
      const draft = checked();
      if (!draft) return;
      set({ status: 'saving', message: null });
      const saved = await usePackingSetup
        .getState()
        .save({ rules: draft.rules, varianceWarnPercent: draft.varianceWarnPercent, varianceBlockPercent: draft.varianceBlockPercent });
      if (saved) get().reset(usePackingSetup.getState().setup);
      set({ status: 'idle', message: saved ? message('rules.savedMessage') : usePackingSetup.getState().error });
    },
  };
});
