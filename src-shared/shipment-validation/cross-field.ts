// The rules that tie a shipment's members together, read from the raw request after each member's own schema: an
// address's country rules, parcels for every operation but save, goods and insurance unless documentsOnly, a line's
// total within money's range, documentsOnly on a customs route only and within its size, and what customs asks of
// commercial goods (HS codes, EORI, IOSS). The API description writes them out as ShipmentRules.
import { isCountryCode } from '../countries.ts';
import { IOSS_LIMIT_CENTS, customsRoute, isEori, isHsCode, type CustomsRoute } from '../customs.ts';
import { multiplyCents, parseCents } from '../money.ts';
import { DOCUMENTS_MAX } from '../shipment.ts';
import { DRY_ICE_UN_NUMBER } from '../shipment-options.ts';
import { checkAddressRules, readPostalCode } from './addresses.ts';
import { asFlag } from './fields.ts';
import { isAbsent, isObject, rawNumber, rawText, readValueAt, type Operation, type Violations } from './violations.ts';

/** Every rule across members of `data.attributes` for one operation, each fault added to `violations`. */
export function checkCrossFieldRules(attributes: Record<string, unknown>, operation: Operation, violations: Violations): void {
  const at = (...path: (string | number)[]) => ['data', 'attributes', ...path];
  const readCode = (value: unknown) => (typeof value === 'string' ? value.trim().toUpperCase() : undefined);
  const documentsOnly = asFlag(attributes.documentsOnly) === true;

  for (const role of ['shipFrom', 'shipTo', 'collectionLocation'] as const)
    checkAddressRules(attributes[role], at(role), violations, role === 'shipTo');

  const packages = attributes.packages;
  if (operation !== 'save' && (!Array.isArray(packages) || packages.length === 0)) {
    if (Array.isArray(packages)) violations.invalid(at('packages'));
    else violations.missing(at('packages'));
  }
  if (Array.isArray(packages)) packages.forEach((pkg, index) => checkDryIce(pkg, at('packages', index, 'dryIceKg'), violations));
  const services = attributes.services;
  if (isObject(services) && !isAbsent(services.minimumAge) && readCode(services.deliveryConfirmation) !== 'ADULTSIGNATURE')
    violations.invalid(at('services', 'minimumAge'));
  if (isObject(services) && isObject(services.insurance) && !documentsOnly)
    checkInsuranceAgrees(attributes, services.insurance, violations);

  if (!documentsOnly) {
    if (isAbsent(attributes.goodsDescription)) violations.missing(at('goodsDescription'));
    if (isAbsent(attributes.invoiceSubtotal)) violations.missing(at('invoiceSubtotal'));
    const hasDescription = !isAbsent(attributes.insuranceDescription);
    const hasValue = !isAbsent(attributes.insuranceValue);
    if (hasDescription && !hasValue) violations.missing(at('insuranceValue'));
    if (hasValue && !hasDescription) violations.missing(at('insuranceDescription'));
  }

  const declaration = attributes.exportDeclaration;
  const lineItems = isObject(declaration) && Array.isArray(declaration.lineItems) ? declaration.lineItems : [];
  lineItems.forEach((item, index) => {
    if (!isObject(item)) return;
    const price =
      typeof item.unitPrice === 'number'
        ? Math.round(item.unitPrice * 100)
        : typeof item.unitPrice === 'string'
          ? parseCents(item.unitPrice.trim())
          : undefined;
    const quantity = rawNumber(item.quantity);
    if (price !== undefined && Number.isSafeInteger(quantity) && quantity > 0 && multiplyCents(price, quantity) === undefined) {
      violations.invalid(at('exportDeclaration', 'lineItems', index, 'unitPrice'));
    }
  });

  const from = isObject(attributes.shipFrom) ? readCode(attributes.shipFrom.country) : undefined;
  const to = isObject(attributes.shipTo) ? readCode(attributes.shipTo.country) : undefined;
  if (!from || !to || !isCountryCode(from) || !isCountryCode(to)) return;
  const route = customsRoute(
    { country: from, postalCode: readPostalCode(attributes.shipFrom) },
    { country: to, postalCode: readPostalCode(attributes.shipTo) },
  );
  const customs = route.needed;

  if (documentsOnly) {
    if (!customs) violations.invalid(at('documentsOnly'));
    if (Array.isArray(packages)) {
      packages.forEach((pkg, index) => {
        if (!isObject(pkg)) return;
        const weight = rawNumber(readValueAt(pkg, ['weight', 'value']));
        if (weight > DOCUMENTS_MAX.weightKg) violations.invalid(at('packages', index, 'weight', 'value'));
        const sides = ['length', 'width', 'height'].map((side) => rawNumber(readValueAt(pkg, ['dimensions', side])));
        if (sides.every(Number.isFinite)) {
          const sorted = [...sides].sort((a, b) => b - a);
          if (sorted.some((side, i) => side > DOCUMENTS_MAX.dimensionsCm[i]!)) violations.invalid(at('packages', index, 'dimensions'));
        }
      });
    }
  } else if (customs && isAbsent(attributes.exportDeclaration)) {
    violations.missing(
      at('exportDeclaration'),
      `an export declaration (exportReasonType, invoiceDate, invoiceReference, shipmentPurpose, lineItems): ${route.why}`,
    );
  } else if (customs && isObject(declaration)) {
    checkCustomsData(attributes, declaration, route, violations);
  }
}

