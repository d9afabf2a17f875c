/**
 * Safety triage, run on every message before any engine answers. It recognises situations
 * where a parent must act now and answers with urgent, brief, safe steps; it never names a
 * condition. It reads a message as evidence rather than word order (triage-engine/evidence.ts): the
 * event, what was involved and the signs, in any order and with typos, counted only when they
 * describe something happening to a child now, not a question about prevention, something last
 * year or a figure of speech. A small trained model (triage-engine/second-opinion.ts) gives a
 * second opinion: it catches wording the rules have never met, and overrules an emergency or
 * crisis rule only when all but certain the message is ordinary. A message of several matters is also read
 * part by part (partsOf), so an emergency told among ordinary questions, or followed by a hopeful
 * "is that ok?", is not diluted by them. In real doubt it answers urgently.
 */
import { MessageEvidence, type Cue } from './triage-engine/evidence';
import { rules, type TriageCategory, type TriageLevel, type TriageRule } from './triage-engine/rules';
import { modelFindsUrgent, type Opinion, ruleStands, SHIPPED_THRESHOLDS, secondOpinion, type Thresholds } from './triage-engine/second-opinion';

export type { TriageCategory, TriageLevel } from './triage-engine/rules';

/**
 * 'check-in': the safety net. No rule and not the model found an emergency, but the message tells
 * of a danger sign about someone now, so the answer opens with the emergency number, said as a
 * condition ("if anyone may be in danger right now, call ..."), before anything else. It is not
 * an emergency answer (no steps, no category named to the parent); the evaluation counts it as
 * triaged on an urgent message and as a false alarm on an ordinary one.
 */
export type TriageAnswerLevel = TriageLevel | 'check-in';

export interface TriageResult {
  /** For a check-in, the category the second opinion finds likeliest, which only picks related articles. */
  category: TriageCategory;
  level: TriageAnswerLevel;
  answer: string;
  /** Knowledge-base articles worth reading once the child is safe. */
  relatedSlugs: string[];
}

export const EMERGENCY_CALL = 'Call your local emergency number now (911 in the US and Canada, 999 in the UK, 112 in Europe).';

/** The level each category answers at, so callers can tell an emergency from a referral without running a message. */
export const TRIAGE_LEVELS = Object.fromEntries(rules.map((rule) => [rule.category, rule.level])) as Record<TriageCategory, TriageLevel>;

const MEDICATION_ANSWER = [
  "I can't advise on medicine doses: the right amount depends on your child's exact age and weight and on the strength of the medicine you have.",
  'Please ask a pharmacist or your doctor. A pharmacist can usually answer straight away, without an appointment.',
  "- Use the syringe or spoon that comes with the medicine, and follow the instructions on the packet for your child's age.",
  "- Don't give two medicines that contain the same ingredient.",
  '- If you think your child has had too much, call your local emergency number or poison control now.',
].join('\n');

const emergencyCallInSentence = `${EMERGENCY_CALL.charAt(0).toLowerCase()}${EMERGENCY_CALL.slice(1)}`;

/** The safety net's answer: the emergency number first, as a condition, then the way to ordinary help. Brief, and it names no condition. */
export const CHECK_IN_ANSWER = [
  `If you think your child or anyone else may be in danger right now (hard to wake, struggling to breathe, getting worse fast, or at risk of being hurt), ${emergencyCallInSentence}`,
  "If not, please talk to your doctor, health visitor or a nurse advice line today about what you've described, and tell me more if you'd like help with anything else.",
].join('\n');

/**
 * Danger signs of any category, as the safety net reads them: breathing trouble, not waking or
 * not responding, a fit, the warning signs after a knock to the head or with a fever, a rash
 * that does not fade, heavy bleeding or a deep burn, signs of something stuck or of a reaction
 * in the throat, a child under water, thoughts or plans of harm and their means, and a child
 * hurt, threatened or afraid. Each counts only as told now of someone named (MessageEvidence.cuesNow).
 */
export const DANGER_SIGNS: readonly Cue[] = [
  'notBreathing', 'breathlessSpeech', 'airwaySign', 'silent', 'unresponsive', 'noResponse', 'seizure',
  'headWarning', 'feverWarning', 'nonBlanching', 'purpleSpots', 'stiffNeck', 'heavyBleeding', 'seriousWound',
  'burnDamage', 'clothesOnFire', 'swallowSign', 'airwaySwelling', 'throatTight', 'anaphylaxis', 'drowned',
  'underWater', 'selfHarm', 'harmThoughts', 'overdoseTaken', 'manyTaken', 'foundCollapsed', 'endIt', 'planIt',
  'hopeless', 'takeAll', 'neverWake', 'lethalQuery', 'means', 'violence', 'babyShaken', 'sexualAbuse',
  'groomingAsk', 'disclosure', 'danger', 'parentHarm', 'lostControl', 'poisoned', 'medicationError',
];

