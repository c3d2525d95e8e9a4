// The carriers a station offers: the bundled rate cards, overridden or extended by cards in the data folder,
// with fuel surcharges set through the CLI. Card files are read once, and looked at again by a timer (a running
// station notices an edited card within two seconds) rather than on every request. Surcharges are read per
// request, so `carriers set-surcharge` prices the very next one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { Logger } from '../logger.ts';
import { rateCardCarrier, randomDigits, type Carrier, type DigitSource } from './carrier.ts';
import { rateCardSchema, type RateCard } from './rate-card.ts';

export interface LoadedCard {
  card: RateCard;
  file: string;
  source: 'bundled' | 'data folder';
  fuelSurchargePercent: number;
}

export interface SurchargeOverrides {
  get(choiceCode: string): number | undefined;
}

export interface CarrierRegistry {
  cards(): LoadedCard[];
  carriers(): Carrier[];
  choiceCodes(): string[];
  /** Card files that could not be used, with the reason. */
  problems(): string[];
  /** Reads the card files again if any changed, was added or went away. */
  refresh(): void;
  /** Refreshes every `intervalMs` until the returned function is called. */
  watch(intervalMs: number): () => void;
}

export interface RegistryOptions {
  bundledDir: string;
  /** <data folder>/carriers: cards here replace bundled ones with the same choiceCode, or add carriers. */
  overrideDir: string;
  surcharges: SurchargeOverrides;
  digits?: DigitSource;
  logger?: Logger;
}

interface CardFile {
  path: string;
  source: LoadedCard['source'];
  mtimeMs: number;
}

function listCardFiles(dir: string, source: LoadedCard['source']): CardFile[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .map((name) => {
      const path = join(dir, name);
      return { path, source, mtimeMs: statSync(path).mtimeMs };
    });
}

export function createCarrierRegistry(options: RegistryOptions): CarrierRegistry {
  const digits = options.digits ?? randomDigits;
  let signature = '';
  let loaded: { cards: Omit<LoadedCard, 'fuelSurchargePercent'>[]; problems: string[] } = { cards: [], problems: [] };

  const refresh = () => {
    const files = [...listCardFiles(options.bundledDir, 'bundled'), ...listCardFiles(options.overrideDir, 'data folder')];
    const nextSignature = files.map((file) => `${file.path}@${file.mtimeMs}`).join('|');
    if (nextSignature !== signature) {
      loaded = readCards(files);
      for (const problem of loaded.problems) options.logger?.warn(`Rate card skipped: ${problem}`);
      signature = nextSignature;
    }
  };
  refresh();
  const current = () => loaded;

  const cards = (): LoadedCard[] =>
    current().cards.map((entry) => ({
      ...entry,
      fuelSurchargePercent: options.surcharges.get(entry.card.choiceCode) ?? entry.card.fuelSurchargePercent,
    }));

  return {
    cards,
    carriers: () => cards().map((entry) => rateCardCarrier(entry.card, entry.fuelSurchargePercent, digits)),
    choiceCodes: () => cards().map((entry) => entry.card.choiceCode),
    problems: () => current().problems,
    refresh,
    watch(intervalMs) {
      const timer = setInterval(() => {
        try {
          refresh();
        } catch (error) {
          options.logger?.error('Reading the rate cards failed', error);
        }
      }, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

function readCards(files: CardFile[]): { cards: Omit<LoadedCard, 'fuelSurchargePercent'>[]; problems: string[] } {
  const byChoice = new Map<string, Omit<LoadedCard, 'fuelSurchargePercent'>>();
  const problems: string[] = [];
  for (const file of files) {
    let json: unknown;
    try {
      json = JSON.parse(readFileSync(file.path, 'utf8'));
    } catch (error) {
      problems.push(`${file.path}: not valid JSON (${(error as Error).message})`);
      continue;
    }
    const parsed = rateCardSchema.safeParse(json);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      problems.push(`${file.path}: ${first ? `${first.path.join('.') || '(card)'}: ${first.message}` : 'invalid card'}`);
      continue;
    }
    // Data-folder cards come after bundled ones, so the same choiceCode replaces the bundled card.
    byChoice.set(parsed.data.choiceCode, { card: parsed.data, file: file.path, source: file.source });
  }
  return { cards: [...byChoice.values()], problems };
}
