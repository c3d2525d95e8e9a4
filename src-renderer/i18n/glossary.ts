// The desk's shipping terms in each of its languages, named as the carriers and shipping tools of that language name
// them, so that a packer meets the word on the desk that is on the label, the manifest and the carrier's portal.
// A new or changed message uses these words: test/unit/glossary.test.ts holds every catalogue to them.
import type { Language } from './languages.ts';

type Term = 'carrier' | 'sender' | 'receiver' | 'parcel' | 'manifest' | 'pickup' | 'return' | 'customsDeclaration';

type Entry = {
  /** The term as carriers and shipping tools in the language say it. */
  word: string;
  /** Lowercase stems that match the word's forms in the catalogue (any of them, anywhere in a message). */
  stems: string[];
  /** Lowercase words that must never name the term in the language (wrong, or another thing of the trade); a word
   *  counts also as the start of a longer one, so its inflected forms do too. */
  avoid: string[];
  /** Why this word, in one line. */
  note: string;
};

export const GLOSSARY: Record<Language, Record<Term, Entry>> = {
  en: {
    carrier: {
      word: 'carrier',
      stems: ['carrier'],
      avoid: ['shipper'],
      note: 'as DHL, UPS and DPD say it; in the trade a shipper is the one who sends',
    },
    sender: { word: 'sender', stems: ['sender'], avoid: [], note: 'the one who sends, as carriers’ labels say it (DHL Express’s shipper)' },
    receiver: { word: 'receiver', stems: ['receiver'], avoid: [], note: 'the one the parcel goes to, as DHL Express says it' },
    parcel: {
      word: 'parcel',
      stems: ['parcel', 'package'],
      avoid: [],
      note: 'parcel for the box on the desk (DHL, DPD, GLS); package for a shipment’s numbered pieces, as UPS and the API say',
    },
    manifest: {
      word: 'manifest',
      stems: ['manifest'],
      avoid: ['manifesto'],
      note: 'the day’s list handed to the carrier, as DHL Express, FedEx and shipping software call it',
    },
    pickup: { word: 'pickup', stems: ['pickup'], avoid: [], note: 'as DHL, UPS and FedEx book it' },
    return: { word: 'return', stems: ['return'], avoid: [], note: 'as carriers’ return labels and shops say it' },
    customsDeclaration: {
      word: 'export declaration',
      stems: ['export declaration'],
      avoid: [],
      note: 'the desk’s customs declaration is the export declaration of goods leaving the EU, as DHL Express’s data calls it',
    },
  },
  de: {
    carrier: {
      word: 'Paketdienst',
      stems: ['paketdienst'],
      avoid: ['versender', 'spediteur'],
      note: 'as DHL, DPD, GLS and Hermes are named; a Versender is the sender, a Spediteur a freight forwarder',
    },
    sender: { word: 'Absender', stems: ['absender'], avoid: [], note: 'as on the labels of DHL, DPD, GLS and Hermes' },
    receiver: { word: 'Empfänger', stems: ['empfänger'], avoid: [], note: 'as on the labels of DHL, DPD, GLS and Hermes' },
    parcel: {
      word: 'Paket',
      stems: ['paket'],
      avoid: ['päckchen'],
      note: 'as DHL, DPD, GLS and Hermes say it, one word for every piece (not also Packstück); Päckchen is a DHL product',
    },
    manifest: {
      word: 'Manifest',
      stems: ['manifest'],
      avoid: ['manifesto'],
      note: 'the day’s list handed to the carrier, as DHL Express and German shipping software call it',
    },
    pickup: { word: 'Abholung', stems: ['abholung'], avoid: [], note: 'as DHL, DPD, GLS and UPS book it (“Abholung beauftragen”)' },
    return: {
      word: 'Retoure',
      stems: ['retour'],
      avoid: ['rückläufer'],
      note: 'as DHL Retoure and German shops say it; a Rückläufer is a parcel that could not be delivered',
    },
    customsDeclaration: {
      word: 'Ausfuhranmeldung',
      stems: ['ausfuhranmeldung'],
      avoid: ['exportdeklaration'],
      note: 'German customs’ word (ATLAS Ausfuhr) for the export declaration; Exportdeklaration is a calque',
    },
  },
  it: {
    carrier: {
      word: 'corriere',
      stems: ['corrier'],
      avoid: ['spedizioniere', 'portatore'],
      note: 'as BRT, GLS, SDA and Poste Italiane say it; a spedizioniere is a freight forwarder',
    },
    sender: { word: 'mittente', stems: ['mittent'], avoid: [], note: 'as on the labels of Poste Italiane, BRT and GLS' },
    receiver: {
      word: 'destinatario',
      stems: ['destinatari'],
      avoid: ['ricevitore'],
      note: 'as on the labels of Poste Italiane, BRT and GLS; a ricevitore is a device',
    },
    parcel: {
      word: 'collo',
      stems: ['collo', 'colli'],
      avoid: ['pacchetto'],
      note: 'as BRT, GLS and SDA count a shipment’s pieces (“numero colli”); a pacchetto is a software package',
    },
    manifest: {
      word: 'distinta',
      stems: ['distint'],
      avoid: ['manifesto'],
      note: 'the day’s list handed to the driver, as Italian carriers and shipping software call it; a manifesto is a poster',
    },
    pickup: { word: 'ritiro', stems: ['ritir'], avoid: ['prelievo'], note: 'as Poste Italiane, BRT and GLS book it (“prenota il ritiro”)' },
    return: { word: 'reso', stems: ['reso', 'resi'], avoid: [], note: 'as Poste Italiane, BRT and Italian shops say it' },
    customsDeclaration: {
      word: 'dichiarazione di esportazione',
      stems: ['dichiarazione di esportazione'],
      avoid: [],
      note: 'as the Agenzia delle Dogane and carriers name the export declaration',
    },
  },
  fr: {
    carrier: {
      word: 'transporteur',
      stems: ['transporteur'],
      avoid: ['transitaire', 'porteur'],
      note: 'as La Poste, Colissimo, DPD and GLS say it; a transitaire is a freight forwarder',
    },
    sender: {
      word: 'expéditeur',
      stems: ['expéditeur'],
      avoid: ['adresse d’expédition'],
      note: 'as on Colissimo’s and DPD’s labels; an adresse d’expédition is, in French shops, where an order is delivered',
    },
    receiver: {
      word: 'destinataire',
      stems: ['destinataire'],
      avoid: ['récepteur'],
      note: 'as on Colissimo’s and DPD’s labels; a récepteur is a device',
    },
    parcel: {
      word: 'colis',
      stems: ['colis'],
      avoid: ['paquet', 'parcelle'],
      note: 'as La Poste, Colissimo, Chronopost and DPD say it; a parcelle is a plot of land',
    },
    manifest: {
      word: 'bordereau',
      stems: ['bordereau'],
      avoid: ['manifeste'],
      note: 'the day’s list handed to the driver, as Colissimo calls it (“bordereau de remise”); manifeste is air and sea freight’s',
    },
    pickup: {
      word: 'enlèvement',
      stems: ['enlèvement'],
      avoid: [],
      note: 'as Colissimo, Chronopost and DPD book it (“demande d’enlèvement”)',
    },
    return: { word: 'retour', stems: ['retour'], avoid: [], note: 'as Colissimo Retour and French shops say it' },
    customsDeclaration: {
      word: 'déclaration d’exportation',
      stems: ['déclaration d’exportation'],
      avoid: [],
      note: 'as French customs and carriers name the export declaration',
    },
  },
  es: {
    carrier: {
      word: 'transportista',
      stems: ['transportista'],
      avoid: ['portador'],
      note: 'as Correos, SEUR, MRW and shipping software say it',
    },
    sender: { word: 'remitente', stems: ['remitente'], avoid: [], note: 'as on the labels of Correos, SEUR and MRW' },
    receiver: { word: 'destinatario', stems: ['destinatari'], avoid: [], note: 'as on the labels of Correos, SEUR and MRW' },
    parcel: {
      word: 'paquete',
      stems: ['paquete'],
      avoid: ['parcela'],
      note: 'as Correos, SEUR and GLS say it, one word for every piece of a shipment (not also bulto); a parcela is a plot of land',
    },
    manifest: {
      word: 'manifiesto',
      stems: ['manifiesto'],
      avoid: [],
      note: 'the day’s list handed to the driver, as FedEx’s Spanish pages and shipping software call it',
    },
    pickup: { word: 'recogida', stems: ['recogida'], avoid: [], note: 'as Correos, SEUR and MRW book it (“solicitar recogida”)' },
    return: {
      word: 'devolución',
      stems: ['devoluci'],
      avoid: [],
      note: 'as Correos, SEUR and Spanish shops say it',
    },
    customsDeclaration: {
      word: 'declaración de exportación',
      stems: ['declaración de exportación'],
      avoid: [],
      note: 'as the Agencia Tributaria and carriers name the export declaration',
    },
  },
  pl: {
    carrier: {
      word: 'przewoźnik',
      stems: ['przewoźni'],
      avoid: ['spedytor', 'nosiciel'],
      note: 'as InPost, DPD and Poczta Polska’s terms say it; a spedytor is a freight forwarder, a nosiciel carries a disease',
    },
    sender: {
      word: 'nadawca',
      stems: ['nadawc'],
      avoid: ['zleceniodawca'],
      note: 'as on the labels of InPost, DPD and Poczta Polska; a zleceniodawca is whoever orders and pays',
    },
    receiver: {
      word: 'odbiorca',
      stems: ['odbiorc', 'odbiorców'],
      avoid: ['odbiornik'],
      note: 'as on the labels of InPost, DPD and Poczta Polska; an odbiornik is a device',
    },
    parcel: {
      word: 'paczka',
      stems: ['paczk', 'paczek'],
      avoid: ['parcela', 'pakiet'],
      note: 'as InPost, DPD and Poczta Polska say it; a parcela is a plot of land, a pakiet a bundle',
    },
    manifest: {
      word: 'manifest',
      stems: ['manifest'],
      avoid: [],
      note: 'the day’s list, as FedEx’s Polish pages and shipping software call it; DPD and InPost print it as a protokół nadania',
    },
    pickup: {
      word: 'odbiór',
      stems: ['odbiór', 'odbioru', 'odbiory', 'odbiorów'],
      avoid: [],
      note: 'a courier’s collection at the sender, as InPost, DPD and DHL Parcel say it (“odbiór przesyłki”)',
    },
    return: { word: 'zwrot', stems: ['zwrot'], avoid: [], note: 'as InPost, DPD and Polish shops say it' },
    customsDeclaration: {
      word: 'zgłoszenie wywozowe',
      stems: ['wywozow'],
      avoid: ['deklaracja eksportowa'],
      note: 'the customs’ word (Krajowa Administracja Skarbowa) for the export declaration',
    },
  },
};
