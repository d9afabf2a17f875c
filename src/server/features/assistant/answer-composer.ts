/**
 * Turns articles into a short chat answer: the passages that best fit the question, then
 * when to talk to a paediatrician. Pure functions; ranking the passages is the caller's job.
 */

export interface Passage {
  /** The ## heading the passage sits under, if any. */
  heading: string | null;
  /** Plain text; a bullet list keeps one '- ' line per item. */
  text: string;
  kind: 'paragraph' | 'list';
}

export interface SplitArticle {
  passages: Passage[];
  /** The article's closing advice on when to get professional help. */
  whenToGetHelp: string | null;
}

const WHEN_TO_GET_HELP = /^when to (?:talk to your paediatrician|get help)\s*:/i;

function plain(markdown: string): string {
  return markdown
    .replace(/\*\*(.+?)\*\*/g, '$1')
    .replace(/(?<![\w*])[*_](.+?)[*_](?![\w*])/g, '$1')
    .replace(/\[(.+?)\]\((.+?)\)/g, '$1')
    .trim();
}

/** Splits Markdown on blank lines into paragraphs and lists, each with its heading. */
export function splitArticle(body: string): SplitArticle {
  const passages: Passage[] = [];
  let heading: string | null = null;
  let whenToGetHelp: string | null = null;
  for (const block of body.split(/\n\s*\n/)) {
    const lines = block
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean);
    if (lines.length === 0) continue;
    const headingMatch = /^#{1,6}\s+(.*)$/.exec(lines[0]!);
    if (headingMatch) {
      heading = plain(headingMatch[1]!);
      lines.shift();
      if (lines.length === 0) continue;
    }
    const isList = lines.every((line) => /^[-*+]\s+|^\d+[.)]\s+/.test(line));
    const text = isList
      ? lines.map((line) => `- ${plain(line.replace(/^[-*+]\s+|^\d+[.)]\s+/, ''))}`).join('\n')
      : plain(lines.join(' '));
    if (!isList && WHEN_TO_GET_HELP.test(text)) whenToGetHelp = text;
    else passages.push({ heading, text, kind: isList ? 'list' : 'paragraph' });
  }
  return { passages, whenToGetHelp };
}

const MAX_LIST_ITEMS = 5;
const MAX_PARAGRAPH_SENTENCES = 3;

function trimPassage(passage: Passage): string {
  if (passage.kind === 'list') return passage.text.split('\n').slice(0, MAX_LIST_ITEMS).join('\n');
  const sentences = passage.text.match(/[^.!?]+[.!?]+["')\]]*\s*|[^.!?]+$/g) ?? [passage.text];
  return sentences.slice(0, MAX_PARAGRAPH_SENTENCES).join('').trim();
}

/**
 * The passages worth quoting, best first: up to `count` with a positive rank, keeping the
 * article's opening paragraph as a fallback so there is always something to say.
 */
export function pickPassages(passages: Passage[], ranks: number[], count: number): Passage[] {
  const ranked = passages
    .map((passage, index) => ({ passage, index, rank: ranks[index] ?? 0 }))
    .filter((entry) => entry.rank > 0)
    .sort((a, b) => b.rank - a.rank || a.index - b.index)
    .slice(0, count)
    // Quote them in the article's own order, so the advice reads naturally.
    .sort((a, b) => a.index - b.index)
    .map((entry) => entry.passage);
  return ranked.length > 0 ? ranked : passages.slice(0, 1);
}

export const GENERIC_HELP =
  "If you're ever worried about your child's health, development or behaviour, talk to your paediatrician or health visitor: you know your child best, and it is always fine to ask.";

/** A grounded answer: a warm opening, the chosen passages, and when to get help. */
export function composeAnswer(article: { title: string }, passages: Passage[], whenToGetHelp: string | null): string {
  const parts = [`Here's what our guide "${article.title}" suggests:`];
  for (const passage of passages) {
    const text = trimPassage(passage);
    parts.push(passage.heading && passage.kind === 'list' ? `${passage.heading}:\n${text}` : text);
  }
  parts.push(whenToGetHelp ?? GENERIC_HELP);
  parts.push('The resources below have more detail.');
  return parts.join('\n\n');
}

export const TOPICS_COVERED =
  "sleep, feeding and picky eating, tantrums and behaviour, toilet training, speech and language, motor skills, autism, ADHD and sensory needs, starting nursery, shadow teachers, education plans and therapies, and looking after yourself as a parent";

/**
 * For a parenting question no article clearly answers: the nearest article, hedged, when
 * there is one worth offering; otherwise what the assistant does cover.
 */
export function composeNotCoveredAnswer(nearest: { title: string; summary: string } | undefined): string {
  const opening = nearest
    ? `I'm not sure our guides answer exactly that, but "${nearest.title}" may help: ${nearest.summary}`
    : `I don't have a guide that answers that, so I'd rather not guess. I can help with ${TOPICS_COVERED}.`;
  return [opening, GENERIC_HELP].join('\n\n');
}

/**
 * The safety net's check-in and the answer asked for, in that order: the emergency number, said
 * as a condition, comes before anything else the parent reads.
 */
export function composeCheckInAnswer(checkIn: string, answer: string): string {
  return [checkIn, answer].join('\n\n');
}

/** For a question outside parenting altogether. */
export function composeOutOfScopeAnswer(): string {
  return (
    "I'm sorry, that's outside what I can help with. I'm Nestling's parenting assistant, and I answer questions about " +
    `babies and young children: ${TOPICS_COVERED}. What would you like to know?`
  );
}
