// Reads RFC 4180 CSV (quoted cells, doubled quotes, CRLF or LF line ends, a leading BOM) into
// rows of cells. Small on purpose: the glossary import is its only reader.

export function parseCsv(text: string): string[][] {
  const input = text.replace(/^\uFEFF/, '');
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  let index = 0;
  const endCell = () => {
    row.push(cell);
    cell = '';
  };
  while (index < input.length) {
    const char = input[index]!;
    if (quoted) {
      if (char === '"' && input[index + 1] === '"') {
        cell += '"';
        index += 2;
        continue;
      }
      if (char === '"') quoted = false;
      else cell += char;
      index += 1;
      continue;
    }
    if (char === '"' && cell === '') quoted = true;
    else if (char === ',') endCell();
    else if (char === '\r' || char === '\n') {
      endCell();
      rows.push(row);
      row = [];
      if (char === '\r' && input[index + 1] === '\n') index += 1;
    } else cell += char;
    index += 1;
  }
  if (quoted) throw new Error('The CSV ends inside a quoted cell: a closing " is missing.');
  if (cell !== '' || row.length > 0) {
    endCell();
    rows.push(row);
  }
  return rows;
}
