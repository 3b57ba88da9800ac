/**
 * The builder's form state. Each field keeps what the user typed; options are read from it with the
 * very schema the widget uses on its URL (fieldSchema), so an invalid entry falls back to the default
 * exactly as it would in the widget, and the URL only ever carries values the widget accepts.
 */
import { WIDGETS, widgetById } from '$lib/widgets/definitions';
import { widgetForm, type WidgetForm } from './form-text';
import { optionWarnings } from './control-name';
import { defaultIn } from './language-defaults';
import { lookErrorWords } from './look-words';
import { sayRule } from '$lib/app/reasons.svelte';
import { ruleText, type Rule } from '$lib/protocol/rule-text';
import {
	defaultsOf,
	optionsToParams,
	readRaw,
	toRaw,
	type OptionField,
	type OptionValue,
	type Options,
	type RawValue,
	type WidgetDefinition
} from '$lib/widgets/options';

/**
 * The rule a field's English sentence states (options.ts writes them inline, so widget.html carries
 * no table of rules): the one of the field's possible rules whose English is that sentence.
 */
function ruleAsData(field: OptionField, sentence: string): { says?: Rule } {
	const rule = (kind: Rule['kind'], values: Rule['values'] = {}): Rule => ({ kind, values });
	const possible: Rule[] =
		field.kind === 'number'
			? [rule('number'), rule('whole'), rule('between', { min: field.min, max: field.max })]
			: field.kind === 'text'
				? [rule('at_most_chars', { max: field.maxLength ?? 200 })]
				: field.kind === 'boolean'
					? [rule('boolean')]
					: field.kind === 'color'
						? [rule('colour')]
						: field.kind === 'select'
							? [rule('one_of', { options: field.choices.join(', ') })]
							: field.kind === 'list'
								? [rule('too_long')]
								: [];
	const says = possible.find((r) => ruleText(r) === sentence);
	return says ? { says } : {};
}

export class WidgetBuilder {
	widgetId = $state(WIDGETS[0]!.id);
	/** Bumped by reset, so the form's inputs are drawn afresh. */
	version = $state(0);
	/** Raw values per widget, so switching widgets keeps what was typed for each. */
	#raw = $state<Record<string, Record<string, RawValue>>>({});

	readonly definition: WidgetDefinition = $derived(widgetById(this.widgetId) ?? WIDGETS[0]!);
	/** The fields with their labels, help and units, for the form. */
	readonly form: WidgetForm = $derived(widgetForm(this.definition));

	/** The widget language chosen in the form, as typed: the defaults that follow it read it. */
	readonly #lang: string = $derived(String(this.#raw[this.definition.id]?.lang ?? ''));

	/** The options read from the form, and each refused field's rule in the dashboard's language. */
	readonly result: { options: Options; issues: Record<string, string> } = $derived.by(() => {
		const options = defaultsOf(this.definition.fields);
		const issues: Record<string, string> = {};
		for (const field of this.definition.fields) {
			const raw = this.#raw[this.definition.id]?.[field.key];
			// The default as shown in the widget's language is the default: the URL leaves it out.
			if (raw === undefined || raw === this.defaultRaw(field)) continue;
			const read = readRaw(field, raw);
			if (read.ok) options[field.key] = read.value;
			else
				issues[field.key] =
					lookErrorWords(field, read.rule) ??
					sayRule({ field: field.key, rule: read.rule, ...ruleAsData(field, read.rule) });
		}
		return { options, issues };
	});

	/** Valid values the widget accepts but that something around it will not (the alert box's control name). */
	readonly warnings: Record<string, string> = $derived(
		optionWarnings(this.definition.id, this.result.options)
	);

	/** The widget's own params (connection settings are added by connectionUrl). */
	readonly params: URLSearchParams = $derived(
		optionsToParams(this.definition.fields, this.result.options)
	);

	/** The field's default as the form shows it: some follow the widget's language (language-defaults.ts). */
	defaultOf(field: OptionField): OptionValue {
		return defaultIn(this.definition.id, field, this.#lang);
	}

	defaultRaw(field: OptionField): RawValue {
		return toRaw(field, this.defaultOf(field));
	}

	raw(field: OptionField): RawValue {
		return this.#raw[this.definition.id]?.[field.key] ?? this.defaultRaw(field);
	}

	set(field: OptionField, value: RawValue): void {
		const id = this.definition.id;
		const { [field.key]: _was, ...others } = this.#raw[id] ?? {};
		// Back to the default: forgotten, so a default that follows the language keeps following it.
		this.#raw[id] = value === this.defaultRaw(field) ? others : { ...others, [field.key]: value };
	}

	reset(): void {
		delete this.#raw[this.definition.id];
		this.version++;
	}
}
