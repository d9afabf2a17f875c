/**
 * Finds cue phrases in a read message. A phrase is written as slots separated by spaces; a slot
 * lists alternatives separated by '|', and an alternative ending in '*' takes any ending
 * ('vomit*'). A word matches by its form or its lemma, so 'swallow' finds 'swallowed', and a
 * word the English model does not know matches a cue word it is one or two typing slips away
 * from ('siezure', 'breething'). A slot starting with '!' takes any content word but those
 * listed ('drowning in !water' is the idiom, not the event), and one starting with '+' must
 * follow the slot before it directly ('but +now', not "but he's fine now"). Between two slots a phrase lets
 * through a few small words ("lips [are going] blue", "n't [think he's] breathing"), the child
 * ("pulled [my daughter] out") or an amount ("swallowed [a lot of] water"), never a clause
 * boundary.
 */
import { CHILD_WORDS } from './concepts';
import { readerSpelling, type Sentence, type Token } from './reading';

interface Slot {
  words: Set<string>;
  stems: string[];
  negative: boolean;
  adjacent: boolean;
  /** A negation ('@neg'): an adjective after it is what it denies ("not [sure] whether to move"), except 'able'. */
  negation: boolean;
}

export type Phrase = Slot[];

export interface Span {
  start: number;
  end: number;
}

const MAX_GAP = 4;
/** Parts of speech a gap may hold: the small words around a cue, not another event. */
const GAP_POS = new Set(['AUX', 'PRON', 'DET', 'ADV', 'PART', 'ADP', 'NUM', 'ADJ', 'SCONJ']);
/** Verbs that only link or hedge, so "is going blue" and "don't think he's breathing" still read as one cue. */
const GAP_VERBS = new Set(['be', 'go', 'turn', 'get', 'become', 'look', 'seem', 'keep', 'start', 'have', 'feel', 'think', 'know', 'believe', 'sound']);
/** Nouns that name an amount rather than a thing. */
/** The body part an injury happens to: "cut [his foot] very deep". */
const BODY_PARTS = new Set(['head', 'face', 'hand', 'hands', 'arm', 'arms', 'leg', 'legs', 'foot', 'feet', 'finger', 'fingers', 'toe', 'toes', 'knee', 'back', 'chest', 'lip', 'lips', 'eye', 'eyes']);
/** The child's age, said as part of naming them: "found my [18 month old] at the bottom". */
const AGE_WORDS = new Set(['year', 'month', 'week', 'day', 'old']);
const AMOUNT_NOUNS = new Set(['lot', 'lots', 'bit', 'load', 'loads', 'bunch', 'couple', 'amount', 'bottle', 'glass', 'cup', 'mouthful', 'handful', 'spoonful']);

export function parsePhrase(text: string): Phrase {
  return text.split(' ').map((written) => {
    const adjacent = written.startsWith('+');
    const slot = adjacent ? written.slice(1) : written;
    const negative = slot.startsWith('!');
    const alternatives = (negative ? slot.slice(1) : slot).split('|');
    const words = alternatives.filter((a) => !a.endsWith('*'));
    return {
      words: new Set([...words, ...words.map(readerSpelling)]),
      stems: alternatives.filter((a) => a.endsWith('*')).map((a) => a.slice(0, -1)),
      negative,
      adjacent,
      negation: alternatives.includes('not'),
    };
  });
}

/** Optimal string alignment distance (edits, with a swap of two neighbours counting as one), capped. */
function typingDistance(a: string, b: string, cap: number): number {
  if (Math.abs(a.length - b.length) > cap) return cap + 1;
  const rows: number[][] = [];
  for (let i = 0; i <= a.length; i++) {
    rows.push([i]);
    for (let j = 1; j <= b.length; j++) {
      if (i === 0) {
        rows[0]!.push(j);
        continue;
      }
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let best = Math.min(rows[i - 1]![j]! + 1, rows[i]![j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2]![j - 2]! + 1);
      rows[i]!.push(best);
    }
  }
  return rows[a.length]![b.length]!;
}

/** Whether `typed` is `word` with one letter left out. */
function droppedLetter(typed: string, word: string): boolean {
  if (typed.length !== word.length - 1) return false;
  for (let index = 0; index < word.length; index++) if (word.slice(0, index) + word.slice(index + 1) === typed) return true;
  return false;
}

/** The forms a typo of a cue word is compared with: the word and its regular endings. */
function inflections(word: string): string[] {
  const base = word.endsWith('e') ? word.slice(0, -1) : word;
  return [word, `${word}s`, `${base}ed`, `${base}ing`];
}

