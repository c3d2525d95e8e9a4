// The shipment being entered at the desk. It checks itself with the same rules the station applies
// (src-shared), so field errors show inline before any request.
import { create } from 'zustand';
import { isCountryCode } from '../../src-shared/countries.ts';
import { customsRoute } from '../../src-shared/customs.ts';
import { checkPostalCode } from '../../src-shared/postal-codes.ts';
import type { PlaceAttributes } from '../../src-shared/places.ts';
import { ROUTES } from '../../src-shared/routes.ts';
import { api } from './session.ts';
import { stationToday } from './station-clock.ts';
import { deskSender } from './sites.ts';
import { lastReceiverCountry } from './desk-habits.ts';
import { usePackingSetup } from './packing-setup.ts';
import { validateShipmentDocument } from '../../src-shared/shipment-validation.ts';
import type { ShipmentAttributes } from '../../src-shared/shipment.ts';
import {
  DEFAULT_MINIMUM_AGE,
  type COD_METHODS,
  type DeliveryConfirmation,
  type LITHIUM_PACKINGS,
  type LITHIUM_TYPES,
  type MINIMUM_AGES,
  type PACKING_GROUPS,
} from '../../src-shared/shipment-options.ts';
import { fieldFault, fieldRefusals, unavailableFields, type Said } from '../i18n/said.ts';
import type { RateUnavailable } from '../../src-shared/resources.ts';
import type { Client, SavedAddressAttributes } from '../api/types.ts';

export const ADDRESS_FIELDS = [
  'name',
  'contact',
  'address1',
  'address2',
  'city',
  'postalCode',
  'state',
  'country',
  'phone',
  'email',
  'taxIdentification',
] as const;
export type AddressField = (typeof ADDRESS_FIELDS)[number];
export type AddressDraft = Record<AddressField, string>;

export interface PackageDraft {
  weight: string;
  length: string;
  width: string;
  height: string;
  type: 'CARTON' | 'PALLET';
  /** The weight is the scale's settled reading, not typed: the form marks it "from scale". */
  fromScale: boolean;
  /** The packer typed the weight (rather than the scale or a scanned order's expected weight giving it). */
  weightTyped: boolean;
  /** Dry ice (UN1845) in kg; empty: none. */
  dryIceKg: string;
  /** Lithium batteries: their type ('' for none) and how they are packed. */
  lithiumType: '' | LithiumType;
  lithiumPacking: LithiumPacking;
  lithiumSection2: boolean;
  /** The package's dangerous-goods records (at most three), as typed. */
  dangerousGoods: DangerousGoodDraft[];
}

/** One dangerous-goods record of a package, as the panel holds it (docs/shipments.md, "Special services"). */
export interface DangerousGoodDraft {
  unNumber: string;
  properShippingName: string;
  class: string;
  /** '' for none (gases, class 2, have no packing group). */
  packingGroup: '' | (typeof PACKING_GROUPS)[number];
  quantity: string;
  netWeightKg: string;
}
export const emptyDangerousGood = (): DangerousGoodDraft => ({
  unNumber: '',
  properShippingName: '',
  class: '',
  packingGroup: '',
  quantity: '1',
  netWeightKg: '',
});

/** The special services of the shipment as the panel holds them (docs/shipments.md, "Special services"). */
export interface ServicesDraft {
  deliveryConfirmation: DeliveryConfirmation;
  minimumAge: MinimumAge;
  /** The amount to collect; empty: no cash on delivery. */
  codAmount: string;
  codCurrency: string;
  codMethod: CodMethod;
  saturdayDelivery: boolean;
  sundayDelivery: boolean;
}
export type LithiumType = (typeof LITHIUM_TYPES)[number];
export type LithiumPacking = (typeof LITHIUM_PACKINGS)[number];
export type CodMethod = (typeof COD_METHODS)[number];
export type MinimumAge = (typeof MINIMUM_AGES)[number];
export const emptyServices = (): ServicesDraft => ({
  deliveryConfirmation: 'none',
  minimumAge: DEFAULT_MINIMUM_AGE,
  codAmount: '',
  codCurrency: 'EUR',
  codMethod: 'any',
  saturdayDelivery: false,
  sundayDelivery: false,
});

export interface LineItemDraft {
  description: string;
  quantity: string;
  unitPrice: string;
  unitWeight: string;
  originCountry: string;
  commodityCode: string;
}

