/**
 * Why a share link, or a request about one, is refused, as data: the dashboard says it in its own
 * language (lib/app/reason-words.ts), while the companion's HTTP bodies, its logs and the tests read the
 * one English sentence written here.
 */

export type ShareRefusal =
	/** The key a page presents (companion codes share_link_expired, share_link_unknown, share_key_malformed). */
	| { id: 'expired' | 'unknown' | 'malformed' }
	/** The page could not ask the companion about its link. */
	| { id: 'unanswered' }
	| { id: 'unchecked'; status: number }
	/** An answer of the companion this page does not understand, or one without words (its status only). */
	| { id: 'unreadable' }
	| { id: 'status'; status: number }
	/** A link's chosen send types (checkChosenTypes). */
	| { id: 'fixed-types'; profile: string }
	| { id: 'no-types' }
	| { id: 'not-a-type'; type: string }
	| { id: 'never-shared'; type: string };

type Of<I extends ShareRefusal['id']> = Extract<ShareRefusal, { id: I }>;

const ENGLISH: { [I in ShareRefusal['id']]: (refusal: Of<I>) => string } = {
	expired: () => 'This share link has expired; ask the streamer for a new one.',
	unknown: () => 'This share link is unknown or was revoked; ask the streamer for a new one.',
	malformed: () =>
		'This key is malformed: it is not a share link or widget key as the companion makes them; copy the whole URL again.',
	unanswered: () => 'the share link could not be checked: the companion server did not answer',
	unchecked: ({ status }) => `the share link could not be checked (HTTP ${status})`,
	unreadable: () => 'The companion server sent an answer this page does not understand.',
	status: ({ status }) => `HTTP ${status}`,
	'fixed-types': ({ profile }) =>
		`the ${profile} profile has a fixed list of types; use the custom profile to choose types`,
	'no-types': () => 'a custom link needs a non-empty list of send types',
	'not-a-type': ({ type }) => `"${type}" is not a send type`,
	'never-shared': ({ type }) =>
		`${type} can never be shared: an action list can do anything, so it would grant full control`
};

/** The English sentence of a refusal (the one English formatter). */
export const shareRefusalText = (refusal: ShareRefusal): string =>
	(ENGLISH[refusal.id] as (r: ShareRefusal) => string)(refusal);

/** The refusal a companion's error code names, if it is one of a key's. */
export function keyRefusalOf(code: string | undefined): ShareRefusal | undefined {
	if (code === 'share_link_expired') return { id: 'expired' };
	if (code === 'share_link_unknown') return { id: 'unknown' };
	if (code === 'share_key_malformed') return { id: 'malformed' };
	return undefined;
}
