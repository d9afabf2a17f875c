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
 *   npx tsx tests/assistant-eval/train-second-opinion.ts --cross-validate [--sets tuning-6,tuning-7]
 *       [--urgent-weight 2] [--epochs 20] [--without reading,letters] [--json out.json] [--list-policy <name>]
 *       [--narrow | --round-18]                                       (round 17's second grid, or round 18's
 *                                                                     readings of a message's parts)
 *                                                                     leave-one-set-out over every tuning set (or those
 *                                                                     named): per set left out, a model trained on all the
 *                                                                     others, and the whole triage (triageWith: rules, parts,
 *                                                                     check-in) under each policy on the set left out;
 *                                                                     then the figures pooled over the sets
 *   (add --no-probes to leave triage.test.ts's phrasings out of training; --urgent-weight, --epochs
 *   and --without also set how the shipped model is trained)
 *
 * Training is deterministic (a seeded order, fixed epochs), so the same sets give the same file; since
 * round 17 it no longer reads the shipped model (the probes' categories come from the rules alone).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { checkInHolds, partsOf, type SafetyNet, SHIPPED_SAFETY_NET, TRIAGE_LEVELS, type TriageMethod, triageWith } from '../../src/server/features/assistant/triage';
import { MessageEvidence } from '../../src/server/features/assistant/triage-engine/evidence';
import { rules } from '../../src/server/features/assistant/triage-engine/rules';
import {
  classProbabilities,
  type FeatureKind,
  modelFindsUrgent,
  opinionOf,
  ORDINARY,
  ruleStands,
  secondOpinionFeatures,
  type Opinion,
  type SecondOpinionModel,
  type Thresholds,
  weightsOf,
} from '../../src/server/features/assistant/triage-engine/second-opinion';
import { checkInLookAlikes, ordinary, ordinaryLookAlikes, urgent, urgentAnyCategory } from '../assistant/triage-probes';
import { EVALUATION_SETS, load, type LabelledQuestion, type Ordinary, type SetName, type Urgent } from './evaluate';

/** 2^12 and 2^13 buckets caught fewer of held-out-5's emergencies with the rules (190 and 191 of 192 at 0.4). */
const BUCKETS = 1 << 14;
/**
 * 20 until round 17. With 40, by leave-one-set-out over tuning-6 to tuning-18 (bench/README.md, round
 * 17), the model fits its probes closely enough for the net to rise from 0.8 to 0.85 (triage.ts,
 * SHIPPED_SAFETY_NET) without alarming on any ordinary probe, and it then missed 4 of 2,112
 * emergencies with 44 false alarms of 2,112, against 5 and 42 with 20 epochs and the net at 0.8.
 */
const EPOCHS = 40;
const LEARNING_RATE = 0.3;
const L2 = 1e-5;
/** Urgent examples count this much more than ordinary ones: a miss costs more than a false alarm. */
const URGENT_WEIGHT = 2;
/**
 * Kinds of feature left out (--without, 'none' for none). Round 17 measured the model without the
 * rules' reading (frames and discounted cues, round 6) by leave-one-set-out over the 18 tuning sets
 * (bench/README.md, round 17): with the model first at 'ordinary' below 0.9 it missed 1 of 2,957
 * emergencies against 4 with the reading, for 115 false alarms of 2,958 against 90; but trained on
 * every set it gives 'ordinary' only 0.65 to 0.89 to 20 of the probes' ordinary messages, which it
 * learns from, so it alarms on them at any threshold above 0.65 and fails triage.test.ts. The
 * reading stays. An urgent weight of 4 missed as many as 2 (4 of 2,112 on tuning-6 to tuning-18).
 */
const WITHOUT: FeatureKind[] = [];

/** How a model is trained: the defaults above, or what the command line says. */
interface TrainingOptions {
  urgentWeight: number;
  epochs: number;
  without: FeatureKind[];
}
const argument = (name: string) => {
  const at = process.argv.indexOf(name);
  return at > 0 ? process.argv[at + 1] : undefined;
};
const options: TrainingOptions = {
  urgentWeight: Number(argument('--urgent-weight') ?? URGENT_WEIGHT),
  epochs: Number(argument('--epochs') ?? EPOCHS),
  // --without none: every kind of feature, as until round 16.
  without: (argument('--without')?.split(',').filter((kind) => kind && kind !== 'none') ?? WITHOUT) as FeatureKind[],
};
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
 * Until round 16, chosen the same way: with each of the six tuning sets left out in turn,
 * overruling emergency rules at 0.999 cost none of their 1,032 emergencies and took 3 of
 * held-out-5's 9 false alarms away. Round 17, by leave-one-set-out over all 18 tuning sets with
 * the whole triage (--cross-validate; bench/README.md, round 17), 20 epochs, the net at 0.8: 0.999, 0.99 and
 * 0.98 each missed 5 of 2,957 emergencies (all in tuning-7 and tuning-18), with 63, 57 and 57 false
 * alarms of 2,958 look-alikes; with a crisis rule (self-harm, abuse) overruled at the same point,
 * which until round 17 always stood, 62, 53 and 53 (on tuning-18 alone 10, 5 and 5: "killing
 * myself laughing", "this is child abuse!"). 0.99 is kept, of the two best the one that overrules less.
 */
const OVERRULE_AT = 0.99;
const CRISIS_OVERRULE_AT = 0.99;
/** Round 16's policy, the rules first: cross-validation measures it beside the others. */
const ROUND_16: Policy = { name: 'round 16 (rules first)', thresholds: { ordinaryBelow: 0.7, overruleAt: 0.999 }, net: { signsBelow: 0, modelBelow: 0.8 } };
/** Round 17's frozen policy (5b06c68). */
const ROUND_17: Policy = { name: 'round 17 (5b06c68)', thresholds: { ordinaryBelow: 0.7, overruleAt: 0.99, crisisOverruleAt: 0.99 }, net: { signsBelow: 0, modelBelow: 0.85 } };

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

/**
 * The category of the first emergency or crisis rule that holds in the message or, failing that,
 * in one of its parts (triage.ts, partsOf). The rules alone name it, not the shipped model, so
 * training never depends on the model it replaces.
 */
function urgentCategory(message: string): string | undefined {
  for (const text of [message, ...partsOf(message)]) {
    const evidence = new MessageEvidence(text);
    const held = rules.find((rule) => evidence.holds(rule));
    if (held && held.level !== 'referral') return held.category;
  }
  return undefined;
}

/**
 * The probes asserted only as 'an emergency or crisis' that no rule holds for, in the message or a
 * part: until round 17 they took the category the shipped model's triage() gave them, so training
 * read the model it replaced. They keep the category triage() gave them when round 17 began.
 */
const PROBES_NO_RULE_HOLDS_FOR: Record<string, string> = {
  'my 3 year old is very drowsy, fever for 3 days, not drinking, no wee since yesterday': 'infant-fever',
  "couple of questions about weaning, also my daughter has gone limp and won't answer me when I call her name, is that just the heat?": 'unresponsive',
  "is it real or am I imagining it, she's gone blue and isn't breathing": 'not-breathing',
  "my daughter told me about cutting herself with a razor tonight, it's deep": 'self-harm',
  "she spat up so I sat her up so she doesn't choke but now she's not breathing": 'not-breathing',
  "my son has a history of self harm and he's just told me he took a load of pills": 'self-harm',
  'my 6 week old had a temp yesterday and now refuses to feed and is floppy': 'infant-fever',
  "he's been seizure free for a year but he's having one now and it won't stop": 'seizure',
  "A girl in her class pushed her off the climbing frame and now she's been sick twice and is very sleepy. How do I talk to the school about it?": 'head-injury-vomiting',
  'lol im shaking, my son swalowed a buton batery off the remote': 'swallowed-object',
};

/**
 * The phrasings of triage.test.ts. Those asserted only as 'an emergency or crisis' take the
 * category the rules give them (the rules pass every one).
 */
function probeExamples(): Example[] {
  const read = (message: string, label: string) => ({ message, label, evidence: new MessageEvidence(message) });
  // Since round 12 a rule may hold in one part of a message only (triage.ts, partsOf).
  const categoryByRules = (message: string) => urgentCategory(message) ?? PROBES_NO_RULE_HOLDS_FOR[message];
  return [
    ...urgent.map(([category, message]) => read(message, category === 'dose-question' ? ORDINARY : category)),
    ...urgentAnyCategory.map((message) => {
      const example = read(message, ORDINARY);
      const category = categoryByRules(message);
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

/** Each reading's features, kept: cross-validation trains many models on the same messages. */
const featureCache = new WeakMap<MessageEvidence, Map<string, Map<number, number>>>();
function featuresOf(evidence: MessageEvidence, without: readonly FeatureKind[]): Map<number, number> {
  const key = without.join(',');
  let byKind = featureCache.get(evidence);
  if (!byKind) featureCache.set(evidence, (byKind = new Map()));
  let features = byKind.get(key);
  if (!features) byKind.set(key, (features = secondOpinionFeatures(evidence, BUCKETS, without)));
  return features;
}

/** Multinomial logistic regression by AdaGrad over hashed features, quantised to int8. */
function train(examples: Example[], { urgentWeight, epochs, without }: TrainingOptions = options): SecondOpinionModel {
  const classes = [ORDINARY, ...new Set(examples.map((e) => e.label).filter((label) => label !== ORDINARY))];
  const k = classes.length;
  const weights = new Float64Array(k * BUCKETS);
  const squares = new Float64Array(k * BUCKETS).fill(1e-8);
  const bias = new Array<number>(k).fill(0);
  const biasSquares = new Array<number>(k).fill(1e-8);
  const prepared = examples.map((example) => ({
    features: featuresOf(example.evidence, without),
    target: classes.indexOf(example.label),
    weight: example.label === ORDINARY ? 1 : urgentWeight,
  }));
  for (let epoch = 0; epoch < epochs; epoch++) {
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
    crisisOverruleAt: CRISIS_OVERRULE_AT,
    scale,
    bias: bias.map((b) => Number(b.toFixed(6))),
    weights: Buffer.from(quantised.buffer).toString('base64'),
    ...(without.length > 0 ? { without } : {}),
  };
}

const tuningSets = (Object.keys(EVALUATION_SETS) as SetName[]).filter((name) => name.startsWith('tuning'));
const leaveOutAt = process.argv.indexOf('--leave-out');
const leftOut = leaveOutAt > 0 ? (process.argv[leaveOutAt + 1] as SetName) : undefined;
if (leftOut && !tuningSets.includes(leftOut)) throw new Error(`--leave-out takes a tuning set: ${tuningSets.join(', ')}`);

/** Emergency rules are never overruled at this. */
const NEVER = 1.01;

/** A way for the rules and the model to decide together, as triageWith() takes it. */
interface Policy {
  name: string;
  thresholds: Thresholds;
  net: SafetyNet;
}

/**
 * The policies cross-validation compares. Today's: the rules first, the model alone answering
 * below 0.7 (its category's answer) and the check-in below 0.8, an emergency rule overruled at
 * 0.999. The model as first reader: urgent whenever the model gives 'ordinary' less than t (below
 * 0.7 with its category's answer, above with the check-in, which also opens with the number), the
 * rules as the net, an emergency rule's answer kept unless the model gives 'ordinary' o or more
 * (a crisis rule always). Today's is the member t 0.8, o 0.999 of that family.
 */
function policies(): Policy[] {
  const list: Policy[] = [{ name: 'rules alone', thresholds: { ordinaryBelow: 0, overruleAt: NEVER }, net: { signsBelow: 0, modelBelow: 0 } }];
  if (process.argv.includes('--round-18')) {
    // Round 18: round 17's frozen policy, and the model reading parts of a message in several ways beside it
    // (bench/README.md, round 18; shipped: items < 0.5).
    list.push(ROUND_16, ROUND_17);
    const parts: [string, Partial<SafetyNet>][] = [];
    for (const partsBelow of [0.3, 0.5]) parts.push([`parts < ${partsBelow}`, { partsBelow }]);
    for (const partsBelow of [0.3, 0.5, 0.7]) parts.push([`items < ${partsBelow}`, { partsBelow, partsItemsOnly: true }]);
    for (const partsBelow of [0.3, 0.5, 0.7, 0.85]) parts.push([`items with a cue < ${partsBelow}`, { partsBelow, partsItemsOnly: true, partsNeedCue: true }]);
    for (const partsBelow of [0.3, 0.5]) parts.push([`parts with a cue < ${partsBelow}`, { partsBelow, partsNeedCue: true }]);
    for (const [name, net] of parts) list.push({ name: `round 17, ${name}`, thresholds: ROUND_17.thresholds, net: { ...ROUND_17.net, ...net } });
    for (const [name, net] of [['', {}], ...parts.filter(([name]) => name.startsWith('items'))] as [string, Partial<SafetyNet>][]) {
      list.push({ name: `round 17, whole overrules parts${name ? `, ${name}` : ''}`, thresholds: ROUND_17.thresholds, net: { ...ROUND_17.net, ...net, wholeOverrulesParts: true } });
    }
    return list;
  }
  if (process.argv.includes('--narrow')) {
    // Round 17's second pass, around the best of the first: the model first below 0.85 or 0.9, a crisis rule overruled or not, parts read by the model or not.
    list.push(ROUND_16);
    for (const t of [0.8, 0.85, 0.9]) {
      for (const o of [0.999, 0.99, 0.98]) {
        for (const crisisToo of [false, true]) {
          for (const partsBelow of [0, 0.3, 0.5]) {
            const name = `model < ${t}, overrule at ${o}${crisisToo ? ', crisis too' : ''}${partsBelow ? `, parts < ${partsBelow}` : ''}`;
            const thresholds = { ordinaryBelow: ORDINARY_BELOW, overruleAt: o, ...(crisisToo ? { crisisOverruleAt: o } : {}) };
            list.push({ name, thresholds, net: { signsBelow: 0, modelBelow: t, ...(partsBelow ? { partsBelow } : {}) } });
          }
        }
      }
    }
    return list;
  }
  for (const t of [0.7, 0.8, 0.9, 0.95, 0.97, 0.98, 0.99, 0.995]) {
    for (const o of [NEVER, 0.9999, 0.999, 0.995, 0.99, 0.98, 0.95, 0.9, 0.8]) {
      if (o < t) continue;
      for (const crisisToo of [false, true]) {
        if (crisisToo && o > 0.999) continue;
        const name = t === 0.8 && o === ROUND_16.thresholds.overruleAt && !crisisToo ? ROUND_16.name : `model < ${t}, overrule ${o === NEVER ? 'never' : `at ${o}`}${crisisToo ? ', crisis too' : ''}`;
        const thresholds = { ordinaryBelow: Math.min(ORDINARY_BELOW, t), overruleAt: o, ...(crisisToo ? { crisisOverruleAt: o } : {}) };
        list.push({ name, thresholds, net: { signsBelow: 0, modelBelow: t } });
      }
    }
  }
  // The model reading each part of a message on its own too, beside today's and model-first policies.
  for (const [t, o] of [[0.8, OVERRULE_AT], [0.9, OVERRULE_AT], [0.95, 0.95], [0.97, 0.97], [0.98, 0.98]] as const) {
    for (const partsBelow of [0.5, 0.7, 0.9]) {
      list.push({ name: `model < ${t}, overrule at ${o}, parts < ${partsBelow}`, thresholds: { ordinaryBelow: Math.min(ORDINARY_BELOW, t), overruleAt: o }, net: { signsBelow: 0, modelBelow: t, partsBelow } });
    }
  }
  return list;
}

interface Tally {
  urgent: number;
  caught: number;
  lookAlikes: number;
  alarms: number;
  questions: number;
  questionAlarms: number;
  missed: string[];
  alarmed: string[];
}
const emptyTally = (): Tally => ({ urgent: 0, caught: 0, lookAlikes: 0, alarms: 0, questions: 0, questionAlarms: 0, missed: [], alarmed: [] });

/**
 * Leave-one-set-out: for each tuning set, a model trained on every other tuning set (and the
 * probes), then the whole triage (triageWith: the message, its parts, the check-in) on the set
 * left out under each policy, counted as evaluate.ts counts it. The rules were written with
 * these sets in view, so the rules and the model's features drawn from them are not blind here.
 */
function crossValidate(): void {
  const named = argument('--sets')?.split(',') as SetName[] | undefined;
  const folds = named ?? tuningSets;
  const probes = process.argv.includes('--no-probes') ? [] : probeExamples();
  const bySet = new Map(tuningSets.map((name) => [name, examplesOf(name)]));
  const readings = new Map<string, MessageEvidence>();
  for (const example of [...probes, ...[...bySet.values()].flat()]) readings.set(example.message, example.evidence);
  const read = (text: string) => {
    let evidence = readings.get(text);
    if (!evidence) readings.set(text, (evidence = new MessageEvidence(text)));
    return evidence;
  };
  const list = policies();
  const modelAlone = [0.5, 0.7, 0.8, 0.9, 0.95, 0.98, 0.99];
  const results: Record<string, Record<string, Tally>> = {};
  const started = Date.now();
  for (const fold of folds) {
    const trainingStarted = Date.now();
    const model = train([...tuningSets.filter((name) => name !== fold).flatMap((name) => bySet.get(name)!), ...probes]);
    const trainingSeconds = (Date.now() - trainingStarted) / 1000;
    const weights = weightsOf(model);
    const ordinaryIndex = model.classes.indexOf(ORDINARY);
    const opinions = new Map<MessageEvidence, Opinion>();
    const opinion = (evidence: MessageEvidence): Opinion => {
      let found = opinions.get(evidence);
      if (!found) {
        const p = classProbabilities(weights, model.bias, model.scale, featuresOf(evidence, options.without), BUCKETS);
        let best = ordinaryIndex === 0 ? 1 : 0;
        p.forEach((value, k) => {
          if (k !== ordinaryIndex && value > p[best]!) best = k;
        });
        opinions.set(evidence, (found = { ordinary: p[ordinaryIndex]!, category: model.classes[best]! }));
      }
      return found;
    };
    const files = EVALUATION_SETS[fold];
    const urgentMessages = load<Urgent>(files.urgent);
    const lookAlikes = load<Ordinary>(files.ordinary).map((o) => o.message);
    const questions = load<LabelledQuestion>(files.questions).map((q) => q.question);
    const tallies: Record<string, Tally> = {};
    const count = (name: string, answer: (message: string) => { urgent: boolean; referral: boolean }) => {
      const tally = (tallies[name] = emptyTally());
      for (const { message, category } of urgentMessages) {
        const { urgent, referral } = answer(message);
        tally.urgent++;
        if (urgent || (referral && TRIAGE_LEVELS[category] === 'referral')) tally.caught++;
        else tally.missed.push(`(${category}) ${message}`);
      }
      for (const message of lookAlikes) {
        tally.lookAlikes++;
        if (answer(message).urgent) {
          tally.alarms++;
          tally.alarmed.push(message);
        }
      }
      for (const message of questions) {
        tally.questions++;
        if (answer(message).urgent) tally.questionAlarms++;
      }
    };
    for (const policy of list) {
      const method: TriageMethod = { thresholds: policy.thresholds, net: policy.net, opinion, read };
      count(policy.name, (message) => {
        const result = triageWith(message, method);
        return { urgent: !!result && result.level !== 'referral', referral: result?.level === 'referral' };
      });
    }
    // The model alone, no rules (a dose question still counts when the rules refer it).
    for (const t of modelAlone) {
      count(`model alone < ${t}`, (message) => {
        const evidence = read(message);
        const referral = rules.find((rule) => evidence.holds(rule))?.level === 'referral';
        return { urgent: opinion(evidence).ordinary < t, referral };
      });
    }
    results[fold] = tallies;
    const today = tallies[ROUND_16.name]!;
    console.error(`${fold}: round 16 ${today.caught}/${today.urgent}, ${today.alarms}/${today.lookAlikes} (training ${trainingSeconds.toFixed(0)} s, ${((Date.now() - started) / 1000).toFixed(0)} s in all)`);
  }
  const names = Object.keys(results[folds[0]!]!);
  const pooled = (name: string) =>
    folds.reduce((sum, fold) => {
      const t = results[fold]![name]!;
      return { ...sum, urgent: sum.urgent + t.urgent, caught: sum.caught + t.caught, lookAlikes: sum.lookAlikes + t.lookAlikes, alarms: sum.alarms + t.alarms, questions: sum.questions + t.questions, questionAlarms: sum.questionAlarms + t.questionAlarms };
    }, emptyTally());
  console.log(`leave-one-set-out over ${folds.join(', ')}; urgent weight ${options.urgentWeight}, ${options.epochs} epochs, without ${options.without.join(',') || 'nothing'}${probes.length ? '' : ', no probes'}`);
  console.log('policy | missed / urgent | false alarms / look-alikes | questions alarmed');
  for (const name of names) {
    const p = pooled(name);
    console.log(`${name} | ${p.urgent - p.caught} / ${p.urgent} | ${p.alarms} / ${p.lookAlikes} (${((100 * p.alarms) / p.lookAlikes).toFixed(1)}%) | ${p.questionAlarms} / ${p.questions}`);
  }
  const listed = argument('--list-policy');
  if (listed) {
    for (const fold of folds) {
      const t = results[fold]![listed]!;
      for (const miss of t.missed) console.log(`  ${fold} miss ${miss}`);
      for (const alarm of t.alarmed) console.log(`  ${fold} alarm ${alarm}`);
    }
  }
  const json = argument('--json');
  if (json) {
    const compact = Object.fromEntries(folds.map((fold) => [fold, Object.fromEntries(names.map((name) => { const { missed, alarmed, ...rest } = results[fold]![name]!; return [name, { ...rest, missed, alarmed }]; }))]));
    writeFileSync(json, JSON.stringify({ options, folds, results: compact }));
  }
}

if (process.argv.includes('--cross-validate')) {
  crossValidate();
  process.exit(0);
}

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
  const shipped = urgentAt({ ordinaryBelow: ORDINARY_BELOW, overruleAt: OVERRULE_AT, crisisOverruleAt: CRISIS_OVERRULE_AT });
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
    const urgent = urgentAt({ ordinaryBelow: ORDINARY_BELOW, overruleAt: OVERRULE_AT, crisisOverruleAt: CRISIS_OVERRULE_AT });
    read.forEach(({ example, rule, opinion }, i) => {
      if ((example.label !== ORDINARY) === urgent[i]) return;
      const what = example.label === ORDINARY ? 'alarm' : 'miss';
      console.log(`  ${what}, p(ordinary) ${opinion.ordinary.toFixed(3)}, rule ${rule?.category ?? 'none'}: ${example.message}`);
    });
  }
}
