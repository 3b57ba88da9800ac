/** A button's live text: `{{name}}` placeholders filled from variables the application stores. */
const PLACEHOLDER = /\{\{\s*([A-Za-z0-9_.:-]{1,100})\s*\}\}/g;

/** The variable names a template reads, each once. */
export function templateNames(template: string | undefined): string[] {
	if (!template) return [];
	return [...new Set([...template.matchAll(PLACEHOLDER)].map((m) => m[1]!))];
}

/**
 * The text with each placeholder replaced by its value; a value not read yet (or unreadable) shows as
 * `?`, never a guess. Values are text only: the page renders them as text.
 */
export function fillTemplate(template: string, values: Readonly<Record<string, unknown>>): string {
	return template.replace(PLACEHOLDER, (_, name: string) => {
		const value = values[name];
		if (value === undefined || value === null) return '?';
		if (typeof value === 'object') {
			try {
				return JSON.stringify(value).slice(0, 40);
			} catch {
				return '?';
			}
		}
		return String(value).slice(0, 40);
	});
}
