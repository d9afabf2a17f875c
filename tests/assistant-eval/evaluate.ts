import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createAssistantService, type AssistantService } from '../../src/server/features/assistant/assistant.service';
import { loadKnowledgeBase } from '../../src/server/features/assistant/knowledge-base.loader';
import { TRIAGE_LEVELS, triage, type TriageCategory } from '../../src/server/features/assistant/triage';
import { createTestDatabase } from '../helpers/test-database';

/** What issue 21 requires of the assistant on every set; the eval test asserts these. */
export const GOALS = { urgentTriaged: 1, maxFalseAlarmShare: 0.02, top3: 0.95, top1: 0.8 } as const;

/**
 * The tuning set was written alongside the triage and the synonyms. The held-out sets were
 * written by people who never saw the code or the earlier sets; each met the frozen method
 * once, and its misses were then studied to change the method, so it now counts as tuning:
 * tuning-2 (held-out/) in round 1, tuning-3 (held-out-2/) in round 2, tuning-4 (held-out-3/) in
 * round 3, tuning-5 (held-out-4/) in round 4, tuning-6 (held-out-5/) in round 5, tuning-7
 * (held-out-6/, written by round 5's own engineer) in round 6, tuning-8 (held-out-7/, written by
 * another helper while round 6 changed the method, run once on its frozen method) in round 7,
 * tuning-9 (held-out-8/, written blind by an outside tester during round 7, run once on round 7's
 * frozen method, 586076a) in round 8, tuning-10 (held-out-9/, written blind by an outside tester
 * at the start of round 8, run once on round 8's frozen method, 6a84dbe) in round 9, tuning-11
 * (held-out-10/, written blind by an outside tester at the start of round 9, run once on round 9's
 * frozen method, c9f8f57) in round 10, tuning-12 (held-out-11/, written blind by an outside tester
 * at the start of round 10, run once on round 10's frozen method, c9e6d9c) in round 11, tuning-13
 * (held-out-12/, written blind by an outside tester at the start of round 11, run once on round
 * 11's frozen method, 5d462d3) in round 12, tuning-14 (held-out-13/, written blind by an outside
 * tester at the start of round 12, run once on round 12's frozen method, 759b8e1) in round 13,
 * tuning-15 (held-out-14/, written blind by an outside tester at the start of round 13, run once
 * on round 13's frozen method, 0b07918) in round 14, tuning-16 (held-out-15/, written blind by an
 * outside tester at the start of round 14, run once on round 14's frozen method, a5a1301) in
 * round 15, tuning-17 (held-out-16/, written blind by an outside tester at the start of round 15,
 * run once on round 15's frozen method, c3d6f27 and d2fc019) in round 16, tuning-18 (held-out-17/,
 * written blind by an outside tester at the start of round 16, run once on round 16's frozen
 * method, f04f599) in round 17, tuning-19 (held-out-18/, written blind by an outside tester at the
 * start of round 17, run once on round 17's frozen method, 5b06c68) in round 18, tuning-20
 * (held-out-19/, written blind by an outside tester at the start of round 18, run once on round
 * 18's frozen method, fac95e4) in round 19, tuning-21 (held-out-20/, written blind by an outside
 * tester at the start of round 19, run once on round 19's frozen method, 178b066) in round 20,
 * tuning-22 (held-out-21/, written blind by an outside tester at the start of round 20, run once on
 * round 20's frozen method, bf3092c) in round 21, tuning-23 (held-out-22/, written blind by an
 * outside tester at the start of round 20, run once on round 21's frozen method, 01b8484) in round
 * 22, tuning-24 (held-out-23/, written blind by an outside tester during round 21, run once on round
 * 22's frozen method, 85295f1) in round 23, tuning-25 (held-out-24/, written blind by an outside
 * tester at the start of round 22, run once on round 23's frozen method, a3b4613) in round 24,
 * tuning-26 (held-out-25/, written blind by an outside tester during round 23, run once on round
 * 24's frozen method, ba7779d) in round 25, tuning-27 (held-out-26/, written blind by an outside
 * tester during round 24, run once on round 25's frozen method, 4625622) after round 25, with no
 * change of method in between, tuning-28 (held-out-27/, written blind by an outside tester during
 * round 25, run once on round 25's frozen method, 4625622) in round 26, tuning-29 (held-out-28/,
 * written blind by an outside tester during round 26, run once on round 26's frozen method,
 * f9d01b6) after round 26, before round 27 changes anything, tuning-30 (held-out-29/, written blind
 * by an outside tester after round 26, run once on round 27's frozen method, 556d218) in round 28,
 * tuning-31 (held-out-30/, written blind by an outside tester during round 27, run once on round
 * 28's frozen method, 1ce3fa2) in round 29, tuning-32 (held-out-31/, written blind by an outside
 * tester during round 28, run once on round 29's frozen method, 85f7f3f) in round 30.
 * Their files are never edited. The sets are listed by name, never found by globbing the folder:
 * a blind set being written for the next round is registered only once the method is frozen, and
 * while a round changes the method no set is registered as held out. held-out-26/ (4e0371b) was
 * written blind during round 24 and registered once round 25's method was frozen (4625622);
 * held-out-27/ (999f5fa), written blind during round 25, was run once as the second check of the
 * same frozen method (4625622), registered at c470981, and became tuning-28 for round 26. held-out-28/
 * (f9736f0) was written blind during round 26, registered once round 26's method was frozen
 * (f9d01b6), run once, and became tuning-29. held-out-29/ (fef8765) was written blind after round 26 and
 * registered once round 27's method was frozen (556d218), run once, and became tuning-30 for round
 * 28. held-out-30/ (113f528) was written blind during round 27, registered once round 28's method
 * was frozen (1ce3fa2), run once, and became tuning-31 for round 29. held-out-31/ (3d0df1f) was
 * written blind during round 28, registered once round 29's method was frozen (85f7f3f), run once,
 * and became tuning-32 for round 30. held-out-32/ (405b505) was written blind during round 29,
 * registered once round 30's method was frozen (29a47f8), run once, and became tuning-33 for round 31.
 * held-out-33/ (a92c4e6) was written blind after round 30's blind run and registered once round 31's
 * method was frozen (7efc2ee), run once, and became tuning-34 for round 32.
 * held-out-34/ (d17588d) was written blind during round 31, registered once round 32's method
 * was frozen (29e03a0), run once, and became tuning-35 for round 33.
 * held-out-35/ (5cca135) was written blind after round 32's blind run and registered once round 33's
 * method was frozen (2af1327), for its one run.
 * A set whose name starts with 'held-out' is reported but not asserted by npm test, and the
 * second opinion never trains on it.
 */
