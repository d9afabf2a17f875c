import { createEvaluationAssistant, evaluateAssistant, formatReport, meetsThresholds } from '../tests/assistant-eval/evaluate';

// npm run eval:assistant: the parenting assistant's retrieval and triage against the labelled
// sets in tests/assistant-eval. Runs on PGlite, or on PostgreSQL when TEST_DATABASE_URL is set.
const started = performance.now();
const { assistant, close } = await createEvaluationAssistant();
try {
  const report = await evaluateAssistant(assistant);
  console.log(formatReport(report));
  console.log(`(${((performance.now() - started) / 1000).toFixed(1)} s including database start-up)`);
  process.exitCode = meetsThresholds(report) ? 0 : 1;
} finally {
  await close();
}
