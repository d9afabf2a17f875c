/**
 * What a message says, as evidence: every cue found, where, and whether it still counts once
 * its sentence is read in context (negated, inside an idiom, in a question about prevention, in
 * the past, about a friend's child, said by the parent of themselves, or a lone sign explained
 * by sleep or a tantrum). Rules ask for combinations of concepts within one sentence or two
 * adjacent ones, in any order.
 */
import { ADULT_WORDS, CHILD_WORDS, concepts, frames, idioms, type ConceptName, type FrameName } from './concepts';
import { findPhrase, parsePhrase, type Phrase, type Span } from './matching';
import { readMessage, type Sentence, type Token } from './reading';

/**
 * A concept from the vocabulary, or one read from the sentence's shape: an age under 3 months, a
 * temperature of 37.8°C or more (from numbers), an attempt to rouse a child that fails.
 */
export type Cue = ConceptName | 'youngBaby' | 'feverReading' | 'rousingFails' | 'householdFumes' | 'tabletsCounted' | 'adultThreat' | 'overStatedDose' | 'adultViolence' | 'teenTookMany' | 'ownWounding';

/** Frames a rule heeds: a cue in a sentence with one of these frames is talk, not an event. */
export type Heed = Extract<FrameName, 'hypothetical' | 'past' | 'history' | 'ownChildhood' | 'resolved' | 'cleared' | 'expelled' | 'minor' | 'otherChild' | 'joke' | 'fiction' | 'topic'>;

/** Settings that explain a lone sign: sleep, a tantrum or play, or not paying attention (which explains only not responding). */
export type Setting = Extract<FrameName, 'benign' | 'inattentive'>;

export interface EvidenceRule {
  /**
   * Any one of these lists of cues, all found within one sentence or two adjacent ones, is
   * enough. A fragment ("Popcorn.", "Watch battery. Maybe.") belongs to the sentence after it,
   * and a sentence that moves the story on ("now two hours later he's vomited") reaches back
   * to everything told before it.
   */
  evidence: Cue[][];
  heeds: Heed[];
  /** Cues that void any finding they overlap: a child's own medicine is not a poison. */
  excludes?: Cue[];
  /**
   * A lone sign in a sentence set in one of these settings is explained by it, unless a second
   * sign sits beside it or the sentence tells of a sudden change ("and now she won't answer").
   */
  explainedBy?: Setting[];
  /** Cues said by the parent of themselves: when their subject is the child, they are not about the parent. */
  aboutParent?: Cue[];
  /** The injury itself, denied ("no burn", "not burnt"): nothing else in that sentence counts for the rule, unless a 'but' follows ("no burns on his face but his arm is blistering"). */
  deniedBy?: Cue[];
  /**
   * Signs a severe bleed explains as well (feeling dizzy): when the message tells such a bleed and names
   * no part of the head, they are not this rule's (round 24: a scooter fall, an arm cut deep and pumping,
   * "feels dizzy", was answered as a head injury, where pressing on the wound comes first).
   */
  bleedExplains?: Cue[];
  /**
   * Signs that may come hours after the event (a head injury's vomiting or drowsiness): told in a later
   * sentence, they join an event told anywhere before them, and an outcome between that only tells how the
   * child seemed ("seemed totally fine") is no outcome once they come (round 31).
   */
  signsComeLate?: Cue[];
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
  'airwaySwelling',
  'throatTight',
  'fever',
  'headWarning',
  // "I took 10 ibuprofen over two days for my back": the parent's own tablets (round 24).
  'tabletsCounted',
]);
/** Frames that make a cue talk rather than an event, for the second opinion (every frame some rule heeds, and the settings). */
const TALK_FRAMES = new Set<FrameName>(['hypothetical', 'past', 'history', 'ownChildhood', 'resolved', 'cleared', 'expelled', 'minor', 'otherChild', 'joke', 'fiction', 'topic', 'benign', 'inattentive']);
/** Signs counted to decide whether a lone sign is explained away by its setting. */
const SIGNS: Cue[] = ['notBreathing', 'unresponsive', 'rousingFails', 'seizure', 'fever', 'feverWarning', 'headWarning'];
/** Signs found by testing the child (a pinch, a shake), which no setting explains: a sleeping child wakes to them. */
const TESTED_SIGNS = new Set<Cue>(['noResponse']);

const NUMBER_WORDS: Record<string, number> = { one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12 };
const DAYS_PER_UNIT: Record<string, number> = { day: 1, week: 7, month: 30 };
const YOUNG_BABY_DAYS = 90;
const TEMPERATURE_WORDS = new Set(['temp', 'temperature', 'fever', 'thermometer', 'degrees', 'degree', 'c', 'f', '°c', '°f', 'hot', 'feverish']);

/** An amount of a medicine told in a message: stated (on a label, prescribed) or given, with where it is. */
interface DoseAmount extends Span {
  value: number;
  unit: string;
  stated: boolean;
  sentence: number;
}
/** The units a dose is measured in. */
const DOSE_UNITS = new Set(['ml', 'mls', 'mg', 'mgs']);
/** Words before an amount that make it the dose stated: a label, a leaflet or a prescription saying it, or what should be given. */
const DOSE_STATERS = new Set(['say', 'said', 'label', 'leaflet', 'packet', 'box', 'bottle', 'prescribe', 'prescribed', 'supposed', 'should', 'meant', 'recommend', 'recommended', 'dose']);
/** Verbs of giving a medicine told as done. */
const DOSE_GIVING_WORDS = new Set(['gave', 'given', 'had', 'used', 'filled', 'refilled', 'measured', 'poured', 'did', 'drew', 'squirted', 'syringed', 'put', 'done']);
/** Measures a dose is given with, whose size an amount may name ('a 5ml syringe'). */
const DOSE_MEASURES = new Set(['syringe', 'spoon', 'cup', 'measure', 'dropper', 'syrinx']);
/** How much over the stated dose an amount given must be to be too much: a dose rounded to a measure's mark is not. */
const DOSE_MARGIN = 1.25;
/** Words that fill a measure again. */
const REFILLS: Record<string, number> = { twice: 2, double: 2, thrice: 3 };
/** Words of a day's doses: "twice today" spaces doses out, it fills no measure twice. */
const DAY_WORDS = new Set(['today', 'day', 'daily', 'hours', 'hour', 'morning', 'night', 'tonight', 'yesterday', 'evening', 'afternoon']);

/**
 * How many measures an amount given stands for: a count just before it ("two 5ml spoons", "2 full 5ml
 * syringes"), or the measure filled again later in its sentence ('twice', 'three times'), unless the sentence
 * spaces doses over a day ("5ml twice today").
 */
function measuresOf(sentence: Sentence, at: number): number {
  for (let back = at - 1; back >= Math.max(0, at - 3); back--) {
    const word = sentence[back]!.word;
    const count = NUMBER_WORDS[word] ?? (/^\d$/.test(word) ? Number(word) : undefined);
    if (count !== undefined && count > 1) return count;
    if (!['full', 'big', 'whole', 'of'].includes(word)) break;
  }
  if (sentence.some((token) => DAY_WORDS.has(token.word))) return 1;
  for (let index = at + 2; index < sentence.length; index++) {
    const word = sentence[index]!.word;
    if (REFILLS[word]) return REFILLS[word];
    const count = NUMBER_WORDS[word];
    if (count !== undefined && count > 1 && sentence[index + 1]?.word === 'times') return count;
  }
  return 1;
}

/** Whether the word at `index` ends a relative by marriage ("brother in law", "sister-in-law"): an adult, whoever the kin word alone might be. */
function isInLaw(sentence: Sentence, index: number): boolean {
  return ['law', 'laws'].includes(sentence[index]!.word) && sentence[index - 1]?.word === 'in';
}

/**
 * Whether the violence found at `finding` is done by an adult other than the parent: the subject of its clause, read
 * back from the verb, is an adult ('my partner', 'her uncle', 'my brother in law', or 'he' or 'she' naming one), not
 * a child ("my son hit his sister") nor the parent ('I', 'we': parentHarm reads those). Round 30.
 */
function byAnAdult(sentence: Sentence, finding: Span): boolean {
  for (let index = finding.start - 1; index >= 0; index--) {
    const token = sentence[index]!;
    if (token.boundary && !['and', 'but'].includes(token.word)) return false;
    if (token.word === 'i' || token.word === 'we' || token.word === 'they' || CHILD_WORDS.has(token.word)) return false;
    if (token.pos === 'NOUN' && (ADULT_WORDS.has(token.word) || isInLaw(sentence, index))) return true;
    if (['he', 'she'].includes(token.word)) return antecedentIsAdult(sentence, index);
  }
  return false;
}

function numberValue(word: string): number | undefined {
  if (/^\d/.test(word)) return Number.parseFloat(word);
  return NUMBER_WORDS[word];
}

/** Words before a count of days that make it a duration ("for 2 days"), not an age; "at 6 weeks" is an age the child was, and the past frame reads it. */
const DURATION_WORDS = new Set(['for', 'since', 'past', 'last', 'over', 'about', 'nearly', 'almost', 'every', 'few', 'couple']);

/** Words that only round a count ("nearly 12 weeks"): what comes before them says whether it is an age or a duration. */
const APPROXIMATE = new Set(['nearly', 'almost', 'about']);
/** Words after which a rounded count is the child's age: the child named, or 'is' ("baby nearly 12 weeks", "she's almost 8 weeks"). */
const AGE_TELLERS = new Set(['is', "'s", 'be', 'am', 'are', 'turned', 'turns', 'turning', 'aged']);

/** Whether the count at `index` is a time that passed ("for 2 days", "for nearly a week"), not an age. */
function isDuration(sentence: Sentence, index: number): boolean {
  const before = sentence[index - 1]?.word ?? '';
  if (APPROXIMATE.has(before)) {
    const teller = sentence[index - 2];
    return !teller || !(CHILD_WORDS.has(teller.word) || AGE_TELLERS.has(teller.word) || teller.word === 'newborn');
  }
  return DURATION_WORDS.has(before);
}

function findYoungBaby(sentence: Sentence): Span[] {
  return sentence.flatMap((token, index) => {
    if (token.word === 'newborn' || token.word === 'neonate') return [{ start: index, end: index }];
    if (isDuration(sentence, index) || sentence[index - 1]?.word === 'at') return [];
    const unit = sentence[index + 1];
    const count = numberValue(token.word);
    const days = unit && count !== undefined ? DAYS_PER_UNIT[unit.lemma] : undefined;
    return days !== undefined && count! * days < YOUNG_BABY_DAYS ? [{ start: index, end: index + 1 }] : [];
  });
}

/**
 * A temperature of 37.8°C (100.4°F) or more, when the sentence speaks of temperature; a number
 * with a decimal in the Celsius fever range ("5 weeks old, 38.3") is a temperature on its own,
 * since nothing else a parent measures reads like that; so is a whole number in that range asked or
 * told as high (round 30: "is 38 too high for ...", "39 is high isn't it"), a reading weighed against a bar.
 */
function findFeverReading(sentence: Sentence): Span[] {
  const aboutTemperature = sentence.some((token) => TEMPERATURE_WORDS.has(token.word));
  return sentence.flatMap((token, index) => {
    const value = numberValue(token.word) ?? Number.NaN;
    const celsius = value >= 37.8 && value < 44;
    const fever = aboutTemperature || toldAsHigh(sentence, index) ? celsius || (value >= 100.4 && value < 110) : celsius && token.word.includes('.');
    return fever ? [{ start: index, end: index }] : [];
  });
}

/** The words of a resolved phrase that only tell how a child seems ("seems fine", "otherwise ok", "totally normal"), with nothing ended. */
const SEEMING_WELL = new Set(['seem', 'seems', 'seemed', 'look', 'looks', 'looked', 'is', 'was', "'s", 'otherwise', 'totally', 'completely', 'absolutely', 'perfectly', 'fine', 'normal', 'ok', 'okay', 'well']);

/** Words that make 'fine' how the child seems, not how the child is now it is over ("seems fine", "otherwise ok"). */
const SEEMING = new Set(['seem', 'seems', 'seemed', 'look', 'looks', 'looked', 'otherwise']);

/**
 * Whether a resolved span only tells how the child seems (SEEMING_WELL, with a word of SEEMING in it or just before it), not that anything
 * stopped, went or healed: "she's fine now" after a fever at her jabs tells it over, "seems fine otherwise" does not.
 */
function onlySeemsWell(sentence: Sentence, span: Span): boolean {
  const words = sentence.slice(span.start, span.end + 1);
  const near = sentence.slice(Math.max(0, span.start - 2), span.end + 1);
  return words.every((token) => SEEMING_WELL.has(token.word) || SEEMING_WELL.has(token.lemma)) && near.some((token) => SEEMING.has(token.word));
}

/** Words between a reading and 'high' that weigh it against a bar: "38 too high", "39 is high", "38 that high". */
const HIGH_WEIGHERS = new Set(['too', 'is', "'s", 'be', 'that', 'very', 'quite', 'really', 'so']);

/**
 * Whether the number at `index` is followed by 'high', directly or after words that weigh it ("is 38 too high"):
 * a reading against a bar. Not when 'high' qualifies a noun after it ("40 is too high a number").
 */
function toldAsHigh(sentence: Sentence, index: number): boolean {
  for (let at = index + 1; at <= index + 3 && at < sentence.length; at++) {
    const word = sentence[at]!.word;
    // "Is 40 too high a number of guests": 'high' before a noun phrase weighs that thing, not a reading.
    if (word === 'high' || word === 'higher') return !['a', 'an'].includes(sentence[at + 1]?.word ?? '');
    if (!HIGH_WEIGHERS.has(word)) return false;
  }
  return false;
}

/** What a parent does to a child to rouse them: shake, pinch, rub, tap, squeeze, splash, prod or nudge them. */
const ROUSING = new Set(['shake', 'shook', 'pinch', 'rub', 'splash', 'prod', 'poke', 'nudge', 'tickle', 'tap', 'squeeze']);
/** The least a child can do when roused: a sound without words, or a stir. */
const MINIMAL_RESPONSES = new Set(['stir', 'flicker']);
/** Words that make a response the only one: "barely stirred", "only flickered". */
const ONLY = new Set(['just', 'only', 'barely', 'hardly', 'merely']);
/** Responses a roused child gives, denied: "eyes never opened", "didn't wake", "didn't flinch". */
const DENIED_RESPONSES = new Set(['open', 'wake', 'respond', 'react', 'move', 'flinch', 'cry', 'stir', 'budge']);
/** The child named after a rousing verb, or a part of them ("pinched his ear"). */
const PERSON_OBJECTS = new Set(['him', 'her', 'them', 'his', 'their', 'lo', 'dd', 'ds']);
const ROUSING_REACH = 16;

/**
 * The check for responsiveness a first-aid course teaches, told as the parent did it: a child
 * shaken, pinched or rubbed (named just after the verb) and, later in the sentence, only the least
 * response ("barely stirred"), a response denied ("eyes never opened", "didn't react") or nothing.
 * A sound ("just groaned") is a response a teenager woken for school gives too. Unlike noResponse, which names the test and its failure in one phrase, a
 * setting (asleep) may explain it when it is the only sign.
 */
function findFailedRousing(sentence: Sentence): Span[] {
  return sentence.flatMap((token, start) => {
    if (!ROUSING.has(token.lemma) && !ROUSING.has(token.word)) return [];
    const named = sentence.slice(start + 1, start + 4).some((word) => PERSON_OBJECTS.has(word.word) || CHILD_WORDS.has(word.word) || word.pos === 'PROPN');
    if (!named) return [];
    for (let index = start + 1; index < Math.min(sentence.length, start + ROUSING_REACH); index++) {
      const word = sentence[index]!;
      const minimal = MINIMAL_RESPONSES.has(word.lemma) && ONLY.has(sentence[index - 1]?.word ?? '');
      const denied = DENIED_RESPONSES.has(word.lemma) && word.negated && word.pos === 'VERB';
      const nothing = word.word === 'nothing' || (['no', 'zero'].includes(word.word) && ['response', 'reaction'].includes(sentence[index + 1]?.word ?? ''));
      if (minimal || denied || nothing) return [{ start, end: index }];
    }
    return [];
  });
}

/** A sentence without a verb, or of three words or fewer: a fragment that the next sentence completes. */
function isFragment(sentence: Sentence): boolean {
  const words = sentence.filter((token) => token.pos !== 'PUNCT');
  return words.length <= 3 || !words.some((token) => token.pos === 'VERB' || token.pos === 'AUX');
}

/** Runs of sentences read as one: each fragment joins the sentence that follows it. */
function groupFragments(sentences: Sentence[]): number[][] {
  const groups: number[][] = [];
  let pending: number[] = [];
  sentences.forEach((sentence, index) => {
    pending.push(index);
    if (!isFragment(sentence) || index === sentences.length - 1) {
      groups.push(pending);
      pending = [];
    }
  });
  return groups;
}

const overlaps = (a: Span, b: Span) => a.start <= b.end && b.start <= a.end;
const sameWords = (a: Finding, b: Finding) => a.sentence === b.sentence && overlaps(a, b);

/** One finding per cue, no two sharing a word ('stiff' cannot be both the jerking and its pattern); null if there is none. */
function chooseApart(options: Finding[][]): Finding[] | null {
  const chosen: Finding[] = [];
  const choose = (index: number): boolean => {
    if (index === options.length) return true;
    for (const finding of options[index]!) {
      if (chosen.some((other) => sameWords(other, finding))) continue;
      chosen.push(finding);
      if (choose(index + 1)) return true;
      chosen.pop();
    }
    return false;
  };
  return choose(0) ? chosen : null;
}

/** The parts of the face and throat that swell in a reaction (airwaySwelling's first phrase names them first). */
const SWELLING_SITES = new Set(['lip', 'lips', 'tongue', 'throat', 'face', 'mouth', 'cheek', 'cheeks']);

