import { crc32 } from 'node:zlib';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
/** The chunks an image needs to be drawn; text, EXIF, ICC and every private chunk are dropped. */
const KEPT = new Set(['IHDR', 'PLTE', 'tRNS', 'IDAT', 'IEND']);
export const LOGO_MAX_SIDE = 2000;

export class PngError extends Error {}

/**
 * A PNG rebuilt from its drawing chunks only, after checking its structure and every chunk's CRC:
 * what a person uploads as a logo carries no metadata, script or hidden payload into e-mails.
 */
export function sanitizePng(input: Buffer): { png: Buffer; width: number; height: number } {
  if (input.length < 33 || !input.subarray(0, 8).equals(SIGNATURE)) throw new PngError('The file is not a PNG image');
  const out: Buffer[] = [SIGNATURE];
  let offset = 8;
  let width = 0;
  let height = 0;
  let ended = false;
  let first = true;
  while (offset < input.length && !ended) {
    if (offset + 12 > input.length) throw new PngError('The PNG image is cut short');
    const length = input.readUInt32BE(offset);
    const type = input.toString('latin1', offset + 4, offset + 8);
    const end = offset + 12 + length;
    if (length > input.length || end > input.length) throw new PngError('The PNG image is cut short');
    const typeAndData = input.subarray(offset + 4, offset + 8 + length);
    if (crc32(typeAndData) >>> 0 !== input.readUInt32BE(offset + 8 + length)) throw new PngError('The PNG image is damaged');
    if (first) {
      if (type !== 'IHDR' || length !== 13) throw new PngError('The PNG image has no header');
      width = input.readUInt32BE(offset + 8);
      height = input.readUInt32BE(offset + 12);
      first = false;
    }
    if (KEPT.has(type)) out.push(input.subarray(offset, end));
    ended = type === 'IEND';
    offset = end;
  }
  if (!ended) throw new PngError('The PNG image has no end');
  if (width < 1 || height < 1 || width > LOGO_MAX_SIDE || height > LOGO_MAX_SIDE) {
    throw new PngError(`The logo must be at most ${LOGO_MAX_SIDE} × ${LOGO_MAX_SIDE} pixels`);
  }
  return { png: Buffer.concat(out), width, height };
}
