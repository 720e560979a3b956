import { readFileSync } from 'node:fs';
import { decodeAmazonReport } from '../parse-report';

/** Raw bytes of a file in packages/amazon/test-fixtures. */
export function fixtureBytes(name: string): Uint8Array {
  return new Uint8Array(readFileSync(new URL(`../../test-fixtures/${name}`, import.meta.url)));
}

/** A fixture decoded the way the UI decodes an upload. */
export function fixtureText(name: string): string {
  return decodeAmazonReport(fixtureBytes(name));
}