/**
 * When the safety net offers the emergency number, once the rules and the model have found no
 * emergency: a danger sign told now with the model giving 'ordinary' less than `signsBelow`
 * (above 1: any such sign), or the model alone giving 'ordinary' less than `modelBelow` (0: never),
 * or the model giving less than `partsBelow` to one part of the message read on its own.
 */
export interface SafetyNet {
  signsBelow: number;
  modelBelow: number;
  /** A part of the message (partsOf) the model gives 'ordinary' less than this, read on its own (absent: never). Shipped since round 18. */
  partsBelow?: number;
  /** The parts partsBelow reads are only the items of a list of matters (listItemsOf), not every part (round 18, shipped). */
  partsItemsOnly?: boolean;
  /** Round 18, measured, not shipped: a part partsBelow reads must tell some cue of the rules as now (MessageEvidence.tellsACueNow). */
  partsNeedCue?: boolean;
  /** Round 18, measured, not shipped: a rule the model overruled on the whole message stays overruled in its parts. */
  wholeOverrulesParts?: boolean;
}

/**
 * Chosen in round 10 by leave-one-set-out on tuning-8 to tuning-11 (each model trained without
 * the set; the rules were written after all four were seen, which flatters every row): summed
 * over 640 urgent, 640 look-alikes and 496 questions, no net 637 / 7 / 0; the model below 0.75 or
 * 0.8, 638 / 8 / 1; below 0.85, 638 / 12 / 1; below 0.9, 638 / 17 / 1; a danger sign with the
 * model below 0.9, 637 / 10 / 1; below 0.95, 637 / 16 / 2; below 0.99, 638 / 31 / 8; any danger
 * sign, 638 / 104 / 109. On tuning-11 with round 9's rules, frozen before it was run (so blind
 * but for the model's left-out training), no net 153 / 6 / 0, the model below 0.8 157 / 6 / 0,
 * below 0.75 155, a danger sign with the model below 0.9 154 / 6 / 0, any danger sign 154 / 33 / 29.
 * Danger signs alone are too common in ordinary messages to be a net; they are kept for measuring.
 *
 * Round 17 measured the model as the first reader by leave-one-set-out over all 18 tuning sets,
 * each model trained without the set it is measured on (bench/README.md, round 17): a message
 * urgent whenever the model gives 'ordinary' less than 0.9 (below 0.7 with its category's answer,
 * else this check-in), the rules as the net, missed 4 of 2,957 emergencies (0 with the model
 * reading the words alone and each part of a message read on its own below 0.3) against 5 for
 * round 16's policy, for 90 (131) false alarms of 2,958 look-alikes against 63. Trained on every
 * set, those models alarm on 9 to 20 of the ordinary probes of triage.test.ts, which they learn
 * from. Trained for 40 epochs, the model passes the probes with the net at 0.85 (not 0.9: "he
 * swallowed his chewing gum"); over tuning-6 to tuning-18 that missed 4 of 2,112 emergencies with
 * 44 false alarms of 2,112, against 5 and 42 at 0.8 with 20 epochs, and 5 and 52 for round 16's
 * policy.
 *
 * Round 18 (bench/README.md, round 18): the model also reads each item of a list of matters on its
 * own, and a check-in answers when it gives an item 'ordinary' below 0.5. Round 17 measured every
 * part of a message read so (parts < 0.3): it caught emergencies told as one item of a numbered
 * list, but alarmed on ordinary parts, among them a probe ("the rash blanches when I press it, is
 * that ok": its part without "is that ok" told the glass test before the pressing, which the
 * reading did not take for a check passed, so the model alone answered the fragment). By
 * leave-one-set-out over tuning-10 to tuning-19, reading only list items missed 2 of 1,600
 * emergencies with 34 false alarms of 1,600, against 4 and 34 for round 17's policy, and 2 and 43
 * for every part read; 0.3 scored the same as 0.5, 0.7 two more false alarms. Requiring a rule's
 * cue told now in the item lost both list catches (a temperature without a unit; a niece, another
 * family's child); keeping a rule the model overruled on the whole overruled in its parts took one
 * false alarm away and was not shipped: the parts are read so a list's ordinary matters cannot
 * dilute its emergency.
 *
 * Round 19 (bench/README.md, round 19) changed readings only (a knock told as a collision, a story
 * named with its kind, a size word qualifying another noun, marks drawn with a pen) and kept round
 * 18's model and thresholds. Retrained on all 20 tuning sets with tuning-20 added, the model checked
 * in on a round-18 probe kept out of its training ("he doesn't have any thoughts of hurting himself,
 * ... but he's very low": 'ordinary' 0.864 became 0.761), so it was not shipped; the model file is
 * the one committed at fac95e4 (round 18 recorded that its trainer reproduces it byte for byte).
 *
 * Round 20 (bench/README.md, round 20) again changed readings only (a burn told by its signs, a list's
 * numbers, waking from deep sleep, 'what is a' questions, the parent's age then, a spice's burn) and
 * kept the same model and thresholds. Retrained on all 21 tuning sets with tuning-21 added, the model
 * checked in on the same round-18 probe ('ordinary' 0.864 became 0.844), though it no longer answered
 * tuning-21's fever after jabs, a message it had then learnt (the mother's own ibuprofen it still
 * answered, by the rule); a model that fails a probe kept out of its training is not shipped.
 *
 * Round 21 (bench/README.md, round 21) changed readings only (a burn word used for fever or for a
 * feeling, a child back to their usual self, nothing since, harm by the parent's own parent told as
 * their childhood) and kept the same model and thresholds. Retrained on all 22 tuning sets with
 * tuning-22 added, the model failed three probes kept out of its training: round 18's probe checked in
 * ('ordinary' 0.809), and round 20's friction blisters and round 21's seizure with nothing since were
 * answered; so it is not shipped. The one look-alike of tuning-22 still answered, a double dose feared
 * and found on checking not to have been given, is left to the medication-dose rule: what a check
 * finds may be worse than feared as well as better, and cues do not tell which.
 *
 * Round 22 (bench/README.md, round 22) changed readings only (round 21's parent's-childhood reading
 * narrowed to a writer who shows they are an adult telling their past, with no young person's voice; a
 * child's own word that they are fine; a blow to the head with a foot or knee; injuries whose pattern
 * points to harm as abuse; a first-aid question about a child in general after a leading phrase; a test
 * told as clear; the parent's own temperature; the mother's own blood loss at the birth remembered; and
 * heavyBleeding's words as no danger sign without blood) and kept the same model and thresholds: the model
 * was not retrained this round (not tried; round 21's retrained model failed three probes kept out of its
 * training). Tuning-23's one look-alike still answered, Calpol then ibuprofen an hour apart, is the model
 * alone checking in ('ordinary' 0.842): whether two medicines are a normal pair or the same ingredient
 * twice needs what each contains, which cues do not read, and the check-in is the safe answer.
 *
 * Round 22's addendum (bench/README.md, round 22, "Addendum: harm done with an object") added one reading
 * before the freeze, with the same model and thresholds: harm done with an object by an adult (a thing
 * thrown at the writer or a child, struck with, smashed on, pushed into, burnt or cut with) is adultHarm,
 * so abuse, with or without an injury named ("my mum threw a plate at me and it cut my head" held no rule
 * and the model gave 'ordinary' 0.973). Playthings, figures of speech (a party, a look) and a thing thrown
 * to catch are not; the parent's own childhood is read as round 22 reads it. It changed no line of the
 * evaluation. Two look-alikes found while probing (an adult's own burn, a child's pillow fight) are still
 * answered by the model alone, with no rule held; they are not this class and the model is not retrained.
 *
 * Round 23 (bench/README.md, "Round 23: held-out-23 studied as tuning-24") froze with the same model and
 * thresholds. Its readings: a household poisoned by the air (householdFumes: a source of fumes, signs in
 * the child and in someone else at home, one of the head), coming off a thing ridden as a fall, the same
 * thing asked again as a sign and no comparison, a water word qualifying a thing, 'in.' ending a sentence,
 * an egg on the head as a lump, and figures of speech (killing myself laughing, a device unresponsive, a
 * plant pot, a mistake noticed before giving). Left to the model alone, each a look-alike: a floppy sleeper
 * who wakes grinning (a rule), cupboard locks for bleach, a swallowed milk tooth, tonsils healed, an A&E
 * discharge, a tracker app (check-ins or the model alone); and a scooter fall with a deep cut and
 * dizziness, answered as a head injury before bleeding by rule order, still an emergency.
 */
