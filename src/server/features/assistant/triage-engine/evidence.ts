/**
 * What a message says, as evidence: every cue found, where, and whether it still counts once
 * its sentence is read in context (negated, inside an idiom, in a question about prevention, in
 * the past, about a friend's child, said by the parent of themselves, or a lone sign explained
 * by sleep or a tantrum). Rules ask for combinations of concepts within one sentence or two
 * adjacent ones, in any order.
 */
import { ADULT_WORDS, CHILD_WORDS, concepts, frames, idioms, type ConceptName, type FrameName } from './concepts';
import { findPhrase, parsePhrase, type Phrase, type Span } from './matching';
import { readMessage, type Sentence } from './reading';

/** A concept from the vocabulary, or one read from numbers: an age under 3 months, a temperature of 37.8°C or more. */
export type Cue = ConceptName | 'youngBaby' | 'feverReading';

/** Frames a rule heeds: a cue in a sentence with one of these frames is talk, not an event. */
export type Heed = Extract<FrameName, 'hypothetical' | 'past' | 'resolved' | 'otherChild' | 'joke' | 'fiction'>;

export interface EvidenceRule {
  /** Any one of these lists of cues, all found within one sentence or two adjacent ones, is enough. */
  evidence: Cue[][];
  heeds: Heed[];
  /** Cues that void any finding they overlap: a child's own medicine is not a poison. */
  excludes?: Cue[];
  /** A lone sign in a sentence about sleep, a tantrum or hearing is explained by it, unless a second sign sits beside it. */
  benignExplains?: boolean;
}

interface Finding extends Span {
  sentence: number;
}

const compile = (phrases: string[]) => phrases.map(parsePhrase);
const conceptPhrases = Object.fromEntries(Object.entries(concepts).map(([name, phrases]) => [name, compile(phrases)])) as Record<ConceptName, Phrase[]>;
const framePhrases = Object.fromEntries(Object.entries(frames).map(([name, phrases]) => [name, compile(phrases)])) as Record<FrameName, Phrase[]>;
const idiomPhrases = compile(idioms);

/** Cues that say what happened to someone: when that someone is the parent or another adult ("I can barely breathe"), they are not about the child. */
const ABOUT_SOMEONE = new Set<Cue>([
  'notBreathing',
  'choking',
  'unresponsive',
  'seizure',
  'jerking',
  'drowned',
  'ingest',
  'headKnock',
  'fall',
  'burn',
  'bleeding',
  'airwaySwelling',
]);
/** Signs counted to decide whether a lone sign is explained away by its setting. */
const SIGNS: Cue[] = ['notBreathing', 'unresponsive', 'seizure', 'fever', 'feverWarning', 'headWarning'];

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12 };
const DAYS_PER_UNIT: Record<string, number> = { day: 1, week: 7, month: 30 };
const YOUNG_BABY_DAYS = 90;
const TEMPERATURE_WORDS = new Set(['temp', 'temperature', 'fever', 'thermometer', 'degrees', 'degree', 'c', 'f', '°c', '°f', 'hot', 'feverish']);

function numberValue(word: string): number | undefined {
  if (/^\d/.test(word)) return Number.parseFloat(word);
  return NUMBER_WORDS[word];
}

function findYoungBaby(sentence: Sentence): Span[] {
  return sentence.flatMap((token, index) => {
    if (token.word === 'newborn' || token.word === 'neonate') return [{ start: index, end: index }];
    const unit = sentence[index + 1];
    const count = numberValue(token.word);
    const days = unit && count !== undefined ? DAYS_PER_UNIT[unit.lemma] : undefined;
    return days !== undefined && count! * days < YOUNG_BABY_DAYS ? [{ start: index, end: index + 1 }] : [];
  });
}

function findFeverReading(sentence: Sentence): Span[] {
  if (!sentence.some((token) => TEMPERATURE_WORDS.has(token.word))) return [];
  return sentence.flatMap((token, index) => {
    const value = /^\d/.test(token.word) ? Number.parseFloat(token.word) : Number.NaN;
    const fever = (value >= 37.8 && value < 44) || (value >= 100.4 && value < 110);
    return fever ? [{ start: index, end: index }] : [];
  });
}

const overlaps = (a: Span, b: Span) => a.start <= b.end && b.start <= a.end;

export class MessageEvidence {
  private readonly sentences: Sentence[];
  private readonly idiomSpans: Span[][];
  private readonly sentenceFrames: Set<FrameName>[];
  private readonly cache = new Map<Cue, Finding[]>();

  constructor(message: string) {
    this.sentences = readMessage(message);
    this.idiomSpans = this.sentences.map((sentence) => idiomPhrases.flatMap((phrase) => findPhrase(sentence, phrase)));
    this.sentenceFrames = this.sentences.map((_, index) => this.framesOf(index));
  }