export interface DeclarationDraft {
  exportReasonType: string;
  shipmentPurpose: string;
  invoiceReference: string;
  invoiceDate: string;
  /** The exporter's EORI, when the sender's tax id is not it; the seller's IOSS number, for low-value sales into the EU. */
  exporterEori: string;
  iossNumber: string;
  lineItems: LineItemDraft[];
}

export interface ShipmentDraft {
  sender: AddressDraft;
  receiver: AddressDraft;
  packages: PackageDraft[];
  goodsDescription: string;
  invoiceValue: string;
  documentsOnly: boolean;
  insuranceDescription: string;
  insuranceValue: string;
  customerReference: string;
  declaration: DeclarationDraft;
  services: ServicesDraft;
}

export interface NewShipmentState extends ShipmentDraft {
  /** Field errors by JSON pointer, e.g. /data/attributes/shipTo/city: worded by the form as it shows them. */
  errors: Record<string, Said>;
  /** Counts every edit of the draft: rates given for an older revision are stale (docs/shipments.md, "Rates"). */
  revision: number;
  /** The declaration's item follows the contents until the packer edits an item by hand. */
  declarationAuto: boolean;
  /** The package the packer is at (its fields last had the focus): the scale weighs this one. */
  activePackage: number;
  /**
   * The places the party's postal code names (GET /places: the address book's, the most used first, then the
   * station's postal data), offered for its city; and whether the city shown was filled from them, not typed.
   */
  places: Record<Party, { choices: PlaceAttributes[]; filled: boolean }>;
  setActivePackage(index: number): void;
  /** The scale settled: the package's weight is its reading, marked as from the scale. */
  weighFromScale(index: number, weightKg: string): void;
  setAddress(role: 'sender' | 'receiver', field: AddressField, value: string): void;
  /** The name typed and no contact yet: the contact is the name (a private receiver is both), to be typed over for a company. */
  contactFromName(role: 'sender' | 'receiver'): void;
  pickReceiver(address: SavedAddressAttributes): void;
  setPackage(index: number, field: keyof PackageDraft, value: string): void;
  addPackage(preset?: { length: string; width: string; height: string }): void;
  removePackage(index: number): void;
  setField(
    field: 'goodsDescription' | 'invoiceValue' | 'insuranceDescription' | 'insuranceValue' | 'customerReference',
    value: string,
  ): void;
  setDocumentsOnly(value: boolean): void;
  /** Changes one special service of the shipment (the amount to collect takes a comma as a point). */
  setServices(change: Partial<ServicesDraft>): void;
  /** Changes a package's own options: dry ice, lithium batteries. */
  setPackageOptions(
    index: number,
    change: Partial<Pick<PackageDraft, 'dryIceKg' | 'lithiumType' | 'lithiumPacking' | 'lithiumSection2'>>,
  ): void;
  /** Adds a dangerous-goods record to a package (at most three: the panel offers no more). */
  addDangerousGood(index: number): void;
  setDangerousGood(index: number, entry: number, change: Partial<DangerousGoodDraft>): void;
  removeDangerousGood(index: number, entry: number): void;
  setDeclaration(field: Exclude<keyof DeclarationDraft, 'lineItems'>, value: string): void;
  /** Checks a postal code as the packer leaves it: a code the country cannot have is marked at once, with its format. */
  checkPostalCode(role: 'sender' | 'receiver'): void;
  setLineItem(index: number, field: keyof LineItemDraft, value: string): void;
  addLineItem(): void;
  removeLineItem(index: number): void;
  /** Fills the form with a shipment made from an order (receiver, package, contents, declaration). */
  fillFrom(attributes: ShipmentAttributes): void;
  /** Starts over: the sender stays (it is usually the desk's own address). */
  reset(sender?: AddressDraft): void;
  /** Checks the draft; on success returns the attributes to send. */
  validate(): ShipmentAttributes | undefined;
  /**
   * The export declaration's item from the contents: the goods description, one piece at the invoice value and the
   * packages' weight, made in the sender's country, the customer reference as the invoice number when there is none.
   */
  declarationFromContents(): void;
  /**
   * Marks fields with the station's reasons, as the form's own check marks them: the shipment's fields a refusal
   * names (by JSON pointer), or the packages no service can carry (a rate list's reasons). Fields none names: no change.
   * Kept as what is to be said: the form words them as it shows them.
   */
  markRefused(refused: { readonly error: unknown } | { readonly unavailable: readonly RateUnavailable[] }): void;
}

