/** The setup's voices grouped by language, each group named in words (in the dashboard's language) where the browser knows it. */
import type { TtsOptions } from '$lib/protocol';

export interface VoiceGroup {
	language: string;
	label: string;
	voices: TtsOptions['voices'];
}

function languageName(code: string, shownIn: string, other: string): string {
	if (!code) return other;
	try {
		const name = new Intl.DisplayNames([shownIn], { type: 'language' }).of(code.replace('_', '-'));
		return name && name !== code ? `${name} (${code})` : code;
	} catch {
		return code;
	}
}

/** `other` names the group of voices without a language. */
export function groupVoices(
	voices: TtsOptions['voices'],
	shownIn: string,
	other: string
): VoiceGroup[] {
	const groups = new Map<string, VoiceGroup>();
	for (const voice of voices) {
		const language = voice.language ?? '';
		let group = groups.get(language);
		if (!group)
			groups.set(
				language,
				(group = { language, label: languageName(language, shownIn, other), voices: [] })
			);
		group.voices.push(voice);
	}
	return [...groups.values()].sort((a, b) => a.label.localeCompare(b.label, shownIn));
}