/** Whether the adjective at `index` qualifies a noun straight after it that is not a swelling site ("a big grin"). */
function qualifiesAnotherNoun(sentence: Sentence, index: number): boolean {
  const word = sentence[index]!;
  const next = sentence[index + 1];
  return word.pos === 'ADJ' && next !== undefined && next.pos === 'NOUN' && !SWELLING_SITES.has(next.word);
}

export class MessageEvidence {
  /** The message as read: the second opinion learns from the same reading. */
  readonly sentences: Sentence[];
  private readonly idiomSpans: Span[][];
  /** Whether a sentence threatens to kill oneself only as exasperation (exasperatedThreats). */
  private readonly exasperated: boolean;
  private readonly sentenceFrames: Set<FrameName>[];
  /** Per sentence, each 'after' clause that holds a past time: what it tells is past. */
  private readonly pastAfterClauses: Span[][];
  private readonly windows: number[][];
  /** Per sentence, where a lesson is asked for ("how to", "walk me through"). */
  private readonly lessonSpans: Span[][];
  /**
   * Per sentence whose only supposition is a condition ('if') in a later clause, where that
   * clause starts: what the sentence tells before it is no supposition.
   */
  private readonly conditionStarts: (number | undefined)[];
  /** Per sentence, clauses that are a supposition on their own: a question whether a thing is real or any good, or what will be. */
  private readonly supposedClauses: Span[][];
  /** Where a sentence calls what it told before a show on screen ("... or is that just TV?"), if it does. */
  private readonly screenCalls: (number | undefined)[];
  /** Whether the message speaks only of children in general ("a newborn", "toddlers"), naming no one. */
  private readonly aboutChildrenInGeneral: boolean;
  /** Per sentence, whether it is about children in general, read with the rest of the message (sentenceAsksOfChildrenInGeneral). */
  private readonly sentencesAboutChildrenInGeneral: boolean[];
  /** Whether the message shows its writer as an adult telling their own past, in no young person's voice (round 22). */
  private readonly toldAsTheWritersPast: boolean;
  /** Whether any sentence names a teenager (namesOlderChild from TEEN_AGE_YEARS): read once, asked per sentence. */
  private readonly namesATeenager: boolean;
  private readonly cache = new Map<Cue, Finding[]>();
  /** The amounts of a medicine the message tells (doseAmounts), once read. */
  private amounts?: DoseAmount[];

  constructor(message: string) {
    this.sentences = readMessage(message);
    this.aboutChildrenInGeneral = isAboutChildrenInGeneral(this.sentences);
    this.toldAsTheWritersPast = writerTellsOwnPast(this.sentences);
    this.namesATeenager = this.sentences.some((sentence) => namesOlderChild(sentence, TEEN_AGE_YEARS));
    const threats = this.sentences.map(exasperatedThreats);
    this.exasperated = threats.some((spans) => spans.length > 0);
    this.idiomSpans = this.sentences.map((sentence, index) => [...idiomPhrases.flatMap((phrase) => findPhrase(sentence, phrase)), ...threats[index]!]);
    this.screenCalls = this.sentences.map((sentence) => screenCallStart(sentence));
    this.sentencesAboutChildrenInGeneral = this.sentences.map((_, index) => sentenceAsksOfChildrenInGeneral(this.sentences, index));
    this.sentenceFrames = this.sentences.map((_, index) => this.framesOf(index));
    this.framesAcrossSentences();
    this.pastAfterClauses = this.sentences.map((sentence) => pastAfterClauses(sentence));
    this.lessonSpans = this.sentences.map((_, index) => this.frameSpans('lesson', index));
    this.conditionStarts = this.sentences.map((_, index) => this.conditionStart(index));
    this.supposedClauses = this.sentences.map((sentence) => supposedClauses(sentence));
    this.windows = this.windowsOf(groupFragments(this.sentences));
  }

  /** Whether any list of cues in `rule` holds within one window of the message. */
  holds(rule: EvidenceRule): boolean {
    return this.windows.some((window) => rule.evidence.some((cues) => this.holdsIn(rule, cues, window))) || this.holdsAcrossTheStory(rule);
  }

  /**
   * Whether the rule holds from the start of the message to a later sentence that tells one of its late signs:
   * "went down six stairs this morning, seemed fine, ate breakfast. Since 11 she's vomited three times" joins the
   * fall to the vomiting however many sentences lie between. Each finding still counts only as it is told (a
   * fall last year stays past).
   */
  private holdsAcrossTheStory(rule: EvidenceRule): boolean {
    const late = rule.signsComeLate;
    if (!late) return false;
    return this.sentences.some((_, index) => {
      if (index < 2 || !late.some((cue) => this.live(rule, cue, [index]).length > 0)) return false;
      const story = Array.from({ length: index + 1 }, (__, at) => at);
      return rule.evidence.some((cues) => this.holdsIn(rule, cues, story));
    });
  }

  /**
   * Whether a finding's sentence is resolved only by how the child seemed (onlySeemsWell), and a later sentence
   * in the window tells one of the rule's late signs with nothing but a setting discounting it: the seeming-well
   * time before the signs came is part of the story, not its end.
   */
  private seemedWellBeforeLateSigns(rule: EvidenceRule, finding: Finding, window: number[]): boolean {
    const late = rule.signsComeLate;
    if (!late) return false;
    const sentence = this.sentences[finding.sentence]!;
    const spans = this.frameSpans('resolved', finding.sentence);
    if (spans.length === 0 || !spans.every((span) => onlySeemsWell(sentence, span))) return false;
    const toldNow = (cue: Cue, sign: Finding) => this.discountsOf(cue, sign).every((discount) => discount === 'benign');
    return late.some((cue) => this.find(cue).some((sign) => sign.sentence > finding.sentence && window.includes(sign.sentence) && toldNow(cue, sign)));
  }

  /**
   * The rules' reading of the message, as names the second opinion weighs beside the words: each
   * frame a sentence is set in, and each cue found with what the rules make of it (negated,
   * inside an idiom, said of an adult, or set in a frame that makes it talk rather than an event),
   * or 'now' when nothing discounts it. A word the model has never met in an ordinary message
   * ('stopped', 'banged') then counts through what the rules already know of its sentence.
   */
  readingFeatures(): string[] {
    const names = this.sentenceFrames.flatMap((frameSet) => [...frameSet].map((frame) => `f:${frame}`));
    if (this.tellsNormalReading()) names.push('r:normalReading');
    for (const cue of Object.keys(conceptPhrases) as ConceptName[]) {
      for (const finding of this.find(cue)) {
        const discounts = this.discountsOf(cue, finding);
        names.push(`k:${cue}`, ...(discounts.length === 0 ? ['now'] : discounts).map((discount) => `k:${cue}:${discount}`));
      }
    }
    return names;
  }

  /**
   * Which of these cues the message tells as happening now: found at least once with nothing
   * discounting it (not negated, not in an idiom, not a sign said of an adult, not a lesson, not
   * in a sentence set in a talk frame), in a message that names someone rather than speaking of
   * children in general. The triage's safety net reads danger signs this way.
   */
  cuesNow(cues: readonly Cue[]): Cue[] {
    if (this.aboutChildrenInGeneral) return [];
    // A setting (asleep, a tantrum) does not explain a sign told as a change ("sleepier than normal").
    const counts = (cue: Cue, finding: Finding) =>
      this.discountsOf(cue, finding).every((discount) => (discount === 'benign' || discount === 'inattentive') && this.sentenceFrames[finding.sentence]!.has('suddenChange'));
    return cues.filter((cue) => this.find(cue).some((finding) => counts(cue, finding)));
  }

  /**
   * Whether the rules' vocabulary finds anything at all in the message, a cue of the rules or a
   * shape they read (an age in weeks, a temperature), counted or discounted. A greeting or a
   * thank-you finds nothing.
   */
  findsAnyCue(): boolean {
    const shapes: Cue[] = ['youngBaby', 'feverReading', 'rousingFails'];
    return [...(Object.keys(conceptPhrases) as ConceptName[]), ...shapes].some((cue) => this.find(cue).length > 0);
  }

  /**
   * Whether the message threatens to kill oneself only as exasperation ("... if I have to watch that
   * show again", exasperatedThreats) and tells no cue of the rules now: what the model alone reads as
   * a crisis in it is the idiom's words (round 27).
   */
  onlyExasperated(): boolean {
    return this.exasperated && !this.tellsACueNow();
  }

  /** Whether any cue of the rules is found with nothing discounting it (readingFeatures' 'now'). */
  tellsACueNow(): boolean {
    return (Object.keys(conceptPhrases) as ConceptName[]).some((cue) => this.find(cue).some((finding) => this.discountsOf(cue, finding).length === 0));
  }

  /** What discounts one finding of a cue, as the second opinion's reading names it; empty when it counts as now. */
  private discountsOf(cue: Cue, finding: Finding): string[] {
    const sentence = this.sentences[finding.sentence]!;
    return [
      ...(sentence[finding.start]!.negated || freeOf(sentence, finding) ? ['negated'] : []),
      ...(this.idiomSpans[finding.sentence]!.some((idiom) => overlaps(idiom, finding)) ? ['idiom'] : []),
      ...(ABOUT_SOMEONE.has(cue) && this.subjectIsAdult(sentence, finding) ? ['adult'] : []),
      ...(this.taught(finding) ? ['lesson'] : []),
      ...[...this.sentenceFrames[finding.sentence]!].filter((frame) => TALK_FRAMES.has(frame) && !(frame === 'hypothetical' && this.toldBeforeItsCondition(finding))),
      ...(this.supposedClauses[finding.sentence]!.some((clause) => overlaps(clause, finding)) ? ['supposed'] : []),
      ...(this.toldBeforeAScreenCall(finding) && !this.sentenceFrames[finding.sentence]!.has('fiction') ? ['fiction'] : []),
      ...(namedAsTopic(sentence, finding) || describesTheChild(sentence, finding) || suppliedToParent(sentence, finding) ? ['named'] : []),
    ];
  }

  /** Whether a finding is told before its sentence calls it a show on screen ("... or is that just TV?", screenCallStart). */
  private toldBeforeAScreenCall(finding: Finding): boolean {
    return finding.end < (this.screenCalls[finding.sentence] ?? -1);
  }

  /**
   * Whether a finding is told before the one condition of its sentence, in a later clause ("he can't
   * speak and nods when I ask if he's choking"): what comes before the 'if' is no supposition. The
   * rules read it so (framed, conditionStart); round 26 found the model's reading still named it
   * hypothetical, so a teenager choking and unable to talk was overruled as talk.
   */
  private toldBeforeItsCondition(finding: Finding): boolean {
    return finding.end < (this.conditionStarts[finding.sentence] ?? -1);
  }

  /**
   * Whether the message laughs (a joke frame) about an adult (the first person it names is an adult,
   * not a child nor 'he' or 'she') and tells no danger sign of anyone now: what the model alone reads
   * as urgent in it is the joke's words ("husband passed out after his shift, didn't even flinch
   * haha"). A nervous laugh about a child ("lol he just drank the screenwash") is not this.
   */
  laughsAboutAnAdult(signs: readonly Cue[]): boolean {
    if (!this.sentenceFrames.some((frameSet) => frameSet.has('joke'))) return false;
    const firstPerson = this.sentences.flat().find((token) => CHILD_WORDS.has(token.word) || ['he', 'she', 'they'].includes(token.word) || (token.pos === 'NOUN' && ADULT_WORDS.has(token.word)));
    if (!firstPerson || !ADULT_WORDS.has(firstPerson.word)) return false;
    // The laugh itself discounts nothing here: a sign told now beside it still counts.
    return !signs.some((cue) => this.find(cue).some((finding) => this.discountsOf(cue, finding).every((discount) => discount === 'joke')));
  }

  /**
   * Whether the message tells a temperature in the normal range (36 to 37.5°C, 96.8 to 99.5°F)
   * and none in the fever range: a reading that answers the worry it is asked about.
   */
  tellsNormalReading(): boolean {
    if (this.find('feverReading').length > 0) return false;
    return this.sentences.some((sentence) => {
      const aboutTemperature = sentence.some((token) => TEMPERATURE_WORDS.has(token.word));
      return sentence.some((token) => {
        const value = numberValue(token.word) ?? Number.NaN;
        const celsius = value >= 36 && value <= 37.5 && (aboutTemperature || token.word.includes('.'));
        return celsius || (aboutTemperature && value >= 96.8 && value <= 99.5);
      });
    });
  }

  /**
   * Whether the message tells a rash that fades under a pressed glass ("did the glass test and they
   * fade completely", "it blanches when I press it") and no sign of one that does not: the check a
   * parent is taught, told as passed. The fading may be told before the pressing or after it, in
   * the same sentence (until round 18 only after: "the rash blanches when I press it" was not read
   * as a check passed, and its part without "is that ok" was left to the model alone).
   */
  tellsBlanchingRash(): boolean {
    if (this.find('nonBlanching').some((finding) => !this.sentences[finding.sentence]![finding.start]!.negated) || this.find('nonBlanchingTest').length > 0) return false;
    return this.find('pressGlass').some((glass) =>
      this.sentences[glass.sentence]!.some((token, index) => (index > glass.end || index < glass.start) && fades(token) && !token.negated),
    );
  }

  /** Each group of sentences, each two adjacent groups, and, for a group that moves the story on, all that came before it. */
  private windowsOf(groups: number[][]): number[][] {
    return groups.flatMap((group, index) => {
      const windows = [group];
      const next = groups[index + 1];
      if (next) windows.push([...group, ...next]);
      const turns = (sentence: number) => this.sentenceFrames[sentence]!.has('worsening') || this.sentenceFrames[sentence]!.has('turnsToNow');
      if (index > 1 && group.some(turns)) windows.push(groups.slice(0, index + 1).flat());
      return windows;
    });
  }

  private holdsIn(rule: EvidenceRule, cues: Cue[], window: number[]): boolean {
    const chosen = chooseApart(cues.map((cue) => this.live(rule, cue, window)));
    if (!chosen) return false;
    if (!chosen.some((finding, index) => !TESTED_SIGNS.has(cues[index]!) && this.explained(rule, cues[index]!, finding, window))) return true;
    // A sign in a benign setting is explained away, unless a second, separate sign is there too;
    // in a tantrum or protest it must be a sign of another kind ("goes floppy ... going limp in
    // protest" says the rule's own sign twice). Asleep, the same sign twice still counts.
    const wilful = chosen.some((finding) => this.sentenceFrames[finding.sentence]!.has('wilful'));
    const said = wilful ? cues.flatMap((cue) => this.live(rule, cue, window)) : chosen;
    const signs = SIGNS.flatMap((cue) => this.live(rule, cue, window));
    return signs.some((sign) => !said.some((finding) => sameWords(finding, sign)));
  }

  private explained(rule: EvidenceRule, cue: Cue, finding: Finding, window: number[]): boolean {
    const frameSet = this.sentenceFrames[finding.sentence]!;
    if (frameSet.has('suddenChange')) return false;
    // "Stops breathing in his sleep? ... it's happened twice in the last ten minutes": a sign told
    // again and again within minutes, here or in a sentence after it, is happening now, whatever the setting.
    if (window.some((index) => index >= finding.sentence && findPhrase(this.sentences[index]!, RECENT_REPEAT).length > 0)) return false;
    // A child shaken or pinched without response is not one who is not listening.
    return (rule.explainedBy ?? []).some((setting) => frameSet.has(setting) && !(cue === 'rousingFails' && setting === 'inattentive'));
  }

  /**
   * Whether a burn is what a spice does in the mouth (round 20: "the chilli burns his tongue"): its
   * sentence names a spice and the mouth, and no heat source nor any damage to the skin. A hot dish
   * spilt, a blister, or a spice in the eyes still tells a burn.
   */
  private burnsAsATaste(finding: Finding): boolean {
    const sentence = this.sentences[finding.sentence]!;
    const inSentence = (cue: Cue) => this.find(cue).some((other) => other.sentence === finding.sentence);
    if (!sentence.some((token) => TASTING_PARTS.has(token.word))) return false;
    return inSentence('spice') && !inSentence('heatSource') && !inSentence('burnDamage') && !inSentence('deepBurn');
  }

  /**
   * Whether a burn word is the fever's own idiom (round 21: a child "burning up" with a rash that does
   * not fade was answered with a burn's first aid): the words the fever cue reads are heat felt in a
   * child who is ill, not an injury, and the fever still counts for every rule that asks for it.
   */
  private burnsAsAFever(finding: Finding): boolean {
    return this.find('fever').some((fever) => sameWords(fever, finding));
  }

  /**
   * Whether a temperature reading is the parent's own (round 22: "I've got a temperature myself (38.6, flu),
   * can I keep breastfeeding my 7 week old?" held the infant-fever rule): it follows, in its sentence, a
   * fever said of the parent, with no child, 'he', 'she' or 'his' or 'her' named between, and no fever
   * in the sentence is said of anyone else.
   */
  private readingOfTheParent(finding: Finding): boolean {
    const sentence = this.sentences[finding.sentence]!;
    const fevers = this.find('fever').filter((fever) => fever.sentence === finding.sentence && !sameWords(fever, finding));
    if (fevers.length === 0 || fevers.some((fever) => !this.subjectIsAdult(sentence, fever))) return false;
    return fevers.some(
      (fever) => fever.end < finding.start && !sentence.slice(fever.end + 1, finding.start).some((token) => CHILD_WORDS.has(token.word) || ['he', 'she', 'his', 'hers', 'they'].includes(token.word)),
    );
  }

  /** The findings of a cue within the window that still count for this rule. */
  /**
   * "Swallowed a marble, now he's drooling and can't swallow": not swallowing, told after a thing was
   * swallowed and with no allergy trigger told, is the thing stuck on its way down (a swallow sign, which
   * the swallowed-object rule reads), not a throat closing in an allergic reaction (round 27: three blind
   * sets in a row answered a swallowed coin or marble with drooling as an allergic reaction).
   */
  private swallowSignOfAnObject(finding: Finding, window: number[]): boolean {
    if (!this.find('swallowSign').some((sign) => sameWords(sign, finding))) return false;
    const told = (cue: Cue) => this.find(cue).some((other) => window.includes(other.sentence));
    return told('ingest') && (told('object') || told('batteryOrMagnet')) && !told('allergyTrigger');
  }

