import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { createAssistantService, type AssistantService } from '../../src/server/features/assistant/assistant.service';
import { loadKnowledgeBase } from '../../src/server/features/assistant/knowledge-base.loader';
import { triage } from '../../src/server/features/assistant/triage';
import { createTestDatabase } from '../helpers/test-database';

/** What the issue requires of the assistant; the eval test asserts these. */
export const THRESHOLDS = { top3: 0.9, top1: 0.75, redFlagsTriaged: 1, maxOrdinaryFalseAlarms: 2 } as const;

interface LabelledQuestion {
  question: string;
  expected: string;
}
interface RedFlag {
  message: string;
  category: string;
}
interface Ordinary {
  message: string;
}

function load<T>(name: string): T[] {
  return JSON.parse(readFileSync(fileURLToPath(new URL(`./${name}.json`, import.meta.url)), 'utf8')) as T[];
}

export interface EvaluationReport {
  retrieval: { questions: number; top1: number; top3: number; misses: { question: string; expected: string; got: string[] }[] };
  redFlags: { messages: number; triaged: number; sameCategory: number; missed: RedFlag[]; otherCategory: (RedFlag & { got: string })[] };
  ordinary: { messages: number; falseAlarms: { message: string; category: string }[] };
  /** Labelled questions (all ordinary parenting questions) that triage flagged. */
  questionFalseAlarms: { message: string; category: string }[];
}

/** Runs every labelled question through retrieval and every message through triage. */
export async function evaluateAssistant(assistant: Pick<AssistantService, 'findArticles'>): Promise<EvaluationReport> {
  const questions = load<LabelledQuestion>('questions');
  const redFlags = load<RedFlag>('red-flags');
  const ordinary = load<Ordinary>('ordinary');

  const retrieval: EvaluationReport['retrieval'] = { questions: questions.length, top1: 0, top3: 0, misses: [] };
  for (const { question, expected } of questions) {
    const got = (await assistant.findArticles(question, 3)).matches.map((m) => m.slug);
    if (got[0] === expected) retrieval.top1++;
    if (got.includes(expected)) retrieval.top3++;
    else retrieval.misses.push({ question, expected, got });
  }

  const red: EvaluationReport['redFlags'] = { messages: redFlags.length, triaged: 0, sameCategory: 0, missed: [], otherCategory: [] };
  for (const flag of redFlags) {
    const result = triage(flag.message);
    if (!result) red.missed.push(flag);
    else {
      red.triaged++;
      if (result.category === flag.category) red.sameCategory++;
      else red.otherCategory.push({ ...flag, got: result.category });
    }
  }

  const falseAlarms = (messages: string[]) =>
    messages.flatMap((message) => {
      const result = triage(message);
      return result ? [{ message, category: result.category }] : [];
    });

  return {
    retrieval,
    redFlags: red,
    ordinary: { messages: ordinary.length, falseAlarms: falseAlarms(ordinary.map((o) => o.message)) },
    questionFalseAlarms: falseAlarms(questions.map((q) => q.question)),
  };
}

/** One fresh database (PGlite, or PostgreSQL under TEST_DATABASE_URL) holding only the knowledge base. */
export async function createEvaluationAssistant(): Promise<{ assistant: AssistantService; close: () => Promise<void> }> {
  const database = await createTestDatabase();
  await loadKnowledgeBase(database.db);
  return { assistant: createAssistantService({ db: database.db }), close: () => database.drop() };
}

const percent = (part: number, whole: number) => `${((100 * part) / whole).toFixed(1)}%`;

export function meetsThresholds(report: EvaluationReport): boolean {
  const { retrieval, redFlags, ordinary } = report;
  return (
    retrieval.top3 / retrieval.questions >= THRESHOLDS.top3 &&
    retrieval.top1 / retrieval.questions >= THRESHOLDS.top1 &&
    redFlags.triaged / redFlags.messages >= THRESHOLDS.redFlagsTriaged &&
    ordinary.falseAlarms.length <= THRESHOLDS.maxOrdinaryFalseAlarms
  );
}

export function formatReport(report: EvaluationReport): string {
  const { retrieval, redFlags, ordinary, questionFalseAlarms } = report;
  const lines = [
    'Parenting assistant evaluation',
    `  retrieval, ${retrieval.questions} labelled questions:`,
    `    top-1 ${retrieval.top1}/${retrieval.questions} = ${percent(retrieval.top1, retrieval.questions)} (required ≥ ${THRESHOLDS.top1 * 100}%)`,
    `    top-3 ${retrieval.top3}/${retrieval.questions} = ${percent(retrieval.top3, retrieval.questions)} (required ≥ ${THRESHOLDS.top3 * 100}%)`,
    `  red flags, ${redFlags.messages} messages: ${redFlags.triaged} triaged = ${percent(redFlags.triaged, redFlags.messages)} (required 100%), ` +
      `${redFlags.sameCategory} in the labelled category`,
    `  ordinary, ${ordinary.messages} messages: ${ordinary.falseAlarms.length} false alarms (allowed ≤ ${THRESHOLDS.maxOrdinaryFalseAlarms})`,
    `  labelled questions flagged by triage: ${questionFalseAlarms.length}`,
  ];
  for (const miss of retrieval.misses) lines.push(`  top-3 miss: "${miss.question}" expected ${miss.expected}, got ${miss.got.join(', ') || 'nothing'}`);
  for (const flag of redFlags.missed) lines.push(`  red flag not triaged (${flag.category}): "${flag.message}"`);
  for (const flag of redFlags.otherCategory) lines.push(`  red flag triaged as ${flag.got}, labelled ${flag.category}: "${flag.message}"`);
  for (const alarm of [...ordinary.falseAlarms, ...questionFalseAlarms]) lines.push(`  false alarm (${alarm.category}): "${alarm.message}"`);
  lines.push(meetsThresholds(report) ? 'All thresholds met.' : 'THRESHOLDS NOT MET.');
  return lines.join('\n');
}