export const SHIPPED_SAFETY_NET: SafetyNet = { signsBelow: 0, modelBelow: 0.85, partsBelow: 0.5, partsItemsOnly: true };

/** Cues that tell blood or a wound, beside which heavyBleeding's words ('a lot', 'cold', 'minutes') tell heavy bleeding. */
const BLEEDING_CUES: readonly Cue[] = ['bleeding', 'seriousWound', 'bleedingThrough', 'filledWithBlood'];

/**
 * The danger signs a message tells now (DANGER_SIGNS, MessageEvidence.cuesNow). heavyBleeding reads how much
 * or how long, and the signs of blood loss ('a lot', 'for minutes', 'pale and cold'): without blood or a
 * wound told now it is no sign (round 22: "he's got a cold" beside a rash that fades under a glass read as
 * a danger sign, so the check passed did not set the model aside and it checked in).
 */
export function dangerSignsNow(evidence: MessageEvidence): Cue[] {
  const signs = evidence.cuesNow(DANGER_SIGNS);
  if (!signs.includes('heavyBleeding') || evidence.cuesNow(BLEEDING_CUES).length > 0) return signs;
  return signs.filter((sign) => sign !== 'heavyBleeding');
}

/**
 * Whether the message tells a check the parent is taught, passed, with no danger sign told now: a
 * temperature in the normal range ("feels warm but her temp is 36.9, is that normal?"), or a rash
 * that fades under a pressed glass. It answers the worry it is asked about.
 */
