/**
 * The label of a TEST-key purchase: a one-page 4x6 inch PDF that says, in large type, that it is a specimen and not
 * valid for postage, with the shipment's details. Hand-written PDF (no dependency), so it renders the same on Node and
 * workerd. Only printable ASCII reaches the content stream.
 */

const ascii = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[^\x20-\x7e]/g, '?')
    .replace(/([\\()])/g, '\\$1');

export interface SpecimenLabel {
  orderId: string;
  carrier: string;
  serviceName: string;
  trackingNumber: string;
  from: string[];
  to: string[];
}

export function specimenLabelPdf(label: SpecimenLabel): Uint8Array {
  const lines: Array<[number, number, number, string]> = [
    [18, 396, 20, 'TEST LABEL - NOT VALID'],
    [18, 374, 20, 'FOR POSTAGE'],
    [18, 344, 12, `${label.carrier} ${label.serviceName}`],
    [18, 326, 10, `Tracking: ${label.trackingNumber}`],
    [18, 310, 10, `Order: ${label.orderId}`],
    [18, 284, 10, 'FROM:'],
    ...label.from.map((l, i): [number, number, number, string] => [18, 270 - i * 12, 9, l]),
    [18, 200, 10, 'TO:'],
    ...label.to.map((l, i): [number, number, number, string] => [18, 186 - i * 14, 11, l]),
    [18, 40, 8, 'Created with a LabelDesk test API key: nothing was charged.'],
  ];
  const content = lines.map(([x, y, size, text]) => `BT /F1 ${size} Tf ${x} ${y} Td (${ascii(text)}) Tj ET`).join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 432] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let pdf = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(pdf.length);
    pdf += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = pdf.length;
  pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
  pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return new TextEncoder().encode(pdf);
}