  /**
   * "11 month old, fever 39.5, very floppy, doesn't want to wake": not wanting to wake, in a message about a
   * child under 5, told by no one ('I', another adult) and said by no one ("says she doesn't want to wake
   * up"), is a drowsy child, a sign the fever and unresponsive rules read, not a wish to die (round 28: the
   * crisis line answered a feverish, floppy baby). The parent's own wish ("I don't want to wake up") stays.
   */
  private drowsyNotAWish(sentence: Sentence, finding: Span): boolean {
    if (sentence[finding.end]!.lemma !== 'wake' || !this.sentences.some((each) => namesYoungChild(each))) return false;
    if (this.subjectIsAdult(sentence, finding)) return false;
    return !sentence.slice(0, finding.start).some((token) => SPOKEN.has(token.lemma) || ['i', 'me', 'we'].includes(token.word));
  }

  private live(rule: EvidenceRule, cue: Cue, window: number[]): Finding[] {
    return this.find(cue).filter((finding) => window.includes(finding.sentence) && this.counts(rule, cue, finding, window));
  }

  private counts(rule: EvidenceRule, cue: Cue, finding: Finding, window: number[]): boolean {
    const sentence = this.sentences[finding.sentence]!;
    if (sentence[finding.start]!.negated) return false;
    if (this.idiomSpans[finding.sentence]!.some((idiom) => overlaps(idiom, finding))) return false;
    if (asksForLabel(sentence, finding) || asksWhatItIs(sentence, finding) || prevented(sentence, finding) || likened(sentence, finding) || toldInStory(sentence, finding)) return false;
    if (freeOf(sentence, finding) || describesTheChild(sentence, finding) || suppliedToParent(sentence, finding)) return false;
    if (cue === 'sexualAbuse' && toldOffByTheParent(sentence, finding)) return false;
    // A lesson was part of the hypothetical frame: rules that do not heed it (thoughts of self-harm) read on.
    if (rule.heeds.includes('hypothetical') && this.taught(finding)) return false;
    // A threat is told as a condition by nature ("if I leave he'll hurt them"): no supposition makes it talk.
    const framedHere = (frame: Heed) => this.framed(frame, finding, window) && !(frame === 'resolved' && this.seemedWellBeforeLateSigns(rule, finding, window));
    if (rule.heeds.some((frame) => !(frame === 'hypothetical' && cue === 'adultThreat') && framedHere(frame))) return false;
    if (rule.excludes?.some((excluded) => this.find(excluded).some((other) => sameWords(other, finding)))) return false;
    if (rule.bleedExplains?.includes(cue) && BLOOD_LOSS_SIGNS.has(sentence[finding.start]!.word) && this.tellsABleedAwayFromTheHead()) return false;
    // A harm another adult says they will do is their threat (adultThreat), not the parent's own thought.
    if (cue === 'harmThoughts' && this.threatOfAnotherAdult(sentence, finding)) return false;
    if (rule.deniedBy?.some((denied) => this.find(denied).some((other) => other.sentence === finding.sentence && sentence[other.start]!.negated && !contrastFollows(sentence, [other])))) return false;
    // A temperature measured in the normal range outweighs a child who feels hot to the touch.
    if (cue === 'feelsHot' && this.tellsNormalReading()) return false;
    if (cue === 'burn' && (this.burnsAsATaste(finding) || this.burnsAsAFever(finding))) return false;
    if (cue === 'feverReading' && this.readingOfTheParent(finding)) return false;
    if (cue === 'throatTight' && this.swallowSignOfAnObject(finding, window)) return false;
    if (cue === 'selfHarm' && this.drowsyNotAWish(sentence, finding)) return false;
    if (rule.aboutParent?.includes(cue)) return !this.subjectIsChild(sentence, finding);
    return !(ABOUT_SOMEONE.has(cue) && this.subjectIsAdult(sentence, finding));
  }

  /**
   * Whether a frame holds over a finding. Another family's child is the parent's concern once the
   * story turns to now ("my nephew grabbed the peanuts. Now he's wheezing"); a past time in an
   * 'after' clause dates what the clause tells ("after his convulsion two years ago, can he...").
   */
  private framed(frame: Heed, finding: Finding, window: number[]): boolean {
    if (frame === 'fiction' && this.toldBeforeAScreenCall(finding)) return true;
    if (frame === 'past' && this.pastAfterClauses[finding.sentence]!.some((clause) => overlaps(clause, finding))) return true;
    // "Her uncle hurts her down there and she'll get in trouble if she tells": a condition supposes
    // its own clause and what follows it, not what the sentence told before it.
    if (frame === 'hypothetical' && finding.end < (this.conditionStarts[finding.sentence] ?? -1)) return false;
    if (frame === 'hypothetical' && this.supposedClauses[finding.sentence]!.some((clause) => overlaps(clause, finding))) return true;
    if (frame === 'topic' && namedAsTopic(this.sentences[finding.sentence]!, finding)) return true;
    if (frame === 'past' && inProgress(this.sentences[finding.sentence]!, finding)) return false;
    if (!this.sentenceFrames[finding.sentence]!.has(frame)) return false;
    if (frame !== 'otherChild') return true;
    return !window.some((index) => index >= finding.sentence && this.sentenceFrames[index]!.has('childNow'));
  }

  /**
   * Whether the cue is what a lesson asked for is about: after the request, in the same clause
   * ("how to do back blows", not "..., she's choking"). A cue holding the request's own words
   * ("worked out how to do it") says something of it.
   */
  private taught(finding: Finding): boolean {
    const sentence = this.sentences[finding.sentence]!;
    const clause = clauseAround(sentence, finding.start).start;
    // A lesson that ends in its verb ("how do I use") teaches the cue that starts there ("use ... adrenaline");
    // a child named as a new subject between them starts a new statement ("how do I give rescue breaths he's not breathing").
    const newSubject = (from: number) =>
      sentence.slice(from, finding.start).some((token, at, words) => ['he', 'she', 'they'].includes(token.word) || (['my', 'our'].includes(token.word) && CHILD_WORDS.has(words[at + 1]?.word ?? '')));
    return this.lessonSpans[finding.sentence]!.some(
      (span) => span.end <= finding.start && span.start < finding.start && clauseAround(sentence, span.start).start === clause && !newSubject(span.end + 1),
    );
  }

  /** Whether the cue is said of the child ("he took all the tablets"), not by the parent of themselves ("took all the tablets"). */
  private subjectIsChild(sentence: Sentence, finding: Span): boolean {
    for (let index = finding.start - 1; index >= 0; index--) {
      const token = sentence[index]!;
      if (token.boundary) return false;
      if (CHILD_WORDS.has(token.word) || ['he', 'she', 'they'].includes(token.word)) return true;
      if (token.word === 'i' || token.word === 'we' || ADULT_WORDS.has(token.word)) return false;
    }
    return false;
  }

  /**
   * Whether the cue is about an adult: the nearest person named before its last word, within
   * its clause, is the parent ('I', 'we') or another adult, and no child follows it as the one
   * it happens to ("I can't wake her").
   */
  private subjectIsAdult(sentence: Sentence, finding: Span): boolean {
    const after = sentence.slice(finding.end + 1).find((token) => token.pos !== 'DET' && !['my', 'our'].includes(token.word));
    if (after && CHILD_WORDS.has(after.word)) return false;
    // "Nearly choked me laughing", "keeps headbutting me": what the parent is the object of happened to the parent.
    if (PARENT_OBJECTS.has(sentence[finding.end + 1]?.word ?? '') && !sentence[finding.end + 1]!.boundary) return true;
    for (let index = finding.end; index >= 0; index--) {
      const token = sentence[index]!;
      // "I feel like a zombie and can't wake up": a clause that opens with its verb has the subject before it.
      if (index < finding.start && token.boundary && !(['and', 'but'].includes(token.word) && startsWithVerb(sentence.slice(index + 1)))) return false;
      if (token.word === 'i' || token.word === 'we') return true;
      // "My brain just had a full seizure": the parent's own body, or mind, is the parent.
      if (index < finding.start && (token.word === 'my' || token.word === 'our') && OWN_BODY.has(sentence[index + 1]?.word ?? '')) return true;
      if (token.pos === 'NOUN' && (ADULT_WORDS.has(token.word) || isInLaw(sentence, index))) return true;
      // "My husband snores so badly it sounds like he stops breathing": 'he' or 'she' is the adult named
      // before it in the sentence, when no child is named between and no word of saying comes between.
      if (['he', 'she'].includes(token.word)) return antecedentIsAdult(sentence, index);
      // "... and his eyes never opened": a part of him, as 'her' is of her.
      if (CHILD_WORDS.has(token.word) || ['they', 'his'].includes(token.word)) return false;
    }
    return false;
  }

  /**
   * Whether the message tells a severe bleed (a serious wound, or blood that gushes, pumps or pours) and
   * names no part of the head: then a sign blood loss explains as well is the bleed's (bleedExplains).
   */
  private tellsABleedAwayFromTheHead(): boolean {
    if (this.find('headKnock').length > 0 || this.sentences.some((sentence) => sentence.some((token) => HEAD_PARTS.has(token.word)))) return false;
    return (['seriousWound', 'flow'] as Cue[]).some((cue) => this.find(cue).some((finding) => !this.sentences[finding.sentence]![finding.start]!.negated));
  }

  /**
   * Whether a harm told as what someone will do ("he'll hurt them") is another adult's: the nearest
   * person before it is an adult, or 'he' or 'she' in a sentence that names an adult before it, and
   * not the parent ('I', 'we'). "My son said he might hurt the baby" names no adult, and stays as it was.
   */
  private threatOfAnotherAdult(sentence: Sentence, finding: Finding): boolean {
    for (let index = finding.start - 1; index >= 0; index--) {
      const word = sentence[index]!.word;
      if (word === 'i' || word === 'we') return false;
      if (ADULT_WORDS.has(word)) return true;
      if (word === 'he' || word === 'she') return sentence.slice(0, index).some((token) => ADULT_WORDS.has(token.word)) || this.lastPersonBeforeIsAdult(finding.sentence);
    }
    return false;
  }

  /**
   * Whether the last single person the sentences before this one name is an adult: 'he' or 'she' opening a
   * sentence refers back to them ("My husband has been getting angrier ... Tonight he said he'll hurt them";
   * round 31). Plural children ('the children') and object pronouns are no single person named.
   */
  private lastPersonBeforeIsAdult(sentenceIndex: number): boolean {
    const before = this.sentences.slice(0, sentenceIndex).flat().reverse();
    const named = before.find((token) => token.pos === 'NOUN' && (ADULT_WORDS.has(token.word) || (CHILD_WORDS.has(token.word) && !PLURAL_CHILDREN.has(token.word))));
    return named !== undefined && ADULT_WORDS.has(named.word);
  }

  /**
   * Tablets taken by the count, ten or more ("took about 20 paracetamol"): no child takes so many as one
   * dose, whatever the reason given (round 24: a teenager's 20 paracetamol for a headache was answered by
   * the model alone, as self-harm). The span starts at the verb of taking, so a negation there denies it;
   * a count of millilitres or milligrams is a dose measured, not tablets counted.
   */
  private findTabletsCounted(sentence: Sentence): Span[] {
    const medicines = this.find('medicine').filter((finding) => this.sentences[finding.sentence] === sentence);
    return sentence.flatMap((token, index) => {
      const count = numberValue(token.word) ?? LARGE_NUMBER_WORDS[token.word];
      if (count === undefined || count < 10 || count >= 1000) return [];
      if (!medicines.some((finding) => finding.start === index + 1)) return [];
      let verb = index - 1;
      while (verb >= 0 && ROUNDING_WORDS.has(sentence[verb]!.word)) verb--;
      return verb >= 0 && TAKING.has(sentence[verb]!.lemma) ? [{ start: verb, end: index + 1 }] : [];
    });
  }

  /**
   * The amounts of a medicine a message tells, each as stated (by a label, a leaflet, a prescription, or as
   * what should have been given: "the label says 2.5ml", "instead of 2.5ml") or as given (in a sentence with a
   * giving verb told as done: "I used the 5ml spoon and filled it twice", "gave two 2.5ml syringes"), a given
   * amount counted up by a measure filled again ('twice', 'three times') or a count of measures before it
   * ('two 5ml spoons'). Read per message, kept (round 30).
   */
  private doseAmounts(): DoseAmount[] {
    if (this.amounts) return this.amounts;
    this.amounts = this.sentences.flatMap((sentence, index) => {
      const givenVerb = sentence.find((token) => DOSE_GIVING_WORDS.has(token.word) && !token.negated);
      return sentence.flatMap((token, at): DoseAmount[] => {
        const value = numberValue(token.word);
        const unit = sentence[at + 1]?.word;
        if (value === undefined || !unit || !DOSE_UNITS.has(unit)) return [];
        const before = sentence.slice(Math.max(0, at - 4), at);
        const stated = before.some((word) => DOSE_STATERS.has(word.lemma) || DOSE_STATERS.has(word.word)) || (sentence[at - 1]?.word === 'of' && sentence[at - 2]?.word === 'instead');
        if (stated) return [{ value, unit: unit.replace(/s$/, ''), stated: true, sentence: index, start: at, end: at + 1 }];
        if (!givenVerb) return [];
        const measures = measuresOf(sentence, at);
        // "Gave us a 5ml syringe": the size of a measure, not an amount given, unless it is counted, filled again, or filled.
        if (DOSE_MEASURES.has(sentence[at + 2]?.lemma ?? '') && measures === 1 && !sentence.some((word) => word.lemma === 'fill')) return [];
        return [{ value: value * measures, unit: unit.replace(/s$/, ''), stated: false, sentence: index, start: at, end: at + 1 }];
      });
    });
    return this.amounts;
  }

  /**
   * An amount given more than the dose the message states, in the same unit (round 30: "the label says 2.5ml but I
   * used the 5ml spoon and filled it twice" was referred as a dose question): too much given, told in numbers. A
   * quarter over is the margin, so a dose rounded to a measure's mark is not too much.
   */
  private dosesOverStated(sentence: Sentence): Span[] {
    const index = this.sentences.indexOf(sentence);
    const amounts = this.doseAmounts();
    return amounts.filter((given) => !given.stated && given.sentence === index && amounts.some((stated) => stated.stated && stated.unit === given.unit && given.value > stated.value * DOSE_MARGIN)).map(({ start, end }) => ({ start, end }));
  }

  /**
   * A household poisoned by something in the air (round 23: a gas fire on all evening, both parents with
   * a headache, the child sick and muddled, no poison named): the child's signs, in this sentence, when the
   * message tells a source of fumes (carbon monoxide, fumes, a gas appliance or a smell of gas, a boiler, a
   * burner, a generator, an engine running) and someone else in the home with signs too (the parent, 'we',
   * a partner, a pet), one of them a sign of the head (a headache, dizziness, drowsiness, confusion), not
   * only a stomach's. Each sign alone is ordinary; a tummy bug shared with a boiler named, a headache from
   * wine, or an alarm asked about, is not this.
   */
  private findHouseholdFumes(sentence: Sentence): Span[] {
    const told = (phrase: Phrase, index: number) =>
      findPhrase(this.sentences[index]!, phrase).filter((span) => !this.sentences[index]![span.start]!.negated && !this.idiomSpans[index]!.some((idiom) => overlaps(idiom, span)));
    const source = this.sentences.some(
      (_, index) => !this.sentenceFrames[index]!.has('hypothetical') && FUME_SOURCES.some((phrase) => told(phrase, index).length > 0),
    );
    if (!source) return [];
    const signs = this.sentences.flatMap((_, index) => FUME_SIGNS.flatMap((phrase) => told(phrase, index).map((span) => ({ ...span, sentence: index }))));
    const ofAnAdult = (finding: Finding) => this.subjectIsAdult(this.sentences[finding.sentence]!, finding);
    // "All of us woke up with headaches", "everyone feels sick": the household shares the sign.
    const shared = (finding: Finding) => this.sentences[finding.sentence]!.slice(0, finding.start).some((token) => HOUSEHOLD.has(token.word));
    const anotherOne = signs.some((finding) => ofAnAdult(finding) || shared(finding)) || this.sentences.some((_, index) => told(PET_UNWELL, index).length > 0);
    const ofTheHead = signs.some((finding) => HEAD_SIGNS.has(this.sentences[finding.sentence]![finding.start]!.lemma) || HEAD_SIGNS.has(this.sentences[finding.sentence]![finding.start]!.word));
    if (!anotherOne || !ofTheHead) return [];
    const index = this.sentences.indexOf(sentence);
    return signs.filter((finding) => finding.sentence === index && !ofAnAdult(finding)).map(({ start, end }) => ({ start, end }));
  }

