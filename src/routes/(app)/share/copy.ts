/**
 * Copies text. The Clipboard API exists only in secure contexts, and a dashboard opened over the LAN
 * (plain http) is not one: then a hidden text area and the copy command do it.
 */
export async function copyText(text: string): Promise<boolean> {
	try {
		if (globalThis.isSecureContext && navigator.clipboard) {
			await navigator.clipboard.writeText(text);
			return true;
		}
	} catch {
		// Permission refused: try the fallback.
	}
	const area = document.createElement('textarea');
	area.value = text;
	area.setAttribute('readonly', '');
	area.style.position = 'fixed';
	area.style.opacity = '0';
	document.body.append(area);
	area.select();
	let ok = false;
	try {
		ok = document.execCommand('copy');
	} catch {
		ok = false;
	}
	area.remove();
	return ok;
}
