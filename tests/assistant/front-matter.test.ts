import { describe, expect, it } from 'vitest';
import { FrontMatterError, parseFrontMatter } from '../../src/server/features/assistant/front-matter';

describe('front matter', () => {
  it('reads plain and double-quoted text, whole numbers and flow lists, and returns the body after it', () => {
    const doc = parseFrontMatter(
      [
        '---',
        'title: "Early rising: when the day starts too soon"',
        'summary: Plain text, with a comma and an apostrophe\'s worth',
        'tags: [early waking, "5am, again", can\'t sleep]',
        'ageMinMonths: 6',
        'date: 2026-05-19',
        '---',
        '',
        'First paragraph.',
        '',
        '## A heading',
      ].join('\n'),
    );
    expect(doc.data).toEqual({
      title: 'Early rising: when the day starts too soon',
      summary: "Plain text, with a comma and an apostrophe's worth",
      tags: ['early waking', '5am, again', "can't sleep"],
      ageMinMonths: 6,
      date: '2026-05-19',
    });
    expect(doc.body).toBe('First paragraph.\n\n## A heading');
  });

  it('accepts Windows line endings and an empty list', () => {
    expect(parseFrontMatter('---\r\ntags: []\r\n---\r\nBody').data).toEqual({ tags: [] });
  });

  it.each([
    ['no opening line', 'title: x\n---\nbody', /must start with a --- line/],
    ['no closing line', '---\ntitle: x\nbody', /not closed by a --- line/],
    ['a line that is not key: value', '---\njust words\n---\n', /Line 2: expected "key: value"/],
    ['a repeated key', '---\ntitle: a\ntitle: b\n---\n', /Line 3: "title" is given twice/],
    ['an unclosed quote', '---\ntitle: "open\n---\n', /Line 2: the quoted text "open is not closed properly/],
    ['an unclosed list', '---\ntags: [a, b\n---\n', /Line 2: a list must end with \]/],
    ['single quotes', "---\ntitle: 'x'\n---\n", /Line 2: use plain or "double-quoted" text/],
    ['an empty value', '---\ntitle:\n---\n', /Line 2: the value is empty/],
  ])('refuses %s, naming the line', (_, text, message) => {
    expect(() => parseFrontMatter(text)).toThrow(FrontMatterError);
    expect(() => parseFrontMatter(text)).toThrow(message);
  });
});
