/**
 * Which rule each sentence made by rule-text.ts's `said` states. Apart from the sentences, so that
 * toFieldIssues, which the deck's first load uses, does not carry every rule's English.
 */
import type { Rule } from './rule-text';

const BY_SENTENCE = new Map<string, Rule>();

/** Remembers that `sentence` states `rule`, and gives the sentence back. */
export function remember(sentence: string, rule: Rule): string {
	BY_SENTENCE.set(sentence, rule);
	return sentence;
}

/** The rule a sentence states; undefined for a sentence written by hand. */
export const ruleOf = (sentence: string): Rule | undefined => BY_SENTENCE.get(sentence);
