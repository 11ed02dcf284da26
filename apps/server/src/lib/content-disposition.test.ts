import { describe, expect, it } from 'vitest';
import { attachment, inline } from './content-disposition.js';

describe('content-disposition', () => {
  it('names a plain ASCII file once, in the quoted filename', () => {
    expect(attachment('audit-logs-20260101-120000.xlsx')).toBe('attachment; filename="audit-logs-20260101-120000.xlsx"');
    expect(inline('Settlement crack.png')).toBe('inline; filename="Settlement crack.png"');
  });

  it('gives a non-ASCII name as UTF-8 in filename* with an ASCII fallback', () => {
    expect(attachment('監測報告 März.pdf')).toBe(`attachment; filename="____ M_rz.pdf"; filename*=UTF-8''%E7%9B%A3%E6%B8%AC%E5%A0%B1%E5%91%8A%20M%C3%A4rz.pdf`);
    expect(inline('Bericht für März.png')).toBe(`inline; filename="Bericht f_r M_rz.png"; filename*=UTF-8''Bericht%20f%C3%BCr%20M%C3%A4rz.png`);
  });

  it('escapes quotes and keeps control characters out of the header', () => {
    expect(attachment('say "hi".pdf')).toBe('attachment; filename="say \\"hi\\".pdf"');
    const header = inline('a\r\nSet-Cookie: x=1.png');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toBe(`inline; filename="a__Set-Cookie: x=1.png"; filename*=UTF-8''a%0D%0ASet-Cookie%3A%20x%3D1.png`);
  });

  it('keeps a name that looks percent-encoded literal', () => {
    expect(attachment('x%20y.csv')).toBe(`attachment; filename="x%20y.csv"; filename*=UTF-8''x%2520y.csv`);
  });
});
