import { describe, expect, it } from 'vitest';
import { EMERGENCY_CALL, triage } from '../../src/server/features/assistant/triage';
import { MessageEvidence } from '../../src/server/features/assistant/triage-engine/evidence';
import { rules } from '../../src/server/features/assistant/triage-engine/rules';
import { modelFindsUrgent, ruleStands, SHIPPED_THRESHOLDS, secondOpinion } from '../../src/server/features/assistant/triage-engine/second-opinion';

// Emergencies from held-out-5 (now tuning-6) that no rule holds for.
const onlyTheModelSees = [
  'dd was asleep in the cot and i went in and her chest isnt moving',
  'HE DRANK WINDSCREEN WASH OUT OF THE BOTTLE IN THE GARAGE',
  'my son swalowed a buton battery',
];

describe('the second opinion beside the rules', () => {
  it.each(onlyTheModelSees)('answers "%s", which no rule holds for, with the emergency number first', (message) => {
    const evidence = new MessageEvidence(message);
    expect(rules.some((rule) => evidence.holds(rule))).toBe(false);
    const result = triage(message)!;
    expect(result.level).toBe('emergency');
    expect(result.answer.split('\n')[0]).toBe(EMERGENCY_CALL);
  });

  it('overrules an emergency or crisis rule only when all but certain the message is ordinary, a referral never', () => {
    const sure = { ordinary: 0.995, category: 'seizure' };
    const fairlySure = { ordinary: 0.98, category: 'seizure' };
    expect(ruleStands('emergency', sure, SHIPPED_THRESHOLDS)).toBe(false);
    expect(ruleStands('emergency', fairlySure, SHIPPED_THRESHOLDS)).toBe(true);
    expect(ruleStands('crisis', sure, SHIPPED_THRESHOLDS)).toBe(false);
    expect(ruleStands('crisis', fairlySure, SHIPPED_THRESHOLDS)).toBe(true);
    expect(ruleStands('referral', sure, SHIPPED_THRESHOLDS)).toBe(true);
    // Until round 17 a crisis rule always stood; without crisisOverruleAt it still does.
    expect(ruleStands('crisis', { ordinary: 0.99999, category: 'abuse' }, { ordinaryBelow: 0.7, overruleAt: 0.999 })).toBe(true);
  });

  it('ships the thresholds chosen by leave-one-set-out in round 17 (bench/README.md), erring towards urgent', () => {
    expect(SHIPPED_THRESHOLDS).toEqual({ ordinaryBelow: 0.7, overruleAt: 0.99, crisisOverruleAt: 0.99 });
    expect(modelFindsUrgent({ ordinary: 0.69, category: 'choking' }, SHIPPED_THRESHOLDS)).toBe(true);
    expect(modelFindsUrgent({ ordinary: 0.7, category: 'choking' }, SHIPPED_THRESHOLDS)).toBe(false);
  });

  it("weighs the rules' reading of each cue: negated, said of an adult, or set in the past", () => {
    expect(new MessageEvidence('she did not swallow any pills').readingFeatures()).toContain('k:ingest:negated');
    expect(new MessageEvidence('I banged my head on the cupboard door').readingFeatures()).toContain('k:headKnock:adult');
    expect(new MessageEvidence('he swallowed a battery last year').readingFeatures()).toEqual(expect.arrayContaining(['f:past', 'k:ingest:past']));
    expect(new MessageEvidence('he swallowed a battery').readingFeatures()).toContain('k:ingest:now');
  });

  it('gives the same opinion of the same message every time', () => {
    const read = () => secondOpinion(new MessageEvidence('my toddler swallowed something and is coughing'));
    expect(read()).toEqual(read());
  });
});
