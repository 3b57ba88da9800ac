/**
 * Pages that leave out what a share link cannot use (deck, Stream, Lights, Songs) say so once with
 * this context; a SendButton inside such a page then renders nothing for a type outside the link
 * instead of a greyed button with a caption. Other pages keep the greyed button and its reason.
 */
import { createContext } from 'svelte';

const [, setHiding, hasHiding] = createContext<true>();

/** Call in a page's script: controls outside the link are left out on this page. */
export const hideOutsideLink = (): void => void setHiding(true);

/** Call during a component's initialisation. */
export const hidesOutsideLink = (): boolean => hasHiding();
