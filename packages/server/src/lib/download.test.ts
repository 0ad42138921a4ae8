import { Readable } from 'node:stream';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { contentDisposition, download, sendDownload } from './download.js';

/** The parameters of a Content-Disposition value, split the way RFC 6266 parsers do. */
function parameters(header: string): Record<string, string> {
  const out: Record<string, string> = {};
  const pattern = /;\s*([^=;\s]+)=("(?:[^"\\]|\\.)*"|[^;]*)/g;
  for (const [, key, value] of header.matchAll(pattern)) if (key && value !== undefined) out[key] = value;
  return out;
}

function decodeExtended(value: string | undefined): string {
  expect(value?.startsWith("UTF-8''")).toBe(true);
  return decodeURIComponent((value ?? '').slice("UTF-8''".length));
}

describe('contentDisposition', () => {
  it('sends a plain name in both forms', () => {
    expect(contentDisposition('report-2026.pdf')).toBe(
      `attachment; filename="report-2026.pdf"; filename*=UTF-8''report-2026.pdf`,
    );
  });

  it.each([
    ['quotes and backslashes', 'a"b\\c.pdf', 'a"b\\c.pdf'],
    ['CRLF header injection', 'x.pdf\r\nSet-Cookie: a=b', 'x.pdfSet-Cookie: a=b'],
    ['non-ASCII', '检测报告 RPT-001.pdf', '检测报告 RPT-001.pdf'],
    ['semicolon and equals', 'a; filename=evil.exe', 'a; filename=evil.exe'],
    ['characters encodeURIComponent leaves bare', "it's (a)*copy!.xlsx", "it's (a)*copy!.xlsx"],
    ['percent', '100%.csv', '100%.csv'],
  ])('keeps %s inside one parameter', (_what, name, expected) => {
    const header = contentDisposition(name);
    // One line, visible ASCII only: nothing can end the header or inject another.
    expect(header).toMatch(/^[\x20-\x7e]+$/);
    const params = parameters(header);
    expect(Object.keys(params)).toEqual(['filename', 'filename*']);
    expect(params.filename).toMatch(/^"[\x20-\x7e]*"$/);
    // The ASCII fallback has no quote, backslash or percent inside its quotes.
    expect(params.filename?.slice(1, -1)).not.toMatch(/["\\%]/);
    // RFC 5987 value-chars only.
    expect(params['filename*']).toMatch(/^UTF-8''[A-Za-z0-9%\-._~]*$/);
    expect(decodeExtended(params['filename*'])).toBe(expected);
  });

  it('replaces non-ASCII in the fallback and keeps it exact in filename*', () => {
    const params = parameters(contentDisposition('样本日志.xlsx'));
    expect(params.filename).toBe('"____.xlsx"');
    expect(decodeExtended(params['filename*'])).toBe('样本日志.xlsx');
  });

  it('shortens very long names and keeps the extension', () => {
    const params = parameters(contentDisposition(`${'长'.repeat(5000)}.xlsx`));
    const name = decodeExtended(params['filename*']);
    expect([...name].length).toBe(150);
    expect(name.endsWith('.xlsx')).toBe(true);
    expect((params.filename ?? '').length).toBe(152);
  });

  it('names an empty or blank name "download"', () => {
    expect(contentDisposition('\r\n ')).toContain(`filename="download"; filename*=UTF-8''download`);
  });
});

describe('sendDownload', () => {
  it('sets type, length, disposition and nosniff', async () => {
    const app = Fastify();
    app.get('/f', async (_request, reply) => {
      await sendDownload(reply, {
        name: '报告"1".pdf',
        mime: 'application/pdf',
        content: Buffer.from('%PDF-1'),
      });
    });
    const response = await app.inject({ url: '/f' });
    await app.close();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-length']).toBe('6');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['content-disposition']).toBe(contentDisposition('报告"1".pdf'));
    expect(response.body).toBe('%PDF-1');
  });
});

describe('download', () => {
  it('sends nothing until asked, and closes its stream when discarded', async () => {
    const content = Readable.from([Buffer.from('%PDF-1')]);
    const answer = download({ name: 'r.pdf', mime: 'application/pdf', content, size: 6 });
    expect(content.destroyed).toBe(false);
    answer.discard();
    expect(content.destroyed).toBe(true);
  });
});