function reassuredByCheck(evidence: MessageEvidence): boolean {
  return (evidence.tellsNormalReading() || evidence.tellsBlanchingRash()) && dangerSignsNow(evidence).length === 0;
}

/** At most this many words, and nothing the rules read: a greeting or a thank-you ("thanks a million"). */
const PLEASANTRY_WORDS = 4;

/**
 * Whether a message is a few words in which the rules find nothing at all: a greeting or a thank-you,
 * which the chat gets between questions. The model was trained on parents' concerns told in sentences;
 * on a bare "thanks" its few hashed words give noise (round 25: "Thanks" was a head injury). A longer
 * message the rules do not read is still the model's ("a note about ending it and a rope").
 */
function isPleasantry(evidence: MessageEvidence): boolean {
  const words = evidence.sentences.flat().filter((token) => token.pos !== 'PUNCT' && /[a-z0-9]/.test(token.word));
  return words.length <= PLEASANTRY_WORDS && !evidence.findsAnyCue();
}

/**
 * Whether the model alone may not answer: a pleasantry (isPleasantry), a check told as passed
 * (reassuredByCheck), or a laugh about an adult with no danger sign told of anyone now, where what
 * it reads as urgent is the joke's words; or, since round 27, a threat to kill oneself over a song or
 * a show heard again, with no cue told now (onlyExasperated).
 */
function modelAloneSetAside(evidence: MessageEvidence): boolean {
  let setAside = setAsideByReading.get(evidence);
  if (setAside === undefined) setAsideByReading.set(evidence, (setAside = isPleasantry(evidence) || reassuredByCheck(evidence) || evidence.laughsAboutAnAdult(DANGER_SIGNS) || evidence.onlyExasperated()));
  return setAside;
}
/** Kept with each reading, which may be judged under several policies when measuring. */
const setAsideByReading = new WeakMap<MessageEvidence, boolean>();

/** Whether a message no rule or model calls urgent still holds the real doubt the safety net answers. */
export function checkInHolds(evidence: MessageEvidence, opinion: Opinion, net: SafetyNet): boolean {
  if (modelAloneSetAside(evidence)) return false;
  if (opinion.ordinary < net.modelBelow) return true;
  return opinion.ordinary < net.signsBelow && dangerSignsNow(evidence).length > 0;
}

/**
 * The emergencies whose first-aid steps a crisis answer keeps when the message also holds their rule: a wound, a
 * burn, something swallowed, a knock to the head. Self-harm and abuse leave injuries, and the pressure on a wound or
 * the cooling of a burn must not wait for the crisis line (round 33: a teenager's own heavy cutting, a foster child's
 * patterned burns). The breathing and responsiveness rules are not among them: their cues are read from words a
 * crisis message uses otherwise ("not answering", "by the neck").
 */
