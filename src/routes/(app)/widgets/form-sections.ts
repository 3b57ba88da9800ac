import type { FormField } from './form-text';

/** A run of the form's fields: ungrouped fields one by one, a group's fields together (folded in the form). */
export interface FormSection {
	group?: string;
	fields: FormField[];
}

/** The fields in order, with consecutive fields of one group gathered into a section. */
export function formSections(fields: readonly FormField[]): FormSection[] {
	const sections: FormSection[] = [];
	for (const field of fields) {
		const group = field.text.group;
		const last = sections.at(-1);
		if (group !== undefined && last?.group === group) last.fields.push(field);
		else sections.push({ group, fields: [field] });
	}
	return sections;
}
