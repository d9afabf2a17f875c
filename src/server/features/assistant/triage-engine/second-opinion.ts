/**
 * A second opinion beside the rules. The rules (rules.ts) need every cue of a combination, so
 * wording they have never met slips past them, and a cue said in passing can still set them
 * off; this small linear model
 * (multinomial logistic regression) has learnt from the labelled sets what urgent messages look
 * like as a whole: the words as wink reads them with their negations, pairs of words, the
 * letters inside words, which carry typos and unknown brand names, and (round 6) the rules' own
 * reading of the message: each frame a sentence is set in, and each cue with what discounts it
 * (MessageEvidence.readingFeatures). It runs offline in a few
 * microseconds, and the same message always gets the same answer. It finds urgent what no rule
 * holds for when it is fairly sure, and overrules an emergency or crisis rule only when all but
 * certain the message is ordinary (a crisis rule since round 17).
 *
 * The weights are trained by tests/assistant-eval/train-second-opinion.ts from the tuning sets
 * only, and stored quantised to int8 in second-opinion.model.json (17 classes x 16,384 hashed
 * buckets: 272 KiB of weights, 372 KB as base64).
 */
import type { MessageEvidence } from './evidence';
import type { TriageLevel } from './rules';
import model from './second-opinion.model.json';

/** A linear model over hashed features: one row of int8 weights per class. */
export interface LinearModel {
  buckets: number;
  classes: string[];
  scale: number;
  bias: number[];
  /** Int8 weights, class-major (classes x buckets), base64. */
  weights: string;
  /** Kinds of feature the model does without (secondOpinionFeatures); none when absent. */
  without?: FeatureKind[];
}

/** The kinds of feature: the rules' reading, lemmas, pairs of adjacent lemmas, letter triples. */
export type FeatureKind = 'reading' | 'words' | 'pairs' | 'letters';

/** When the model's opinion counts beside the rules. */
export interface Thresholds {
  /** A message no rule holds for is urgent when the model gives 'ordinary' less than this. */
  ordinaryBelow: number;
  /** An emergency rule is overruled when the model gives 'ordinary' at least this. */
  overruleAt: number;
  /** A crisis rule (self-harm, abuse) is overruled when the model gives 'ordinary' at least this; never when absent. */
  crisisOverruleAt?: number;
}

export interface SecondOpinionModel extends LinearModel, Thresholds {}

export interface Opinion {
  /** The probability the model gives 'ordinary'. */
  ordinary: number;
  /** The most likely urgent category, whatever the probability. */
  category: string;
}

export const ORDINARY = 'ordinary';

/** FNV-1a, so a feature always lands in the same bucket on every machine. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/**
 * The message's features, as bucket → weight, the same at training and at answer time: the
 * rules' reading of it (frames and discounted cues), each word's lemma (marked when a negation
 * governs it), each pair of adjacent words within a sentence, and the letter triples of each
 * word (with its edges), scaled so that long messages do not outweigh short ones.
 */
export function secondOpinionFeatures(evidence: MessageEvidence, buckets: number, without: readonly FeatureKind[] = []): Map<number, number> {
  // Decided once, not per word: every chat message comes through here.
  const [words, pairs, letters] = (['words', 'pairs', 'letters'] as const).map((kind) => !without.includes(kind));
  const names: string[] = without.includes('reading') ? [] : evidence.readingFeatures();
  for (const sentence of evidence.sentences) {
    let previous = '<s>';
    for (const token of sentence) {
      if (token.pos === 'PUNCT' || !/[a-z0-9]/.test(token.word)) {
        previous = '<s>';
        continue;
      }
      const lemma = token.negated ? `not:${token.lemma}` : token.lemma;
      if (words) names.push(`w:${lemma}`);
      if (pairs) names.push(`b:${previous}|${lemma}`);
      previous = lemma;
      if (!letters) continue;
      const padded = `<${token.word}>`;
      for (let i = 0; i + 3 <= padded.length; i++) names.push(`c:${padded.slice(i, i + 3)}`);
    }
  }
  const features = new Map<number, number>();
  for (const name of names) {
    const bucket = hash(name) % buckets;
    features.set(bucket, (features.get(bucket) ?? 0) + 1);
  }
  const norm = Math.sqrt([...features.values()].reduce((sum, count) => sum + count * count, 0)) || 1;
  for (const [bucket, count] of features) features.set(bucket, count / norm);
  return features;
}

/** The probability of each class, in the model's order. */
export function classProbabilities(weights: ArrayLike<number>, bias: number[], scale: number, features: Map<number, number>, buckets: number): number[] {
  const scores = bias.map((b, k) => {
    let score = b;
    for (const [bucket, value] of features) score += weights[k * buckets + bucket]! * scale * value;
    return score;
  });
  const top = Math.max(...scores);
  const exps = scores.map((s) => Math.exp(s - top));
  const total = exps.reduce((a, b) => a + b, 0);
  return exps.map((e) => e / total);
}

/** A model's int8 weights, read once. */
export function weightsOf(model: LinearModel): Int8Array {
  return Int8Array.from(Buffer.from(model.weights, 'base64'));
}

/** Each class's probability for a message, in the model's order. */
export function probabilitiesOf(model: LinearModel, weights: Int8Array, evidence: MessageEvidence): number[] {
  return classProbabilities(weights, model.bias, model.scale, secondOpinionFeatures(evidence, model.buckets, model.without), model.buckets);
}

/**
 * The model's reading of a message. One softmax over 'ordinary' and each category decides both
 * whether and what: each category has its own picture of urgency, which tells urgent from
 * ordinary better than one line drawn for all of them (tried: more false alarms at equal recall).
 */
export function opinionOf(model: LinearModel, weights: Int8Array, evidence: MessageEvidence): Opinion {
  const probabilities = probabilitiesOf(model, weights, evidence);
  const ordinaryIndex = model.classes.indexOf(ORDINARY);
  let best = ordinaryIndex === 0 ? 1 : 0;
  probabilities.forEach((p, k) => {
    if (k !== ordinaryIndex && p > probabilities[best]!) best = k;
  });
  return { ordinary: probabilities[ordinaryIndex]!, category: model.classes[best]! };
}

/**
 * Whether a rule's answer stands against the model's opinion. An emergency rule is overruled only
 * when the model is all but certain the message is ordinary; a crisis rule (self-harm, abuse)
 * likewise at crisisOverruleAt (until round 17 it always stood); a dose question is only ever referred.
 */
export function ruleStands(level: TriageLevel, opinion: Opinion, thresholds: Thresholds): boolean {
  if (level === 'crisis') return thresholds.crisisOverruleAt === undefined || opinion.ordinary < thresholds.crisisOverruleAt;
  return level !== 'emergency' || opinion.ordinary < thresholds.overruleAt;
}

/** Whether the model alone finds a message urgent that no rule holds for. */
export function modelFindsUrgent(opinion: Opinion, thresholds: Thresholds): boolean {
  return opinion.ordinary < thresholds.ordinaryBelow;
}

const shipped = model as SecondOpinionModel;
const shippedWeights = weightsOf(shipped);
export const SHIPPED_THRESHOLDS: Thresholds = {
  ordinaryBelow: shipped.ordinaryBelow,
  overruleAt: shipped.overruleAt,
  ...(shipped.crisisOverruleAt === undefined ? {} : { crisisOverruleAt: shipped.crisisOverruleAt }),
};

/** The shipped model's opinion of a message. */
export function secondOpinion(evidence: MessageEvidence): Opinion {
  return opinionOf(shipped, shippedWeights, evidence);
}