  /**
   * Wounding the places self-harm is done (selfWounding) told of a teenager, or of the writer's own body ("I've cut my
   * wrist", "cut myself"), and not as an accident: no fall or slip in the sentence, no 'accident', and the wound not
   * made on, against or onto a thing, nor while doing something ("cut her wrist on the oven door"). With heavy bleeding
   * it is self-harm, and the pressure steps come beside the crisis line (round 33: a 13-year-old cutting her arms and
   * a parent's own deep cut to the wrist were answered as severe bleeding, with no crisis line).
   */
  private ownWounding(sentence: Sentence): Span[] {
    const index = this.sentences.indexOf(sentence);
    const accident = sentence.some((token) => /^(?:accident\w*|slip\w*|trip\w*|fell|fall\w*)$/.test(token.word)) || this.find('fall').some((finding) => finding.sentence === index);
    if (accident) return [];
    return this.spansOf('selfWounding', sentence).filter((span) => {
      const words = sentence.slice(span.start, span.end + 1).map((token) => token.word);
      const own = words.includes('my') || sentence[span.start + 1]?.word === 'myself';
      const onAThing = WOUND_MADE_ON.has(sentence[span.end + 1]?.word ?? '');
      return (this.namesATeenager || own) && !onAThing;
    });
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
    if (cue === 'rousingFails') return findFailedRousing(sentence);
    if (cue === 'householdFumes') return this.findHouseholdFumes(sentence);
    if (cue === 'tabletsCounted') return this.findTabletsCounted(sentence);
    if (cue === 'overStatedDose') return this.dosesOverStated(sentence);
    if (cue === 'teenTookMany') return this.namesATeenager ? this.spansOf('tookMany', sentence).filter((span) => TOLD_AS_DONE.has(sentence[span.start]!.word)) : [];
    if (cue === 'ownWounding') return this.ownWounding(sentence);
    if (cue === 'adultViolence') return this.find('violence').filter((finding) => this.sentences[finding.sentence] === sentence && byAnAdult(sentence, finding));
    if (cue === 'adultThreat') return this.find('harmThoughts').filter((finding) => this.sentences[finding.sentence] === sentence && this.threatOfAnotherAdult(sentence, finding));
    const spans = conceptPhrases[cue].flatMap((phrase) => findPhrase(sentence, phrase));
    // A baby or a toddler who bangs, bites or hits themselves on purpose does it in temper or to
    // soothe, as children under 5 do: no self-harm.
    if (cue === 'selfInjury' && this.sentences.some(namesYoungChild)) return [];
    // "A little piece of toast": a thing said only by its size or kind is what follows its 'of',
    // which names an object by its own phrase if it is one.
    if (cue === 'object') return spans.filter((span) => !(GENERIC_THINGS.has(sentence[span.end]!.word) && sentence[span.end + 1]?.word === 'of'));
    // "A mucky face and a big grin": a size word that qualifies the noun after it is that noun's size,
    // not the face's or the lips' (round 19). "Her lips are big" and "big swollen lips" still count.
    if (cue === 'airwaySwelling') return spans.filter((span) => !qualifiesAnotherNoun(sentence, span.end));
    // "Out in hot weather", "a hot day in the car": the heat of the surroundings, not the child's (round 24).
    if (cue === 'feelsHot') return spans.filter((span) => !SURROUNDINGS.has(sentence[span.end + 1]?.word ?? ''));
    // "Swallowed a water bead": a water word that qualifies the noun after it names a thing, not water (round 23).
    // "Her legs under cool running water": a limb held under water is a burn being cooled, not a child going under (round 31).
    // "Pulled him from the pool party": taken out of a thing a water word only qualifies, not out of water (round 32).
    if (cue === 'underWater') return spans.filter((span) => !namesAThingNotWater(sentence, span.end) && !takenOutOfAThingNotWater(sentence, span) && !namesALimb(sentence, span));
    // "I noticed before giving any": a medicine caught before it was given was not given (round 23).
    if (cue === 'given') return spans.filter((span) => !caughtBeforeGiving(sentence, span.start));
    // "Toddler got the blind cord round his neck": a cord round a young child's neck is an accident that stops the breath (round 31).
    if (cue === 'selfHarm') return spans.filter((span) => !roundAYoungChildsNeck(sentence, span));
    return spans;
  }

  /**
   * Where a frame's phrases are found in a sentence, outside idioms. A negated phrase sets no
   * frame, except doubt, which a negation is how English says ("not sure if", "don't know if").
   * Sleep is sleep inside an idiom too: "falls asleep" is a sleep setting.
   */
  private frameSpans(name: FrameName, index: number): Span[] {
    const sentence = this.sentences[index]!;
    return framePhrases[name].flatMap((phrase) =>
      findPhrase(sentence, phrase).filter(
        (span) =>
          (name === 'uncertain' || (!sentence[span.start]!.negated && !hasNobodyAsSubject(sentence, span.start))) &&
          (name === 'benign' || !this.idiomSpans[index]!.some((idiom) => overlaps(idiom, span))) &&
          // "Keeps asking the same thing over and over": a child's repetition, not a comparison asked about (round 23).
          !(name === 'hypothetical' && sentence[span.start]!.word === 'same' && repeatedBySomeone(sentence, span.start)) &&
          // "Grandad fell asleep holding the baby", "I'm exhausted": sleep or tiredness whose subject is an adult is no setting for the child.
          !(name === 'benign' && adultAsleep(sentence, span)) &&
          !(name === 'past' && (inAfterClause(sentence, span) || datesAThing(sentence, span) || ageAskedNow(sentence, span))) &&
          // "Screams if we turn her head": a reaction told with its condition is a sign, not a supposition.
          !(name === 'hypothetical' && span.start > 0 && this.find('painReaction').some((pain) => pain.sentence === index && pain.end === span.start - 1)) &&
          // "Swallowed it before I could get it out": 'could' after 'before' is the past of 'can', not a supposition.
          !(name === 'hypothetical' && sentence.slice(Math.max(0, span.start - 3), span.start).some((token) => token.word === 'before')) &&
          // "Got the childproof cap off": a word of prevention between a determiner and a noun names a
          // property of the thing, not a supposition about the event told.
          !(name === 'hypothetical' && namesAThing(sentence, span)) &&
          // "A cry that sounds different to normal": a comparison with how the child usually is tells a change, not a question.
          !(name === 'hypothetical' && comparedWithUsual(sentence, span)) &&
          !(name === 'present' && tellsNoEventNow(sentence, span.start, (start) => this.holdsAny(index, REFUSAL_BREAKERS, start, sentence.length))) &&
          // "She keeps talking about ending it": what a child or another person says is their own talk, a sign, not a subject the parent raises.
          !(name === 'topic' && spokenByThem(sentence, span)) &&
          // "In the story corner", "on the book shelf": a story word naming a place or thing with the noun after it is no story.
          // A time after the story's noun ("in the soap tonight") dates the story; it names no place (round 27).
          !(name === 'fiction' && ['in', 'on'].includes(sentence[span.start]!.word) && sentence[span.end + 1]?.pos === 'NOUN' && !STORY_TIMES.has(sentence[span.end + 1]!.word)) &&
          // "She was fine five minutes ago", "fine until lunch": how the child was before it began, not an outcome.
          !(name === 'resolved' && beforeOnset(sentence, span)) &&
          // "Keeps saying he's fine", "insists she's ok": what the child says of themselves is their claim, not an outcome (round 22).
          !(name === 'resolved' && claimedByThem(sentence, span)) &&
          // "One is 38.3 and hard to wake, the other is fine": what is fine is the other one.
          !(name === 'resolved' && sentence.slice(Math.max(0, span.start - 3), span.start).some((token) => token.word === 'other' || token.word === 'others')) &&
          // "Then stopped" ends what it tells only at the end of its clause: "then stopped breathing" is a sign.
          !(name === 'resolved' && ENDINGS.has(sentence[span.end]!.lemma) && !endsClause(sentence, span.end)),
      ),
    );
  }

  private framesOf(index: number): Set<FrameName> {
    const sentence = this.sentences[index]!;
    const present = new Set<FrameName>();
    for (const name of Object.keys(framePhrases) as FrameName[]) if (this.frameSpans(name, index).length > 0) present.add(name);
    // "Not sure if he swallowed one" is doubt about a real event; "again now" brings the past,
    // and the parent's own youth, into the present; a niece the parent is minding is in their care; "but now he's sick",
    // or any 'but' after it ("they said she was fine but she's vomiting"), undoes "he was fine".
    if (present.has('uncertain')) present.delete('hypothetical');
    // "I was abused as a child", "I self-harmed as a teenager": the parent's own youth.
    // "My mum smacked us as kids", "he hit me as a child": the parent is the one it happened to, then.
    if (findPhrase(sentence, YOUTH).some((span) => parentClause(sentence, span.start) || parentIsObject(sentence, span.start))) present.add('ownChildhood');
    // "My mum smacked us": what the parent's own parent did to them, with no time named, is their youth too (round 21),
    // when the message shows an adult telling their own past (round 22: "I'm 15, my stepdad kicked me" is a disclosure).
    if (!present.has('past') && !present.has('present') && this.toldAsTheWritersPast && harmedByOwnParent(sentence)) present.add('ownChildhood');
    // "I lost a lot of blood after giving birth": the mother's own body at the birth, told in the past tense (round 22).
    if (!present.has('present') && ownBirthToldAsPast(sentence)) present.add('past');
    if (present.has('present')) {
      // "Admitted last month with a fever, all clear, home now and well": a 'now' that only tells how
      // the child is today, with no verb and no sign, leaves what happened in the past.
      if (!present.has('past') || !this.presentTellsOnlyAState(index)) present.delete('past');
      // "I self-harmed as a teen, now pregnant": a 'now' that only tells how the parent is today
      // leaves their youth, or a time over and done with, in the past; one that tells something
      // happening ("now I cut again") does not.
      if (!this.presentTellsOnlyAState(index)) {
        present.delete('ownChildhood');
        present.delete('history');
      }
    }
    // "lol sorry for the panic but she's gone blue": what follows a contrast after a laugh is no joke.
    if (this.contrastTells(index, this.frameSpans('joke', index))) present.delete('joke');
    // "She used to self-harm but ...": what follows the contrast is not history.
    if (this.contrastTells(index, this.frameSpans('history', index))) present.delete('history');
    if (present.has('inMyCare')) present.delete('otherChild');
    // "Nephew ran into the fence, blood pooling on the patio": a scene told as the parent sees it,
    // a thing and what it is doing with no verb of time ('blood pooling', 'lips going blue'), is
    // happening in front of them, whoever's child it is.
    if (present.has('otherChild') && !present.has('past') && toldAsSeen(sentence)) present.delete('otherChild');
    // "Fainted, came round straight away": a faint that ended.
    const cameRound = findPhrase(sentence, CAME_ROUND).filter(
      (span) => !sentence[span.start]!.negated && findPhrase(sentence, FAINTED).some((faint) => faint.end < span.start),
    );
    if (cameRound.length > 0) present.add('resolved');
    // "GP checked her and said the short pauses are normal": a professional's verdict that what they
    // saw is normal, however long the thing named between.
    const verdicts = professionalVerdicts(sentence);
    if (verdicts.length > 0) present.add('resolved');
    // "His chest x-ray came back clear": a test or scan told as clear (round 22).
    const clearTests = testsToldClear(sentence);
    if (clearTests.length > 0) present.add('resolved');
    const resolvedSpans = [...this.frameSpans('resolved', index), ...cameRound, ...verdicts, ...clearTests];
    const worse = present.has('worsening') && !this.nowOnlyEveryday(index);
    if (worse || this.contrastTells(index, resolvedSpans)) present.delete('resolved');
    // "She's 7 weeks, 38.3, but seems fine otherwise": a baby under 3 months with a fever is seen urgently
    // even if they seem well, so seeming well, and nothing ended, is no outcome beside such a fever (round 30).
    if (present.has('resolved') && resolvedSpans.every((span) => onlySeemsWell(sentence, span)) && this.feverInAYoungBaby(index)) present.delete('resolved');
    // A verdict of harmless from a doctor, a poisons line or a pharmacist is comfort even for a
    // poison or a battery, which "he seems fine" is not; unless the story goes on to worse.
    if (verdicts.length > 0 && !worse && !this.contrastTells(index, verdicts)) present.add('cleared');
    // "Went down the wrong way, coughed for ten seconds, now he's chattering away again": the story
    // told on to now with only a well child's doings, no sign and no contrast after, ends well.
    const nowWell = this.frameSpans('worsening', index);
    if (nowWell.length > 0 && !worse && !this.contrastTells(index, nowWell)) present.add('resolved');
    // "Why do kids' knees bleed so much? Mine's fine": a question about children in general, in
    // its own sentence, whoever the rest of the message names.
    const aboutChildrenInGeneral = this.aboutChildrenInGeneral || this.sentencesAboutChildrenInGeneral[index]!;
    const describes = asksWhatTheyLookLike(sentence) && !present.has('present') && !present.has('suddenChange') && !this.holdsAny(index, DESCRIBED_SIGNS, 0, sentence.length);
    // "For a baby who is not breathing, do you do 30 compressions or 15?": a question about children in
    // general may open with the case it asks about (round 22), its question word after the comma.
    const asked = isQuestion(sentence) || asksAfterItsCase(sentence);
    if (isDefinitionQuestion(sentence) || isAlternativeQuestion(sentence) || isGeneralQuestion(sentence) || describes || (aboutChildrenInGeneral && asked)) present.add('hypothetical');
    // "What support is there for parents whose children self-harm?": a question about children in
    // general, naming no one in it, asks about a subject, as a talk or a book about it does.
    if (this.sentencesAboutChildrenInGeneral[index]! && isQuestion(sentence)) present.add('topic');
    // "How can you tell if a teenager is self-harming?": how to recognise a sign in a child in general
    // asks about the sign, not an event, even for the rules that read a 'what if' as told (round 27).
    if (asksHowToTellInGeneral(sentence)) present.add('topic');
    // "At what age are small magnets ok?": a question of the age something is fit for asks about children in general (round 27).
    if (asksFromWhatAge(sentence)) present.add('hypothetical');
    // "Does this list look right: fever, a rash that doesn't fade ...?": a list, a poster or a leaflet of
    // signs, in a sentence that names no child, holds the signs as its content, as a question about
    // children in general does (round 27).
    if (namesAListOfSigns(sentence)) {
      present.add('topic');
      present.add('hypothetical');
    }
    return present;
  }

  /** Whether the sentence tells a fever (a reading, or heat felt) in a message that names a baby under 3 months. */
  private feverInAYoungBaby(index: number): boolean {
    const inSentence = (cue: Cue) => this.find(cue).some((finding) => finding.sentence === index);
    return this.find('youngBaby').length > 0 && (inSentence('feverReading') || inSentence('feelsHot') || inSentence('fever'));
  }

  /**
   * Frames one sentence sets on those before it. "How do I explain it's just a story?": what was
   * told before a sentence calling it a story, a film or a dream happened in one. "How do I talk to
   * her about it?": another family's child, told of just before, is the subject of the talk asked about.
   */
  private framesAcrossSentences(): void {
    let storyUntil = -1;
    this.sentences.forEach((sentence, index) => {
      if (findPhrase(sentence, CALLED_A_STORY).some((span) => !sentence[span.start]!.negated)) storyUntil = index;
    });
    // Only the sentences before it: "it was just a game, now he's choking" tells of now in its own sentence.
    for (let index = 0; index < storyUntil; index++) this.sentenceFrames[index]!.add('fiction');
    this.sentences.forEach((sentence, index) => {
      const before = this.sentenceFrames[index - 1];
      if (!before?.has('otherChild') || before.has('childNow')) return;
      if (this.sentenceFrames[index]!.has('topic') && findPhrase(sentence, ABOUT_IT).length > 0) before.add('topic');
    });
  }

  /**
   * Where the clause of a condition starts, when the sentence's only supposition is one or more
   * bare 'if's ("... and she'll get in trouble if she tells"): not 'what if', 'even if' or 'as
   * if', and no question the whole sentence asks (a definition, an alternative, children in
   * general), which suppose all of it.
   */
  private conditionStart(index: number): number | undefined {
    const sentence = this.sentences[index]!;
    if (!this.sentenceFrames[index]!.has('hypothetical')) return undefined;
    const spans = this.frameSpans('hypothetical', index);
    if (spans.length === 0) return undefined;
    const bareIf = (span: Span) => span.start === span.end && sentence[span.start]!.word === 'if' && !['what', 'even', 'as', 'only'].includes(sentence[span.start - 1]?.word ?? '');
    if (!spans.every(bareIf)) return undefined;
    const aboutChildrenInGeneral = this.aboutChildrenInGeneral || this.sentencesAboutChildrenInGeneral[index]!;
    if (isDefinitionQuestion(sentence) || isAlternativeQuestion(sentence) || isGeneralQuestion(sentence) || asksWhatTheyLookLike(sentence) || (aboutChildrenInGeneral && isQuestion(sentence))) return undefined;
    return Math.min(...spans.map((span) => clauseAround(sentence, span.start).start));
  }

  /**
   * Whether a contrast ('but', 'however') follows one of these spans and tells something against
   * them. One that opens a question with no sign in it ("she's fine now, but should I still see the
   * GP?") only asks; "but is it normal that she's been sick 3 times?" still tells the signs.
   */
  private contrastTells(index: number, spans: Span[]): boolean {
    const sentence = this.sentences[index]!;
    return spans.some((span) =>
      sentence.some(
        (token, at) => at > span.end && CONTRASTS.has(token.word) && (!opensQuestion(sentence, at + 1) || this.holdsAny(index, STATE_BREAKERS, at, sentence.length)),
      ),
    );
  }

  /** Whether a cue of this list is found between these words of a sentence. */
  private holdsAny(index: number, cues: readonly Cue[], start: number, end: number): boolean {
    return cues.some((cue) => this.find(cue).some((finding) => finding.sentence === index && finding.start >= start && finding.end < end));
  }

  /**
   * Whether every clause holding a word of the present ('now') has no verb, or only the everyday
   * doings of a well child ("pooed normally today", "eating now"), and no sign: a state the person
   * is in, not an event.
   */
  private presentTellsOnlyAState(index: number): boolean {
    const sentence = this.sentences[index]!;
    return this.frameSpans('present', index).every((span) => {
      const { start, end } = clauseAround(sentence, span.start);
      const clause = sentence.slice(start, end);
      // 'Be' and 'have' only link the person to how they are ("she's been well for a year now").
      const verbless = clause.every((token) => token.pos !== 'VERB' && (token.pos !== 'AUX' || ['be', 'have'].includes(token.lemma)));
      return (verbless || findPhrase(clause, EVERYDAY).length > 0) && !this.holdsAny(index, STATE_BREAKERS, start, end);
    });
  }

