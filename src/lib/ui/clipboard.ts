/**
 * The one way the dashboard copies text. The Clipboard API exists only in secure contexts, and a
 * dashboard opened over the LAN (the companion's plain-http address) is not one: there a hidden text
 * area and the copy command do it. When both fail, the text on screen is selected (if the caller
 * names it), so the user only has to copy it.
 */
export type CopyResult = 'copied' | 'selected' | 'failed';

export async function copyText(text: string, shown?: Element | null): Promise<CopyResult> {
	try {
		if (globalThis.isSecureContext && navigator.clipboard) {
			await navigator.clipboard.writeText(text);
			return 'copied';
		}
	} catch {
		// Permission refused: try the copy command.
	}
	if (copyWithCommand(text)) return 'copied';
	if (shown && selectContents(shown)) return 'selected';
	return 'failed';
}

function copyWithCommand(text: string): boolean {
	const focused = document.activeElement;
	const area = document.createElement('textarea');
	area.value = text;
	area.setAttribute('readonly', '');
	area.setAttribute('aria-hidden', 'true');
	area.tabIndex = -1;
	// Off screen rather than hidden: a text area that is not rendered cannot be selected.
	area.style.cssText = 'position:fixed;top:0;left:-9999px;opacity:0';
	document.body.append(area);
	area.select();
	let ok = false;
	try {
		ok = document.execCommand('copy');
	} catch {
		ok = false;
	}
	area.remove();
	// The button that asked for the copy keeps the focus.
	if (focused instanceof HTMLElement) focused.focus();
	return ok;
}

function selectContents(element: Element): boolean {
	const selection = globalThis.getSelection?.();
	if (!selection) return false;
	selection.selectAllChildren(element);
	return selection.toString().length > 0;
}
