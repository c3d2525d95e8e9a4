// The carriers a station offers: the bundled rate cards, overridden or extended by cards in the data folder,
// with fuel surcharges set through the CLI. A card file that cannot be read makes its carrier unavailable, with
// the reason: it never falls back to other prices. Card files are read once, and looked at again by a timer (a running
// station notices an edited card within two seconds) rather than on every request. Surcharges are read once per
// pricing, so `carriers set-surcharge` prices the very next one.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, join } from 'node:path';
import { ERROR_TEXT } from '../../src-shared/errors.ts';
import type { UnavailableReason } from '../../src-shared/unavailable-reasons.ts';
import type { Logger } from '../logger.ts';
import { rateCardCarrier, randomDigits, type Carrier, type DigitSource } from './carrier.ts';
import { rateCardSchema, type RateCard } from './rate-card.ts';
import { upstreamCarrier, upstreamOfCarrier, type UpstreamCarrier, type UpstreamTimeouts } from './upstream.ts';
import type { UpstreamConfig } from './upstream-client.ts';

export interface LoadedCard {
  card: RateCard;
  file: string;
  source: 'bundled' | 'data folder';
  fuelSurchargePercent: number;
}

export interface SurchargeOverrides {
  /** The fuel surcharges set by choice code, as they are now. */
  all(): Promise<ReadonlyMap<string, number>>;
}

/** A carrier whose card file cannot be read: it prices nothing until the file is fixed or removed. */
export interface UnavailableCarrier {
  /** The carrier choice it was for; undefined when the file does not say, and then every carrier waits. */
  choiceCode: string | undefined;
  file: string;
  reason: string;
}

export interface CarrierRegistry {
  cards(): Promise<LoadedCard[]>;
  /** The carriers to price with: the usable cards, and for each unreadable one a carrier that refuses with the reason. */
  carriers(): Promise<Carrier[]>;
  /** The carrier that books a priced quote, by carrier code. Booking prices nothing, so no surcharge is read. */
  bookingCarrier(carrierCode: string): Carrier | undefined;
  /** The carrier a rate card's choice code books, by its code and name, as the cards were last read (no surcharge read). */
  carrierOfChoice(choiceCode: string): { carrierCode: string; carrierName: string } | undefined;
  choiceCodes(): string[];
  /** Card files that could not be used, with the reason. */
  problems(): string[];
  unavailable(): UnavailableCarrier[];
  /** The upstream gateway carriers as last read: their health, and tracking refreshes. */
  upstreams(): UpstreamCarrier[];
  /** Reads the upstream services configured again (one settings read), e.g. before checking a carrier choice. */
  refreshUpstreams(): Promise<UpstreamCarrier[]>;
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
  /** The upstream services configured (`station carriers add-upstream`), read with every pricing. */
  upstreams?: { all(): Promise<UpstreamConfig[]> };
  upstreamTimeouts?: UpstreamTimeouts;
  /** The station's clock: an upstream's rate cache and its waits after a failure count on it. */
  clock?: () => Date;
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
  let loaded: LoadedCards = { cards: [], problems: [], unavailable: [], stopped: [] };

  const refresh = () => {
    const files = [...listCardFiles(options.bundledDir, 'bundled'), ...listCardFiles(options.overrideDir, 'data folder')];
    const nextSignature = files.map((file) => `${file.path}@${file.mtimeMs}`).join('|');
    if (nextSignature !== signature) {
      loaded = readCards(files);
      for (const problem of loaded.problems) options.logger?.warn(`Rate card skipped: ${problem}`);
      for (const entry of loaded.unavailable) options.logger?.error(entry.reason);
      signature = nextSignature;
    }
  };
  refresh();
  const current = () => loaded;

  // One carrier per upstream configuration, kept while it is unchanged: its rate cache and its health live in it.
  let upstreams = new Map<string, { signature: string; carrier: UpstreamCarrier }>();
  const readUpstreams = async (): Promise<UpstreamCarrier[]> => {
    const configs = (await options.upstreams?.all()) ?? [];
    const next = new Map<string, { signature: string; carrier: UpstreamCarrier }>();
    for (const config of configs) {
      const signature = JSON.stringify(config);
      const kept = upstreams.get(config.code);
      next.set(
        config.code,
        kept && kept.signature === signature
          ? kept
          : { signature, carrier: upstreamCarrier(config, options.upstreamTimeouts, options.clock) },
      );
    }
    upstreams = next;
    return [...next.values()].map((entry) => entry.carrier);
  };