export const emptyAddress = (): AddressDraft => Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, ''])) as AddressDraft;
const emptyPackage = (): PackageDraft => ({
  weight: '',
  length: '',
  width: '',
  height: '',
  type: 'CARTON',
  fromScale: false,
  weightTyped: false,
  dryIceKg: '',
  lithiumType: '',
  lithiumPacking: 'containedInEquipment',
  lithiumSection2: false,
  dangerousGoods: [],
});
const emptyLineItem = (): LineItemDraft => ({
  description: '',
  quantity: '1',
  unitPrice: '',
  unitWeight: '',
  originCountry: '',
  commodityCode: '',
});
const emptyDeclaration = (): DeclarationDraft => ({
  exportReasonType: 'COMMERCIAL_PURPOSE_OR_SALE',
  shipmentPurpose: 'COMMERCIAL',
  invoiceReference: '',
  invoiceDate: stationToday(),
  exporterEori: '',
  iossNumber: '',
  lineItems: [emptyLineItem()],
});

/** The sender a new form starts with: the desk's site's address when it has one, else the account's. */
export function draftFromClient(client: Client | null): AddressDraft {
  const a = deskSender(client);
  if (!a) return emptyAddress();
  return {
    name: a.name,
    contact: a.contact,
    address1: a.address1,
    address2: a.address2,
    city: a.city,
    postalCode: a.postalCode,
    state: a.state,
    country: a.country,
    phone: a.phone,
    email: a.email,
    taxIdentification: a.taxIdentification ?? '',
  };
}

/** Decimal fields accept a comma, as typed on Italian and German keyboards, and store a point. */
const decimal = (value: string) => value.replace(',', '.').trim();

export function needsCustoms(draft: Pick<ShipmentDraft, 'sender' | 'receiver'>): boolean {
  const from = draft.sender.country.trim().toUpperCase();
  const to = draft.receiver.country.trim().toUpperCase();
  return (
    isCountryCode(from) &&
    isCountryCode(to) &&
    customsRoute({ country: from, postalCode: draft.sender.postalCode }, { country: to, postalCode: draft.receiver.postalCode }).needed
  );
}

function addressRequest(address: AddressDraft): Record<string, string> {
  const request: Record<string, string> = {};
  for (const field of ADDRESS_FIELDS) {
    const value = address[field].trim();
    const optional = field === 'address2' || field === 'state' || field === 'phone' || field === 'email' || field === 'taxIdentification';
    if (value !== '' || !optional) request[field] = field === 'country' ? value.toUpperCase() : value;
  }
  return request;
}

export function draftToRequest(draft: ShipmentDraft): Record<string, unknown> {
  const attributes: Record<string, unknown> = {
    shipFrom: addressRequest(draft.sender),
    shipTo: addressRequest(draft.receiver),
    packages: draft.packages.map((pkg) => ({
      weight: { value: pkg.weight, units: '1' },
      dimensions: { length: pkg.length, width: pkg.width, height: pkg.height, units: '1' },
      type: pkg.type,
      ...(pkg.dryIceKg !== '' ? { dryIceKg: pkg.dryIceKg } : {}),
      ...(pkg.lithiumType !== ''
        ? { lithiumBatteries: { type: pkg.lithiumType, packing: pkg.lithiumPacking, section2: pkg.lithiumSection2 } }
        : {}),
      ...(pkg.dangerousGoods.length > 0 ? { dangerousGoods: pkg.dangerousGoods.map(dangerousGoodRequest) } : {}),
    })),
    booking: true,
    documentsOnly: draft.documentsOnly,
  };
  if (draft.documentsOnly) {
    attributes.goodsDescription = null;
  } else {
    attributes.goodsDescription = draft.goodsDescription;
    if (draft.invoiceValue !== '') attributes.invoiceSubtotal = { amount: draft.invoiceValue, currency: 'EUR' };
    if (draft.insuranceDescription !== '' || draft.insuranceValue !== '') {
      attributes.insuranceDescription = draft.insuranceDescription;
      attributes.insuranceValue = draft.insuranceValue;
    }
    if (needsCustoms(draft)) {
      const { declaration } = draft;
      attributes.exportDeclaration = {
        exportReasonType: declaration.exportReasonType,
        shipmentPurpose: declaration.shipmentPurpose,
        invoiceReference: declaration.invoiceReference,
        invoiceDate: declaration.invoiceDate,
        ...(declaration.exporterEori.trim() !== '' ? { exporterEori: declaration.exporterEori.trim() } : {}),
        ...(declaration.iossNumber.trim() !== '' ? { iossNumber: declaration.iossNumber.trim() } : {}),
        lineItems: declaration.lineItems.map((item) => {
          const line: Record<string, string> = {
            description: item.description,
            quantity: item.quantity,
            unitPrice: item.unitPrice,
            unitWeight: item.unitWeight,
            originCountry: item.originCountry.toUpperCase(),
          };
          if (item.commodityCode !== '') line.commodityCode = item.commodityCode;
          return line;
        }),
      };
    }
  }
  if (draft.customerReference !== '') attributes.customerReference = draft.customerReference;
  const services = servicesRequest(draft.services);
  if (services) attributes.services = services;
  return attributes;
}

