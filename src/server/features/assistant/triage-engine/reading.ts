/**
 * Reads a parent's message the way the triage needs it: sentences of tokens, each with its
 * lemma, its part of speech, whether a negation governs it, and whether the English model
 * knows the word at all (an unknown word may be a typo of a cue word).
 */
import model from 'wink-eng-lite-web-model';
import winkNLP, { type ItsFunction } from 'wink-nlp';

const nlp = winkNLP(model, ['sbd', 'negation', 'pos']);
const { its } = nlp;

// Wink numbers the words its model knows first and appends unknown ones as it meets them, so
// the id of a nonsense word read before any message is where the unknown words begin.
const FIRST_UNKNOWN_ID = Number(nlp.readDoc('qzxqzxqzx').tokens().out(its.uniqueId)[0]);

const knownLemmas = new Map<string, boolean>();
/** Whether the model knows a word, so that an inflection of a real word ('x-rayed') is never read as a typo of a cue. */
function isKnownWord(word: string): boolean {
  let known = knownLemmas.get(word);
  if (known === undefined) {
    const ids = nlp.readDoc(word).tokens().out(its.uniqueId) as number[];
    known = ids.length === 1 && ids[0]! < FIRST_UNKNOWN_ID;
    knownLemmas.set(word, known);
  }
  return known;
}

/**
 * A word as the reader spells it. Wink reads British spellings as American ones ('pyjamas' is
 * read 'pajamas', 'colour' 'color'), so cue words are put through the same reading to match.
 */
export function readerSpelling(word: string): string {
  const normals = nlp.readDoc(word).tokens().out(its.normal) as string[];
  return normals.length === 1 ? normals[0]! : word;
}

export interface Token {
  /** Lowercase, with contractions spelt out ("n't" reads "not"). */
  word: string;
  lemma: string;
  pos: string;
  negated: boolean;
  known: boolean;
  /** Punctuation, or a word that starts a new clause: cues and negations do not reach across it. */
  boundary: boolean;
}

export type Sentence = Token[];

const CLAUSE_STARTS = new Set(['and', 'but', 'then', 'now', 'so', 'because', 'cos', 'when', 'while', 'after', 'since', 'until', 'though', 'although', 'which', 'plus', 'also']);

const CHILD_NOUNS = 'son|daughter|child|kid|baby|boy|girl|toddler|twins?|one|sister|brother';

/**
 * Regional function words read as standard English, as 'dd' and 'ds' are read as child words: a
 * language normalisation, not a list of cues. Scots and northern English child words (wean, bairn),
 * a mother's name (mammy, maw), the negatives in -nae (cannae, didnae, isnae), and 'no' for 'not'
 * before a verb in -ing ("he's no breathing right"). Words that are also standard English in another
 * sense ('wee', 'canny', 'ken') are left alone.
 */
const REGIONAL_WORDS: [RegExp, string][] = [
  [/\b(?:wean|wain|bairn)s\b/g, 'children'],
  [/\b(?:wean|wain|bairn)\b/g, 'child'],
  [/\b(?:mammy|maw)\b/g, 'mum'],
  [/\b(can|did|does|dis|is|was|were|has|have|will|wull|would|could|should|must)nae\b/g, '$1 not'],
  [/\b(is|'s|are|'re|was|were|am|'m)\s+no\s+(?=[a-z]+in[g']?\b)/g, '$1 not '],
];

/**
 * A word or two in quotation marks inside a sentence ("my husband 'disciplines' them", "another
 * adult 'yanked' him") is the parent's irony or someone else's word, not a new clause: the marks
 * are dropped so the phrase reads on through them.
 */
