import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AssistantService } from '../../src/server/features/assistant/assistant.service';
import { createEvaluationAssistant, evaluateAssistant, formatReport, THRESHOLDS, type EvaluationReport } from '../assistant-eval/evaluate';

// The same evaluation as `npm run eval:assistant`, with the thresholds as assertions.
let close: (() => Promise<void>) | undefined;
let report: EvaluationReport;
beforeAll(async () => {
  let assistant: AssistantService;
  ({ assistant, close } = await createEvaluationAssistant());
  report = await evaluateAssistant(assistant);
  console.log(formatReport(report));
}, 300_000);
afterAll(() => close?.());

describe('parenting assistant evaluation', () => {
  it('uses at least 100 labelled questions, 30 red flags and 50 ordinary messages', () => {
    expect(report.retrieval.questions).toBeGreaterThanOrEqual(100);
    expect(report.redFlags.messages).toBeGreaterThanOrEqual(30);
    expect(report.ordinary.messages).toBeGreaterThanOrEqual(50);
  });

  it('finds the expected article in the top 3 for at least 90% of questions', () => {
    expect(report.retrieval.top3 / report.retrieval.questions).toBeGreaterThanOrEqual(THRESHOLDS.top3);
  });

  it('ranks the expected article first for at least 75% of questions', () => {
    expect(report.retrieval.top1 / report.retrieval.questions).toBeGreaterThanOrEqual(THRESHOLDS.top1);
  });

  it('triages every red-flag message', () => {
    expect(report.redFlags.missed).toEqual([]);
  });

  it('raises no more than 2 false alarms among ordinary messages', () => {
    expect(report.ordinary.falseAlarms.length).toBeLessThanOrEqual(THRESHOLDS.maxOrdinaryFalseAlarms);
  });
});