// Short words are too close to other real words for typo matching ('hit'/'hot'), and people
// seldom mistype the first letter; both limits keep a typo from turning into another cue.
const MIN_TYPO_LENGTH = 5;
/** A shorter slip is only a letter left out of a longer cue word ('fevr', 'stif'). */
const MIN_DROPPED_LETTER_LENGTH = 4;
function looksLikeTypo(token: Token, word: string): boolean {
  if (token.known || word.length < MIN_TYPO_LENGTH || token.word[0] !== word[0]) return false;
  if (token.word.length < MIN_TYPO_LENGTH) return token.word.length >= MIN_DROPPED_LETTER_LENGTH && droppedLetter(token.word, word);
  const allowed = word.length >= 8 ? 2 : 1;
  return inflections(word).some((form) => {
    const distance = typingDistance(token.word, form, allowed);
    return distance <= 1 || (distance <= allowed && foreignLetters(token.word, form) <= 1);
  });
}

/**
 * How many of the typed letters the word does not have (each letter counted as often as it
 * appears). A slip swaps, drops or doubles letters and hits at most one wrong key, so two
 * slips bring in at most one foreign letter: 'scabbing' (two b's where 'scalding' has l and d)
 * is another word, not a typo.
 */
function foreignLetters(typed: string, word: string): number {
  const left = new Map<string, number>();
  for (const letter of word) left.set(letter, (left.get(letter) ?? 0) + 1);
  let foreign = 0;
  for (const letter of typed) {
    const count = left.get(letter) ?? 0;
    if (count > 0) left.set(letter, count - 1);
    else foreign++;
  }
  return foreign;
}

const CONTENT_POS = new Set(['NOUN', 'PROPN', 'VERB', 'ADJ']);

function slotMatches(token: Token, slot: Slot): boolean {
  return slot.negative ? CONTENT_POS.has(token.pos) && !listed(token, slot) : listed(token, slot);
}

function listed(token: Token, slot: Slot): boolean {
  if (slot.words.has(token.word) || slot.words.has(token.lemma)) return true;
  if (slot.stems.some((stem) => token.word.startsWith(stem) || token.lemma.startsWith(stem))) return true;
  if (token.known) return false;
  for (const word of slot.words) if (looksLikeTypo(token, word)) return true;
  return slot.stems.some(
    (stem) => stem.length >= MIN_TYPO_LENGTH && token.word[0] === stem[0] && typingDistance(token.word.slice(0, stem.length + 1), stem, 1) <= 1,
  );
}

/**
 * Small words, linking verbs, the child, an amount, a noun that only qualifies the next one
 * ("into my little sisters room"), and words joined to the cue word by 'and' or 'or' ("lips
 * [and eyelids] swollen").
 */
function canSkip(token: Token, next: Token | undefined, previous: Token | undefined): boolean {
  if (token.boundary) return false;
  if (GAP_POS.has(token.pos) || GAP_VERBS.has(token.lemma) || token.pos === 'CCONJ') return true;
  if (CHILD_WORDS.has(token.word) || AMOUNT_NOUNS.has(token.word) || BODY_PARTS.has(token.word) || AGE_WORDS.has(token.word)) return true;
  return token.pos === 'NOUN' && (next?.pos === 'NOUN' || previous?.pos === 'CCONJ');
}

/** Where the slots from `slotIndex` on match, starting exactly at `at`; the end of the match or -1. */
function matchFrom(sentence: Sentence, phrase: Phrase, slotIndex: number, at: number): number {
  if (!slotMatches(sentence[at]!, phrase[slotIndex]!)) return -1;
  if (slotIndex === phrase.length - 1) return at;
  const maxGap = phrase[slotIndex + 1]!.adjacent ? 0 : MAX_GAP;
  for (let next = at + 1; next < sentence.length && next <= at + 1 + maxGap; next++) {
    const end = matchFrom(sentence, phrase, slotIndex + 1, next);
    if (end >= 0) return end;
    if (!canSkip(sentence[next]!, sentence[next + 1], sentence[next - 1])) break;
    if (phrase[slotIndex]!.negation && sentence[next]!.pos === 'ADJ' && sentence[next]!.word !== 'able') break;
  }
  return -1;
}

export function findPhrase(sentence: Sentence, phrase: Phrase): Span[] {
  const spans: Span[] = [];
  for (let start = 0; start < sentence.length; start++) {
    const end = matchFrom(sentence, phrase, 0, start);
    if (end >= 0) spans.push({ start, end });
  }
  return spans;
}