/** The services member of the request: only what is asked; undefined when nothing is. */
function servicesRequest(services: ServicesDraft): Record<string, unknown> | undefined {
  const request: Record<string, unknown> = {};
  if (services.deliveryConfirmation !== 'none') request.deliveryConfirmation = services.deliveryConfirmation;
  if (services.deliveryConfirmation === 'adultSignature') request.minimumAge = services.minimumAge;
  if (services.codAmount !== '')
    request.cashOnDelivery = {
      amount: services.codAmount,
      currency: services.codCurrency.trim().toUpperCase(),
      method: services.codMethod,
    };
  if (services.saturdayDelivery) request.saturdayDelivery = true;
  if (services.sundayDelivery) request.sundayDelivery = true;
  return Object.keys(request).length > 0 ? request : undefined;
}

/** A dangerous-goods record of the request: the UN number in capitals, no packing group as null. */
function dangerousGoodRequest(entry: DangerousGoodDraft): Record<string, unknown> {
  return {
    unNumber: entry.unNumber
      .trim()
      .toUpperCase()
      .replace(/^(\d{4})$/, 'UN$1'),
    properShippingName: entry.properShippingName.trim(),
    class: entry.class.trim(),
    packingGroup: entry.packingGroup === '' ? null : entry.packingGroup,
    quantity: entry.quantity,
    netWeightKg: entry.netWeightKg,
  };
}

function draftOf(state: NewShipmentState): ShipmentDraft {
  const {
    sender,
    receiver,
    packages,
    goodsDescription,
    invoiceValue,
    documentsOnly,
    insuranceDescription,
    insuranceValue,
    customerReference,
    declaration,
    services,
  } = state;
  return {
    sender,
    receiver,
    packages,
    goodsDescription,
    invoiceValue,
    documentsOnly,
    insuranceDescription,
    insuranceValue,
    customerReference,
    declaration,
    services,
  };
}

type Party = 'sender' | 'receiver';
const noPlaces = (): NewShipmentState['places'] => ({
  sender: { choices: [], filled: false },
  receiver: { choices: [], filled: false },
});

/** A fresh form: nothing entered but the receiver's country (the one this desk last shipped to, else the sender's), no errors. */
function emptyDraft(
  sender: AddressDraft = emptyAddress(),
): ShipmentDraft & { errors: Record<string, Said>; activePackage: number; declarationAuto: boolean; places: NewShipmentState['places'] } {
  return {
    sender,
    receiver: { ...emptyAddress(), country: lastReceiverCountry() ?? sender.country },
    packages: [emptyPackage()],
    goodsDescription: '',
    invoiceValue: '',
    documentsOnly: false,
    insuranceDescription: '',
    insuranceValue: '',
    customerReference: '',
    declaration: emptyDeclaration(),
    services: emptyServices(),
    errors: {},
    activePackage: 0,
    declarationAuto: true,
    places: noPlaces(),
  };
}

