// The packing rules' explanations ("Express because CH under 2 kg", "Adult signature 18+ because with WINE-*") in
// the packer's language: the shared rules (src-shared/packing-rules.ts) decide; these words tell why.
import type { PackingWords } from '../../src-shared/packing-rules.ts';
import { DEFAULT_MINIMUM_AGE } from '../../src-shared/shipment-options.ts';
import { boxName } from './domain-names.ts';
import { formatAlternatives, formatNumber, formatWeight } from './format.ts';
import { translate } from './i18n.ts';

export function packingWords(): PackingWords {
  return {
    because: (choice, why) => translate('packingWords.because', { choice, why }),
    box: boxName,
    orderAsks: (choice) => translate('packingWords.orderAsks', { choice }),
    service: (level) => translate(level === 'express' ? 'rules.express' : 'rules.economy'),
    confirmation: (level, minimumAge) => translate('packingWords.confirmation', { level, age: String(minimumAge ?? DEFAULT_MINIMUM_AGE) }),
    saturdayDelivery: translate('packingWords.saturdayDelivery'),
    lowestCo2e: (percent) => translate('packingWords.lowestCo2e', { percent: formatNumber(percent) }),
    either: formatAlternatives,
    fromTo: (minKg, maxKg) => translate('packingWords.fromTo', { min: formatWeight(minKg), max: formatWeight(maxKg) }),
    under: (maxKg) => translate('packingWords.under', { max: formatWeight(maxKg) }),
    orMore: (minKg) => translate('packingWords.orMore', { min: formatWeight(minKg) }),
    withSkus: (skus) => translate('packingWords.withSkus', { skus }),
    tagged: (tags) => translate('packingWords.tagged', { tags }),
    anyOrder: translate('packingWords.anyOrder'),
  };
}
