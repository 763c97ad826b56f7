/*
 * Text for places that may read markup: desktop notification servers (freedesktop's body-markup
 * takes <b>, <a href>, <img> and entities) and anything else outside the page's own escaping.
 */

const TAG = /<[/!?]?[a-z][^>]*>|<!--[^]*?-->/gi;
const ENTITY = /&(?:#x[0-9a-f]+|#\d+|[a-z][a-z0-9]*);?/gi;
// Controls, format characters (direction overrides and isolates, zero-width characters) and lone
// surrogates: the same set `safeDisplayName` removes from file names.
const INVISIBLE = /[\p{Cc}\p{Cf}\p{Cs}]/gu;
// What is left of markup's own characters is shown as look-alikes no parser takes as markup.
const LOOK_ALIKES: Readonly<Record<string, string>> = { '<': '\u2039', '>': '\u203A', '&': '\uFF06' };

/**
 * One line of plain text, at most `limit` code points: tags and entities removed (not decoded, so
 * `&lt;b&gt;` cannot become a tag), controls and direction overrides removed, the markup
 * characters left turned into look-alikes, runs of white space made one space.
 */
export function plainText(given: string, limit = 500): string {
  const text = given
    .normalize('NFC')
    .replace(TAG, ' ')
    .replace(ENTITY, '')
    .replace(/[\r\n\t]/g, ' ')
    .replace(INVISIBLE, '')
    .replace(/[<>&]/g, (character) => LOOK_ALIKES[character] ?? '')
    .replace(/\s+/g, ' ')
    .trim();
  const codePoints = Array.from(text);
  return codePoints.length <= limit ? text : `${codePoints.slice(0, limit - 1).join('')}…`;
}
