import { describe, expect, it } from 'vitest';
import { attachmentName } from '../../../src-shared/domain/attachments';
import { plainText } from '../../../src-shared/domain/plain-text';

describe('plainText', () => {
  it('removes tags and entities without decoding them, so nothing becomes markup', () => {
    expect(plainText('<b>PAID<b> invoice.pdf')).toBe('PAID invoice.pdf');
    expect(plainText('invoice&#x202E;fdp.exe')).toBe('invoicefdp.exe');
    expect(plainText('&lt;a href="https://evil.example"&gt;click&lt;/a&gt;')).toBe('a href="https://evil.example"click/a');
    expect(plainText('<a href="https://evil.example">click</a> <img src=x onerror=alert(1)>')).toBe('click');
  });

  it('removes direction overrides, isolates, zero-width and control characters, and keeps one line', () => {
    expect(plainText('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(plainText('a\u2066b\u2069c\u200Bd\u0007e')).toBe('abcde');
    expect(plainText('line one\r\nline two\ttab')).toBe('line one line two tab');
  });

  it('shows the markup characters left as look-alikes, and caps the length', () => {
    expect(plainText('Smith & Sons <3 > 2')).toBe('Smith ＆ Sons ‹3 › 2');
    expect(Array.from(plainText('x'.repeat(600), 100))).toHaveLength(100);
    expect(plainText('x'.repeat(600), 100).endsWith('…')).toBe(true);
  });
});

describe('attachmentName', () => {
  it('cleans a provider’s name and names a file without one by its id', () => {
    expect(attachmentName({ id: 7, file: { name: 'invoice\u202Efdp.exe' } })).toBe('invoicefdp.exe');
    expect(attachmentName({ id: 7, file: { name: '../../etc/passwd' } })).toBe('passwd');
    expect(attachmentName({ id: 7, file: null })).toBe('File 7');
    expect(attachmentName({ id: 7 })).toBe('File 7');
  });
});
