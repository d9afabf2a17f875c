/**
 * Pure text handling for questions: parents' shorthand made plain, and synonyms found so
 * that the words of a question meet the words of the articles.
 */

const NUMBER_WORDS: Record<string, string> = { one: '1', two: '2', three: '3', four: '4', five: '5', six: '6' };

/** Lowercases and spells out shorthand such as '3yo', '18mo' and '2.5yrs'. */
export function normaliseQuestion(text: string): string {
  return text
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    // Contractions typed without the apostrophe ('wont', 'doesnt') would otherwise be taken for misspellings.
    .replace(/\b(won|don|can|isn|doesn|didn|hasn|haven|wouldn|couldn|shouldn|aren|wasn|weren)t\b/g, "$1't")
    .replace(/\b(\d+(?:\.\d+)?)\s*(?:yo|y\/o|yrs?|years?)(?=\b|[^a-z])(?:\s*old)?/g, '$1 year old')
    .replace(/\b(\d+)\s*(?:mo|mths?|months?)(?=\b|[^a-z])(?:\s*old)?/g, '$1 month old')
    .replace(/\b(\d+)\s*(?:wk|wks|weeks?)(?=\b|[^a-z])(?:\s*old)?/g, '$1 week old')
    .replace(/\b(one|two|three|four|five|six)\s+year\s+old\b/g, (_, n: string) => `${NUMBER_WORDS[n]} year old`)
    // A clock time in the articles' shape ('5am'): as typed ('5 am', '4.45am') it would be read as a bare number and dropped.
    .replace(/\b(1[0-2]|0?[1-9])(?:[.:][0-5]\d)?\s*(am|pm)\b/g, (_, hour: string, half: string) => `${Number(hour)}${half}`)
    // A clock time without am or pm ('4:45', '6.30') in the articles' own shape ('up at 4.45'), which the search keeps: a time of day says what the question is about.
    .replace(/\b([01]?\d|2[0-3])[.:]([0-5]\d)\b(?![.:]?\d)/g, (_, hour: string, minutes: string) => `${Number(hour)}.${minutes}`)
    .replace(/\s+/g, ' ')
    .trim();
}

const AGE = /\b\d+(?:\.\d+)?\s*(?:year|month|week|day)s?(?:\s+old)?\b/g;
/** A bare number, but not a clock time ('4.45', as normaliseQuestion writes them). */
const NUMBER = /(?<!\d\.)\b(?!(?:[01]?\d|2[0-3])\.[0-5]\d\b)\d+(?:\.\d+)?\b/g;

/**
 * A question split into what it is about and the child's age ('3 year old', '14 months'). An
 * age says who the child is, not what the question asks, so the search takes it only as a hint,
 * and other bare numbers not at all: articles full of ages (the milestone ones) would otherwise
 * win on the numbers alone.
 */
export function separateAges(text: string): { topic: string; ages: string } {
  return {
    topic: text.replace(AGE, ' ').replace(NUMBER, ' ').replace(/\s+/g, ' ').trim(),
    ages: (text.match(AGE) ?? []).join(' '),
  };
}

export interface Synonym {
  term: string;
  expansion: string;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * The expansions of every synonym term that appears in the text as a whole word or phrase,
 * each once: words to search for beside what the parent wrote.
 */
export function synonymHints(text: string, synonyms: Synonym[]): string {
  const additions: string[] = [];
  for (const { term, expansion } of synonyms) {
    const pattern = new RegExp(`(?<![a-z0-9])${escapeRegExp(term)}(?![a-z0-9])`);
    if (pattern.test(text) && !additions.includes(expansion)) additions.push(expansion);
  }
  return additions.join(' ');
}

/** The distinct words of a text worth checking for misspellings. */
export function candidateWords(text: string): string[] {
  return [...new Set(text.match(/[a-z]{4,}/g) ?? [])];
}
