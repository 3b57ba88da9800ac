/** The setup's voices grouped by language, each group named in words where the browser knows it. */
import type { TtsOptions } from '$lib/protocol';

export interface VoiceGroup {
	language: string;
	label: string;
	voices: TtsOptions['voices'];
}

function languageName(code: string): string {
	if (!code) return 'Other';
	try {
		const name = new Intl.DisplayNames(['en'], { type: 'language' }).of(code.replace('_', '-'));
		return name && name !== code ? `${name} (${code})` : code;
	} catch {
		return code;
	}
}

export function groupVoices(voices: TtsOptions['voices']): VoiceGroup[] {
	const groups = new Map<string, VoiceGroup>();
	for (const voice of voices) {
		const language = voice.language ?? '';
		let group = groups.get(language);
		if (!group)
			groups.set(language, (group = { language, label: languageName(language), voices: [] }));
		group.voices.push(voice);
	}
	return [...groups.values()].sort((a, b) => a.label.localeCompare(b.label));
}