const FIRST_AID_BESIDE_A_CRISIS: readonly TriageCategory[] = ['severe-bleeding', 'burns', 'poisoning', 'medication-dose', 'head-injury-vomiting'];

/** The first-aid rule a crisis answer keeps beside it (FIRST_AID_BESIDE_A_CRISIS), when the message holds one. */
function firstAidBeside(rule: TriageRule, evidence: MessageEvidence): TriageRule | undefined {
  if (rule.level !== 'crisis') return undefined;
  return rules.find((candidate) => FIRST_AID_BESIDE_A_CRISIS.includes(candidate.category) && evidence.holds(candidate));
}

/**
 * A crisis answer's call is conditional ("if anyone is in danger"), except beside first aid: a wound bleeding
 * heavily or a burn is an emergency in itself, so the call comes plainly, as in the first-aid rule's own answer.
 */
function answerFor(rule: TriageRule, firstAid?: TriageRule): string {
  const steps = rule.steps.map((step) => `- ${step}`);
  const aid = firstAid ? ['While you wait for help:', ...firstAid.steps.map((step) => `- ${step}`)] : [];
  if (rule.level === 'referral') return MEDICATION_ANSWER;
  if (rule.category === 'self-harm') {
    return [
      "I'm really sorry you're going through this. You matter, and you don't have to face it alone.",
      firstAid ? EMERGENCY_CALL : `If you or your child might be in danger, ${emergencyCallInSentence}`,
      ...aid,
      ...steps,
    ].join('\n');
  }
  if (rule.category === 'abuse') return [firstAid ? EMERGENCY_CALL : `If anyone is in danger right now, ${emergencyCallInSentence}`, ...aid, ...steps].join('\n');
  return [EMERGENCY_CALL, 'While you wait for help:', ...steps].join('\n');
}

/**
 * How the rules and the model decide together, and how a text is read and judged: triage() uses
 * the shipped model and thresholds; the training script's cross-validation passes a model trained
 * without the set it measures, other thresholds, and a reader that keeps what it has read.
 */
export interface TriageMethod {
  /** When the model's 'ordinary' overrules an emergency rule, and when the model alone answers with its category. */
  thresholds: Thresholds;
  /** When the check-in answers what neither found urgent. */
  net: SafetyNet;
  /** The model's opinion of a reading. */
  opinion: (evidence: MessageEvidence) => Opinion;
  /** Reads a text (the whole message, or one of its parts). */
  read: (text: string) => MessageEvidence;
}

const chokingRule = rules.find((rule) => rule.category === 'choking')!;
const allergyRule = rules.find((rule) => rule.category === 'allergic-reaction')!;
/** Choking told as such: the word, a thing stuck, something gone down the airway with its sign, or back blows given. */
const CHOKING_TOLD: TriageRule = { ...chokingRule, evidence: [['choking'], ['stuckInThroat'], ['intoAirway', 'airwaySign'], ['backBlows']] };
/** An allergic reaction told as such: an allergy or a trigger with a swelling of the face or airway, hives, or the pen used. */
const REACTION_TOLD: TriageRule = {
  ...allergyRule,
  evidence: [['anaphylaxis'], ['allergyTrigger', 'airwaySwelling'], ['allergyTrigger', 'hives'], ['allergyTrigger', 'eyeSwelling'], ['allergyTrigger', 'penUsed']],
};

/**
 * The first rule that holds for a reading, kept with it: the same reading is judged by several thresholds when
 * measuring. Choking read only from a food and a breathing sign ("ate sesame bread, face swollen, can't breathe")
 * gives way to an allergic reaction told as such (REACTION_TOLD), when nothing tells choking itself (CHOKING_TOLD):
 * the food was the trigger, and the pen comes first (round 28: two reactions in round 27's blind run were
 * answered as choking or not breathing).
 */
const ruleHeld = new WeakMap<MessageEvidence, TriageRule | null>();
function firstRuleHeld(evidence: MessageEvidence): TriageRule | undefined {
  let held = ruleHeld.get(evidence);
  if (held === undefined) {
    held = rules.find((candidate) => evidence.holds(candidate)) ?? null;
    if (held === chokingRule && !evidence.holds(CHOKING_TOLD) && evidence.holds(REACTION_TOLD)) held = allergyRule;
    ruleHeld.set(evidence, held);
  }
  return held ?? undefined;
}

