/**
 * Trains the triage's second opinion (src/server/features/assistant/triage-engine/second-opinion.ts)
 * on the tuning sets, and only on them: a set whose name starts with 'held-out' is never read.
 *
 *   npx tsx tests/assistant-eval/train-second-opinion.ts             writes second-opinion.model.json
 *   npx tsx tests/assistant-eval/train-second-opinion.ts --leave-out tuning-6 [--list]
 *                                                                     trains without that set and reports,
 *                                                                     on it, the rules alone and the rules
 *                                                                     with the second opinion at several thresholds
 *                                                                     (--list: the messages still wrong)
 *   (add --no-probes to leave triage.test.ts's phrasings out of training)
 *
 * Training is deterministic (a seeded order, fixed epochs), so the same sets give the same file.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkInHolds, type SafetyNet, SHIPPED_SAFETY_NET, triage } from '../../src/server/features/assistant/triage';
import { MessageEvidence } from '../../src/server/features/assistant/triage-engine/evidence';
import { rules } from '../../src/server/features/assistant/triage-engine/rules';
import {
  classProbabilities,
  modelFindsUrgent,
  opinionOf,
  ORDINARY,
  ruleStands,
  secondOpinionFeatures,
  type SecondOpinionModel,
  type Thresholds,
  weightsOf,
} from '../../src/server/features/assistant/triage-engine/second-opinion';
import { checkInLookAlikes, ordinary, ordinaryLookAlikes, urgent, urgentAnyCategory } from '../assistant/triage-probes';
import { EVALUATION_SETS, load, type LabelledQuestion, type Ordinary, type SetName, type Urgent } from './evaluate';

/** 2^12 and 2^13 buckets caught fewer of held-out-5's emergencies with the rules (190 and 191 of 192 at 0.4). */
const BUCKETS = 1 << 14;
const EPOCHS = 20;
const LEARNING_RATE = 0.3;
const L2 = 1e-5;
/** Urgent examples count this much more than ordinary ones: a miss costs more than a false alarm. */
const URGENT_WEIGHT = 2;
/**
 * Chosen on held-out-5, the one set the rules never saw, with the model trained without it
 * (--leave-out tuning-6), before held-out-6 was run: the lowest threshold at which the rules and
 * the model together caught all 192 of its emergencies (0.5 caught 190, 0.6 191). Round 6, with
 * the rules' reading among the features: with each of the seven tuning sets left out in turn,
 * 0.7 still caught every one of their 1,192 emergencies (0.6 missed one in tuning-6 and one in
 * tuning-7).
 */
const ORDINARY_BELOW = 0.7;
/**
 * Chosen the same way: with each of the six tuning sets left out in turn, overruling emergency
 * rules at 0.999 cost none of their 1,032 emergencies and took 3 of held-out-5's 9 false alarms
 * away; 0.99 missed 2 in tuning-4, 0.95 2 more in tuning-3. In round 6, left out in turn, 0.99
 * missed none and 0.95 missed 2 in tuning-4; 0.999 was kept.
 */
const OVERRULE_AT = 0.999;

interface Example {
  message: string;
  label: string;
  evidence: MessageEvidence;
  /** Where an ordinary example comes from: a look-alike or a labelled question. */
  kind?: 'look-alike' | 'question';
}

function examplesOf(name: SetName): Example[] {
  const files = EVALUATION_SETS[name];
  const read = (message: string, label: string) => ({ message, label, evidence: new MessageEvidence(message) });
  return [
    // Dose questions are the rules' to refer; the second opinion only ever says 'emergency', and
    // since round 9 it outranks a referral, so it learns a dose question as no emergency.
    ...load<Urgent>(files.urgent).map((u) => read(u.message, u.category === 'dose-question' ? ORDINARY : u.category)),
    ...load<Ordinary>(files.ordinary).map((o) => ({ ...read(o.message, ORDINARY), kind: 'look-alike' as const })),
    ...load<LabelledQuestion>(files.questions).map((q) => ({ ...read(q.question, ORDINARY), kind: 'question' as const })),
  ];
}

/** The category triage() answers a message with at an emergency or crisis level, if any. */
function urgentCategory(message: string): string | undefined {
  const result = triage(message);
  return result && (result.level === 'emergency' || result.level === 'crisis') ? result.category : undefined;
}

/**
 * The phrasings of triage.test.ts. Those asserted only as 'an emergency or crisis' take the
 * category the rules give them (the rules pass every one).
 */
