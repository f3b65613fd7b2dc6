import { Resvg } from '@resvg/resvg-js';
import { LOGO_MAX_SIDE, PngError } from './png.js';

/** Messages draw the logo 160 pixels wide (mail/templates/layout.ts); the picture is made at twice that for sharp screens. */
const DRAWN_WIDTH = 2 * 160;

/**
 * Everything that would let an SVG reach outside itself or run: scripts, embedded documents and
 * pictures, entities (XML bombs, local files), links and style imports to anywhere but the
 * drawing itself. A logo needs none of them, so they are refused rather than cleaned.
 */
const REFUSED: Array<[RegExp, string]> = [
  [/<!DOCTYPE|<!ENTITY/i, 'declares a document type or entities'],
  [/<script\b/i, 'holds a script'],
  [/<foreignObject\b/i, 'embeds another document'],
  [/<image\b/i, 'embeds a picture'],
  [/\bon[a-z]+\s*=/i, 'holds event handlers'],
  [/\bhref\s*=\s*["'](?!#)/i, 'links outside itself'],
  [/url\(\s*["']?(?!#)/i, 'refers to a resource outside itself'],
  [/@import\b/i, 'imports a style sheet'],
];

/**
 * An SVG logo drawn as a PNG: mail clients (Gmail, Outlook) do not show SVG, and a picture carries
 * nothing of the document it was drawn from. The caller passes the result through `sanitizePng`.
 */
export function svgLogoToPng(input: Buffer): Buffer {
  const text = input.toString('utf8');
  if (!/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*<svg\b/i.test(text)) throw new PngError('The file is not an SVG image');
  for (const [pattern, why] of REFUSED) {
    if (pattern.test(text)) throw new PngError(`The SVG image ${why}; upload a plain drawing or a PNG`);
  }
  let resvg: Resvg;
  try {
    resvg = new Resvg(text, { font: { loadSystemFonts: true }, logLevel: 'off' });
  } catch {
    throw new PngError('The SVG image cannot be read');
  }
  if (!(resvg.width > 0 && resvg.height > 0)) throw new PngError('The SVG image has no size');
  const zoom = Math.min(DRAWN_WIDTH / resvg.width, LOGO_MAX_SIDE / resvg.height);
  const drawn = new Resvg(text, { font: { loadSystemFonts: true }, logLevel: 'off', fitTo: { mode: 'zoom', value: zoom } }).render();
  return drawn.asPng();
}