/**
 * The rule whose answer a message gets: the first rule that holds, unless the model overrules
 * it; otherwise the rule of the model's category, when the model finds the message urgent. A
 * referral (a dose question) never outranks the model finding an emergency: in real doubt
 * between asking a pharmacist and calling now, the answer is urgent ("gave another dose at 7 ...
 * now he's throwing up" names a dose and tells of too much given).
 */
function chooseRule(evidence: MessageEvidence, opinion: Opinion, thresholds: Thresholds): TriageRule | undefined {
  const held = firstRuleHeld(evidence);
  if (held?.level === 'referral' && modelFindsUrgent(opinion, thresholds)) return rules.find((candidate) => candidate.category === opinion.category) ?? held;
  if (held) return ruleStands(held.level, opinion, thresholds) ? held : undefined;
  // The model alone does not outweigh a check told as passed, nor a laugh about an adult, with no danger sign now (modelAloneSetAside).
  if (!modelFindsUrgent(opinion, thresholds) || modelAloneSetAside(evidence)) return undefined;
  return rules.find((candidate) => candidate.category === opinion.category);
}

/**
 * Where a parent moves from one matter to the next within a message: a semicolon or a new line
 * between items, a comma followed by a word that adds an item ("..., also ds has gone floppy",
 * "..., oh and he fell down the stairs"), the number or letter of an item in a list written on one
 * line ("1) ... 2) ...", "a) ... b) ..."), and 'secondly', 'thirdly', 'lastly'. Items numbered
 * "1. ... 2. ..." are broken by listNumbersAsBreaks first.
 */
const LIST_BREAK =
  /;|\n+|,\s*(?=(?:oh and|and also|also|plus|btw|by the way|another thing|one more thing|ps)\b)|(?:^|\s|:)\(?(?:\d{1,2}|[a-e])\)\s*|[,.:]\s*(?=(?:secondly|thirdly|lastly|and finally)\b)/i;

/** A number and a stop or colon before words ("1. fever 2. rash", "he's 3. Should we ..."). */
const NUMBER_AND_STOP = /(^|\s|:)(\d{1,2})[.:]\s+(?=[a-z])/gi;

/**
 * The message with each number that numbers a list ("1. ... 2. ...") made a new line. A number
 * and a stop count only when the number before or after it is there too: an age or a count
 * that ends a sentence ("he's 3. Should we ...", "wait until 1. Who's right?") is no list, and
 * round 20 found the sentence before it read as an item alone, its question cut off.
 */
function listNumbersAsBreaks(text: string): string {
  const numbers = new Set([...text.matchAll(NUMBER_AND_STOP)].map((match) => Number(match[2])));
  return text.replace(NUMBER_AND_STOP, (whole, before: string, digits: string) => {
    const n = Number(digits);
    return numbers.has(n - 1) || numbers.has(n + 1) ? `${before}\n` : whole;
  });
}

/** The text split into the items of a list of matters (LIST_BREAK); one item when it is no list. */
function splitIntoItems(text: string): string[] {
  return listNumbersAsBreaks(text).split(LIST_BREAK);
}

/**
 * A dash may start a new matter ("a few things - is it ok to ...") or ask about the one just told
 * ("chokes at letdown - any tips?"), so what follows a dash is read on its own, and what comes
 * before it is not.
 */
const DASH = /\s[-\u2013\u2014]+\s/g;

/**
 * A closing hedge: a last clause, or a last sentence, that only asks whether what was told is all
 * right, or explains it away ("..., is that right?", "..., probably just tired", "so maybe it's
 * ok??", ". Probably needs a plaster lol", ". probably normal where he's from?"). What it
 * asks or guesses is the parent's hope, not a new fact, so it may not lower what the rest tells.
 */
const CLOSING_HEDGE =
  /(?:,|[.!?]+\s|\s[-\u2013\u2014]+\s|\bso\b|\bbut\b)\s*(?:(?:is|was|are)\s+(?:that|this|it|he|she)\s+(?:just\b[^,.;!?]{0,40}|(?:really\s+|actually\s+|all\s+)?(?:ok|okay|alright|all right|right|bad|normal|serious|a problem|a worry|worrying|dangerous|fine|safe)\b)\s*\?*|(?:probably|prob|maybe|hopefully|surely|i think|i guess|i hope|must be|it's probably|it's just|just)\b[^,;!?]{0,60}[.!?]*)\s*$/i;

