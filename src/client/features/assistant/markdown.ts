export type Block = { kind: 'heading'; level: 2 | 3; text: string } | { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

/**
 * The small Markdown the knowledge base is written in: '## ' and '### ' headings, '- ' bullet
 * lists and paragraphs separated by blank lines. Rendering blocks as React elements (never
 * as HTML) keeps article text from ever becoming markup.
 */
export function parseMarkdown(text: string): Block[] {
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  let list: string[] | null = null;

  const flush = () => {
    if (paragraph.length) blocks.push({ kind: 'paragraph', text: paragraph.join(' ') });
    if (list) blocks.push({ kind: 'list', items: list });
    paragraph = [];
    list = null;
  };

  for (const raw of text.split('\n')) {
    const line = raw.trim();
    const heading = /^(#{2,3})\s+(.*)$/.exec(line);
    if (!line) {
      flush();
    } else if (heading) {
      flush();
      blocks.push({ kind: 'heading', level: (heading[1] as string).length as 2 | 3, text: heading[2] as string });
    } else if (/^[-*]\s+/.test(line)) {
      if (paragraph.length) flush();
      list ??= [];
      list.push(line.replace(/^[-*]\s+/, ''));
    } else if (list) {
      // A wrapped bullet continues the last item.
      list[list.length - 1] += ` ${line}`;
    } else {
      paragraph.push(line);
    }
  }
  flush();
  return blocks;
}