export const EVALUATION_SETS = {
  tuning: { urgent: 'red-flags', ordinary: 'ordinary', questions: 'questions' },
  'tuning-2': { urgent: 'held-out/urgent', ordinary: 'held-out/ordinary', questions: 'held-out/questions' },
  'tuning-3': { urgent: 'held-out-2/urgent', ordinary: 'held-out-2/ordinary', questions: 'held-out-2/questions' },
  'tuning-4': { urgent: 'held-out-3/urgent', ordinary: 'held-out-3/ordinary', questions: 'held-out-3/questions' },
  'tuning-5': { urgent: 'held-out-4/urgent', ordinary: 'held-out-4/ordinary', questions: 'held-out-4/questions' },
  'tuning-6': { urgent: 'held-out-5/urgent', ordinary: 'held-out-5/ordinary', questions: 'held-out-5/questions' },
  'tuning-7': { urgent: 'held-out-6/urgent', ordinary: 'held-out-6/ordinary', questions: 'held-out-6/questions' },
  'tuning-8': { urgent: 'held-out-7/urgent', ordinary: 'held-out-7/ordinary', questions: 'held-out-7/questions' },
  'tuning-9': { urgent: 'held-out-8/urgent', ordinary: 'held-out-8/ordinary', questions: 'held-out-8/questions' },
  'tuning-10': { urgent: 'held-out-9/urgent', ordinary: 'held-out-9/ordinary', questions: 'held-out-9/questions' },
  'tuning-11': { urgent: 'held-out-10/urgent', ordinary: 'held-out-10/ordinary', questions: 'held-out-10/questions' },
  'tuning-12': { urgent: 'held-out-11/urgent', ordinary: 'held-out-11/ordinary', questions: 'held-out-11/questions' },
  'tuning-13': { urgent: 'held-out-12/urgent', ordinary: 'held-out-12/ordinary', questions: 'held-out-12/questions' },
  'tuning-14': { urgent: 'held-out-13/urgent', ordinary: 'held-out-13/ordinary', questions: 'held-out-13/questions' },
  'tuning-15': { urgent: 'held-out-14/urgent', ordinary: 'held-out-14/ordinary', questions: 'held-out-14/questions' },
  'tuning-16': { urgent: 'held-out-15/urgent', ordinary: 'held-out-15/ordinary', questions: 'held-out-15/questions' },
  'tuning-17': { urgent: 'held-out-16/urgent', ordinary: 'held-out-16/ordinary', questions: 'held-out-16/questions' },
  'tuning-18': { urgent: 'held-out-17/urgent', ordinary: 'held-out-17/ordinary', questions: 'held-out-17/questions' },
  'tuning-19': { urgent: 'held-out-18/urgent', ordinary: 'held-out-18/ordinary', questions: 'held-out-18/questions' },
  'tuning-20': { urgent: 'held-out-19/urgent', ordinary: 'held-out-19/ordinary', questions: 'held-out-19/questions' },
  'tuning-21': { urgent: 'held-out-20/urgent', ordinary: 'held-out-20/ordinary', questions: 'held-out-20/questions' },
  'tuning-22': { urgent: 'held-out-21/urgent', ordinary: 'held-out-21/ordinary', questions: 'held-out-21/questions' },
  'tuning-23': { urgent: 'held-out-22/urgent', ordinary: 'held-out-22/ordinary', questions: 'held-out-22/questions' },
  'tuning-24': { urgent: 'held-out-23/urgent', ordinary: 'held-out-23/ordinary', questions: 'held-out-23/questions' },
  'tuning-25': { urgent: 'held-out-24/urgent', ordinary: 'held-out-24/ordinary', questions: 'held-out-24/questions' },
  'tuning-26': { urgent: 'held-out-25/urgent', ordinary: 'held-out-25/ordinary', questions: 'held-out-25/questions' },
  'tuning-27': { urgent: 'held-out-26/urgent', ordinary: 'held-out-26/ordinary', questions: 'held-out-26/questions' },
  'tuning-28': { urgent: 'held-out-27/urgent', ordinary: 'held-out-27/ordinary', questions: 'held-out-27/questions' },
  'tuning-29': { urgent: 'held-out-28/urgent', ordinary: 'held-out-28/ordinary', questions: 'held-out-28/questions' },
  'tuning-30': { urgent: 'held-out-29/urgent', ordinary: 'held-out-29/ordinary', questions: 'held-out-29/questions' },
  'tuning-31': { urgent: 'held-out-30/urgent', ordinary: 'held-out-30/ordinary', questions: 'held-out-30/questions' },
  'tuning-32': { urgent: 'held-out-31/urgent', ordinary: 'held-out-31/ordinary', questions: 'held-out-31/questions' },
  'tuning-33': { urgent: 'held-out-32/urgent', ordinary: 'held-out-32/ordinary', questions: 'held-out-32/questions' },
  'tuning-34': { urgent: 'held-out-33/urgent', ordinary: 'held-out-33/ordinary', questions: 'held-out-33/questions' },
  'tuning-35': { urgent: 'held-out-34/urgent', ordinary: 'held-out-34/ordinary', questions: 'held-out-34/questions' },
  'held-out': { urgent: 'held-out-35/urgent', ordinary: 'held-out-35/ordinary', questions: 'held-out-35/questions' },
} as const;
export type SetName = keyof typeof EVALUATION_SETS;

