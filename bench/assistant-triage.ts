/**
 * What the assistant's triage costs per message: `npx tsx bench/assistant-triage.ts`.
 *
 * Runs every message of the tuning sets (never a held-out set) through the whole triage, the
 * rules alone, and the second opinion alone on messages already read, five rounds after a
 * warm-up, and prints the median of the five runs as milliseconds a message. Also times loading
 * the second opinion's model, which happens once at start-up.
 */
import { performance } from 'node:perf_hooks';
import { EVALUATION_SETS, load, type LabelledQuestion, type Ordinary, type SetName, type Urgent } from '../tests/assistant-eval/evaluate';

const loadStarted = performance.now();
const { secondOpinion } = await import('../src/server/features/assistant/triage-engine/second-opinion');
const loadMs = performance.now() - loadStarted;
const { triage } = await import('../src/server/features/assistant/triage');
const { MessageEvidence } = await import('../src/server/features/assistant/triage-engine/evidence');
const { rules } = await import('../src/server/features/assistant/triage-engine/rules');

const messages = (Object.keys(EVALUATION_SETS) as SetName[])
  .filter((name) => name.startsWith('tuning'))
  .flatMap((name) => {
    const files = EVALUATION_SETS[name];
    return [
      ...load<Urgent>(files.urgent).map((u) => u.message),
      ...load<Ordinary>(files.ordinary).map((o) => o.message),
      ...load<LabelledQuestion>(files.questions).map((q) => q.question),
    ];
  });
const read = messages.map((message) => new MessageEvidence(message));

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Each run once as a warm-up, then five rounds taking turns, so a busy moment hits all alike. */
function msPerMessage(runs: Record<string, () => void>): Record<string, number> {
  const times: Record<string, number[]> = {};
  for (const run of Object.values(runs)) run();
  for (let round = 0; round < 5; round++) {
    for (const [name, run] of Object.entries(runs)) {
      const started = performance.now();
      run();
      (times[name] ??= []).push((performance.now() - started) / messages.length);
    }
  }
  return Object.fromEntries(Object.entries(times).map(([name, values]) => [name, median(values)]));
}

const { whole, rulesAlone, modelAlone } = msPerMessage({
  whole: () => messages.forEach((message) => triage(message)),
  rulesAlone: () =>
    messages.forEach((message) => {
      const evidence = new MessageEvidence(message);
      rules.find((rule) => evidence.holds(rule));
    }),
  modelAlone: () => read.forEach((evidence) => secondOpinion(evidence)),
}) as Record<'whole' | 'rulesAlone' | 'modelAlone', number>;

console.log(`${messages.length} tuning messages, median of 5 runs after a warm-up`);
console.log(`  whole triage (reading, rules, second opinion): ${whole.toFixed(3)} ms a message`);
console.log(`  reading and rules alone:                       ${rulesAlone.toFixed(3)} ms a message`);
console.log(`  second opinion alone, on a message already read: ${(modelAlone * 1000).toFixed(1)} µs a message`);
console.log(`  loading the second opinion's model (once, with its module): ${loadMs.toFixed(0)} ms`);
