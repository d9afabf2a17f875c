import model from 'wink-eng-lite-web-model';
import winkNLP, { type ItsFunction } from 'wink-nlp';

/**
 * The dictionary forms of a question's words that the search's stemmer cannot reach. PostgreSQL's
 * English stemmer only strips regular endings, so irregular forms ('children', 'slept', 'bitten',
 * 'woke', 'teeth') never meet the forms the articles use ('child', 'sleep', 'bite', 'wake',
 * 'tooth'). Wink's part-of-speech model reads each word in its sentence, so a noun stays a noun.
 */
const nlp = winkNLP(model, ['sbd', 'pos']);
const its = nlp.its;
// Wink declares its.lemma with the model add-ons as a third parameter, which its own
// ItsFunction type does not allow for; at run time the document passes them.
const lemmaOf = its.lemma as unknown as ItsFunction<string>;

/** Each lemma of the text that differs from the word written, once, joined by spaces. */
export function irregularLemmas(text: string): string {
  const tokens = nlp.readDoc(text).tokens();
  const words = tokens.out(its.normal) as string[];
  const lemmas = tokens.out(lemmaOf) as string[];
  const found = new Set<string>();
  words.forEach((word, index) => {
    const lemma = lemmas[index];
    if (lemma && lemma !== word && /^[a-z]+$/.test(lemma) && /^[a-z]+$/.test(word)) found.add(lemma);
  });
  return [...found].join(' ');
}