export interface LabelledQuestion {
  question: string;
  expected: string;
}
export interface Urgent {
  message: string;
  category: TriageCategory;
}
export interface Ordinary {
  message: string;
}
interface Alarm {
  message: string;
  category: string;
}

export function load<T>(name: string): T[] {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`./${name}.json`, import.meta.url)), 'utf8')) as T[];
}

export interface SetReport {
  name: SetName;
  retrieval: { questions: number; top1: number; top3: number; misses: { question: string; expected: string; got: string[] }[] };
  /** byCheckIn: triaged only by the safety net's check-in (the emergency number first, as a condition). */
  urgent: { messages: number; triaged: number; sameCategory: number; byCheckIn: Urgent[]; missed: Urgent[]; otherCategory: (Urgent & { got: string })[] };
  /** Ordinary look-alikes: an emergency or crisis answer is a false alarm; a dose question sent to a pharmacist is not. */
  ordinary: { messages: number; falseAlarms: Alarm[]; referrals: string[] };
  /** Labelled questions (all ordinary parenting questions) answered as an emergency or crisis. */
  questionFalseAlarms: Alarm[];
}

/**
 * An urgent message is triaged when it gets an answer at its category's level or a more
 * urgent one: an overdose answered only with "ask a pharmacist" is a miss.
 */