const SCARE_QUOTES = /(^|[\s(])['"]([a-z][a-z-]*(?: [a-z][a-z-]*){0,2})['"](?=[\s,.;:!?)]|$)/g;

/**
 * Case, curly quotes, quotation marks round a word, regional function words (REGIONAL_WORDS),
 * apostrophes left out, hyphenated words, shorthand ages and amounts ("5ml"), made regular.
 * Two shapes are put in plain order, since no cue phrase can read them as written: an age used
 * as a noun ("our 2 year old") gets its noun, and a sign stated then denied ("breathing - she's
 * not", "moving? he isn't") becomes "she is not breathing".
 */
function normalise(message: string): string {
  let text = message
    .toLowerCase()
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201c\u201d]/g, '"')
    .replace(SCARE_QUOTES, '$1$2');
  for (const [pattern, standard] of REGIONAL_WORDS) text = text.replace(pattern, standard);
  return text
    .replace(/\b(he|she)s\b/g, "$1's")
    .replace(/\bi'?m\b/g, 'i am')
    .replace(/\b(what|that|there)s\b/g, "$1's")
    .replace(/\bi'?ve\b/g, 'i have')
    .replace(/\b(isnt|arent|wasnt|dont|doesnt|didnt|cant|wont|wouldnt|couldnt|hasnt|havent)\b/g, (word) => `${word.slice(0, -2)}n't`)
    // "... and fell in. We had him out": a particle that ends a sentence keeps its stop apart, or the
    // reader takes "in." for the abbreviation of inches and runs the two sentences together (round 23).
    .replace(/(?<![\d.]\s?)\b(in|on|off|up|out|over|under|down)\.(?=\s|$)/g, '$1 .')
    .replace(/(?<=[a-z])[-/](?=[a-z])/g, ' ')
    .replace(/\b(\d+(?:\.\d+)?)\s*(?:yo|y\/o|yrs?|years?)\b/g, '$1 year')
    .replace(/\b(\d+)\s*(?:mo|mos|mths?|months?)\b/g, '$1 month')
    .replace(/\b(\d+)\s*(?:wk|wks|weeks?)\b/g, '$1 week')
    .replace(/\b(\d+)\s*(?:d|days?)\b/g, '$1 day')
    .replace(/\b(\d+(?:\.\d+)?)(ml|mls|mg|kg)\b/g, '$1 $2')
    .replace(/\b(my|our|his|her|their) (\d+(?:\.\d+)?) (year|month|week)\b(?! old)/g, '$1 $2 $3 old')
    .replace(new RegExp(`\\b(year|month|week|day) old\\b(?!\\s+(?:${CHILD_NOUNS})\\b)`, 'g'), '$1 old child')
    .replace(/\b([a-z]+ing)\s*[-\u2013\u2014,:.?!]+\s*(he|she|they|it)\s*(?:'s|is|'re|are)\s*(?:not|n't)\b/g, '$2 is not $1');
}

const CONTENT_POS = new Set(['VERB', 'NOUN', 'PROPN', 'ADJ']);

/** Verbs that link a subject to how it is: what a negation denies is the adjective after them ("doesn't get too hot"). */
const LINKING = new Set(['get', 'become', 'seem', 'feel', 'look', 'go', 'turn']);

/**
 * A content word, or 'do' as a main verb ("can't do this"), which ends a negation's reach. A
 * linking verb before an adjective does not: the adjective is what is denied.
 */
function isContent(sentence: Sentence, index: number): boolean {
  const token = sentence[index]!;
  const next = sentence[index + 1];
  if (LINKING.has(token.lemma) && token.pos === 'VERB') {
    const after = sentence.slice(index + 1).find((word) => word.pos !== 'ADV');
    if (after?.pos === 'ADJ') return false;
  }
  // 'Have' as a main verb before what is had: what is denied is the thing had ("not having any
  // thoughts of hurting myself", "hasn't had a wet nappy"), as 'no' denies it ("no thoughts of ...").
  if (token.lemma === 'have' && token.pos === 'VERB') {
    const rest = sentence.slice(index + 1);
    const after = rest.find((word) => !['DET', 'ADV', 'NUM'].includes(word.pos));
    if (after && !after.boundary && (after.pos === 'NOUN' || rest[0]?.pos === 'DET')) return false;
  }
  return CONTENT_POS.has(token.pos) || (token.lemma === 'do' && next?.pos !== 'VERB' && next?.pos !== 'PART');
}

/**
 * Wink marks everything from a negation to the next punctuation mark as negated. A negation
 * governs less than that: the next content word, and words joined to it by 'or' ("not coughing
 * or crying"). So "won't stop bleeding" negates 'stop', not 'bleeding', and "not fading under a
 * glass" leaves the glass alone. A denied noun governs what its 'of' names: "no thoughts of
 * hurting myself" denies the hurting too, as "no urge to hurt myself" does, and a denied 'have' passes
 * to what is had (isContent).
 */
function narrowNegation(sentence: Sentence): void {
  const flagged = sentence.map((token) => token.negated);
  let open = false;
  sentence.forEach((token, index) => {
    const startsScope = flagged[index] && (index === 0 || !flagged[index - 1]);
    if (!flagged[index] || token.boundary) open = false;
    else if (startsScope) open = true;
    token.negated = open;
    // "Doesn't seem to hurt himself": a verb of seeming passes the negation on to the verb after its 'to'.
    const seeming = ['seem', 'appear'].includes(token.lemma) && sentence[index + 1]?.word === 'to';
    if (open && !seeming && isContent(sentence, index)) {
      const next = sentence[index + 1]?.word ?? '';
      // A word after a determiner is a noun, whatever the tagger says ("any urges to ..."); a denied
      // noun governs what its 'of' names and what its 'to' says is wanted ("no urge to hurt myself").
      const noun = token.pos === 'NOUN' || sentence[index - 1]?.pos === 'DET';
      const complement = next === 'of' || (next === 'to' && sentence[index + 2]?.pos === 'VERB');
      open = ['or', 'nor'].includes(next) || (noun && complement && flagged[index + 1] === true);
    }
  });
}

const COORDINATED_POS = new Set(['NOUN', 'PROPN', 'ADJ']);
const PERSON_POS = new Set(['NOUN', 'PROPN', 'PRON']);

/**
 * 'and' or 'or' joins words, not clauses, between two nouns or two adjectives ("her lips and
 * eyelids are swollen"), and between a person and a noun phrase that no verb follows ("throw
 * myself and the baby off"), so a cue may reach across it.
 */
function joinCoordinatedWords(sentence: Sentence): void {
  sentence.forEach((token, index) => {
    if (token.word !== 'and' && token.word !== 'or') return;
    const before = sentence[index - 1];
    const after = sentence[index + 1];
    if (!before || !after) return;
    if (COORDINATED_POS.has(before.pos) && before.pos === after.pos) token.boundary = false;
    else if (PERSON_POS.has(before.pos) && nounPhraseWithoutVerb(sentence, index + 1)) token.boundary = false;
  });
}

/** Whether a noun phrase starts here ('the baby', 'the kids') and no verb follows it, so it is not a clause's subject. */
function nounPhraseWithoutVerb(sentence: Sentence, start: number): boolean {
  let index = start;
  while (sentence[index] && ['DET', 'ADJ', 'NUM'].includes(sentence[index]!.pos)) index++;
  const head = sentence[index];
  if (!head || !PERSON_POS.has(head.pos)) return false;
  const next = sentence[index + 1];
  return !next || (next.pos !== 'VERB' && next.pos !== 'AUX');
}

// Wink declares its.lemma with the model add-ons as a third parameter, which its own
// ItsFunction type does not allow for; at run time the document passes them.
const lemmaOf = its.lemma as unknown as ItsFunction<string>;

/**
 * A word made with -y from a word the model knows ("snory", "gaspy", "rattly"): a real word of
 * everyday speech, so no typing slip of another word ("snory" is not "story"). Its meaning is not
 * guessed from its root ("Bluey" is not blue).
 */
function madeWithY(word: string): boolean {
  if (!/^[a-z]{4,}y$/.test(word)) return false;
  const stem = word.slice(0, -1);
  return [stem, `${stem}e`].some((root) => root.length >= 4 && isKnownWord(root));
}

export function readMessage(message: string): Sentence[] {
  const doc = nlp.readDoc(normalise(message));
  const tokens = doc.tokens();
  const words = tokens.out(its.normal) as string[];
  const lemmas = tokens.out(lemmaOf) as string[];
  const parts = tokens.out(its.pos) as string[];
  const negated = tokens.out(its.negationFlag) as boolean[];
  const ids = tokens.out(its.uniqueId) as number[];
  const types = tokens.out(its.type) as string[];
  return (doc.sentences().out(its.span) as number[][]).map(([first = 0, last = -1]) => {
    const sentence: Sentence = [];
    for (let index = first; index <= last; index++) {
      const known = ids[index]! < FIRST_UNKNOWN_ID || (lemmas[index] !== words[index] && isKnownWord(lemmas[index]!));
      sentence.push({
        word: words[index]!,
        lemma: lemmas[index]!,
        pos: parts[index]!,
        negated: negated[index]!,
        known: known || madeWithY(words[index]!),
        boundary: types[index] === 'punctuation' || CLAUSE_STARTS.has(words[index]!),
      });
    }
    joinCoordinatedWords(sentence);
    narrowNegation(sentence);
    return sentence;
  });
}
