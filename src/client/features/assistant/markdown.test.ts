import { describe, expect, it } from 'vitest';
import { parseMarkdown } from './markdown';

describe('parseMarkdown', () => {
  it('reads headings, paragraphs and bullet lists', () => {
    const text = ['Intro line one', 'and line two.', '', '## What helps', '', '- a bath', '- a story', '  that is short', '', 'Last words.'].join('\n');
    expect(parseMarkdown(text)).toEqual([
      { kind: 'paragraph', text: 'Intro line one and line two.' },
      { kind: 'heading', level: 2, text: 'What helps' },
      { kind: 'list', items: ['a bath', 'a story that is short'] },
      { kind: 'paragraph', text: 'Last words.' },
    ]);
  });

  it('keeps markup as plain text', () => {
    expect(parseMarkdown('<img src=x onerror=alert(1)>')).toEqual([{ kind: 'paragraph', text: '<img src=x onerror=alert(1)>' }]);
  });
});