  /**
   * Whether each clause that turns the story to now ("now he's eating an ice lolly") tells the
   * child at an everyday activity and no sign: the story has not got worse.
   */
  private nowOnlyEveryday(index: number): boolean {
    const sentence = this.sentences[index]!;
    return this.frameSpans('worsening', index).every((span) => {
      const { start, end } = clauseAround(sentence, span.end);
      return findPhrase(sentence.slice(start, end), EVERYDAY).length > 0 && !this.holdsAny(index, WORSE_SIGNS, start, end);
    });
  }
}

/**
 * "After his op last week": a past time inside an 'after' clause dates the cause, not the sign
 * the rest of the sentence reports ("bleeding won't stop after his op last week").
 */
function inAfterClause(sentence: Sentence, span: Span): boolean {
  return afterClauseStart(sentence, span.start) >= 0;
}

/**
 * "His stitches from yesterday are bleeding through": a past time after 'from' dates the thing it
 * follows (an operation, a cut, a bite), as an 'after' clause dates a cause, not what is told of it
 * now; one after 'born' dates the birth.
 */
function datesAThing(sentence: Sentence, span: Span): boolean {
  const before = sentence[span.start - 1];
  if (before?.word === 'from') return true;
  // "Born 3 weeks ago": a past time that dates the birth tells the child's age.
  if (sentence.slice(Math.max(0, span.start - 3), span.start).some((token) => token.word === 'born')) return true;
  return (before?.pos === 'NUM' || before?.pos === 'DET') && sentence[span.start - 2]?.word === 'from';
}

/** Words that open a question told in the present ("is it ok", "can I", "should we"). */
const PRESENT_ASKING = new Set(['is', 'are', 'am', 'can', 'could', 'should', 'shall', 'do', 'does', 'will', 'would', 'may', 'might']);
const PAST_FORMS = new Set(['was', 'were', 'had', 'did', 'got', 'went', 'came', 'took', 'gave']);
/**
 * "Is it ok to use calpol at 8 weeks?", "can I bath him at 10 weeks?": an age ('at 8 weeks') in a clause that
 * opens a question told in the present, with no past form or participle before it, is the age the child is now,
 * asked about, not a time the child was ("had a fever at 6 weeks"; round 29: an 8-week-old's fever asked so
 * inside a list got only the check-in).
 */
function ageAskedNow(sentence: Sentence, span: Span): boolean {
  if (sentence[span.start]?.word !== 'at') return false;
  let start = span.start;
  while (start > 0 && sentence[start - 1]!.pos !== 'PUNCT') start--;
  if (!PRESENT_ASKING.has(sentence[start]?.word ?? '')) return false;
  // A past form or a participle ('given', 'jabbed'): "is the vaccine given at 8 weeks?" asks about a schedule, not this child.
  return !sentence.slice(start, span.start).some((token) => PAST_FORMS.has(token.word) || (token.pos === 'VERB' && token.word !== token.lemma && !token.word.endsWith('ing')));
}

/** Where the 'after' clause holding this word starts, or -1 when it is in none. */
function afterClauseStart(sentence: Sentence, at: number): number {
  for (let index = at - 1; index >= 0; index--) {
    const token = sentence[index]!;
    if (token.word === 'after') return index;
    if (token.boundary) return -1;
  }
  return -1;
}

/** The 'after' clauses of a sentence that hold a past time, from 'after' to the clause's end. */
function pastAfterClauses(sentence: Sentence): Span[] {
  const clauses: Span[] = [];
  for (const phrase of framePhrases.past) {
    for (const span of findPhrase(sentence, phrase)) {
      const start = afterClauseStart(sentence, span.start);
      if (start < 0) continue;
      let end = span.end;
      while (end + 1 < sentence.length && !sentence[end + 1]!.boundary) end++;
      clauses.push({ start, end });
    }
  }
  return clauses;
}

const PRESENT_BE = new Set(['am', 'is', 'are', "'s", "'re", "'m"]);

/**
 * Whether a clause of the sentence is a noun and an -ing verb straight after it, with no verb of its
 * own before them ("blood pooling on the patio", "lips going blue"): what the parent sees as they write.
 */
function toldAsSeen(sentence: Sentence): boolean {
  let clauseStart = 0;
  for (let index = 0; index < sentence.length; index++) {
    const token = sentence[index]!;
    if (token.boundary) {
      clauseStart = index + 1;
      continue;
    }
    const next = sentence[index + 1];
    if (token.pos !== 'NOUN' || next?.pos !== 'VERB' || !next.word.endsWith('ing')) continue;
    const before = sentence.slice(clauseStart, index);
    if (before.every((word) => word.pos === 'DET' || word.pos === 'ADJ' || word.pos === 'PRON')) return true;
  }
  return false;
}

/**
 * "I gave birth last week and I am bleeding heavily": a clause told as going on now ('am',
 * 'is' or 'are' with an -ing verb) is present, whatever time another clause of the sentence dates.
 */
function inProgress(sentence: Sentence, finding: Span): boolean {
  let progressive = false;
  for (let index = finding.end; index >= 0; index--) {
    const token = sentence[index]!;
    if (token.pos === 'VERB' && token.word.endsWith('ing')) progressive = true;
    if (PRESENT_BE.has(token.word) && progressive) return true;
    if (index < finding.start && token.boundary) return false;
  }
  return false;
}

/** Verbs of saying or writing: what follows them is someone's own words. */
const SPOKEN = new Set(['say', 'tell', 'text', 'write', 'message', 'post', 'talk', 'mention', 'scream', 'shout', 'cry', 'sob']);
const YOUNG_CHILD_WORDS = new Set(['baby', 'babies', 'toddler', 'toddlers', 'infant', 'newborn', 'preschooler', 'tot']);
const YOUNG_AGE_YEARS = 5;
/** From this age a child is a teenager, who may take many tablets to harm themselves (round 32). */
const TEEN_AGE_YEARS = 12;
/** A wound made on, against or onto a thing, or while doing something: an accident, not self-harm (ownWounding). */
const WOUND_MADE_ON = new Set(['on', 'against', 'onto', 'while', 'whilst', 'when', 'at']);
/** The taking verbs of an amount taken that tell it as done, not as a habit ("swallowed a handful", not "takes loads"). */
const TOLD_AS_DONE = new Set(['took', 'taken', 'swallowed']);

/** Whether a sentence names a child under 5: a baby or toddler, an age in days, weeks or months, or in years under 5. */
function namesYoungChild(sentence: Sentence): boolean {
  return sentence.some((token, index) => {
    if (YOUNG_CHILD_WORDS.has(token.word)) return true;
    const count = numberValue(token.word);
    const unit = sentence[index + 1]?.lemma ?? '';
    if (count === undefined) return false;
    return ['day', 'week', 'month'].includes(unit) || (unit === 'year' && count < YOUNG_AGE_YEARS);
  });
}

/** Whether the water word at `at` qualifies a noun that names no water ("a water bead", "the pool party"), unlike "the paddling pool". */
function namesAThingNotWater(sentence: Sentence, at: number): boolean {
  const word = sentence[at]?.word ?? '';
  const next = sentence[at + 1];
  return WATER_WORDS.has(word) && next?.pos === 'NOUN' && !WATER_WORDS.has(next.word);
}

/** Whether a span ending 'out' or 'from' takes the child out of a thing a water word only qualifies ("from the pool party"). */
function takenOutOfAThingNotWater(sentence: Sentence, span: Span): boolean {
  if (!['out', 'from'].includes(sentence[span.end]!.word)) return false;
  let at = span.end + 1;
  while (sentence[at] && (sentence[at]!.pos === 'ADP' || sentence[at]!.pos === 'DET' || sentence[at]!.pos === 'PRON')) at++;
  return namesAThingNotWater(sentence, at);
}

/** Limbs, which are held under water to cool a burn; a head or a face under water is going under. */
const LIMBS = new Set(['hand', 'hands', 'arm', 'arms', 'leg', 'legs', 'foot', 'feet', 'finger', 'fingers', 'toe', 'toes', 'knee', 'knees', 'wrist', 'wrists', 'thumb', 'elbow', 'palm']);

/** Whether a span names a limb among its words ("her legs under"). */
function namesALimb(sentence: Sentence, span: Span): boolean {
  return sentence.slice(span.start, span.end + 1).some((token) => LIMBS.has(token.word));
}

/** The words that name a teenager whatever age is given (namesOlderChild). */
const TEEN_WORDS = new Set(['teen', 'teens', 'teenager', 'teenage', 'teenaged', 'adolescent']);

/** A child's age or word that tells them older than a young child: 'teen', '15 year old'. */
function namesOlderChild(sentence: Sentence, fromYears = YOUNG_AGE_YEARS): boolean {
  return sentence.some((token, index) => {
    if (TEEN_WORDS.has(token.word)) return true;
    const count = numberValue(token.word);
    return count !== undefined && count >= fromYears && sentence[index + 1]?.lemma === 'year';
  });
}

/**
 * Whether a self-harm phrase ending in 'neck' (a cord, a rope, a string round it) is round the neck of a baby or a
 * toddler: the neck is his, her or theirs, the sentence before it names a young child (namesYoungChild) and no
 * older one. Under 5, a cord round the neck is an accident, the breath cut off, not a wish to die (round 31);
 * round the parent's own neck ('my neck') or a teenager's, it stays self-harm.
 */
function roundAYoungChildsNeck(sentence: Sentence, span: Span): boolean {
  if (sentence[span.end]!.word !== 'neck' || !['his', 'her', 'their'].includes(sentence[span.end - 1]?.word ?? '')) return false;
  return namesYoungChild(sentence.slice(0, span.start)) && !namesOlderChild(sentence);
}

/** The writer, in their own words. */
const WRITER_WORDS = ['i', 'we', 'me', 'us', 'my', 'our', 'mine'];
/** A child named by a pronoun, or by a parents' forum's shorthand ('lo' little one, 'dd' dear daughter, 'ds' dear son). */
const CHILD_PRONOUNS = new Set(['he', 'she', 'him', 'her', 'his', 'hers', 'lo', 'dd', 'ds']);
const PERSON_WORDS = new Set([...WRITER_WORDS, ...CHILD_PRONOUNS, 'they', 'them', 'their']);
const INDEFINITE = new Set(['a', 'an', 'any']);
const PLURAL_CHILDREN = new Set(['children', 'kids', 'babies', 'toddlers', 'newborns', 'infants', 'teenagers', 'teens', 'youngsters']);

/**
 * A message that names no one (no 'my', 'he', 'I', name or age of a child) and speaks of "a
 * newborn" or "toddlers": a question about children in general, not an event.
 */
function isAboutChildrenInGeneral(sentences: Sentence[]): boolean {
  const tokens = sentences.flat();
  const namesSomeone = tokens.some(
    (token, index) => PERSON_WORDS.has(token.word) || token.pos === 'PROPN' || (token.pos === 'NUM' && ['year', 'month', 'week', 'day'].includes(tokens[index + 1]?.lemma ?? '')),
  );
  const general = tokens.some((token, index) => PLURAL_CHILDREN.has(token.word) || (CHILD_WORDS.has(token.word) && INDEFINITE.has(tokens[index - 1]?.word ?? '')));
  return general && !namesSomeone;
}

const QUESTION_STARTS = new Set(['what', 'how', 'when', 'which', 'why', 'is', 'are', 'can', 'could', 'should', 'do', 'does', 'will', 'at']);
/** "What temperature is a fever in a newborn?": a question by its first word (a panicked statement may end in '?' too). */
function isQuestion(sentence: Sentence): boolean {
  return QUESTION_STARTS.has(sentence[0]?.word ?? '');
}

/**
 * Whether a sentence ending in a question mark asks its question after a leading phrase, the question
 * word just after a comma ("for a child who isn't breathing, how many breaths do you give?"; round 22).
 */
function asksAfterItsCase(sentence: Sentence): boolean {
  const words = sentence.filter((token) => token.word !== ' ');
  if (words.at(-1)?.word !== '?') return false;
  return words.some((token, index) => index > 0 && words[index - 1]!.word === ',' && QUESTION_STARTS.has(token.word) && token.word !== 'at');
}

/**
 * "Why do scalp cuts bleed so much?", "how do fingers heal so fast?": a why or how question whose
 * subject is a bare plural (no 'my', 'her' or 'the') asks about bodies in general, not an event.
 */
function isGeneralQuestion(sentence: Sentence): boolean {
  const words = sentence.filter((token) => token.pos !== 'PUNCT');
  if (!['why', 'how'].includes(words[0]?.word ?? '') || words[1]?.word !== 'do') return false;
  // The tagger may read a noun as a verb ('scalp cuts', 'fingers bleed'), so the subject is found
  // as a plural among the next three words, with no pronoun or article before it, and a verb after.
  for (let index = 2; index < 5 && words[index]; index++) {
    const word = words[index]!;
    if (['PRON', 'DET', 'PROPN'].includes(word.pos)) return false;
    if (['NOUN', 'VERB'].includes(word.pos) && word.word !== word.lemma && word.word.endsWith('s')) return words[index + 1]?.pos === 'VERB';
  }
  return false;
}

const QUOTES = new Set(["'", '"', '`']);

/**
 * "What's anaphylaxis?", "what does 'dry drowning' mean", "what does a febrile seizure look
 * like": a question about a word. The short form is read up to the end of its clause, so a
 * tag after it ("what is 'dry drowning', is it real?") does not hide it; quotes are no boundary.
 */
function isDefinitionQuestion(sentence: Sentence): boolean {
  const words = sentence.filter((token) => token.pos !== 'PUNCT');
  if (words[0]?.word !== 'what') return false;
  const clauseEnd = sentence.findIndex((token) => token.pos === 'PUNCT' && !QUOTES.has(token.word));
  const clause = (clauseEnd < 0 ? sentence : sentence.slice(0, clauseEnd)).filter((token) => token.pos !== 'PUNCT');
  const asksLook = words[1]?.lemma === 'do' && words.some((token, index) => ['look', 'sound'].includes(token.lemma) && words[index + 1]?.word === 'like');
  return (clause.length <= 5 && words[1]?.lemma === 'be') || words.some((token) => token.lemma === 'mean') || asksLook;
}

/**
 * "Is that normal or is it choking?", "is it back blows or chest thrusts?": a question asking
 * which of two things something is ('is it', 'is that', 'is this' ... 'or') weighs words, not
 * an event. Asked of the child ("is he choking or breathing?") it is not this question.
 */
function isAlternativeQuestion(sentence: Sentence): boolean {
  return sentence.some(
    (token, index) =>
      (index === 0 || sentence[index - 1]!.boundary) &&
      token.lemma === 'be' &&
      ['it', 'that', 'this'].includes(sentence[index + 1]?.word ?? '') &&
      sentence.slice(index + 2).some((later, at) => later.word === 'or' && !joinsWhatANamedChildDoes(sentence, index + 2, index + 2 + at)),
  );
}

/**
 * Whether a sentence is about children in general ("is it normal for a kid to ..."), as the sentence
 * says it and the rest of the message leaves it. A question of what is normal so asked is not, when another sentence of the message, told and not
 * asked, names a child ('he', 'she', a name, 'my son') with its age or a time of now ("he's 4", "it was
 * 2 hours ago"): the parent asks what is normal for this child, and the signs in the question are this
 * child's now (round 29: a boy of 4 drooling and unable to swallow after a coin, asked about as "a kid",
 * then "he's 4"). A statement naming the child with neither ("the health visitor watched him and called
 * it periodic breathing") may tell what someone made of it, and leaves the question general. Other questions about
 * children in general ("why do kids' knees bleed so much? Mine's fine") stay general.
 */
function sentenceAsksOfChildrenInGeneral(sentences: Sentence[], index: number): boolean {
  const sentence = sentences[index]!;
  if (!isAboutChildrenInGeneral([sentence])) return false;
  if (!asksWhatIsNormal(sentence)) return true;
  return !sentences.some((other, at) => at !== index && !isQuestion(other) && namesAChild(other) && (tellsAnAge(other) || tellsATimeNow(other)));
}

/** "Is it normal for a kid to ...", "is this normal in toddlers?": a question of what is normal. */
function asksWhatIsNormal(sentence: Sentence): boolean {
  return isQuestion(sentence) && sentence.some((token) => token.word === 'normal' || token.word === 'usual');
}

/** Units of a child's age ("he is 3", "7 months", "a 4 yo"). */
const CHILD_AGE_UNITS = new Set(['year', 'month', 'week', 'day', 'yo', 'yr', 'yrs', 'mo', 'mth', 'wk']);
/** Whether a unit of age follows the word at `index` ("7 [months]", "4 [yo]"). */
const ageUnitFollows = (sentence: Sentence, index: number) => CHILD_AGE_UNITS.has(sentence[index + 1]?.lemma ?? '') || CHILD_AGE_UNITS.has(sentence[index + 1]?.word ?? '');
/**
 * Whether a sentence names one child: 'he', 'she', 'him', 'her', a name, 'my' or 'our' before a child
 * word, or an age (a number before a unit of age, or 'he is' / 'she's' and a number).
 */
function namesAChild(sentence: Sentence): boolean {
  return sentence.some((token, index) => {
    if (NAMED_CHILD_PRONOUNS.has(token.word) || token.word === 'her' || token.pos === 'PROPN') return true;
    if (['my', 'our'].includes(token.word) && sentence.slice(index + 1, index + 4).some((later) => CHILD_WORDS.has(later.word))) return true;
    return token.pos === 'NUM' && ageUnitFollows(sentence, index);
  });
}

/** Whether a sentence tells an age: a number before a unit of age ("7 months"), or after 'he is', 'she's' ("he's 4"). */
function tellsAnAge(sentence: Sentence): boolean {
  return sentence.some((token, index) => {
    if (token.pos !== 'NUM') return false;
    if (ageUnitFollows(sentence, index)) return true;
    return sentence[index - 1]?.lemma === 'be' && ['he', 'she', 'they'].includes(sentence[index - 2]?.word ?? '');
  });
}