  const cards = async (): Promise<LoadedCard[]> => {
    const { cards: loadedCards } = current();
    const surcharges = await options.surcharges.all();
    return loadedCards.map((entry) => ({
      ...entry,
      fuelSurchargePercent: surcharges.get(entry.card.choiceCode) ?? entry.card.fuelSurchargePercent,
    }));
  };

  return {
    cards,
    carriers: async () => {
      const { stopped } = current();
      return [
        ...(await cards()).map((entry) => rateCardCarrier(entry.card, entry.fuelSurchargePercent, digits)),
        ...stopped.map(unavailableCarrier),
        ...(await readUpstreams()),
      ];
    },
    bookingCarrier: (carrierCode) => {
      const { cards: loadedCards, stopped } = current();
      const entry = loadedCards.find((candidate) => candidate.card.carrierCode === carrierCode);
      if (entry) return rateCardCarrier(entry.card, entry.card.fuelSurchargePercent, digits);
      const unreadable = stopped.find((candidate) => candidate.carrierCode === carrierCode);
      if (unreadable) return unavailableCarrier(unreadable);
      const upstream = upstreamOfCarrier(carrierCode);
      return upstream === undefined ? undefined : upstreams.get(upstream)?.carrier;
    },
    carrierOfChoice: (choiceCode) => {
      const card = current().cards.find((entry) => entry.card.choiceCode === choiceCode)?.card;
      return card && { carrierCode: card.carrierCode, carrierName: card.carrierName };
    },
    choiceCodes: () => [
      ...current().cards.map((entry) => entry.card.choiceCode),
      ...current().stopped.map((entry) => entry.choiceCode),
      ...upstreams.keys(),
    ],
    upstreams: () => [...upstreams.values()].map((entry) => entry.carrier),
    refreshUpstreams: readUpstreams,
    problems: () => current().problems,
    unavailable: () => current().unavailable,
    refresh,
    watch(intervalMs) {
      readUpstreams().catch((error: unknown) => options.logger?.warn(`Reading the upstream services failed: ${(error as Error).message}`));
      const timer = setInterval(() => {
        try {
          refresh();
        } catch (error) {
          options.logger?.error('Reading the rate cards failed', error);
        }
        readUpstreams().catch((error: unknown) =>
          options.logger?.warn(`Reading the upstream services failed: ${(error as Error).message}`),
        );
      }, intervalMs);
      timer.unref();
      return () => clearInterval(timer);
    },
  };
}

interface StoppedCarrier {
  choiceCode: string;
  carrierCode: string;
  carrierName: string;
  serviceCodes: string[];
  reason: string;
  outcome: UnavailableReason;
}

interface LoadedCards {
  cards: Omit<LoadedCard, 'fuelSurchargePercent'>[];
  problems: string[];
  unavailable: UnavailableCarrier[];
  /** The carriers an unreadable card stops: priced as unavailable, with the reason. */
  stopped: StoppedCarrier[];
}

/** A carrier that prices nothing: every service answers the reason its card cannot be read. */
function unavailableCarrier(stopped: StoppedCarrier): Carrier {
  return {
    choiceCode: stopped.choiceCode,
    carrierCode: stopped.carrierCode,
    carrierName: stopped.carrierName,
    async rate() {
      return stopped.serviceCodes.map((serviceCode) => ({
        ok: false,
        carrierCode: stopped.carrierCode,
        serviceCode,
        reason: stopped.reason,
        outcome: stopped.outcome,
      }));
    },
    async book() {
      throw new Error(stopped.reason);
    },
  };
}