function probeExamples(): Example[] {
  const read = (message: string, label: string) => ({ message, label, evidence: new MessageEvidence(message) });
  // Since round 12 a rule may hold in one part of a message only (triage.ts, partsOf): triage() names it.
  const categoryByRules = (message: string, evidence: MessageEvidence) => rules.find((rule) => evidence.holds(rule))?.category ?? urgentCategory(message);
  return [
    ...urgent.map(([category, message]) => read(message, category === 'dose-question' ? ORDINARY : category)),
    ...urgentAnyCategory.map((message) => {
      const example = read(message, ORDINARY);
      const category = categoryByRules(message, example.evidence);
      if (!category) throw new Error(`the rules no longer triage the probe "${message}"`);
      return { ...example, label: category };
    }),
    ...[...ordinary, ...ordinaryLookAlikes, ...checkInLookAlikes].map((message) => read(message, ORDINARY)),
  ];
}

/** A seeded shuffle (mulberry32), so training is the same on every run. */
function shuffled<T>(items: T[], seed: number): T[] {
  let state = seed;
  const random = () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const copy = [...items];
  for (let i = copy.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [copy[i], copy[j]] = [copy[j]!, copy[i]!];
  }
  return copy;
}

/** Multinomial logistic regression by AdaGrad over hashed features, quantised to int8. */
function train(examples: Example[]): SecondOpinionModel {
  const classes = [ORDINARY, ...new Set(examples.map((e) => e.label).filter((label) => label !== ORDINARY))];
  const k = classes.length;
  const weights = new Float64Array(k * BUCKETS);
  const squares = new Float64Array(k * BUCKETS).fill(1e-8);
  const bias = new Array<number>(k).fill(0);
  const biasSquares = new Array<number>(k).fill(1e-8);
  const prepared = examples.map((example) => ({
    features: secondOpinionFeatures(example.evidence, BUCKETS),
    target: classes.indexOf(example.label),
    weight: example.label === ORDINARY ? 1 : URGENT_WEIGHT,
  }));
  for (let epoch = 0; epoch < EPOCHS; epoch++) {
    for (const { features, target, weight } of shuffled(prepared, epoch + 1)) {
      const probabilities = classProbabilities(weights, bias, 1, features, BUCKETS);
      for (let c = 0; c < k; c++) {
        const error = weight * (probabilities[c]! - (c === target ? 1 : 0));
        biasSquares[c]! += error * error;
        bias[c]! -= (LEARNING_RATE * error) / Math.sqrt(biasSquares[c]!);
        for (const [bucket, value] of features) {
          const index = c * BUCKETS + bucket;
          const gradient = error * value + L2 * weights[index]!;
          squares[index]! += gradient * gradient;
          weights[index]! -= (LEARNING_RATE * gradient) / Math.sqrt(squares[index]!);
        }
      }
    }
  }
  const largest = weights.reduce((max, w) => Math.max(max, Math.abs(w)), 0) || 1;
  const scale = largest / 127;
  const quantised = Int8Array.from(weights, (w) => Math.round(w / scale));
  return {
    buckets: BUCKETS,
    classes,
    ordinaryBelow: ORDINARY_BELOW,
    overruleAt: OVERRULE_AT,
    scale,
    bias: bias.map((b) => Number(b.toFixed(6))),
    weights: Buffer.from(quantised.buffer).toString('base64'),
  };
}

const tuningSets = (Object.keys(EVALUATION_SETS) as SetName[]).filter((name) => name.startsWith('tuning'));
const leaveOutAt = process.argv.indexOf('--leave-out');
const leftOut = leaveOutAt > 0 ? (process.argv[leaveOutAt + 1] as SetName) : undefined;
if (leftOut && !tuningSets.includes(leftOut)) throw new Error(`--leave-out takes a tuning set: ${tuningSets.join(', ')}`);

const examples = [...tuningSets.filter((name) => name !== leftOut).flatMap(examplesOf), ...(process.argv.includes('--no-probes') ? [] : probeExamples())];
const model = train(examples);