/** A laugh typed beside what is told ("lol", "haha"): nervous, not a joke about it, when a hedge explains the thing away. */
const LAUGH = /\b(?:lol|lolz|lmao|rofl|haha\w*|hehe\w*)\b/gi;
/**
 * A hedge anywhere in a message: a clause, after a stop, a comma or a laugh, that guesses a harmless
 * cause ("probably teething lol?", "haha probably her jabs, ...", ". Maybe just a cold."), up to a
 * 'but' ("lol I'm probably overreacting but ..."). Like a closing hedge, it is the parent's hope, not a new fact.
 */
const HEDGE_CLAUSE =
  /(?<=^|[,.;:!?])\s*(?:probably|prob|prolly|maybe|hopefully|surely|must be|it's probably|it's just|i'm sure|i am sure|i'm probably|i am probably)\b(?:(?!\bbut\b)[^,.;!?])*[.!?]*/gi;

/** The message without its hedges and, when it has one, its laughs; undefined when it has no hedge. */
function withoutHedges(text: string): string | undefined {
  const laughless = text.replace(LAUGH, ',');
  const kept = laughless.replace(HEDGE_CLAUSE, '');
  if (kept === laughless) return undefined;
  return kept.replace(/\s*,(?:\s*,)+/g, ',').replace(/^[\s,]+/, '').trim();
}

/** The message without a closing hedge, or undefined when it has none. */
function withoutClosingHedge(text: string): string | undefined {
  const trimmed = text.trim();
  const match = CLOSING_HEDGE.exec(trimmed);
  if (!match || match.index === 0) return undefined;
  return trimmed.slice(0, match.index).trim();
}

/**
 * The parts of a message read on their own, beside the whole: each item of a list of matters, what
 * follows a dash, a bracketed aside and the text around it, and the message and each item without a
 * closing hedge. An emergency told in one part is not diluted by the ordinary matters around it, nor
 * by a frame one of them sets ("any tips for his nap, oh and he fell down the stairs and has been
 * sick twice").
 */
export function partsOf(message: string): string[] {
  // A bracketed aside is a part of its own, and the text around it reads on without it.
  const asides = [...message.matchAll(/\(([^()]*)\)/g)].map((match) => match[1]!);
  const host = withoutAsides(message);
  const listed = splitIntoItems(host);
  const afterDashes = listed.flatMap((item) => [...item.matchAll(DASH)].map((dash) => item.slice(dash.index + dash[0].length)));
  // A laugh after words ends what it laughs at ("Bit of a mess here lol, ..."): what follows it is read
  // on its own too. One that opens the message ("lol my 4yo says ...") laughs at what comes next.
  const afterLaughs = listed.flatMap((item) =>
    [...item.matchAll(LAUGH)].filter((laugh) => /[a-z]/i.test(item.slice(0, laugh.index))).map((laugh) => item.slice(laugh.index + laugh[0].length).replace(/^[\s,.;:!?]+/, '')),
  );
  const items = [...(listed.length > 1 ? listed : []), ...afterDashes, ...afterLaughs, ...asides].map((item) => item.trim()).filter((item) => /[a-z]/i.test(item));
  const parts = new Set<string>(items);
  if (asides.length > 0) parts.add(host.trim());
  for (const text of [host, ...items]) {
    for (const kept of [withoutClosingHedge(text), withoutHedges(text)]) if (kept && /[a-z]/i.test(kept)) parts.add(kept);
  }
  parts.delete(message.trim());
  return [...parts];
}

/** The message with its bracketed asides taken out. */
function withoutAsides(message: string): string {
  return message.replace(/\s*\([^()]*\)/g, '');
}

/** The items of a list of matters (splitIntoItems), when the message has two or more; none otherwise. */
export function listItemsOf(message: string): string[] {
  const listed = splitIntoItems(withoutAsides(message)).map((item) => item.trim()).filter((item) => /[a-z]/i.test(item));
  return listed.length > 1 ? listed : [];
}

/** The emergency or crisis rule one part of a message holds, read as if the parent had sent it alone. */
function urgentRuleInParts(message: string, method: TriageMethod, overruled?: TriageRule): TriageRule | undefined {
  for (const part of partsOf(message)) {
    const evidence = method.read(part);
    // A rule must hold in the part: the model alone, reading a fragment, is not the parent's whole story.
    const held = firstRuleHeld(evidence);
    if (!held || held.level === 'referral' || held === overruled) continue;
    if (ruleStands(held.level, method.opinion(evidence), method.thresholds)) return held;
  }
  return undefined;
}