const NOW_WORDS = new Set(['ago', 'now', 'just', 'today', 'tonight', 'rn', 'currently']);
/** Whether a sentence tells a time of now or just before ("2 hours ago", "just now", "this morning"). */
function tellsATimeNow(sentence: Sentence): boolean {
  return sentence.some((token, index) => NOW_WORDS.has(token.word) || (token.word === 'this' && ['morning', 'afternoon', 'evening'].includes(sentence[index + 1]?.word ?? '')));
}

/**
 * Words that name a child as the one a question is about: 'he', 'she', 'him', a name, or 'my' or 'our' before a
 * child word or an age. Not 'her', 'his' or 'hers' (CHILD_PRONOUNS has them), which may tell what is the child's.
 */
const NAMED_CHILD_PRONOUNS = new Set(['he', 'she', 'him', 'lo', 'dd', 'ds']);
/**
 * Whether an 'or' after 'is it' joins two things a child named before it does ("is it normal for my son
 * to not be able to cough or talk?", "... that he can't breathe or speak"), rather than offering a second
 * thing the question could be: what the child does is told of them now, not a choice between two words
 * (round 28: a boy who could not cough or talk after a bite of food, asked about so, got no answer). An
 * 'or' that opens a second question ("... or is it choking?", "... or should I worry?") still offers one.
 */
function joinsWhatANamedChildDoes(sentence: Sentence, from: number, or: number): boolean {
  const next = sentence[or + 1];
  if (!next || next.pos === 'AUX' || ['is', 'are', 'should', 'could', 'would', 'do', 'does', 'did', 'can', 'am'].includes(next.word)) return false;
  return sentence.slice(from, or).some((token, at, between) => {
    if (NAMED_CHILD_PRONOUNS.has(token.word) || token.pos === 'PROPN') return true;
    if (!['my', 'our'].includes(token.word)) return false;
    return between.slice(at + 1, at + 5).some((later) => CHILD_WORDS.has(later.word) || later.word === 'old');
  });
}

/** Times that date a story when they follow its noun ("in the drama last night"). */
const STORY_TIMES = new Set(['tonight', 'today', 'yesterday', 'earlier', 'night', 'morning', 'evening', 'afternoon', 'week', 'weekend']);
/** What a parent calls a story, a screen's or a book's, when they say that is all it is (CALLED_ON_SCREEN, CALLED_A_STORY). */
const STORY_NOUNS = 'story|film|movie|cartoon|book|show|programme';
/**
 * A show on screen called so, after what it showed, in the same sentence: "... or is that just TV?",
 * "is it only a programme?". Only screens and stories: "is it just a nightmare?" may follow a real
 * sign, and a game may be real play.
 */
const CALLED_ON_SCREEN = [
  parsePhrase('just|only|merely +tv|telly|television'),
  parsePhrase(`just|only|merely +a|an|the +${STORY_NOUNS}|program|soap|drama|episode|tv`),
];
function screenCallStart(sentence: Sentence): number | undefined {
  const starts = CALLED_ON_SCREEN.flatMap((phrase) => findPhrase(sentence, phrase))
    .filter((span) => !sentence[span.start]!.negated)
    .map((span) => span.start);
  return starts.length > 0 ? Math.min(...starts) : undefined;
}

const KILL_MYSELF_IF = parsePhrase('kill* myself|yourself|ourselves +if +i|we|you');
const HEARD_OR_WATCHED = new Set(['hear', 'listen', 'watch', 'sing', 'play', 'read', 'sit']);
const DISTRESS_STEMS = ['cry', 'cri', 'scream', 'wail', 'whin', 'shout', 'yell', 'hit', 'tantrum', 'fight'];
/** What such a threat may be made over: a thing played or shown again, not the parent's own days. */
const SONGS_SHOWS_AND_GAMES = new Set([
  ...['song', 'songs', 'tune', 'tunes', 'jingle', 'music', 'album', 'track', 'playlist', 'theme', 'rhyme', 'rhymes'],
  ...['show', 'shows', 'episode', 'episodes', 'programme', 'program', 'series', 'film', 'movie', 'cartoon', 'cartoons', 'video', 'videos', 'advert', 'ad'],
  ...['game', 'games', 'book', 'story'],
]);
/**
 * "Going to kill myself if I have to hear that song one more time": a threat to kill oneself over a
 * song, a show or a game heard, watched or sung again is exasperation, an idiom (round 27). One over
 * a child's crying or screaming ("if I hear him scream again") is not, nor one with no 'again', nor
 * one over the parent's own days with no song, show or game named ("if I have to watch him not sleep
 * again": the round's addendum).
 */
function exasperatedThreats(sentence: Sentence): Span[] {
  return findPhrase(sentence, KILL_MYSELF_IF).flatMap((span) => {
    let end = span.end + 1;
    while (end < sentence.length && !(sentence[end]!.boundary && sentence[end]!.pos === 'PUNCT')) end++;
    const rest = sentence.slice(span.end + 1, end);
    const heard = rest.some((token) => HEARD_OR_WATCHED.has(token.lemma));
    const again = rest.some((token, index) => token.word === 'again' || (token.word === 'time' && rest[index - 1]?.word === 'more'));
    const distress = rest.some((token) => DISTRESS_STEMS.some((stem) => token.word.startsWith(stem)));
    const played = rest.some((token) => SONGS_SHOWS_AND_GAMES.has(token.word)) || rest.some((token) => token.lemma === 'sing') || namesAShow(rest);
    return heard && again && played && !distress ? [{ start: span.start, end: end - 1 }] : [];
  });
}

/**
 * A thing named straight after the verb of hearing or watching, with no one in it and nothing done
 * after it: "watch Peppa Pig again", not "watch him not sleep again" or "watch my son suffer again".
 * A child word that modifies the noun after it ("baby songs") names no child; one that heads its
 * phrase ("watch my baby again") does.
 */
function namesAShow(rest: Sentence): boolean {
  const verb = rest.findIndex((token) => HEARD_OR_WATCHED.has(token.lemma));
  if (verb < 0 || !['NOUN', 'PROPN'].includes(rest[verb + 1]?.pos ?? '')) return false;
  const named = rest.slice(verb + 1);
  // As a noun: 'one' is a child word ("the little one") but also a number ("one more time").
  const namesAChild = (index: number) => named[index]!.pos === 'NOUN' && CHILD_WORDS.has(named[index]!.word) && !['NOUN', 'PROPN'].includes(named[index + 1]?.pos ?? '');
  return !named.some((token, index) => token.pos === 'VERB' || token.pos === 'AUX' || token.pos === 'PRON' || namesAChild(index));
}

const HOW_TO_TELL = parsePhrase('how +can|do|would|could|will|should +you|i|we|one|parents|teachers +tell|know|spot|recognise|recognize|notice|see +if|whether|when');
const CHILDREN_NAMED_INDEFINITELY = new Set([...CHILD_WORDS, 'teen', 'teenager', 'preteen', 'tween', 'youngster', 'pupil', 'student']);
const WRITER_OR_A_CHILD_NAMED = new Set([...WRITER_WORDS, ...CHILD_PRONOUNS]);
/** "How can you tell if a teenager is self-harming?": how to recognise something in a child in general, naming no one. */
function asksHowToTellInGeneral(sentence: Sentence): boolean {
  return findPhrase(sentence, HOW_TO_TELL).some((span) => {
    if (span.start !== 0) return false;
    const rest = sentence.slice(span.end + 1);
    const general = rest.some(
      (token, index) => PLURAL_CHILDREN.has(token.word) || (CHILDREN_NAMED_INDEFINITELY.has(token.word) && ['a', 'an', 'any', 'your'].includes(rest[index - 1]?.word ?? '')),
    );
    return general && !rest.some((token) => WRITER_OR_A_CHILD_NAMED.has(token.word) || token.pos === 'PROPN');
  });
}

/**
 * "At what age are ...", "from what age can ...", "how old should ...": a question of the age something
 * is fit for, asked in a sentence of its own that ends in a question mark with no clause told beside it
 * ("what age is ok for marbles, he just swallowed one" tells an event).
 */
function asksFromWhatAge(sentence: Sentence): boolean {
  const marks = sentence.filter((token) => token.pos === 'PUNCT').map((token) => token.word);
  if (marks.at(-1) !== '?' || marks.some((mark) => [',', ';', ':', '-', '—'].includes(mark))) return false;
  const words = sentence.filter((token) => token.pos !== 'PUNCT').map((token) => token.word);
  const opening = ['at', 'from'].includes(words[0] ?? '') ? words.slice(1) : words;
  return (opening[0] === 'what' && opening[1] === 'age') || (words[0] === 'how' && words[1] === 'old' && ['should', 'can', 'do', 'does', 'must'].includes(words[2] ?? ''));
}

const LIST_OF_SIGNS = parsePhrase('this|the|our|my|a +list|leaflet|poster|handout|checklist|flyer|factsheet|sheet');
const LISTS_THE_SIGNS = parsePhrase('list|lists|listing +the|these|its +signs|symptoms');
/**
 * A list, poster or leaflet of signs named in a sentence that names no child and no one ("does this list look right: ...").
 * The writer may make the list ("our poster"); a child named makes the signs theirs.
 */
function namesAListOfSigns(sentence: Sentence): boolean {
  if (findPhrase(sentence, LIST_OF_SIGNS).length === 0 && findPhrase(sentence, LISTS_THE_SIGNS).length === 0) return false;
  return !sentence.some((token) => (CHILD_PRONOUNS.has(token.word) || CHILD_WORDS.has(token.word) || token.pos === 'PROPN'));
}

/** What was told, called a story afterwards: "it's only a story", "it was just a film", "just a dream". */
const CALLED_A_STORY = parsePhrase(`just|only|merely +a|an +${STORY_NOUNS}|fairytale|tale|dream|nightmare|game`);
/** A talk about what was just told: "talk to her about it". */
const ABOUT_IT = parsePhrase('about +it|this|that|them');
const YOUTH = parsePhrase('as kid|child|teen|teenager|boy|girl|youngster');
/** Signs a severe bleed explains as well as a knock to the head does (bleedExplains). */
const BLOOD_LOSS_SIGNS = new Set(['dizzy', 'dizziness', 'woozy', 'lightheaded']);
/** Parts of the head: a bleed from one of them may be the head injury itself. */
const HEAD_PARTS = new Set(['head', 'forehead', 'scalp', 'skull', 'temple', 'face', 'eyebrow', 'brow', 'ear', 'ears', 'nose']);
/** What heat may belong to, around the child (feelsHot). */
const SURROUNDINGS = new Set(['weather', 'day', 'days', 'spell', 'summer', 'sun', 'weekend', 'afternoon', 'night', 'nights', 'room', 'car', 'house', 'flat', 'climate', 'country', 'holiday', 'bath', 'water', 'drink', 'drinks', 'tea', 'coffee', 'food']);
/** Verbs of taking tablets, and the words that only round a count between the verb and it. */
const TAKING = new Set(['take', 'swallow', 'eat', 'down', 'pop', 'give']);
const ROUNDING_WORDS = new Set(['about', 'around', 'like', 'maybe', 'nearly', 'almost', 'over', 'roughly', 'least', 'at', 'up', 'to', 'some', 'another', 'all']);
const LARGE_NUMBER_WORDS: Record<string, number> = { fifteen: 15, sixteen: 16, twenty: 20, thirty: 30, forty: 40, fifty: 50 };
const FAINTED = parsePhrase('faint*|fainted|fainting|swoon*|collaps*');
const WATER_WORDS = new Set(['water', 'pool', 'bath', 'pond', 'sea', 'river', 'lake', 'paddling', 'swimming']);
/** Verbs of seeing a mistake in time. */
const NOTICING = new Set(['notice', 'realise', 'realize', 'spot', 'see', 'catch', 'check', 'twig']);
/** Whether the giving at `at` follows 'before' after a verb of noticing in its clause ("I noticed before giving any"). */
function caughtBeforeGiving(sentence: Sentence, at: number): boolean {
  if (sentence[at - 1]?.word !== 'before') return false;
  for (let index = at - 2; index >= 0; index--) {
    const token = sentence[index]!;
    if (NOTICING.has(token.lemma) || NOTICING.has(token.word)) return true;
    if (token.boundary) return false;
  }
  return false;
}
/** Verbs of asking and saying: the same thing asked or said again is a repetition. */
const REPEATING = new Set(['ask', 'say', 'repeat', 'tell']);
/** Whether 'same' at `at` is the object of a verb of asking or saying a few words before it ("asking me the same thing"). */
function repeatedBySomeone(sentence: Sentence, at: number): boolean {
  for (let index = at - 1; index >= Math.max(0, at - 4); index--) {
    const token = sentence[index]!;
    if (REPEATING.has(token.lemma) || REPEATING.has(token.word)) return true;
    if (token.boundary) return false;
  }
  return false;
}
/** Where fumes in a home come from (round 23): named as a poison in the air, smelt, or an appliance that burns fuel. */
const FUME_SOURCES = [
  'carbon monoxide',
  'fumes|exhaust',
  'smell*|smelt|whiff of gas|fumes|exhaust|burning',
  'gas fire|heater|heaters|boiler|cooker|stove|leak|smell',
  'boiler|generator|flue|chimney',
  'log|wood|multi|multifuel burner|stove',
  'woodburner|logburner|paraffin|kerosene|charcoal',
  'engine|car running',
].map(parsePhrase);
/** The signs fumes cause, in anyone: a headache, dizziness, sleepiness, confusion, sickness, unsteadiness. */
const FUME_SIGNS = [
  'headache|headaches|migraine',
  'head|heads hurt*|pound*|bang*|ach*|throb*|splitting',
  'banging|pounding|splitting|throbbing head|heads',
  'dizzy|dizziness|lightheaded|faint|woozy|groggy',
  'drowsy|sleepy|lethargic|floppy',
  'confused|confusion|muddled|disorientated|disoriented|dazed',
  'vomit*|sick|nause*|queasy',
  'throw*|threw up',
  'unsteady|wobbly|stagger*',
].map(parsePhrase);
/** Signs of the head among them: a stomach bug is sickness alone. */
const HEAD_SIGNS = new Set(['headache', 'headaches', 'migraine', 'head', 'heads', 'banging', 'pounding', 'splitting', 'throbbing', 'dizzy', 'dizziness', 'lightheaded', 'faint', 'woozy', 'groggy', 'drowsy', 'sleepy', 'lethargic', 'floppy', 'confused', 'confusion', 'muddled', 'disorientated', 'disoriented', 'dazed', 'unsteady', 'wobbly']);
/** Words for the household together, as the subject of a sign. */
const HOUSEHOLD = new Set(['us', 'we', 'everyone', 'everybody', 'family', 'both', 'all']);
/** A pet in the home unwell, asleep or sick: it breathes the same air. */
const PET_UNWELL = parsePhrase('dog|dogs|cat|cats|pet|pets|puppy|kitten|budgie|rabbit asleep|sleepy|sleeping|lethargic|sick|vomit*|wobbly|unsteady|drowsy|collapsed|flat');
const CAME_ROUND = parsePhrase('came|come|comes|coming +round|around|to');
/** The parent's own body and mind, said with 'my' as the subject of a sign. */
const OWN_BODY = new Set(['brain', 'brains', 'mind', 'head', 'heart', 'body']);
/** Words that name a thing only by its size or kind ("a little piece"): what follows their 'of' says what it is. */
const GENERIC_THINGS = new Set(['something', 'thing', 'object', 'piece', 'part', 'bit']);
/** Something told happening more than once within the last minutes or hour: "twice in the last ten minutes". */
const RECENT_REPEAT = parsePhrase('twice|again|times|repeatedly in|within|over last|past minutes|mins|min|hour');
/** What a child does when well: eating, drinking, playing, laughing, chatting, watching something. */
const EVERYDAY = parsePhrase('eat*|ate|drink*|drank|play*|laugh*|giggl*|smil*|chat*|chatter*|watch*|read*|colour*|draw*|bounc*|munch*|feed*|fed|poo*|wee*');
/** Signs that, told in a 'now' clause, mean the story has got worse whatever else the clause says. */
const WORSE_SIGNS: Cue[] = [
  'notBreathing', 'unresponsive', 'seizure', 'jerking', 'fever', 'feverWarning', 'headWarning', 'unwell', 'bleeding', 'heavyBleeding',
  'swallowSign', 'airwaySign', 'allergySign', 'airwaySwelling', 'eyeSwelling', 'hives', 'burnDamage', 'painReaction', 'persistentCough', 'gagging',
];
/** Signs and thoughts that make a 'now' clause tell something happening, verb or none ("now floppy", "now hopeless"). */
const STATE_BREAKERS: Cue[] = [...WORSE_SIGNS, 'selfHarm', 'harmThoughts', 'hopeless', 'lowMood', 'endIt', 'means', 'overdoseTaken', 'manyTaken', 'violence', 'danger', 'injury', 'injuryMark'];
/** Signs told as seen, rather than a condition named: a sentence that tells one is not only asking what something looks like. */
const DESCRIBED_SIGNS: Cue[] = ['jerking', 'jerkingPattern', 'unresponsive', 'notBreathing', 'fever', 'feverReading', 'bleeding'];

/**
 * "Our neurologist mentioned absence seizures, what do they look like?": a clause asking what
 * something looks or sounds like, after the thing was named. (At the start of a sentence,
 * isDefinitionQuestion reads it.)
 */
function asksWhatTheyLookLike(sentence: Sentence): boolean {
  return sentence.some((token, index) => {
    if (token.word !== 'what' || index === 0 || !sentence[index - 1]!.boundary || sentence[index + 1]?.lemma !== 'do') return false;
    const { end } = clauseAround(sentence, index + 1);
    return sentence.slice(index + 2, end).some((word, at, clause) => ['look', 'sound', 'seem'].includes(word.lemma) && clause[at + 1]?.word === 'like');
  });
}