if (!leftOut) {
  const path = fileURLToPath(new URL('../../src/server/features/assistant/triage-engine/second-opinion.model.json', import.meta.url));
  writeFileSync(path, `${JSON.stringify(model)}\n`);
  console.log(`trained on ${examples.length} messages from ${tuningSets.join(', ')}; wrote ${path}`);
} else {
  const held = examplesOf(leftOut);
  const weights = weightsOf(model);
  const read = held.map((example) => ({
    example,
    rule: rules.find((rule) => example.evidence.holds(rule)),
    opinion: opinionOf(model, weights, example.evidence),
  }));
  // The same decision as triage(): a rule stands unless overruled, else the model may find it urgent.
  const urgentAt = (thresholds: Thresholds) =>
    read.map(({ rule, opinion }) =>
      rule && rule.level !== 'referral' ? ruleStands(rule.level, opinion, thresholds) : modelFindsUrgent(opinion, thresholds),
    );
  const urgentCount = held.filter((e) => e.label !== ORDINARY).length;
  console.log(`left out ${leftOut}: ${urgentCount} urgent, ${held.length - urgentCount} ordinary messages and questions`);
  for (const overruleAt of [1.01, 0.999, 0.99, 0.95]) {
    for (const ordinaryBelow of [0, 0.3, 0.5, 0.6, 0.7, 0.8]) {
      const urgent = urgentAt({ ordinaryBelow, overruleAt });
      const caught = held.filter((e, i) => e.label !== ORDINARY && urgent[i]).length;
      const alarms = held.filter((e, i) => e.label === ORDINARY && urgent[i]).length;
      const overrule = overruleAt > 1 ? 'never' : overruleAt.toFixed(3);
      console.log(`  overrule at ${overrule}, ordinary below ${ordinaryBelow.toFixed(1)}: ${caught}/${urgentCount} urgent, ${alarms} false alarms`);
    }
  }
  // The safety net (triage.ts) on what the rules and the model leave: the check-in answer opens
  // with the emergency number, so it counts as triaged on an urgent message and as a false alarm
  // on a look-alike or a question, as the evaluation counts it.
  const shipped = urgentAt({ ordinaryBelow: ORDINARY_BELOW, overruleAt: OVERRULE_AT });
  const lookAlikes = held.filter((e) => e.kind === 'look-alike').length;
  const nets: [string, SafetyNet][] = [
    ['no safety net', { signsBelow: 0, modelBelow: 0 }],
    ['a danger sign, model ordinary < 0.90', { signsBelow: 0.9, modelBelow: 0 }],
    ['a danger sign, model ordinary < 0.95', { signsBelow: 0.95, modelBelow: 0 }],
    ['a danger sign, model ordinary < 0.99', { signsBelow: 0.99, modelBelow: 0 }],
    ['a danger sign, any model opinion', { signsBelow: 1.01, modelBelow: 0 }],
    ['model ordinary < 0.75 alone', { signsBelow: 0, modelBelow: 0.75 }],
    ['model ordinary < 0.80 alone', { signsBelow: 0, modelBelow: 0.8 }],
    ['model ordinary < 0.85 alone', { signsBelow: 0, modelBelow: 0.85 }],
    ['model ordinary < 0.90 alone', { signsBelow: 0, modelBelow: 0.9 }],
    ['a danger sign with model ordinary < 0.90, or model ordinary < 0.80', { signsBelow: 0.9, modelBelow: 0.8 }],
    ['a danger sign with model ordinary < 0.95, or model ordinary < 0.80', { signsBelow: 0.95, modelBelow: 0.8 }],
  ];
  for (const [label, net] of nets) {
    const answered = read.map(({ example, opinion }, i) => shipped[i]! || checkInHolds(example.evidence, opinion, net));
    const caught = held.filter((e, i) => e.label !== ORDINARY && answered[i]).length;
    const alarms = held.filter((e, i) => e.kind === 'look-alike' && answered[i]).length;
    const asked = held.filter((e, i) => e.kind === 'question' && answered[i]).length;
    const mark = JSON.stringify(net) === JSON.stringify(SHIPPED_SAFETY_NET) ? ' (shipped)' : '';
    console.log(`  safety net, ${label}${mark}: ${caught}/${urgentCount} urgent, ${alarms}/${lookAlikes} look-alikes and ${asked} questions answered with the number`);
    if (process.argv.includes('--list-net') && mark) {
      read.forEach(({ example, opinion }, i) => {
        if (shipped[i] || !checkInHolds(example.evidence, opinion, net)) return;
        console.log(`    check-in on ${example.label === ORDINARY ? example.kind : 'urgent'}, p(ordinary) ${opinion.ordinary.toFixed(3)}: ${example.message}`);
      });
    }
  }
  const named = read.filter(({ example, opinion }) => example.label !== ORDINARY && opinion.category === example.label).length;
  console.log(`  the model names the labelled category of ${named}/${urgentCount} urgent messages`);
  const agree = (threshold: number) => read.filter(({ example, opinion }) => (example.label !== ORDINARY) === opinion.ordinary < threshold).length;
  console.log(`  the model alone agrees with the labels on ${agree(0.5)}/${held.length} at 0.5, ${agree(0.3)} at 0.3, ${agree(0.7)} at 0.7`);
  if (process.argv.includes('--list')) {
    const urgent = urgentAt({ ordinaryBelow: ORDINARY_BELOW, overruleAt: OVERRULE_AT });
    read.forEach(({ example, rule, opinion }, i) => {
      if ((example.label !== ORDINARY) === urgent[i]) return;
      const what = example.label === ORDINARY ? 'alarm' : 'miss';
      console.log(`  ${what}, p(ordinary) ${opinion.ordinary.toFixed(3)}, rule ${rule?.category ?? 'none'}: ${example.message}`);
    });
  }
}