/** The panel's services from a shipment's (an order's): what it does not say is the panel's default. */
function servicesDraftOf(services: ShipmentAttributes['services']): ServicesDraft {
  const draft = emptyServices();
  if (!services) return draft;
  const age = services.minimumAge;
  return {
    deliveryConfirmation: services.deliveryConfirmation ?? draft.deliveryConfirmation,
    minimumAge: age ?? draft.minimumAge,
    codAmount: services.cashOnDelivery?.amount ?? '',
    codCurrency: services.cashOnDelivery?.currency ?? draft.codCurrency,
    codMethod: services.cashOnDelivery?.method ?? draft.codMethod,
    saturdayDelivery: services.saturdayDelivery ?? false,
    sundayDelivery: services.sundayDelivery ?? false,
  };
}

export const useNewShipment = create<NewShipmentState>()((write, get) => {
  /** Every change of the draft goes through here, so that no edit can leave rates looking current. */
  const set = (change: Partial<NewShipmentState>) => write({ ...change, revision: get().revision + 1 });
  const changeDangerousGoods = (index: number, change: (entries: DangerousGoodDraft[]) => DangerousGoodDraft[]) =>
    set({ packages: get().packages.map((pkg, i) => (i === index ? { ...pkg, dangerousGoods: change(pkg.dangerousGoods) } : pkg)) });
  /**
   * Asks the station which places a valid postal code names, and fills an empty city (and an empty state, where
   * the country has states) with the most used; the others are offered. An answer that comes after the packer
   * changed the code or the country, or typed a city, changes nothing; a failed one leaves the city to type.
   */
  const lookUpPlaces = (role: Party, country: string, postalCode: string) => {
    const asked = get()[role];
    Promise.resolve()
      .then(() => api().call(ROUTES.places, { query: { country, postalCode } }))
      .then(({ data }) => {
        const now = get()[role];
        if (now.postalCode !== asked.postalCode || now.country !== asked.country) return;
        const choices = data.map((place) => place.attributes);
        const first = choices[0];
        const fill = first !== undefined && now.city.trim() === '';
        const places = { ...get().places, [role]: { choices, filled: fill || get().places[role].filled } };
        // A city filled changes the shipment (rates got before are for another one); places only offered do not.
        if (fill)
          set({
            [role]: { ...now, city: first.city, state: now.state.trim() === '' && first.state ? first.state : now.state },
            places,
          } as Partial<NewShipmentState>);
        else write({ places });
      })
      .catch(() => undefined);
  };
  return {
    ...emptyDraft(),
    revision: 0,

    setAddress: (role, field, value) => {
      const places = get().places;
      const replaced = field === 'postalCode' || field === 'country';
      set({
        [role]: { ...get()[role], [field]: value },
        ...(field === 'city' || replaced
          ? { places: { ...places, [role]: { choices: replaced ? [] : places[role].choices, filled: false } } }
          : {}),
      } as Partial<NewShipmentState>);
      // A whole code (one the country can have) names its places as it is typed: the city is there before the packer
      // leaves the field. A code still being typed asks nothing, and is marked only when the packer leaves it.
      if (field === 'postalCode') {
        const code = get()[role].country.trim().toUpperCase();
        const checked = isCountryCode(code) && value.trim() !== '' ? checkPostalCode(code, value) : undefined;
        if (checked?.ok) lookUpPlaces(role, code, checked.postalCode);
      }
    },
    contactFromName: (role) => {
      const party = get()[role];
      if (party.contact.trim() === '' && party.name.trim() !== '')
        set({ [role]: { ...party, contact: party.name.trim() } } as Partial<NewShipmentState>);
    },
    pickReceiver: (address) =>
      set({
        places: { ...get().places, receiver: { choices: [], filled: false } },
        receiver: Object.fromEntries(
          ADDRESS_FIELDS.map((field) => [field, (address as Partial<Record<AddressField, string>>)[field] ?? '']),
        ) as AddressDraft,
      }),
    setPackage: (index, field, value) =>
      set({
        packages: get().packages.map((pkg, i) =>
          i === index
            ? {
                ...pkg,
                [field]: field === 'type' ? value : decimal(value),
                fromScale: field === 'weight' ? false : pkg.fromScale,
                weightTyped: field === 'weight' ? true : pkg.weightTyped,
              }
            : pkg,
        ),
      }),
    // A new box has its preset's size and no weight: the scale's reading so far is the other parcel's.
    addPackage: (preset) =>
      set({
        packages: [
          ...get().packages,
          { ...emptyPackage(), ...(preset ? { length: preset.length, width: preset.width, height: preset.height } : {}) },
        ],
        activePackage: get().packages.length,
      }),
    removePackage: (index) => {
      if (get().packages.length <= 1) return;
      set({ packages: get().packages.filter((_, i) => i !== index), activePackage: 0 });
    },
    setActivePackage: (activePackage) => {
      if (activePackage !== get().activePackage) write({ activePackage });
    },
    weighFromScale: (index, weightKg) => {
      const pkg = get().packages[index];
      if (!pkg || (pkg.fromScale && pkg.weight === weightKg)) return;
      set({
        packages: get().packages.map((candidate, i) =>
          i === index ? { ...candidate, weight: weightKg, fromScale: true, weightTyped: false } : candidate,
        ),
      });
    },
    setField: (field, value) =>
      set({ [field]: field === 'invoiceValue' || field === 'insuranceValue' ? decimal(value) : value } as Partial<NewShipmentState>),
    setDocumentsOnly: (documentsOnly) => set({ documentsOnly }),
    setServices: (change) =>
      set({
        services: { ...get().services, ...change, ...(change.codAmount !== undefined ? { codAmount: decimal(change.codAmount) } : {}) },
      }),
    setPackageOptions: (index, change) =>
      set({
        packages: get().packages.map((pkg, i) =>
          i === index ? { ...pkg, ...change, ...(change.dryIceKg !== undefined ? { dryIceKg: decimal(change.dryIceKg) } : {}) } : pkg,
        ),
      }),
    addDangerousGood: (index) => changeDangerousGoods(index, (entries) => [...entries, emptyDangerousGood()]),
    setDangerousGood: (index, entry, change) =>
      changeDangerousGoods(index, (entries) =>
        entries.map((candidate, i) =>
          i === entry
            ? {
                ...candidate,
                ...change,
                ...(change.netWeightKg !== undefined ? { netWeightKg: decimal(change.netWeightKg) } : {}),
              }
            : candidate,
        ),
      ),
    removeDangerousGood: (index, entry) => changeDangerousGoods(index, (entries) => entries.filter((_, i) => i !== entry)),
    setDeclaration: (field, value) => set({ declaration: { ...get().declaration, [field]: value } }),
    checkPostalCode: (role) => {
      const pointer = `/data/attributes/${role === 'sender' ? 'shipFrom' : 'shipTo'}/postalCode`;
      const { postalCode, country } = get()[role];
      const code = country.trim().toUpperCase();
      const checked = postalCode.trim() !== '' && isCountryCode(code) ? checkPostalCode(code, postalCode) : undefined;
      const { [pointer]: _previous, ...others } = get().errors;
      write({
        errors: checked && !checked.ok ? { ...others, [pointer]: fieldFault({ pointer, missing: false, postalCodeOf: code }) } : others,
      });
      if (checked?.ok) lookUpPlaces(role, code, checked.postalCode);
    },
    setLineItem: (index, field, value) =>
      set({
        declarationAuto: false,
        declaration: {
          ...get().declaration,
          lineItems: get().declaration.lineItems.map((item, i) =>
            i === index ? { ...item, [field]: field === 'unitPrice' || field === 'unitWeight' ? decimal(value) : value } : item,
          ),
        },
      }),
    addLineItem: () =>
      set({ declarationAuto: false, declaration: { ...get().declaration, lineItems: [...get().declaration.lineItems, emptyLineItem()] } }),
    removeLineItem: (index) =>
      set({
        declarationAuto: false,
        declaration: { ...get().declaration, lineItems: get().declaration.lineItems.filter((_, i) => i !== index) },
      }),
    fillFrom: (attributes) => {
      const text = (value: unknown) => (value === undefined || value === null ? '' : String(value));
      const address = (from: ShipmentAttributes['shipTo']) =>
        Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, text(from[field])])) as AddressDraft;
      const declaration = attributes.exportDeclaration;
      set({
        sender: address(attributes.shipFrom),
        receiver: address(attributes.shipTo),
        packages:
          attributes.packages.length > 0
            ? attributes.packages.map((pkg) => ({
                weight: pkg.weight.value,
                length: pkg.dimensions.length,
                width: pkg.dimensions.width,
                height: pkg.dimensions.height,
                type: pkg.type,
                fromScale: false,
                weightTyped: false,
                dryIceKg: pkg.dryIceKg ?? '',
                lithiumType: pkg.lithiumBatteries?.type ?? '',
                lithiumPacking: pkg.lithiumBatteries?.packing ?? 'containedInEquipment',
                lithiumSection2: pkg.lithiumBatteries?.section2 ?? false,
                dangerousGoods: (pkg.dangerousGoods ?? []).map((entry) => ({
                  unNumber: entry.unNumber,
                  properShippingName: entry.properShippingName,
                  class: entry.class,
                  packingGroup: entry.packingGroup ?? '',
                  quantity: entry.quantity,
                  netWeightKg: entry.netWeightKg,
                })),
              }))
            : [emptyPackage()],
        goodsDescription: attributes.goodsDescription ?? '',
        invoiceValue: attributes.invoiceSubtotal?.amount ?? '',
        customerReference: attributes.customerReference ?? '',
        documentsOnly: false,
        services: servicesDraftOf(attributes.services),
        declaration: declaration
          ? {
              exportReasonType: declaration.exportReasonType,
              shipmentPurpose: declaration.shipmentPurpose,
              invoiceReference: declaration.invoiceReference,
              invoiceDate: declaration.invoiceDate,
              exporterEori: declaration.exporterEori ?? '',
              iossNumber: declaration.iossNumber ?? '',
              lineItems: declaration.lineItems.map((item) => ({
                description: item.description,
                quantity: item.quantity,
                unitPrice: item.unitPrice,
                unitWeight: item.unitWeight,
                originCountry: item.originCountry,
                commodityCode: item.commodityCode ?? '',
              })),
            }
          : emptyDeclaration(),
        errors: {},
        activePackage: 0,
        places: noPlaces(),
        // An order's declaration is its own lines: it does not follow the contents.
        declarationAuto: !declaration,
      });
    },
    reset: (sender) => set(emptyDraft(sender ?? get().sender)),
    validate: () => {
      const result = validateShipmentDocument({ data: { type: 'shipment', attributes: draftToRequest(draftOf(get())) } }, 'rate');
      if (result.ok) {
        write({ errors: {} });
        return result.value;
      }
      const errors: Record<string, Said> = {};
      for (const error of result.errors) {
        const pointer = error.source?.pointer ?? '';
        // A postal code is said with its country's examples in the desk's language; other rules' own words are English.
        const party = pointer.match(/^\/data\/attributes\/(shipFrom|shipTo)\/postalCode$/)?.[1];
        const country = party === 'shipFrom' ? get().sender.country : party === 'shipTo' ? get().receiver.country : '';
        const expected = result.expected?.[pointer];
        const missing = error.detail.startsWith('Missing');
        errors[pointer] = fieldFault(
          party && expected ? { pointer, missing, postalCodeOf: country.trim().toUpperCase() } : { pointer, missing, expected },
        );
      }
      write({ errors });
      return undefined;
    },
    markRefused: (refused) => {
      const fields =
        'error' in refused
          ? Object.fromEntries(Object.entries(fieldRefusals(refused.error)).filter(([pointer]) => pointer.startsWith('/data/attributes/')))
          : unavailableFields(refused.unavailable);
      if (Object.keys(fields).length > 0) write({ errors: fields });
    },
    declarationFromContents: () => {
      const { declaration, goodsDescription, invoiceValue, packages, sender, customerReference } = get();
      // The goods' weight (the net weight customs is told): each parcel less its box's own weight, where the box is a preset.
      const presets = usePackingSetup.getState().setup.boxPresets;
      const tareOf = (pkg: PackageDraft) =>
        Number(
          presets.find((preset) => preset.length === pkg.length && preset.width === pkg.width && preset.height === pkg.height)?.tareKg,
        ) || 0;
      const weight = packages.reduce((total, pkg) => {
        const gross = Number(pkg.weight) || 0;
        return total + (gross > tareOf(pkg) ? gross - tareOf(pkg) : gross);
      }, 0);
      const item: LineItemDraft = {
        description: goodsDescription,
        quantity: '1',
        unitPrice: invoiceValue,
        unitWeight: weight > 0 ? String(Math.round(weight * 1000) / 1000) : '',
        originCountry: sender.country.trim().toUpperCase(),
        commodityCode: declaration.lineItems[0]?.commodityCode ?? '',
      };
      set({
        declarationAuto: true,
        declaration: {
          ...declaration,
          invoiceReference: declaration.invoiceReference || customerReference,
          lineItems: [item, ...declaration.lineItems.slice(1)],
        },
      });
    },
  };
});
