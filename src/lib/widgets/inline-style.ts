/**
 * An element's inline style, as an attachment (`{@attach inlineStyle(text)}`) instead of a `style`
 * attribute: a dynamic `style` attribute brings Svelte's style-attribute runtime (its merging of
 * `style:` directives, which no widget uses) into widget.html. The same effect as the attribute:
 * the text becomes the element's whole inline style, and undefined leaves it none.
 */
import type { Attachment } from 'svelte/attachments';

export const inlineStyle =
	(text: string | undefined): Attachment<HTMLElement> =>
	(element) => {
		if (text === undefined) element.removeAttribute('style');
		else element.style.cssText = text;
	};