function triagedAsUrgentAsLabelled(message: Urgent): { triaged: boolean; got?: TriageCategory; checkIn?: boolean } {
  const result = triage(message.message);
  if (!result) return { triaged: false };
  return { triaged: result.level !== 'referral' || TRIAGE_LEVELS[message.category] === 'referral', got: result.category, checkIn: result.level === 'check-in' };
}

function alarms(messages: string[]): { falseAlarms: Alarm[]; referrals: string[] } {
  const falseAlarms: Alarm[] = [];
  const referrals: string[] = [];
  for (const message of messages) {
    const result = triage(message);
    if (result?.level === 'referral') referrals.push(message);
    // A check-in opens with the emergency number: on an ordinary message it is a false alarm.
    else if (result) falseAlarms.push({ message, category: result.level === 'check-in' ? `check-in, ${result.category}` : result.category });
  }
  return { falseAlarms, referrals };
}

async function evaluateSet(assistant: Pick<AssistantService, 'findArticles'>, name: SetName): Promise<SetReport> {
  const files = EVALUATION_SETS[name];
  const questions = load<LabelledQuestion>(files.questions);
  const urgentMessages = load<Urgent>(files.urgent);
  const ordinary = load<Ordinary>(files.ordinary);

  const retrieval: SetReport['retrieval'] = { questions: questions.length, top1: 0, top3: 0, misses: [] };
  for (const { question, expected } of questions) {
    const got = (await assistant.findArticles(question, 3)).matches.map((m) => m.slug);
    if (got[0] === expected) retrieval.top1++;
    if (got.includes(expected)) retrieval.top3++;
    else retrieval.misses.push({ question, expected, got });
  }

  const urgent: SetReport['urgent'] = { messages: urgentMessages.length, triaged: 0, sameCategory: 0, byCheckIn: [], missed: [], otherCategory: [] };
  for (const message of urgentMessages) {
    const { triaged, got, checkIn } = triagedAsUrgentAsLabelled(message);
    if (!triaged) urgent.missed.push(message);
    else if (checkIn) {
      urgent.triaged++;
      urgent.byCheckIn.push(message);
    } else {
      urgent.triaged++;
      if (got === message.category) urgent.sameCategory++;
      else urgent.otherCategory.push({ ...message, got: got! });
    }
  }

  return {
    name,
    retrieval,
    urgent,
    ordinary: { messages: ordinary.length, ...alarms(ordinary.map((o) => o.message)) },
    questionFalseAlarms: alarms(questions.map((q) => q.question)).falseAlarms,
  };
}

/** Runs every set: every labelled question through retrieval, every message through triage. */
export async function evaluateAssistant(assistant: Pick<AssistantService, 'findArticles'>): Promise<SetReport[]> {
  const reports: SetReport[] = [];
  for (const name of Object.keys(EVALUATION_SETS) as SetName[]) reports.push(await evaluateSet(assistant, name));
  return reports;
}