const FEELINGS = new Set(['scared', 'afraid', 'worried', 'worry', 'worries', 'nervous', 'anxious', 'frightened', 'terrified', 'wary', 'fearful', 'paranoid', 'concerned']);
/** Signs that, told with a refusal now, make it a sign itself: a baby who refuses feeds and is floppy. */
const REFUSAL_BREAKERS: Cue[] = ['notBreathing', 'unresponsive', 'seizure', 'jerking', 'feverWarning', 'headWarning', 'unwell'];
/** A refusal or an aversion now ("but now refuses to swim", "now hates the bath"): how the child feels about a thing, no event. */
const AVERSIONS = new Set(['refuse', 'hate', 'avoid', 'dread', 'fear']);
const AGE_UNITS = new Set(['day', 'week', 'month', 'year']);
const FUTURE = new Set(['will', 'would', "'ll"]);

/** The words of the clause holding this word; a clause-starting word that ends its clause ("... my parenting now.") belongs to the clause before. */
function clauseAround(sentence: Sentence, at: number): { start: number; end: number } {
  let start = at;
  while (start > 0 && !sentence[start]!.boundary) start--;
  let end = at + 1;
  while (end < sentence.length && !sentence[end]!.boundary) end++;
  if (start === at && end === at + 1) while (start > 0 && !sentence[--start]!.boundary);
  return { start, end };
}

/**
 * Whether the clause of a word like 'now' or 'again' tells no event now, so it does not bring a
 * past event into the present: a fear, worry or refusal now ("and now I'm scared to give her finger
 * foods", "but now he's scared of the pool", "now refuses to swim"), an age ("she's 5 months now"), or a question about the
 * future ("will she have another one"). What the parent does now ("tonight I cut myself again")
 * is an event.
 */
function tellsNoEventNow(sentence: Sentence, at: number, signFrom: (start: number) => boolean): boolean {
  const { start, end } = clauseAround(sentence, at);
  const clause = sentence.slice(start, end);
  const opening = clause.find((token) => !token.boundary);
  const statesAge = clause.some((token, index) => token.pos === 'NUM' && AGE_UNITS.has(clause[index + 1]?.lemma ?? ''));
  // A refusal is no event unless a sign is told with it ("now refuses to feed and is floppy").
  const refuses = clause.some((token) => AVERSIONS.has(token.lemma)) && !signFrom(start);
  return statesAge || refuses || clause.some((token) => FEELINGS.has(token.word)) || FUTURE.has(opening?.word ?? '');
}

/**
 * Whether a clause is the parent speaking of themselves: its first person named is 'I' or 'we',
 * and no child is the subject of anything in it ("now I worry about my daughter", not "I think
 * he's choking now"). A clause with no subject of its own ("and can't wake up") takes the
 * subject of the clause it is joined to.
 */
function parentClause(sentence: Sentence, at: number): boolean {
  const { start, end } = clauseAround(sentence, at);
  const clause = sentence.slice(start, end);
  const childSubject = clause.some(
    (token, index) => ['he', 'she', 'they'].includes(token.word) || (CHILD_WORDS.has(token.word) && ['VERB', 'AUX'].includes(clause[index + 1]?.pos ?? '')),
  );
  if (childSubject) return false;
  const first = clause.find((token) => token.word === 'i' || token.word === 'we' || CHILD_WORDS.has(token.word) || (token.pos === 'NOUN' && ADULT_WORDS.has(token.word)));
  if (first) return first.word === 'i' || first.word === 'we';
  const joined = sentence[start]!;
  return start > 0 && ['and', 'but'].includes(joined.word) && startsWithVerb(clause.slice(1)) && parentClause(sentence, start - 1);
}

/** Whether the parent ('me', 'us') is the object in the clause holding this word ("my dad hit me as a kid"). */
function parentIsObject(sentence: Sentence, at: number): boolean {
  const { start, end } = clauseAround(sentence, at);
  return sentence.slice(start, end).some((token, index) => index > 0 && ['me', 'us'].includes(token.word));
}

/** The parent's own parents, named with 'my' or 'our' (the child's grandparents). */
const OWN_PARENTS = new Set(['mum', 'mom', 'mam', 'mother', 'dad', 'father', 'parents', 'stepdad', 'stepmum', 'stepmom', 'stepfather', 'stepmother']);

/**
 * Whether a clause tells what the parent's own parent did to them, in the past tense, naming no child
 * ("my mum smacked us", "my father slapped me"; round 21): the parent's childhood told as background,
 * as 'when I was little' is. Since round 22 framesOf asks it only of a message whose writer shows they
 * are an adult telling their past (writerTellsOwnPast), and then a verb whose past is its present ('hit',
 * 'beat') after one parent, with no helper before it, is past too (round 21 did not read it so); a child named
 * anywhere in the sentence ("... me and my daughter") or a time named ('last night', 'tonight') keeps it
 * an event, and so does a 'now' (framesOf).
 */
function harmedByOwnParent(sentence: Sentence): boolean {
  if (sentence.some((word) => CHILD_WORDS.has(word.word) || RECENT_TIMES.has(word.word))) return false;
  return sentence.some((token, index) => {
    if (!OWN_PARENTS.has(token.word) || !['my', 'our'].includes(sentence[index - 1]?.word ?? '')) return false;
    const clause = sentence.slice(index + 1, clauseAround(sentence, index).end);
    const verb = clause.findIndex((word) => word.pos === 'VERB');
    if (verb < 0 || !clause.slice(verb + 1).some((word) => word.word === 'me' || word.word === 'us')) return false;
    // "My father beat us": after one parent, a verb like its lemma with no helper before it is past ("my dad hits us" is now).
    const bare = token.word !== 'parents' && clause[verb]!.word === clause[verb]!.lemma && clause.slice(0, verb).every((word) => word.pos === 'ADV');
    return inPastTense(clause[verb]!) || bare;
  });
}

/**
 * Signs that the writer is a parent speaking as one (round 22): being a parent said of themselves ("I'm a
 * dad", "as a mum myself"), their own child named ("my kids", "our 3 year old"), or their resolve about
 * their own parenting ("don't want to do the same", "I swore I'd never", "repeat it", "break the cycle").
 */
const OWN_PARENTING = [
  'do|doing|did +the +same',
  'repeat|repeating|repeated',
  'break|breaking +the +cycle',
  'as +a +parent|mom|dad|mother|father|stepmom|stepdad',
  'i +am +a|an +parent|mom|dad|mother|father|stepmom|stepdad',
  'swear|swore|vow|vowed|promise|promised +i +never',
  'swear|swore|vow|vowed|promise|promised +i +would +never',
  'swear|swore|vow|vowed|promise|promised +myself',
  'parenting',
].map(parsePhrase);
/** The writer's own child: 'my' or 'our' and, within a few words (an age, 'little'), one of these. */
const OWN_CHILD_WORDS = new Set(['son', 'sons', 'daughter', 'daughters', 'child', 'children', 'kid', 'kids', 'baby', 'babies', 'toddler', 'boy', 'boys', 'girl', 'girls', 'twins', 'newborn', 'stepson', 'stepdaughter']);
/**
 * A young person's voice, or a call for help now: their age said of themselves under 18 ("I'm 15"),
 * their own fear ("I'm scared", "he scares me"), feeling unsafe, home as a place to dread, help asked for, what to do, the police; and a child's
 * words relayed (a quotation, "he told me: ..."). Any of these keeps harm by a parent an event.
 */
const YOUNG_VOICE = [
  'i|we scared|frightened|afraid|terrified|unsafe|petrified|scary',
  'scare|scares|scared|scaring|frighten*|terrif* +me|us',
  'not|never|no +safe',
  'feel|feels +safe',
  'go|going|get|getting|went +home|back',
  'run|ran|running +away',
  'police|childline|teacher',
  'help +me|us',
  'please +help',
  'what +do|should|can|shall +i|we +do',
  'he|she|they|son|daughter|child|kid|boy|girl say|said|says|tell|told|tells|telling',
].map(parsePhrase);

/** Whether a sentence names the writer's own child ("my son", "our 3 year old child", "my little girls"), not a sibling ("my baby brother"). */
function namesOwnChild(sentence: Sentence): boolean {
  return sentence.some((token, index) => {
    if (!['my', 'our'].includes(token.word)) return false;
    const next = sentence.slice(index + 1, index + 6);
    const at = next.findIndex((word) => OWN_CHILD_WORDS.has(word.word));
    if (at < 0 || ['brother', 'sister', 'brothers', 'sisters', 'cousin', 'cousins'].includes(next[at + 1]?.word ?? '')) return false;
    return next.slice(0, at).every((word) => ['NUM', 'ADJ', 'NOUN', 'ADV'].includes(word.pos) && !OWN_PARENTS.has(word.word) && !word.boundary);
  });
}

/** Whether a sentence has the writer say their own age under 18 ("I'm 15", "im 14 years old"). */
function saysYoungAge(sentence: Sentence): boolean {
  return sentence.some((token, index) => {
    if (token.word !== 'i' || sentence[index + 1]?.lemma !== 'be') return false;
    const age = numberValue(sentence[index + 2]?.word ?? '');
    return age !== undefined && age >= 8 && age < 18;
  });
}

/**
 * Whether the message shows its writer to be an adult telling their own past (round 22): a sign that
 * they are a parent now (OWN_PARENTING, or their own child named), and nothing in a young person's voice
 * nor a call for help now (YOUNG_VOICE, their age under 18), nor a quotation. Round 21 read harm by the
 * writer's parent as their childhood without such a sign, which a teenager's own disclosure fits too.
 */
function writerTellsOwnPast(sentences: Sentence[]): boolean {
  const parent = sentences.some((sentence) => namesOwnChild(sentence) || OWN_PARENTING.some((phrase) => findPhrase(sentence, phrase).length > 0));
  if (!parent) return false;
  const quoted = sentences.some((sentence) => sentence.some((token) => ['"', '\u201c', '\u201d', ':'].includes(token.word)));
  return !quoted && !sentences.some((sentence) => saysYoungAge(sentence) || YOUNG_VOICE.some((phrase) => findPhrase(sentence, phrase).length > 0));
}

/** Words that name the birth itself, as the mother tells it. */
const BIRTH_WORDS = new Set(['labour', 'labor', 'delivery', 'caesarean', 'cesarean', 'csection', 'section']);

/**
 * Whether a sentence tells what happened to the mother herself at the birth, in the past tense ("I lost a
 * lot of blood after giving birth", "I haemorrhaged after my c-section"; round 22): 'I' the subject of a
 * verb in the past tense as written, the birth named ('giving birth', labour, delivery, a section), and no
 * time of the last days ('yesterday', 'ago', 'last night'), which keeps it an event she may still be in.
 */
function ownBirthToldAsPast(sentence: Sentence): boolean {
  const birth = sentence.some((token, index) => BIRTH_WORDS.has(token.word) || (token.word === 'birth' && sentence[index - 1]?.lemma === 'give'));
  if (!birth || sentence.some((token) => RECENT_TIMES.has(token.word))) return false;
  return sentence.some((token, index) => token.word === 'i' && sentence.slice(index + 1, index + 3).some((word) => word.pos === 'VERB' && inPastTense(word)));
}

/** Words that date an event to the last days, which the past frame does not all name ('last night', 'earlier'). */
const RECENT_TIMES = new Set(['last', 'ago', 'night', 'tonight', 'today', 'yesterday', 'earlier', 'morning', 'evening', 'afternoon', 'weekend', 'just']);

/** A verb in the past tense as written ("smacked", "threw"): not its lemma, and not a present form in -s or -ing. */
function inPastTense(verb: Token): boolean {
  return verb.word !== verb.lemma && !/(?:s|ing)$/.test(verb.word);
}

/** Whether a clause opens with its verb, so its subject is the previous clause's. */
function startsWithVerb(clause: Sentence): boolean {
  const first = clause.find((token) => token.pos !== 'ADV' && token.pos !== 'PART' && !token.boundary);
  return first !== undefined && (first.pos === 'VERB' || first.pos === 'AUX');
}

const PROFESSIONALS = new Set([
  'gp', 'doctor', 'doctors', 'dr', 'nurse', 'paediatrician', 'pediatrician', 'hv', 'visitor', 'midwife', 'consultant', 'specialist',
  // Services whose work is to judge it: a poisons or advice line, a pharmacist, the hospital.
  'pharmacist', 'chemist', 'line', 'helpline', '111', 'hospital', 'paramedic', 'paramedics', 'ambulance', 'dentist', 'vet', 'allergist',
]);
const REASSURED = new Set(['normal', 'fine', 'harmless', 'nothing', 'safe', 'nontoxic']);
const HARMFUL = new Set(['toxic', 'poisonous', 'harmful', 'dangerous', 'serious']);

/** What a verdict that nothing needs doing says after 'nothing': "nothing urgent", "nothing to worry about". */
const NOTHING_TO_DO = new Set(['urgent', 'serious', 'worrying', 'sinister', 'wrong', 'to', 'concerning']);

/**
 * Where a professional says or thinks that something is normal or fine, in one clause ("the GP
 * said the pauses are normal"), or that it is nothing urgent or serious, anywhere after ("GP thinks
 * the cough is down to the cat, nothing urgent").
 */
function professionalVerdicts(sentence: Sentence): Span[] {
  const spans: Span[] = [];
  sentence.forEach((token, index) => {
    if (!['say', 'tell', 'reassure', 'think', 'reckon', 'confirm'].includes(token.lemma) || token.negated) return;
    const { end } = clauseAround(sentence, index);
    // The professional is the subject, in this clause or the one it joins ("GP checked her and said ...").
    // Or 'they', 'she' or 'he' just before, with the professional or service named earlier in the sentence
    // ("took her to hospital and they watched her ..., but they said all fine").
    const named = sentence.slice(0, index).some((word) => PROFESSIONALS.has(word.word));
    const subject = sentence.slice(Math.max(0, index - 6), index).some((word) => PROFESSIONALS.has(word.word)) || (named && ['they', 'she', 'he'].includes(sentence[index - 1]?.word ?? ''));
    if (!subject) return;
    // "Said it's non-toxic", "said it isn't dangerous": a harm denied is a verdict of harmless too.
    const said = sentence
      .slice(index + 1, end)
      .findIndex((word, at, clause) => REASSURED.has(word.word) || (HARMFUL.has(word.word) && (word.negated || clause[at - 1]?.word === 'non')));
    const nothingToDo = sentence.findIndex((word, at) => at > index && word.word === 'nothing' && !word.negated && NOTHING_TO_DO.has(sentence[at + 1]?.word ?? ''));
    if (said >= 0) spans.push({ start: index, end: index + 1 + said });
    else if (nothingToDo > 0) spans.push({ start: index, end: nothingToDo + 1 });
  });
  return spans;
}

/** Words that ask whether a thing is real, true or any good. */
const VERDICTS = new Set(['real', 'true', 'myth', 'legit', 'worth', 'worthwhile', 'effective']);
const YES_NO_OPENERS = new Set(['be', 'do']);

/**
 * Clauses that are a supposition of their own: a yes-or-no question whether a thing is real, true
 * or any good ("is 'dry drowning' real?", "are these gadgets any good or should I ..."), and a
 * question about what will be ("will she be more prone to them?"). Only the clause asking is
 * supposed: "is it real, he's gone blue" still tells of the child.
 */
function supposedClauses(sentence: Sentence): Span[] {
  const first = sentence[0];
  if (!first) return [];
  const spans: Span[] = [];
  if (sentence.some((token) => token.word === '?')) {
    const { end } = clauseAround(sentence, 0);
    const clause = sentence.slice(0, end);
    const verdict = clause.some((token, index) => VERDICTS.has(token.word) || (token.word === 'good' && clause[index - 1]?.word === 'any'));
    if ((YES_NO_OPENERS.has(first.lemma) && verdict) || FUTURE.has(first.word)) spans.push({ start: 0, end: end - 1 });
  }
  // "What are the signs of anaphylaxis?", "which symptoms of sepsis should I look for": a first clause asking
  // what a condition looks like supposes that clause only ("..., her lips are swelling" still tells of her).
  if (['what', 'which'].includes(first.word)) {
    const { end } = clauseAround(sentence, 0);
    const asksSigns = sentence.slice(0, end).some((token, index) => ['sign', 'symptom'].includes(token.lemma) && sentence[index + 1]?.word === 'of');
    if (asksSigns) spans.push({ start: 0, end: end - 1 });
  }
  // "Jabs tomorrow, will she get a fever from them": a clause opening with 'will' before its subject
  // asks what will be, with or without a question mark.
  sentence.forEach((token, index) => {
    if (index === 0 || !sentence[index - 1]!.boundary || !['will', 'would'].includes(token.word)) return;
    const subject = sentence[index + 1];
    if (!subject || !(['he', 'she', 'they', 'it', 'i', 'we'].includes(subject.word) || CHILD_WORDS.has(subject.word))) return;
    spans.push({ start: index, end: clauseAround(sentence, index).end - 1 });
  });
  return spans;
}

const SPEAKERS = new Set(['he', 'she', 'they', 'eldest', 'oldest', 'youngest', 'teen', 'teenager']);

/**
 * Whether a topic phrase is a verb of talking whose subject is the child or another third person
 * ("she keeps talking about ending it", "my eldest talks about it"), not the parent ("I want to
 * talk to her about it") nor a programme or talk named as a noun ("a talk about self-harm").
 */
function spokenByThem(sentence: Sentence, span: Span): boolean {
  const head = sentence[span.start]!;
  // The tagger may read 'talks' as a noun; after a determiner it is one ("a talk about", "his talk on").
  if (!['talk', 'speak', 'chat'].includes(head.lemma) || DETERMINERS.has(sentence[span.start - 1]?.word ?? '')) return false;
  for (let index = span.start - 1; index >= 0; index--) {
    const token = sentence[index]!;
    if (token.boundary && !['and', 'but'].includes(token.word)) return false;
    if (['i', 'we', 'you'].includes(token.word) || ADULT_WORDS.has(token.word)) return false;
    if (SPEAKERS.has(token.word) || CHILD_WORDS.has(token.word)) return true;
  }
  return false;
}

