import { describe, expect, it } from 'vitest';
import {
  composeAnswer,
  composeNotCoveredAnswer,
  composeOutOfScopeAnswer,
  GENERIC_HELP,
  pickPassages,
  splitArticle,
} from '../../src/server/features/assistant/answer-composer';
import { candidateWords, normaliseQuestion, separateAges, synonymHints } from '../../src/server/features/assistant/question-text';
import { findSupportGroup } from '../../src/server/features/assistant/support-groups';
import { irregularLemmas } from '../../src/server/features/assistant/word-lemmas';
import { supportGroups } from '../../src/server/demo/seed-data/support-groups';

const body = [
  'Toddlers have **big** feelings.',
  '',
  '## During a tantrum',
  '',
  '- Stay calm.',
  '- Name the feeling.',
  '',
  '## Afterwards',
  '',
  'Reconnect with a hug. Keep it short. No lecture is needed. Move on.',
  '',
  'When to talk to your paediatrician: if tantrums last longer than 20 minutes.',
].join('\n');

describe('splitting an article into passages', () => {
  it('keeps paragraphs and lists with their heading, and sets the when-to-get-help advice apart', () => {
    expect(splitArticle(body)).toEqual({
      passages: [
        { heading: null, text: 'Toddlers have big feelings.', kind: 'paragraph' },
        { heading: 'During a tantrum', text: '- Stay calm.\n- Name the feeling.', kind: 'list' },
        { heading: 'Afterwards', text: 'Reconnect with a hug. Keep it short. No lecture is needed. Move on.', kind: 'paragraph' },
      ],
      whenToGetHelp: 'When to talk to your paediatrician: if tantrums last longer than 20 minutes.',
    });
  });

  it('picks the best-ranked passages but quotes them in the article order, falling back to the opening', () => {
    const { passages } = splitArticle(body);
    expect(pickPassages(passages, [0.1, 0.9, 0.5], 2).map((p) => p.heading)).toEqual(['During a tantrum', 'Afterwards']);
    expect(pickPassages(passages, [0, 0, 0], 2)).toEqual([passages[0]]);
  });
});

describe('composing answers', () => {
  it('names the guide, quotes short passages, and ends with when to talk to a paediatrician', () => {
    const { passages, whenToGetHelp } = splitArticle(body);
    const answer = composeAnswer({ title: 'Understanding toddler tantrums' }, [passages[1]!, passages[2]!], whenToGetHelp);
    expect(answer).toBe(
      [
        'Here\'s what our guide "Understanding toddler tantrums" suggests:',
        'During a tantrum:\n- Stay calm.\n- Name the feeling.',
        // Long paragraphs are cut to three sentences.
        'Reconnect with a hug. Keep it short. No lecture is needed.',
        'When to talk to your paediatrician: if tantrums last longer than 20 minutes.',
        'The resources below have more detail.',
      ].join('\n\n'),
    );
  });

  it('falls back to general advice about the paediatrician when an article has none', () => {
    expect(composeAnswer({ title: 'T' }, [], null)).toContain(GENERIC_HELP);
  });

  it('hedges when only a nearby article exists, and lists what it covers when none does', () => {
    expect(composeNotCoveredAnswer({ title: 'Reading together', summary: 'Sharing books.' })).toMatch(/^I'm not sure our guides answer exactly that, but "Reading together" may help: Sharing books\./);
    expect(composeNotCoveredAnswer(undefined)).toMatch(/^I don't have a guide that answers that.*I can help with sleep, feeding/);
  });

  it('says politely what the assistant covers when asked about something else', () => {
    expect(composeOutOfScopeAnswer()).toMatch(/^I'm sorry, that's outside what I can help with\. I'm Nestling's parenting assistant/);
  });
});

describe('question text', () => {
  it("spells out parents' shorthand for ages and restores missing apostrophes", () => {
    expect(normaliseQuestion('My 3yo WONT sleep, 18mo sister doesnt either, 2.5 yrs old cousin')).toBe(
      "my 3 year old won't sleep, 18 month old sister doesn't either, 2.5 year old cousin",
    );
  });

  it("writes a clock time in the articles' shape, so it is not dropped as a bare number", () => {
    expect(normaliseQuestion('Up at 5 AM, asleep by 7.30pm, nap at 12:15 pm')).toBe('up at 5am, asleep by 7pm, nap at 12pm');
    expect(separateAges(normaliseQuestion('stay in bed past 5 am')).topic).toBe('stay in bed past 5am');
  });

  it("finds the dictionary forms of irregular words, which the stemmer misses, and leaves a noun a noun", () => {
    expect(irregularLemmas('nursery say he has bitten three children and slept badly').split(' ')).toEqual(
      expect.arrayContaining(['bite', 'child', 'sleep']),
    );
    expect(irregularLemmas('she is a bit tired')).not.toContain('bite');
  });

  it('keeps a clock time without am or pm in the articles\' shape, and drops other numbers', () => {
    expect(separateAges(normaliseQuestion('Up at 4:45 every morning, bed at 6.30, 38.6 temp, 2.5 yrs old')).topic).toBe(
      'up at 4.45 every morning, bed at 6.30, temp,',
    );
    expect(separateAges(normaliseQuestion('3.5 kg, 1.5 litres, 12.5 percent')).topic).toBe('kg, litres, percent');
  });

  it("separates the child's age from what the question is about, and drops other numbers", () => {
    expect(separateAges('my 3 year old wakes at 5 every night, his 18 months sister too')).toEqual({
      topic: 'my wakes at every night, his sister too',
      ages: '3 year old 18 months',
    });
  });

  it('adds the expansion of every synonym found as a whole word or phrase, once', () => {
    const synonyms = [
      { term: 'potty', expansion: 'toilet training' },
      { term: 'potty training', expansion: 'toilet training' },
      { term: 'ot', expansion: 'occupational therapy' },
      { term: '1:1', expansion: 'shadow teacher' },
    ];
    expect(synonymHints('potty training and a 1:1 at nursery', synonyms)).toBe('toilet training shadow teacher');
    // 'ot' inside 'not' or 'potty' is not the abbreviation.
    expect(synonymHints('not a potty', synonyms)).toBe('toilet training');
  });

  it('offers words of four letters or more for spelling correction', () => {
    expect(candidateWords('is my lo ready for potty trainig trainig')).toEqual(['ready', 'potty', 'trainig']);
  });
});

describe('support group lookup', () => {
  it('matches a group by its subject and links to it in the community', () => {
    expect(findSupportGroup('early signs of autism asd', supportGroups)).toEqual({
      slug: 'autism-parent-circle',
      name: 'Autism Parent Circle',
      url: '/community?group=autism-parent-circle',
    });
    expect(findSupportGroup('parental burnout wellbeing stress', supportGroups)?.slug).toBe('parent-wellbeing-circle');
  });

  it('does not match on one passing word', () => {
    expect(findSupportGroup('bedtime routine sleep', supportGroups)).toBeNull();
  });
});