/** One fresh database (PGlite, or PostgreSQL under TEST_DATABASE_URL) holding only the knowledge base. */
export async function createEvaluationAssistant(): Promise<{ assistant: AssistantService; close: () => Promise<void> }> {
  const database = await createTestDatabase();
  await loadKnowledgeBase(database.db);
  return { assistant: createAssistantService({ db: database.db }), close: () => database.drop() };
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

/** The goals a set misses, in words; empty when it meets them all. */
export function missedGoals(report: SetReport): string[] {
  const { retrieval, urgent, ordinary } = report;
  const missed: string[] = [];
  if (urgent.triaged / urgent.messages < GOALS.urgentTriaged) missed.push(`urgent triaged ${percent(urgent.triaged, urgent.messages)}`);
  if (ordinary.falseAlarms.length / ordinary.messages > GOALS.maxFalseAlarmShare) missed.push(`false alarms ${percent(ordinary.falseAlarms.length, ordinary.messages)}`);
  if (retrieval.top3 / retrieval.questions < GOALS.top3) missed.push(`top-3 ${percent(retrieval.top3, retrieval.questions)}`);
  if (retrieval.top1 / retrieval.questions < GOALS.top1) missed.push(`top-1 ${percent(retrieval.top1, retrieval.questions)}`);
  return missed;
}

function formatSet(report: SetReport): string[] {
  const { name, retrieval, urgent, ordinary, questionFalseAlarms } = report;
  const lines = [
    `${name} set`,
    `  urgent, ${urgent.messages} messages: ${urgent.triaged} triaged = ${percent(urgent.triaged, urgent.messages)} (goal 100%), ${urgent.sameCategory} in the labelled category, ${urgent.byCheckIn.length} only by the safety net's check-in`,
    `  ordinary look-alikes, ${ordinary.messages} messages: ${ordinary.falseAlarms.length} false alarms = ${percent(ordinary.falseAlarms.length, ordinary.messages)} ` +
      `(goal ≤ ${GOALS.maxFalseAlarmShare * 100}%); ${ordinary.referrals.length} dose questions referred to a pharmacist`,
    `  retrieval, ${retrieval.questions} labelled questions: top-1 ${retrieval.top1} = ${percent(retrieval.top1, retrieval.questions)} (goal ≥ ${GOALS.top1 * 100}%), ` +
      `top-3 ${retrieval.top3} = ${percent(retrieval.top3, retrieval.questions)} (goal ≥ ${GOALS.top3 * 100}%)`,
    `  labelled questions answered as an emergency: ${questionFalseAlarms.length}`,
  ];
  for (const miss of retrieval.misses) lines.push(`  top-3 miss: "${miss.question}" expected ${miss.expected}, got ${miss.got.join(', ') || 'nothing'}`);
  for (const flag of urgent.missed) lines.push(`  urgent not triaged (${flag.category}): "${flag.message}"`);
  for (const flag of urgent.byCheckIn) lines.push(`  urgent triaged by a check-in only (${flag.category}): "${flag.message}"`);
  for (const flag of urgent.otherCategory) lines.push(`  urgent triaged as ${flag.got}, labelled ${flag.category}: "${flag.message}"`);
  for (const alarm of [...ordinary.falseAlarms, ...questionFalseAlarms]) lines.push(`  false alarm (${alarm.category}): "${alarm.message}"`);
  const missed = missedGoals(report);
  lines.push(missed.length === 0 ? '  All goals met.' : `  GOALS NOT MET: ${missed.join(', ')}.`);
  return lines;
}

export function formatReport(reports: SetReport[]): string {
  return ['Parenting assistant evaluation', ...reports.flatMap(formatSet)].join('\n');
}

/** One row for the table of runs in bench/README.md: each set as urgent triaged · false alarms · top-1 · top-3. */
export function formatRunRow(reports: SetReport[], database: string, seconds: number): string {
  const cells = reports.map(({ name, urgent, ordinary, retrieval }) =>
    [
      `${name} ${urgent.triaged}/${urgent.messages}`,
      `${ordinary.falseAlarms.length}/${ordinary.messages}`,
      `${retrieval.top1}/${retrieval.questions}`,
      `${retrieval.top3}/${retrieval.questions}`,
    ].join(' · '),
  );
  return `| ${new Date().toISOString().slice(0, 10)} | ${database} | ${cells.join('; ')} | ${seconds.toFixed(0)} s |`;
}