  /** Whether any list of cues in `rule` holds, in one sentence or in two adjacent ones. */
  holds(rule: EvidenceRule): boolean {
    return this.sentences.some((_, index) => {
      const windows = index + 1 < this.sentences.length ? [[index], [index, index + 1]] : [[index]];
      return windows.some((window) => rule.evidence.some((cues) => this.holdsIn(rule, cues, window)));
    });
  }

  private holdsIn(rule: EvidenceRule, cues: Cue[], window: number[]): boolean {
    const options = cues.map((cue) => this.find(cue).filter((f) => window.includes(f.sentence) && this.counts(rule, cue, f)));
    const chosen: Finding[] = [];
    const choose = (index: number): boolean => {
      if (index === options.length) return true;
      for (const finding of options[index]!) {
        if (chosen.some((other) => other.sentence === finding.sentence && overlaps(other, finding))) continue;
        chosen.push(finding);
        if (choose(index + 1)) return true;
        chosen.pop();
      }
      return false;
    };
    if (!choose(0)) return false;
    if (!rule.benignExplains || !chosen.some((finding) => this.sentenceFrames[finding.sentence]!.has('benign'))) return true;
    // A sign in a benign setting is explained away, unless a second, separate sign is there too.
    const signs = SIGNS.flatMap((cue) => this.find(cue).filter((f) => window.includes(f.sentence) && this.counts(rule, cue, f)));
    return signs.some((sign) => !chosen.some((finding) => finding.sentence === sign.sentence && overlaps(finding, sign)));
  }

  private counts(rule: EvidenceRule, cue: Cue, finding: Finding): boolean {
    const sentence = this.sentences[finding.sentence]!;
    if (sentence[finding.start]!.negated) return false;
    if (this.idiomSpans[finding.sentence]!.some((idiom) => overlaps(idiom, finding))) return false;
    const frameSet = this.sentenceFrames[finding.sentence]!;
    if (rule.heeds.some((frame) => frameSet.has(frame))) return false;
    if (rule.excludes?.some((excluded) => this.find(excluded).some((other) => other.sentence === finding.sentence && overlaps(other, finding)))) return false;
    return !(ABOUT_SOMEONE.has(cue) && this.subjectIsAdult(sentence, finding));
  }

  /**
   * Whether the cue is about an adult: the nearest person named before its last word, within
   * its clause, is the parent ('I', 'we') or another adult, and no child follows it as the one
   * it happens to ("I can't wake her").
   */
  private subjectIsAdult(sentence: Sentence, finding: Span): boolean {
    const after = sentence.slice(finding.end + 1).find((token) => token.pos !== 'DET' && !['my', 'our'].includes(token.word));
    if (after && CHILD_WORDS.has(after.word)) return false;
    for (let index = finding.end; index >= 0; index--) {
      const token = sentence[index]!;
      if (index < finding.start && token.boundary) return false;
      if (token.word === 'i' || token.word === 'we') return true;
      if (token.pos === 'NOUN' && ADULT_WORDS.has(token.word)) return true;
      if (CHILD_WORDS.has(token.word) || ['he', 'she', 'they'].includes(token.word)) return false;
    }
    return false;
  }

  private find(cue: Cue): Finding[] {
    let found = this.cache.get(cue);
    if (!found) {
      found = this.sentences.flatMap((sentence, index) => this.spansOf(cue, sentence).map((span) => ({ ...span, sentence: index })));
      this.cache.set(cue, found);
    }
    return found;
  }

  private spansOf(cue: Cue, sentence: Sentence): Span[] {
    if (cue === 'youngBaby') return findYoungBaby(sentence);
    if (cue === 'feverReading') return findFeverReading(sentence);
    return conceptPhrases[cue].flatMap((phrase) => findPhrase(sentence, phrase));
  }

  private framesOf(index: number): Set<FrameName> {
    const sentence = this.sentences[index]!;
    const present = new Set<FrameName>();
    for (const [name, phrases] of Object.entries(framePhrases) as [FrameName, Phrase[]][]) {
      const found = phrases.some((phrase) =>
        findPhrase(sentence, phrase).some((span) => !sentence[span.start]!.negated && !this.idiomSpans[index]!.some((idiom) => overlaps(idiom, span))),
      );
      if (found) present.add(name);
    }
    // "Not sure if he swallowed one" is doubt about a real event; "again now" brings the past
    // into the present; "but now he's sick" undoes "he was fine".
    if (present.has('uncertain')) present.delete('hypothetical');
    if (present.has('present')) present.delete('past');
    if (present.has('worsening')) present.delete('resolved');
    if (isDefinitionQuestion(sentence)) present.add('hypothetical');
    return present;
  }
}

/** "What's anaphylaxis?", "what are febrile convulsions": a short question asking what a word means. */
function isDefinitionQuestion(sentence: Sentence): boolean {
  const words = sentence.filter((token) => token.pos !== 'PUNCT');
  return words.length <= 5 && words[0]?.word === 'what' && words[1]?.lemma === 'be';
}