/** Dry ice weighs less than the package that holds it: a dry-ice weight at or above the package's is refused, saying the package's. */
function checkDryIce(pkg: unknown, path: (string | number)[], violations: Violations): void {
  if (!isObject(pkg) || isAbsent(pkg.dryIceKg)) return;
  const dryIce = rawNumber(pkg.dryIceKg);
  const given = readValueAt(pkg, ['weight', 'value']);
  const weight = rawNumber(given);
  if (!Number.isFinite(dryIce) || dryIce <= 0 || !Number.isFinite(weight) || weight <= 0 || dryIce < weight) return;
  violations.invalid(path, `the dry ice (${DRY_ICE_UN_NUMBER}) in kg, above 0 and below the package’s weight of ${weight} kg, such as 2.5`);
}

/** The insurance said in services.insurance agrees with the spec's members where those say it too. */
function checkInsuranceAgrees(attributes: Record<string, unknown>, insurance: Record<string, unknown>, violations: Violations): void {
  const text = (value: unknown) => rawText(value).trim();
  const cents = (value: unknown) => (typeof value === 'number' ? Math.round(value * 100) : parseCents(text(value)));
  const value = text(attributes.insuranceValue);
  const description = text(attributes.insuranceDescription);
  const valueDiffers = value !== '' && cents(attributes.insuranceValue) !== cents(insurance.value);
  const descriptionDiffers = description !== '' && description !== text(insurance.description);
  if (valueDiffers || descriptionDiffers)
    violations.invalid(
      ['data', 'attributes', 'services', 'insurance'],
      `the same declared value and description as insuranceValue (${value || 'absent'}) and insuranceDescription, or only one of the two places`,
    );
}

/** Reasons that bring goods back, for which no sale into the EU (and no IOSS) is involved. */
const RETURN_REASONS = new Set(['RETURN', 'RETURN_TO_ORIGIN', 'WARRANTY_REPLACEMENT']);

/**
 * What customs will ask of commercial goods on a route that needs a declaration, beyond the declaration's own
 * required members: every item's HS code; the exporter's EORI when goods leave the EU; the seller's IOSS number
 * when low-value goods are sold into it. Personal goods need none of them (UPU: HS codes "for commercial items").
 */
function checkCustomsData(
  attributes: Record<string, unknown>,
  declaration: Record<string, unknown>,
  route: CustomsRoute,
  violations: Violations,
): void {
  const at = (...path: (string | number)[]) => ['data', 'attributes', 'exportDeclaration', ...path];
  if (rawText(declaration.shipmentPurpose).trim().toUpperCase() !== 'COMMERCIAL') return;
  const lineItems = Array.isArray(declaration.lineItems) ? declaration.lineItems : [];
  let valueCents = 0;
  lineItems.forEach((item, index) => {
    if (!isObject(item)) return;
    valueCents += (parseCents(rawText(item.unitPrice).trim()) ?? 0) * (rawNumber(item.quantity) || 0);
    const code = item.commodityCode;
    const hs = `the item’s HS code, 6 to 10 digits such as 691200 (dots and spaces allowed): ${route.why}, and customs classifies commercial goods by it`;
    if (isAbsent(code)) violations.missing(at('lineItems', index, 'commodityCode'), hs);
    else if (!isHsCode(rawText(code))) violations.invalid(at('lineItems', index, 'commodityCode'), hs);
  });
  if (route.exportFromEu && isAbsent(declaration.exporterEori)) {
    const taxId = isObject(attributes.shipFrom) ? attributes.shipFrom.taxIdentification : undefined;
    if (!isEori(typeof taxId === 'string' ? taxId.replace(/\s/g, '') : undefined)) {
      violations.missing(
        at('exporterEori'),
        `the exporter’s EORI number, such as IT01234567890 (or an EORI as shipFrom.taxIdentification): ${route.why}, and commercial goods leave the EU under the exporter’s EORI`,
      );
    }
  }
  const reason = rawText(declaration.exportReasonType).trim().toUpperCase();
  if (route.importIntoEu && valueCents <= IOSS_LIMIT_CENTS && !RETURN_REASONS.has(reason) && isAbsent(declaration.iossNumber)) {
    violations.missing(
      at('iossNumber'),
      `the seller’s IOSS number, IM and 10 digits such as IM3960000001: ${route.why}, and goods of up to 150 EUR sold into the EU are declared with the seller’s IOSS number`,
    );
  }
}
