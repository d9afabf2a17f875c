import type { ZxcvbnFactory } from '@zxcvbn-ts/core';

// Server only: the dictionaries are megabytes, far beyond the client's first-load budget.
let checker: Promise<ZxcvbnFactory> | undefined;

/** Loaded on the first sign-up, not at start-up: building the dictionaries takes ~150 ms and tens of MB. */
function loadChecker(): Promise<ZxcvbnFactory> {
  checker ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common'), import('@zxcvbn-ts/language-en')]).then(
    ([core, common, en]) =>
      new core.ZxcvbnFactory({
        dictionary: { ...common.dictionary, ...en.dictionary },
        graphs: common.adjacencyGraphs,
        translations: en.translations,
        // The check runs on the main thread, and its cost grows fast with length and with l33t
        // substitutions (a 200-character password took 1.8 s with the defaults). With these
        // caps the worst input measured here took about 50 ms; a password is judged by its
        // first 64 characters, and anything that long and varied is strong anyway.
        maxLength: 64,
        l33tMaxSubstitutions: 4,
      }),
  );
  return checker;
}

/** zxcvbn's scale runs 0 to 4; 3 is "safely unguessable: moderate protection from offline slow-hash scenario". */
const MIN_SCORE = 3;

/**
 * Why a password is too easy to guess, in zxcvbn's words, or undefined when it is strong enough.
 * `personal` holds what an attacker would try first: the person's name and email.
 */
export async function passwordWeakness(password: string, personal: { name: string; email: string }): Promise<string | undefined> {
  const zxcvbn = await loadChecker();
  const [localPart = ''] = personal.email.split('@');
  const nameWords = personal.name.toLowerCase().split(/\s+/);
  const emailWords = localPart.split(/[._+-]+/);
  // Whole and in pieces, and run together: 'marialopez2024' must count as the name plus a year.
  const userInputs = [personal.email, localPart, ...emailWords, emailWords.join(''), ...nameWords, nameWords.join('')].filter((word) => word.length > 1);
  const { score, feedback } = zxcvbn.check(password, userInputs);
  if (score >= MIN_SCORE) return undefined;
  const reasons = [feedback.warning, ...feedback.suggestions].filter((text): text is string => Boolean(text));
  if (reasons.length === 0) reasons.push('Add another word or two; uncommon words are best.');
  return `This password is too easy to guess. ${reasons.join(' ')}`;
}
