/**
 * The job form edits descriptions as plain text: paragraphs split by a blank line, line breaks, and
 * "- " lines as a bulleted list. The contract carries them as HTML (`{html}`); these two turn one
 * into the other. Text → HTML escapes everything, so nothing typed becomes markup.
 */

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escape = (text: string) => text.replace(/[&<>"']/g, (character) => ESCAPES[character] ?? character);

const BULLET = /^\s*[-*•]\s+/;

export function textToHtml(text: string): string {
  const blocks = text
    .replace(/\r\n?/g, '\n')
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').filter((line) => line.trim() !== ''))
    .filter((lines) => lines.length > 0);
  return blocks
    .map((lines) => {
      if (lines.every((line) => BULLET.test(line))) return `<ul>${lines.map((line) => `<li>${escape(line.replace(BULLET, '').trim())}</li>`).join('')}</ul>`;
      return `<p>${lines.map((line) => escape(line.trim())).join('<br>')}</p>`;
    })
    .join('');
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ' };

function decode(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (!name.startsWith('#')) return ENTITIES[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    // An entity past Unicode's last code point stays as written, like an unknown named one.
    return code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

/** The marketplace's HTML as the form's text: blocks become blank lines, items "- " lines, other tags their text. */
export function htmlToText(html: string | null | undefined): string {
  if (!html) return '';
  const text = html
    .replace(/\r\n?/g, '\n')
    .replace(/\s*\n\s*/g, ' ')
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li[^>]*>/gi, '\n- ')
    .replace(/<\/(p|div|ul|ol|h[1-6]|blockquote|table|tr)>/gi, '\n\n')
    .replace(/<[^>]*>/g, '');
  return decode(text)
    .split('\n')
    .map((line) => line.trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .replace(/^(- .*)\n\n(?=- )/gm, '$1\n')
    .trim();
}

/** A block of a description as the detail shows it: a paragraph (its line breaks kept) or a bulleted list. */
export type TextBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

/** The form's text (`htmlToText`) as blocks: blank lines part them, a run of "- " lines is a list. */
export function textBlocks(text: string): TextBlock[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.split('\n').filter((line) => line.trim() !== ''))
    .filter((lines) => lines.length > 0)
    .map((lines) => (lines.every((line) => BULLET.test(line)) ? { kind: 'list', items: lines.map((line) => line.replace(BULLET, '').trim()) } : { kind: 'paragraph', text: lines.join('\n') }));
}
