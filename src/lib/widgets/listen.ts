/**
 * An element's listener as an attachment (`{@attach listen('error', handler)}`), removed with the
 * element, instead of an `onerror={…}` attribute: such attributes bring Svelte's event-attribute
 * runtime into widget.html, and a widget needs only a few plain listeners.
 */
import type { Attachment } from 'svelte/attachments';

export const listen =
	(type: string, handler: (event: Event) => void): Attachment =>
	(element) => {
		element.addEventListener(type, handler);
		return () => element.removeEventListener(type, handler);
	};