/**
 * The model's opinion of the first part of a message it doubts on its own (SafetyNet.partsBelow),
 * if any: since round 18 only the items of a list of matters, each told as the parent's own matter.
 * A fragment a hedge or a dash leaves is the same matter with less said, and the model, which
 * learnt from whole messages, reads such fragments too urgently.
 */
function doubtInParts(message: string, method: TriageMethod): Opinion | undefined {
  const { partsBelow: below, partsItemsOnly, partsNeedCue } = method.net;
  if (!below) return undefined;
  for (const part of partsItemsOnly ? listItemsOf(message) : partsOf(message)) {
    const evidence = method.read(part);
    const opinion = method.opinion(evidence);
    if (opinion.ordinary < below && !modelAloneSetAside(evidence) && (!partsNeedCue || evidence.tellsACueNow())) return opinion;
  }
  return undefined;
}

/**
 * The answer a list item gets when the safety net already doubts it on its own (its 'ordinary' below
 * SafetyNet.partsBelow, as doubtInParts reads it): the one it would get if the parent had sent it alone
 * (chooseRule: a rule that holds and stands, a dose question outranked by the model, or the model's own
 * category), when that is an emergency or a crisis. Each item of a list is a matter of its own (round 18);
 * the ordinary items around it dilute the model's reading of the whole, and a check-in gives no steps
 * (round 29: a 15-year-old with a noose, and children locked out in the snow, each inside a list of
 * ordinary questions, got the check-in only). Only items the check-in would doubt: no new alarm, but over a
 * dose question the whole message was referred for (a referral never outranks an emergency the model finds).
 */
function urgentAnswerInItems(message: string, method: TriageMethod, overruled?: TriageRule): TriageRule | undefined {
  const below = method.net.partsBelow;
  if (!below) return undefined;
  for (const item of listItemsOf(message)) {
    const evidence = method.read(item);
    const opinion = method.opinion(evidence);
    if (opinion.ordinary >= below || modelAloneSetAside(evidence) || (method.net.partsNeedCue && !evidence.tellsACueNow())) continue;
    const rule = chooseRule(evidence, opinion, method.thresholds);
    if (rule && rule.level !== 'referral' && rule !== overruled) return rule;
  }
  return undefined;
}

/** The shipped method: the shipped model and its thresholds, the shipped safety net, each text read afresh. */
export const SHIPPED_METHOD: TriageMethod = {
  thresholds: SHIPPED_THRESHOLDS,
  net: SHIPPED_SAFETY_NET,
  opinion: secondOpinion,
  read: (text) => new MessageEvidence(text),
};

/**
 * The urgent situation a message describes, or null when there is none. The whole message is read
 * first; when it holds no emergency, each part is read on its own (partsOf), and an emergency in any
 * part is the answer: in real doubt, urgent.
 */
export function triage(message: string, net: SafetyNet = SHIPPED_SAFETY_NET): TriageResult | null {
  return triageWith(message, net === SHIPPED_SAFETY_NET ? SHIPPED_METHOD : { ...SHIPPED_METHOD, net });
}

/** triage() by a given method: the training script measures other models and thresholds with it. */
export function triageWith(message: string, method: TriageMethod): TriageResult | null {
  const evidence = method.read(message);
  const opinion = method.opinion(evidence);
  const whole = chooseRule(evidence, opinion, method.thresholds);
  const heldOnWhole = firstRuleHeld(evidence);
  const overruled = method.net.wholeOverrulesParts && heldOnWhole && !whole ? heldOnWhole : undefined;
  const rule = whole && whole.level !== 'referral' ? whole : (urgentRuleInParts(message, method, overruled) ?? urgentAnswerInItems(message, method, overruled) ?? whole);
  if (!rule) {
    const doubt = checkInHolds(evidence, opinion, method.net) ? opinion : doubtInParts(message, method);
    if (!doubt) return null;
    const likeliest = rules.find((candidate) => candidate.category === doubt.category && candidate.level !== 'referral');
    return { category: likeliest?.category ?? 'unresponsive', level: 'check-in', answer: CHECK_IN_ANSWER, relatedSlugs: likeliest?.relatedSlugs ?? [] };
  }
  return { category: rule.category, level: rule.level, answer: answerFor(rule, firstAidBeside(rule, evidence)), relatedSlugs: rule.relatedSlugs ?? [] };
}
