// The CSV writer: BOM, RFC 4180 quoting with CRLF records, and formula cells neutralised.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import fc from 'fast-check';
import { csvStream, toCsv } from '../../server/services/csv.ts';

const BOM = '\uFEFF';
const body = (csv: string) => {
  assert.ok(csv.startsWith(BOM), 'starts with the UTF-8 BOM');
  return csv.slice(1);
};

test('a header and rows, CRLF after every record, empty cells for null and undefined', () => {
  assert.equal(
    body(
      toCsv(
        ['ID', 'Name'],
        [
          [1, 'Jo'],
          [2, null],
          [3, undefined],
        ],
      ),
    ),
    'ID,Name\r\n1,Jo\r\n2,\r\n3,\r\n',
  );
});

test('quotes cells with commas, quotes, LF and CR, doubling the quotes (RFC 4180)', () => {
  const cases: [string, string][] = [
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['line one\nline two', '"line one\nline two"'],
    ['line one\r\nline two', '"line one\r\nline two"'],
    ['lone\rcarriage return', '"lone\rcarriage return"'],
    ['"', '""""'],
    ['plain text', 'plain text'],
    ['café déjà vu – 😀', 'café déjà vu – 😀'],
  ];
  for (const [cell, expected] of cases)
    assert.equal(body(toCsv(['h'], [[cell]])), `h\r\n${expected}\r\n`, JSON.stringify(cell));
});

test("prefixes ' to cells a spreadsheet would run as a formula", () => {
  const cases: [string | number, string][] = [
    ['=1+2', "'=1+2"],
    ['=HYPERLINK("http://x.example","y")', `"'=HYPERLINK(""http://x.example"",""y"")"`],
    ['+61 400 000 000', "'+61 400 000 000"],
    ['-2+3', "'-2+3"],
    [-5, "'-5"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tcmd', "'\tcmd"],
    ['\rcmd', `"'\rcmd"`],
    ['＝1+2', "'＝1+2"],
    ['a=1', 'a=1'],
    [' =1', ' =1'],
    [42, '42'],
  ];
  for (const [cell, expected] of cases)
    assert.equal(body(toCsv(['h'], [[cell]])), `h\r\n${expected}\r\n`, JSON.stringify(cell));
});

test('header cells are treated like any other', () => {
  assert.equal(body(toCsv(['=x', 'a,b'], [])), `'=x,"a,b"\r\n`);
});

test('the stream writes exactly what toCsv returns', async () => {
  await fc.assert(
    fc.asyncProperty(
      fc.array(fc.array(fc.oneof(fc.string(), fc.integer(), fc.constant(null)), { minLength: 2, maxLength: 2 }), {
        maxLength: 20,
      }),
      async (rows) => {
        let streamed = '';
        for await (const chunk of csvStream(['a', 'b'], rows)) streamed += String(chunk);
        assert.equal(streamed, toCsv(['a', 'b'], rows));
      },
    ),
    { numRuns: 50 },
  );
});

test('no cell ever reaches the file starting with a formula character', () => {
  fc.assert(
    fc.property(fc.string(), (cell) => {
      const line = body(toCsv(['h'], [[cell]])).slice('h\r\n'.length, -2);
      const unquoted = line.startsWith('"') ? line.slice(1) : line;
      assert.ok(!/^[=+\-@\t\r]/.test(unquoted), JSON.stringify(line));
    }),
    { numRuns: 500 },
  );
});
