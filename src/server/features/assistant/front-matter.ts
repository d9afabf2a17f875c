/**
 * The small subset of YAML front matter our articles use, one `key: value` per line:
 * plain or double-quoted strings, integers, and flow lists such as `[sleep, naps]`.
 * Anything else is refused with the line number, so a typo in content fails the load
 * instead of producing a half-read article.
 */
export type FrontMatterValue = string | number | string[];

export interface ParsedDocument {
  data: Record<string, FrontMatterValue>;
  body: string;
}

export class FrontMatterError extends Error {}

export function parseFrontMatter(text: string): ParsedDocument {
  const lines = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  if (lines[0]?.trim() !== '---') throw new FrontMatterError('The file must start with a --- line opening the front matter.');
  const end = lines.findIndex((line, index) => index > 0 && line.trim() === '---');
  if (end === -1) throw new FrontMatterError('The front matter is not closed by a --- line.');

  const data: Record<string, FrontMatterValue> = {};
  for (let index = 1; index < end; index++) {
    const line = lines[index]!;
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const match = /^([A-Za-z][\w-]*):\s*(.*)$/.exec(line);
    if (!match) throw new FrontMatterError(`Line ${index + 1}: expected "key: value", got "${line}".`);
    const [, key, raw] = match as unknown as [string, string, string];
    if (key in data) throw new FrontMatterError(`Line ${index + 1}: "${key}" is given twice.`);
    data[key] = parseValue(raw.trim(), index + 1);
  }
  return { data, body: lines.slice(end + 1).join('\n').trim() };
}

function parseValue(raw: string, lineNumber: number): FrontMatterValue {
  if (raw.startsWith('[')) {
    if (!raw.endsWith(']')) throw new FrontMatterError(`Line ${lineNumber}: a list must end with ].`);
    const inner = raw.slice(1, -1).trim();
    return inner === '' ? [] : splitList(inner, lineNumber).map((item) => parseScalar(item.trim(), lineNumber)).map(String);
  }
  return parseScalar(raw, lineNumber);
}

/** Splits on commas outside double quotes. */
function splitList(inner: string, lineNumber: number): string[] {
  const items: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < inner.length; i++) {
    const char = inner[i]!;
    if (char === '\\' && quoted) {
      current += char + (inner[i + 1] ?? '');
      i++;
    } else if (char === '"') {
      quoted = !quoted;
      current += char;
    } else if (char === ',' && !quoted) {
      items.push(current);
      current = '';
    } else {
      current += char;
    }
  }
  if (quoted) throw new FrontMatterError(`Line ${lineNumber}: a quoted list item is not closed.`);
  items.push(current);
  return items;
}

function parseScalar(raw: string, lineNumber: number): string | number {
  if (raw.startsWith('"')) {
    try {
      const value: unknown = JSON.parse(raw);
      if (typeof value === 'string') return value;
    } catch {
      // Reported below with the line number.
    }
    throw new FrontMatterError(`Line ${lineNumber}: the quoted text ${raw} is not closed properly.`);
  }
  if (raw.startsWith("'") || raw.startsWith('{') || raw.startsWith('|') || raw.startsWith('>')) {
    throw new FrontMatterError(`Line ${lineNumber}: use plain or "double-quoted" text, not ${raw[0]}.`);
  }
  if (raw === '') throw new FrontMatterError(`Line ${lineNumber}: the value is empty.`);
  if (/^-?\d+$/.test(raw)) return Number(raw);
  return raw;
}
