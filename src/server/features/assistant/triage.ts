/**
 * Safety triage, run on every message before any engine answers. It recognises situations
 * where a parent must act now and answers with urgent, brief, safe steps; it never names a
 * condition. It reads a message as evidence rather than word order (triage-engine/evidence.ts): the
 * event, what was involved and the signs, in any order and with typos, counted only when they
 * describe something happening to a child now, not a question about prevention, something last
 * year or a figure of speech. A small trained model (triage-engine/second-opinion.ts) gives a
 * second opinion: it catches wording the rules have never met, and overrules an emergency rule
 * only when all but certain the message is ordinary. In real doubt it answers urgently.
 */
import { MessageEvidence } from './triage-engine/evidence';
import { rules, type TriageCategory, type TriageLevel, type TriageRule } from './triage-engine/rules';
import { modelFindsUrgent, ruleStands, SHIPPED_THRESHOLDS, secondOpinion } from './triage-engine/second-opinion';

export type { TriageCategory, TriageLevel } from './triage-engine/rules';

export interface TriageResult {
  category: TriageCategory;
  level: TriageLevel;
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

function answerFor(rule: TriageRule): string {
  const steps = rule.steps.map((step) => `- ${step}`);
  if (rule.level === 'referral') return MEDICATION_ANSWER;
  if (rule.category === 'self-harm') {
    return [
      "I'm really sorry you're going through this. You matter, and you don't have to face it alone.",
      `If you or your child might be in danger, ${emergencyCallInSentence}`,
      ...steps,
    ].join('\n');
  }
  if (rule.category === 'abuse') return [`If anyone is in danger right now, ${emergencyCallInSentence}`, ...steps].join('\n');
  return [EMERGENCY_CALL, 'While you wait for help:', ...steps].join('\n');
}

/**
 * The rule whose answer a message gets: the first rule that holds, unless the model overrules
 * it; otherwise the rule of the model's category, when the model finds the message urgent. A
 * referral (a dose question) never outranks the model finding an emergency: in real doubt
 * between asking a pharmacist and calling now, the answer is urgent ("gave another dose at 7 ...
 * now he's throwing up" names a dose and tells of too much given).
 */
function chooseRule(evidence: MessageEvidence): TriageRule | undefined {
  const opinion = secondOpinion(evidence);
  const held = rules.find((candidate) => evidence.holds(candidate));
  if (held?.level === 'referral' && modelFindsUrgent(opinion, SHIPPED_THRESHOLDS)) return rules.find((candidate) => candidate.category === opinion.category) ?? held;
  if (held) return ruleStands(held.level, opinion, SHIPPED_THRESHOLDS) ? held : undefined;
  if (!modelFindsUrgent(opinion, SHIPPED_THRESHOLDS)) return undefined;
  return rules.find((candidate) => candidate.category === opinion.category);
}

/** The urgent situation a message describes, or null when there is none. */
export function triage(message: string): TriageResult | null {
  const rule = chooseRule(new MessageEvidence(message));
  if (!rule) return null;
  return { category: rule.category, level: rule.level, answer: answerFor(rule), relatedSlugs: rule.relatedSlugs ?? [] };
}
