import { describe, expect, it } from 'vitest';
import { htmlToText, textToHtml } from '../../src-renderer/lib/rich-text';

describe('textToHtml', () => {
  it('makes paragraphs of blocks and line breaks of lines', () => {
    expect(textToHtml('First line\nsecond line\n\nNext paragraph')).toBe('<p>First line<br>second line</p><p>Next paragraph</p>');
    expect(textToHtml('One\r\nTwo\r\n\r\nThree')).toBe('<p>One<br>Two</p><p>Three</p>');
    // Blank lines with spaces split blocks too; surrounding blank lines and spaces go.
    expect(textToHtml('\n\n  a  \n \n\n b\n\n')).toBe('<p>a</p><p>b</p>');
  });

  it('makes a block of "- " lines a bulleted list, with * and • as bullets too', () => {
    expect(textToHtml('Bring:\n\n- a drill\n-  a ladder')).toBe('<p>Bring:</p><ul><li>a drill</li><li>a ladder</li></ul>');
    expect(textToHtml('* one\n• two')).toBe('<ul><li>one</li><li>two</li></ul>');
    // A block mixing text and bullets stays a paragraph, its lines as typed.
    expect(textToHtml('Bring:\n- a drill')).toBe('<p>Bring:<br>- a drill</p>');
    // A dash without a space is not a bullet.
    expect(textToHtml('-5 degrees')).toBe('<p>-5 degrees</p>');
  });

  it('escapes markup, so nothing typed becomes HTML', () => {
    expect(textToHtml('<script>alert("x")</script> & \'co\'')).toBe('<p>&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;co&#39;</p>');
    expect(textToHtml('- <b>bold</b>')).toBe('<ul><li>&lt;b&gt;bold&lt;/b&gt;</li></ul>');
  });

  it('gives nothing for empty or blank text', () => {
    expect(textToHtml('')).toBe('');
    expect(textToHtml(' \n \n')).toBe('');
  });
});

describe('htmlToText', () => {
  it('turns paragraphs into blocks, breaks into lines and items into "- " lines', () => {
    expect(htmlToText('<p>First line<br>second line</p><p>Next</p>')).toBe('First line\nsecond line\n\nNext');
    expect(htmlToText('<p>Bring:</p><ul><li>a drill</li><li>a ladder</li></ul><p>Thanks</p>')).toBe('Bring:\n\n- a drill\n- a ladder\n\nThanks');
    expect(htmlToText('<ol><li>one</li><li>two</li></ol>')).toBe('- one\n- two');
    expect(htmlToText('a<br/>b<BR />c')).toBe('a\nb\nc');
  });

  it('treats the HTML’s own newlines as spaces and drops other tags', () => {
    expect(htmlToText('<p>a\n  b</p>\n<p>c</p>')).toBe('a b\n\nc');
    expect(htmlToText('<div><strong>Bold</strong> and <a href="x">link</a></div><h2>Title</h2>')).toBe('Bold and link\n\nTitle');
    expect(htmlToText('<p class="x" style="color:red">styled</p>')).toBe('styled');
  });

  it('decodes named and numeric entities, and leaves unknown ones', () => {
    expect(htmlToText('<p>&lt;b&gt; &amp; &quot;q&quot; &apos;a&apos; &#39;n&#39; &#x41;&#66; x&nbsp;y &copy;</p>')).toBe('<b> & "q" \'a\' \'n\' AB x y &copy;');
    // Decoded markup stays text: it is not read as tags again.
    expect(htmlToText('&lt;p&gt;hi&lt;/p&gt;')).toBe('<p>hi</p>');
  });

  it('leaves a numeric entity past the last code point as written, instead of failing the form', () => {
    expect(htmlToText('<p>&#99999999; and &#x110000;</p>')).toBe('&#99999999; and &#x110000;');
  });

  it('gives empty text for no HTML', () => {
    expect(htmlToText(undefined)).toBe('');
    expect(htmlToText(null)).toBe('');
    expect(htmlToText('')).toBe('');
    expect(htmlToText('<p></p><br>')).toBe('');
  });
});

describe('rich text round trip', () => {
  it('keeps paragraphs, line breaks, bullets and markup-looking text', () => {
    const texts = [
      'Swap the terminal.',
      'First line\nsecond line\n\nNext paragraph',
      'Bring:\n\n- a drill\n- a ladder\n\nCall ahead & ask for <Dana>',
      '- only\n- bullets',
      'Quote "this" and \'that\'',
      'Bring:\n- not a list',
    ];
    for (const text of texts) {
      expect(htmlToText(textToHtml(text)), text).toBe(text);
      // And HTML → text → HTML is stable from the form's own HTML.
      expect(textToHtml(htmlToText(textToHtml(text))), text).toBe(textToHtml(text));
    }
  });

  it('gives the text as the form keeps it: trimmed lines, one blank line between blocks, bullets as "- "', () => {
    expect(htmlToText(textToHtml('  a  \n\n\n\n* b\n•  c'))).toBe('a\n\n- b\n- c');
  });
});
