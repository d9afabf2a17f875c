import { testPostgresUrl } from '../tests/helpers/test-database';
import { createEvaluationAssistant, evaluateAssistant, formatReport, formatRunRow, missedGoals } from '../tests/assistant-eval/evaluate';

// npm run eval:assistant: the parenting assistant's retrieval and triage against the tuning and
// held-out sets in tests/assistant-eval. Runs on PGlite, or on PostgreSQL when TEST_DATABASE_URL
// is set. The last line is the row to add to the table of runs in bench/README.md.
const started = performance.now();
const { assistant, close } = await createEvaluationAssistant();
try {
  const reports = await evaluateAssistant(assistant);
  const seconds = (performance.now() - started) / 1000;
  console.log(formatReport(reports));
  console.log(`(${seconds.toFixed(1)} s including database start-up)`);
  console.log(formatRunRow(reports, testPostgresUrl ? 'PostgreSQL' : 'PGlite', seconds));
  process.exitCode = reports.every((report) => missedGoals(report).length === 0) ? 0 : 1;
} finally {
  await close();
}