/** Which carrier choice an unreadable card file was meant for: as it says, or by its name; undefined if neither. */
function meantFor(file: CardFile, text: string | undefined, known: readonly { card: RateCard; file: string }[]): string | undefined {
  try {
    const choiceCode = (JSON.parse(text ?? '') as { choiceCode?: unknown }).choiceCode;
    if (typeof choiceCode === 'string' && choiceCode.trim() !== '') return choiceCode.trim();
  } catch {
    // Not JSON at all: go by the file's name.
  }
  const name = basename(file.path);
  const byFileName = known.find((entry) => basename(entry.file) === name);
  if (byFileName) return byFileName.card.choiceCode;
  const stem = name
    .replace(/\.json$/, '')
    .replace(/[-_ ]/g, '')
    .toUpperCase();
  return known.find((entry) => entry.card.choiceCode.replace(/[-_ ]/g, '').toUpperCase() === stem)?.card.choiceCode;
}

function readCards(files: CardFile[]): LoadedCards {
  const byChoice = new Map<string, Omit<LoadedCard, 'fuelSurchargePercent'>>();
  const everyCard: { card: RateCard; file: string }[] = [];
  const problems: string[] = [];
  const broken: { file: CardFile; text: string | undefined; problem: string }[] = [];
  for (const file of files) {
    let text: string | undefined;
    let json: unknown;
    try {
      text = readFileSync(file.path, 'utf8');
      json = JSON.parse(text);
    } catch (error) {
      const problem = `not valid JSON (${(error as Error).message})`;
      problems.push(`${file.path}: ${problem}`);
      broken.push({ file, text, problem });
      continue;
    }
    const parsed = rateCardSchema.safeParse(json);
    if (!parsed.success) {
      const first = parsed.error.issues[0];
      const problem = first ? `${first.path.join('.') || '(card)'}: ${first.message}` : 'invalid card';
      problems.push(`${file.path}: ${problem}`);
      broken.push({ file, text, problem });
      continue;
    }
    // Data-folder cards come after bundled ones, so the same choiceCode replaces the bundled card.
    byChoice.set(parsed.data.choiceCode, { card: parsed.data, file: file.path, source: file.source });
    everyCard.push({ card: parsed.data, file: file.path });
  }

  // A card that cannot be read never lets another price in its place: the carrier it was for is unavailable,
  // and a card that does not say which carrier it is for stops every carrier.
  const unavailable: UnavailableCarrier[] = [];
  const stopped = new Map<string, StoppedCarrier>();
  let stopsEveryCarrier: { file: string; problem: string } | undefined;
  for (const { file, text, problem } of broken) {
    const choiceCode = meantFor(file, text, everyCard);
    const replaced = choiceCode === undefined ? undefined : byChoice.get(choiceCode)?.card;
    const carrierName = replaced?.carrierName ?? choiceCode ?? 'every carrier';
    const reason = ERROR_TEXT.rateCardUnreadable(file.path, problem, choiceCode === undefined ? undefined : carrierName);
    unavailable.push({ choiceCode, file: file.path, reason });
    if (choiceCode === undefined) {
      stopsEveryCarrier ??= { file: file.path, problem };
      continue;
    }
    byChoice.delete(choiceCode);
    stopped.set(choiceCode, {
      choiceCode,
      carrierCode: replaced?.carrierCode ?? choiceCode,
      carrierName,
      serviceCodes: replaced ? replaced.services.map((service) => service.serviceCode) : ['*'],
      reason,
      outcome: { code: 'carrier.cardUnreadable', carrierName, file: file.path, problem },
    });
  }
  if (stopsEveryCarrier) {
    const reason = unavailable
      .filter((entry) => entry.choiceCode === undefined)
      .map((entry) => entry.reason)
      .join(' ');
    for (const { card } of byChoice.values()) {
      stopped.set(card.choiceCode, {
        choiceCode: card.choiceCode,
        carrierCode: card.carrierCode,
        carrierName: card.carrierName,
        serviceCodes: card.services.map((service) => service.serviceCode),
        reason,
        // The first card that stops every carrier: the reason names each of them.
        outcome: { code: 'carrier.cardUnreadable', carrierName: null, ...stopsEveryCarrier },
      });
    }
    byChoice.clear();
  }
  return { cards: [...byChoice.values()], problems, unavailable, stopped: [...stopped.values()] };
}
