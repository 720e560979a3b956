/**
 * Deterministic generator of realistic Amazon "unshipped orders" reports, for tests, demos and the benchmark. Same
 * `lines` and `seed` → same text. Output is plain TSV like Amazon's own (no quoting; no field holds a tab or a line
 * break or starts with a quote), LF line ends unless asked otherwise, no BOM.
 *
 * What it contains: the full Amazon header (31 columns); orders of 1–3 lines sharing order-id, buyer and address;
 * quantities mostly 1, sometimes 2–5; 12 SKUs, some product names with commas, inch quotes or non-ASCII text; recipient
 * and buyer names from many scripts ('José Müller', '山田太郎', …) with about 1 line in 20 missing the recipient name;
 * Amazon-style masked phones with ' ext. NNNNN', some plain, some empty; optional ship-address-2/3; ZIPs with leading
 * zeros and ZIP+4.
 */

export const AMAZON_REPORT_HEADER = [
  'order-id',
  'order-item-id',
  'purchase-date',
  'payments-date',
  'reporting-date',
  'promise-date',
  'days-past-promise',
  'buyer-email',
  'buyer-name',
  'buyer-phone-number',
  'sku',
  'number-of-items',
  'product-name',
  'quantity-purchased',
  'quantity-shipped',
  'quantity-to-ship',
  'ship-service-level',
  'recipient-name',
  'ship-address-1',
  'ship-address-2',
  'ship-address-3',
  'ship-city',
  'ship-state',
  'ship-postal-code',
  'ship-country',
  'is-business-order',
  'purchase-order-number',
  'price-designation',
  'is-prime',
  'is-sold-by-ab',
  'is-buyer-requested-cancellation',
] as const;

const PRODUCTS: ReadonlyArray<readonly [sku: string, name: string]> = [
  ['WIDGET-BLUE-12', 'Blue Widget 12" Deluxe Edition'],
  ['MUG-CER-11OZ', 'Ceramic Coffee Mug, 11oz, White'],
  ['TSHIRT-M-BLK', 'Cotton T-Shirt - Medium - Black'],
  ['CABLE-USBC-2M', 'USB-C Charging Cable 2m (6.6ft), Braided'],
  ['BOOK-KOCHEN-DE', 'Kochen für Anfänger – Grundrezepte'],
  ['TEA-MATCHA-100G', '宇治抹茶 Matcha Green Tea Powder 100g'],
  ['SOCKS-6PK', 'Crew Socks 6-Pack, Unisex'],
  ['LAMP-LED-DESK', 'LED Desk Lamp with USB Port & Dimmer'],
  ['POSTER-A2-MAP', 'World Map Poster A2 / 16.5" x 23.4"'],
  ['CANDLE-LAV-8OZ', "Lavender Soy Candle 8 oz – Mother's Day Gift"],
  ['PHONECASE-IP15', 'Clear Phone Case for iPhone 15'],
  ['YOGA-MAT-6MM', 'Yoga Mat 6mm Non-Slip, Purple'],
];

const NAMES = [
  'John Smith',
  'Mary Johnson',
  'José Müller',
  '山田太郎',
  "Zoë O'Brien",
  'Łukasz Żółć',
  'Ana María Núñez',
  'Björn Ångström',
  'Nguyễn Văn An',
  'Олег Петров',
  'Fatima Al-Sayed',
  'Chloé Dubois',
  'Priya Patel',
  'Kim Min-jun',
  'Robert Brown Jr.',
  'Sarah Miller',
];

const STREETS = [
  '123 Main St',
  '4567 Oak Avenue',
  '89 Elm Street',
  '1600 Pennsylvania Ave NW',
  '742 Evergreen Terrace',
  '350 Fifth Avenue',
  '1 Infinite Loop',
  '221B Baker Street',
  '77 Massachusetts Ave',
  '10 Calle Ñandú',
];
const UNITS = ['Apt 4B', 'Suite 200', 'Unit 12', 'Floor 3', '#1507'];
const EXTRAS = ['Building C', 'c/o Front Desk', 'Attn: Receiving'];

const PLACES: ReadonlyArray<readonly [city: string, state: string, zip: string]> = [
  ['Boston', 'MA', '02134'],
  ['Seattle', 'WA', '98101-1234'],
  ['Austin', 'TX', '78701'],
  ['New York', 'NY', '10118'],
  ['San José', 'CA', '95113'],
  ['Portland', 'ME', '04101'],
  ['Chicago', 'IL', '60601-7501'],
  ['Miami', 'FL', '33101'],
  ['Denver', 'CO', '80202'],
  ['Newark', 'NJ', '07102'],
];

const SERVICE_LEVELS = ['Standard', 'Expedited', 'SecondDay', 'NextDay'];

/** Mulberry32: tiny, fast, good enough for fixtures. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface SampleReportOptions {
  /** Line end, default '\n'. */
  lineEnding?: '\n' | '\r\n';
}

/** A report with a header and exactly `lines` order lines. */
export function generateSampleReport(lines: number, seed = 1, options: SampleReportOptions = {}): string {
  const next = random(seed);
  const int = (min: number, max: number): number => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const digits = (count: number): string => Array.from({ length: count }, () => int(0, 9)).join('');

  const out: string[] = [AMAZON_REPORT_HEADER.join('\t')];
  const start = Date.UTC(2025, 2, 1);
  let written = 0;
  while (written < lines) {
    const orderId = `${int(111, 114)}-${digits(7)}-${digits(7)}`;
    const buyer = pick(NAMES);
    const email = `${digits(12)}@marketplace.amazon.com`;
    const recipient = next() < 0.05 ? '' : next() < 0.8 ? buyer : pick(NAMES);
    const ext = ` ext. ${digits(5)}`;
    const phoneRoll = next();
    const phone =
      phoneRoll < 0.7
        ? `+1 ${int(201, 989)}-555-${digits(4)}${ext}`
        : phoneRoll < 0.9
          ? `${int(201, 989)}555${digits(4)}`
          : '';
    const [city, state, zip] = pick(PLACES);
    const street1 = pick(STREETS);
    const street2 = next() < 0.3 ? pick(UNITS) : '';
    const street3 = street2 && next() < 0.2 ? pick(EXTRAS) : '';
    const purchased = new Date(start + int(0, 30 * 24 * 3600) * 1000);
    const promise = new Date(purchased.getTime() + int(2, 7) * 24 * 3600 * 1000);
    const level = pick(SERVICE_LEVELS);
    const business = next() < 0.1;
    const itemCount = Math.min(lines - written, next() < 0.85 ? 1 : int(2, 3));
    for (let item = 0; item < itemCount; item++) {
      const [sku, productName] = pick(PRODUCTS);
      const quantityRoll = next();
      const quantity = quantityRoll < 0.8 ? 1 : quantityRoll < 0.95 ? 2 : int(3, 5);
      out.push(
        [
          orderId,
          digits(14),
          purchased.toISOString(),
          purchased.toISOString(),
          purchased.toISOString(),
          promise.toISOString(),
          '0',
          email,
          buyer,
          phone,
          sku,
          String(itemCount),
          productName,
          String(quantity),
          '0',
          String(quantity),
          level,
          recipient,
          street1,
          street2,
          street3,
          city,
          state,
          zip,
          'US',
          business ? 'true' : 'false',
          business ? `PO-${digits(6)}` : '',
          business ? 'B2B' : '',
          next() < 0.6 ? 'true' : 'false',
          'false',
          'false',
        ].join('\t'),
      );
    }
    written += itemCount;
  }
  const lineEnding = options.lineEnding ?? '\n';
  return out.join(lineEnding) + lineEnding;
}