/** Words that head a subject talked, read or written about: "talk to my nephew about", "a leaflet on". */
const TOPIC_HEADS = new Set([
  'talk', 'speak', 'chat', 'explain', 'teach', 'discuss', 'read', 'learn', 'write', 'leaflet', 'poster', 'policy', 'guide', 'resource', 'session',
  'lesson', 'training', 'course', 'book', 'article', 'programme', 'program', 'podcast', 'workshop', 'information', 'info', 'advice', 'support',
]);

/**
 * "How do I talk to my nephew about self-harm?", "our leaflet on self-harm": a cue named as a bare
 * noun after 'about' or 'on', in a clause that talks, reads or writes about it, is the subject,
 * not an event. Told as something done ("about cutting herself") or of someone ("about her
 * self-harm"), it is not bare.
 */
function namedAsTopic(sentence: Sentence, finding: Span): boolean {
  const head = sentence[finding.start]!;
  if (head.pos !== 'NOUN') return false;
  let index = finding.start - 1;
  if (sentence[index]?.pos === 'DET' && !['my', 'our', 'his', 'her', 'their', 'your'].includes(sentence[index]!.word)) index--;
  if (!['about', 'on'].includes(sentence[index]?.word ?? '')) return false;
  for (let at = index - 1; at >= 0 && !sentence[at]!.boundary; at--) if (TOPIC_HEADS.has(sentence[at]!.lemma)) return true;
  return false;
}

/** Verbs that tell an event ended, which do so only at the end of their clause ("then stopped", not "then stopped breathing"). */
const ENDINGS = new Set(['stop', 'settle', 'clear', 'ease', 'heal']);

/** Whether the word ends its clause: nothing after it but punctuation, an adverb or a clause boundary. */
function endsClause(sentence: Sentence, at: number): boolean {
  const next = sentence[at + 1];
  return !next || next.boundary || next.pos === 'PUNCT' || next.pos === 'ADV';
}

/** Where a spice is tasted: a burning there is its heat, not an injury (MessageEvidence.burnsAsATaste). */
const TASTING_PARTS = new Set(['mouth', 'tongue', 'lip', 'lips', 'throat', 'gums']);

/** Words of sleep and tiredness, as the benign setting names them. */
const SLEEPING = /^(?:a?sleep|nap|doz|drift|nod|tired|exhaust|bedtime)/;

/** Whether a setting of sleep or tiredness is an adult's ("I fell asleep", "grandad dozed off"), not the child's ("a sleeping baby"). */
function adultAsleep(sentence: Sentence, span: Span): boolean {
  return SLEEPING.test(sentence[span.start]!.word) && !CHILD_WORDS.has(sentence[span.end + 1]?.word ?? '') && adultSubject(sentence, span.start);
}

/** Whether the nearest person before this word, within its clause, is the parent or another adult (named as a noun). */
function adultSubject(sentence: Sentence, at: number): boolean {
  for (let index = at - 1; index >= 0; index--) {
    const token = sentence[index]!;
    if (token.boundary) return false;
    if (token.word === 'i' || token.word === 'we' || (token.pos === 'NOUN' && ADULT_WORDS.has(token.word))) return true;
    if (CHILD_WORDS.has(token.word) || ['he', 'she', 'they'].includes(token.word)) return false;
  }
  return false;
}

const MALE_ADULTS = new Set(['husband', 'dad', 'daddy', 'father', 'stepdad', 'stepfather', 'boyfriend', 'bf', 'dh', 'exh', 'uncle', 'grandad', 'grandpa', 'grandfather', 'man']);
const FEMALE_ADULTS = new Set(['wife', 'mum', 'mom', 'mummy', 'mommy', 'mother', 'stepmum', 'stepmom', 'stepmother', 'girlfriend', 'gf', 'aunt', 'auntie', 'grandma', 'granny', 'grandmother', 'woman']);
/** Words of saying: a 'he' after them may be anyone the speaker tells of ("my husband says he's not breathing"). */
const SAYING = new Set(['say', 'tell', 'think', 'reckon', 'call', 'text', 'shout', 'scream', 'yell', 'ring', 'phone', 'ask', 'notice', 'see', 'find', 'hear']);

/**
 * Whether the 'he' or 'she' at `at` is an adult named before it in the sentence, of the same sex or
 * either, with no child named between and no word of saying or finding between.
 */
function antecedentIsAdult(sentence: Sentence, at: number): boolean {
  const pronoun = sentence[at]!.word;
  for (let index = at - 1; index >= 0; index--) {
    const token = sentence[index]!;
    if (CHILD_WORDS.has(token.word) || SAYING.has(token.lemma)) return false;
    if (token.pos !== 'NOUN' || !ADULT_WORDS.has(token.word)) continue;
    const other = pronoun === 'he' ? FEMALE_ADULTS : MALE_ADULTS;
    return !other.has(token.word);
  }
  return false;
}

/** The parent as the object of a verb. */
const PARENT_OBJECTS = new Set(['me', 'us', 'myself', 'ourselves']);

const DETERMINERS = new Set(['a', 'an', 'the', 'this', 'that', 'my', 'our', 'his', 'her', 'their', 'your']);

/** Whether a one-word span sits between a determiner and a noun, as a modifier ("the childproof cap"). */
function namesAThing(sentence: Sentence, span: Span): boolean {
  if (span.start !== span.end) return false;
  const before = sentence[span.start - 1];
  const after = sentence[span.start + 1];
  return !!before && DETERMINERS.has(before.word) && after?.pos === 'NOUN' && !after.boundary;
}

const SUPPLYING = new Set(['give', 'prescribe', 'hand', 'send', 'issue', 'supply']);

/**
 * "The allergist gave us two adrenaline pens", "prescribed me an inhaler": a treatment handed to
 * the parent to keep is a supply, not a treatment given to the child now.
 */
function suppliedToParent(sentence: Sentence, finding: Span): boolean {
  return SUPPLYING.has(sentence[finding.start]!.lemma) && PARENT_OBJECTS.has(sentence[finding.start + 1]?.word ?? '');
}

/** "Seizure free for two years", "symptom-free": a cue followed by 'free' is its absence. */
function freeOf(sentence: Sentence, finding: Span): boolean {
  return sentence[finding.end + 1]?.word === 'free';
}

const CHILD_NOUNS = new Set(['child', 'kid', 'baby', 'toddler', 'son', 'daughter', 'boy', 'girl', 'teen', 'teenager', 'infant', 'newborn', 'dd', 'ds', 'lo']);

/**
 * "My epileptic son", "our asthmatic daughter": a condition said as a word describing the child,
 * just before the child is named, tells who the child is, not what is happening.
 */
function describesTheChild(sentence: Sentence, finding: Span): boolean {
  if (finding.start !== finding.end || !CHILD_NOUNS.has(sentence[finding.end + 1]?.word ?? '')) return false;
  // The tagger may read the word as a noun in a compound ("my epileptic son"): after a determiner it describes.
  return sentence[finding.start]!.pos === 'ADJ' || DETERMINERS.has(sentence[finding.start - 1]?.word ?? '');
}

/** What a rash that blanches does under a pressed glass. */
const FADES = new Set(['fade', 'disappear', 'vanish', 'blanch', 'lighten']);
/** Whether a word says fading: by its lemma, or by its start when wink reads the verb as a noun ("blanches", lemma 'blanches'). */
const fades = (token: Token): boolean => FADES.has(token.lemma) || [...FADES].some((word) => token.word.startsWith(word));

/** Words that date a state as before the onset: "fine an hour ago", "fine until", "fine earlier". */
const BEFORE_ONSET = new Set(['ago', 'until', 'till', 'til', 'earlier', 'before']);

/** Whether a word of being well is dated, later in its clause, to before what is told ("was fine five minutes ago"). */
function beforeOnset(sentence: Sentence, span: Span): boolean {
  for (let index = span.end + 1; index < sentence.length && !sentence[index]!.boundary; index++) if (BEFORE_ONSET.has(sentence[index]!.word)) return true;
  return BEFORE_ONSET.has(sentence[span.end + 1]?.word ?? '');
}

/** Tests and scans whose result may be told as clear. */
const TESTS = new Set(['xray', 'ray', 'scan', 'scans', 'ct', 'mri', 'ultrasound', 'bloods', 'test', 'tests', 'result', 'results', 'ecg', 'eeg']);
const CLEAR_RESULTS = new Set(['clear', 'normal', 'negative']);

/**
 * Where a sentence tells a test or scan as clear, normal or negative, within its clause ("his chest x-ray
 * came back clear", "bloods were normal"; round 22: a choking episode the GP had seen, its x-ray clear,
 * held the choking rule). Read here, not as a frame phrase: 'came back' is an idiom of return.
 */
function testsToldClear(sentence: Sentence): Span[] {
  const spans: Span[] = [];
  sentence.forEach((token, index) => {
    if (!TESTS.has(token.word)) return;
    for (let at = index + 1; at < Math.min(sentence.length, index + 5) && !sentence[at]!.boundary; at++) {
      if (CLEAR_RESULTS.has(sentence[at]!.word) && !sentence[at]!.negated) {
        spans.push({ start: index, end: at });
        return;
      }
    }
  });
  return spans;
}

/** Verbs that tell what someone says of themselves. */
const CLAIMS = new Set(['say', 'tell', 'insist', 'claim', 'swear', 'reckon', 'promise']);

/**
 * Whether a resolution is what someone who is not a professional says ("keeps saying he's fine", "says
 * she feels ok", "insists he's alright"; round 22: a teenager's head injury with vomiting and slurring
 * was read as over on his own word): a verb of saying a few words before it, in its clause, with no
 * professional, nor the parent, as its subject. A doctor's word is a verdict (professionalVerdicts).
 */
function claimedByThem(sentence: Sentence, span: Span): boolean {
  for (let index = span.start - 1; index >= Math.max(0, span.start - 4); index--) {
    const token = sentence[index]!;
    if (token.boundary) return false;
    if (!CLAIMS.has(token.lemma) || token.negated) continue;
    const { start } = clauseAround(sentence, index);
    return !sentence.slice(start, index).some((word) => PROFESSIONALS.has(word.word) || ['i', 'we', 'you'].includes(word.word));
  }
  return false;
}

/** How a child usually is, as a standard a sign is compared with. */
const USUAL = new Set(['normal', 'usual', 'normally', 'usually', 'before', 'ever', 'himself', 'herself', 'themselves', 'yesterday']);

/** Whether a comparison ('different to', 'compared with') is with how the child usually is ("different to normal", "than her usual self"). */
function comparedWithUsual(sentence: Sentence, span: Span): boolean {
  const after = sentence.slice(span.end + 1, span.end + 3).filter((token) => !['his', 'her', 'their', 'its'].includes(token.word));
  return after[0] !== undefined && USUAL.has(after[0].word);
}

/** "Nobody can explain it": a clause whose subject is nobody denies what it says, as a negation does. */
function hasNobodyAsSubject(sentence: Sentence, at: number): boolean {
  for (let index = at - 1; index >= 0 && !sentence[index]!.boundary; index--) {
    const word = sentence[index]!.word;
    if (word === 'nobody' || word === 'noone' || (word === 'one' && sentence[index - 1]?.word === 'no')) return true;
  }
  return false;
}

const TAKEN_AWAY = new Set(['out', 'away', 'off']);

/**
 * "I hooked it out before she swallowed it", "grabbed it before he could": what a 'before' clause
 * tells after something was taken out or away, or with 'could', was stopped from happening.
 */
function prevented(sentence: Sentence, finding: Span): boolean {
  for (let index = finding.start - 1; index > 0; index--) {
    const token = sentence[index]!;
    if (token.word === 'before') return TAKEN_AWAY.has(sentence[index - 1]!.word) || sentence.slice(index, finding.start).some((word) => word.word === 'could');
    if (token.boundary) return false;
  }
  return false;
}

/** What a parent says aloud: "I yelled 'stop abusing me'". */
const PARENT_SAYS = new Set(['say', 'said', 'yell', 'yelled', 'shout', 'shouted', 'scream', 'screamed', 'tell', 'told', 'snap', 'snapped', 'cry', 'cried', 'shriek', 'shrieked']);

/**
 * "Toddler hit me again and I yelled 'stop abusing me!'": an abuse word with 'me' after it, in what the
 * parent says aloud ('I' and a verb of saying before it), in a sentence that names a child and no adult,
 * is a parent telling a hitting child off, not abuse of the parent (round 26). "I told my stepdad stop
 * abusing me" names an adult and still counts; so does a child's own "he is abusing me".
 */
function toldOffByTheParent(sentence: Sentence, finding: Span): boolean {
  if (sentence[finding.end + 1]?.word !== 'me' || !/^abus/.test(sentence[finding.start]!.word)) return false;
  const before = sentence.slice(0, finding.start);
  const saying = before.findIndex((token, index) => token.word === 'i' && PARENT_SAYS.has(before[index + 1]?.word ?? ''));
  if (saying < 0) return false;
  if (sentence.some((token) => ADULT_WORDS.has(token.word) || ['he', 'she', 'him', 'her', 'they', 'them'].includes(token.word))) return false;
  return before.slice(0, saying).some((token) => CHILD_WORDS.has(token.word));
}

/** 'Am I', 'are we': the parent asking whether their own conduct is called so ("am I emotionally abusing him?", round 26). */
const LABEL_SUBJECTS = new Set(['it', 'that', 'this', 'i', 'we']);
/** Verbs that ask what to call something: "is that counted as a fever", "is this classed as a seizure". */
const LABEL_VERBS = new Set(['count', 'class', 'classify', 'consider', 'call', 'regard', 'define']);

/**
 * "Is that self-harm?", "is that about choking", "... or is it choking?": a cue just after 'is it',
 * 'is that' or 'is this' opening a question names what the parent is asking to call something;
 * it is no sign. What the parent describes elsewhere in the sentence ("he's gone blue, is it
 * choking?") still counts.
 */
function asksForLabel(sentence: Sentence, finding: Span): boolean {
  for (let index = finding.start - 1; index >= Math.max(0, finding.start - 5); index--) {
    const token = sentence[index]!;
    const opens = index === 0 || sentence[index - 1]!.boundary || sentence[index - 1]!.word === 'or';
    if (token.lemma === 'be' && opens && LABEL_SUBJECTS.has(sentence[index + 1]?.word ?? '')) return true;
    if (token.boundary || (token.pos === 'VERB' && !LABEL_VERBS.has(token.lemma))) return false;
  }
  return false;
}

/**
 * "What's a febrile seizure?", "what is an anaphylactic reaction exactly": a cue named just after
 * 'what is a' or 'what is an' opening a question is the thing the parent asks to have explained
 * (round 20); it is no sign. What the sentence tells after it ("..., is he having one now?") still
 * counts through its own cues.
 */
function asksWhatItIs(sentence: Sentence, finding: Span): boolean {
  let index = finding.start - 1;
  while (sentence[index]?.pos === 'ADJ') index--;
  if (!['a', 'an'].includes(sentence[index]?.word ?? '') || sentence[index - 1]?.lemma !== 'be' || sentence[index - 2]?.word !== 'what') return false;
  return index - 2 === 0 || sentence[index - 3]!.boundary;
}

/**
 * "It looks like a burn", "sounds like a seizure": a cue named as what something resembles ('like a',
 * 'like an') is a comparison, not what happened. "Looks like he swallowed it" says what happened.
 */
function likened(sentence: Sentence, finding: Span): boolean {
  return ['a', 'an'].includes(sentence[finding.start - 1]?.word ?? '') && sentence[finding.start - 2]?.word === 'like';
}

const STORIES = new Set(['drama', 'film', 'movie', 'show', 'programme', 'program', 'series', 'soap', 'episode', 'book', 'story', 'storyline', 'documentary', 'novel', 'play', 'cartoon', 'sitcom', 'article']);

/**
 * "A drama where a baby stopped breathing", "the book in which a girl drowns": what a clause
 * opened by 'where' or 'in which' tells of a story just named happens in the story, not at home.
 */
function toldInStory(sentence: Sentence, finding: Span): boolean {
  for (let index = finding.start - 1; index > 0; index--) {
    const token = sentence[index]!;
    const opens = token.word === 'where' || (token.word === 'which' && sentence[index - 1]!.word === 'in');
    if (opens) {
      const named = sentence.slice(Math.max(0, index - 5), index);
      return named.some((word) => word.pos === 'NOUN' && STORIES.has(word.word));
    }
    if (token.boundary && token.word !== 'which') return false;
  }
  return false;
}

const CONTRASTS = new Set(['but', 'however', 'though', 'although', 'yet']);

const WH_WORDS = new Set(['how', 'what', 'when', 'why', 'which', 'who', 'where']);
const INVERTED = new Set(['is', 'are', 'was', 'should', 'can', 'could', 'do', 'does', 'did', 'will', 'would', 'shall', 'may', 'might']);
const SUBJECTS = new Set(['i', 'we', 'you', 'he', 'she', 'they', 'it', 'that', 'this']);

/** Whether the words from `at` open a question: a wh-word, or a verb before its subject ("but should I ...", "but how do they ..."). */
function opensQuestion(sentence: Sentence, at: number): boolean {
  const word = sentence[at]?.word ?? '';
  return WH_WORDS.has(word) || (INVERTED.has(word) && SUBJECTS.has(sentence[at + 1]?.word ?? ''));
}

/** Whether a contrast ('but', 'however') follows one of these spans in the sentence. */
function contrastFollows(sentence: Sentence, spans: Span[]): boolean {
  return spans.some((span) => sentence.some((token, index) => index > span.end && CONTRASTS.has(token.word)));
}
