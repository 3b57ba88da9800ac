/**
 * The CSS named colours (CSS Color Module Level 4), lower case, for tests. A widget asks its engine
 * whether a word is a colour (src/lib/widgets/colors.ts); tests/e2e/obs checks that Chromium 103 and
 * 127 know every one of these, so the stand-in engine below answers as they do for names.
 */
export const CSS_NAMED_COLORS: readonly string[] = (
	'aliceblue antiquewhite aqua aquamarine azure beige bisque black blanchedalmond blue ' +
	'blueviolet brown burlywood cadetblue chartreuse chocolate coral cornflowerblue cornsilk ' +
	'crimson cyan darkblue darkcyan darkgoldenrod darkgray darkgreen darkgrey darkkhaki ' +
	'darkmagenta darkolivegreen darkorange darkorchid darkred darksalmon darkseagreen ' +
	'darkslateblue darkslategray darkslategrey darkturquoise darkviolet deeppink deepskyblue ' +
	'dimgray dimgrey dodgerblue firebrick floralwhite forestgreen fuchsia gainsboro ' +
	'ghostwhite gold goldenrod gray green greenyellow grey honeydew hotpink indianred indigo ' +
	'ivory khaki lavender lavenderblush lawngreen lemonchiffon lightblue lightcoral ' +
	'lightcyan lightgoldenrodyellow lightgray lightgreen lightgrey lightpink lightsalmon ' +
	'lightseagreen lightskyblue lightslategray lightslategrey lightsteelblue lightyellow ' +
	'lime limegreen linen magenta maroon mediumaquamarine mediumblue mediumorchid ' +
	'mediumpurple mediumseagreen mediumslateblue mediumspringgreen mediumturquoise ' +
	'mediumvioletred midnightblue mintcream mistyrose moccasin navajowhite navy oldlace ' +
	'olive olivedrab orange orangered orchid palegoldenrod palegreen paleturquoise ' +
	'palevioletred papayawhip peachpuff peru pink plum powderblue purple rebeccapurple red ' +
	'rosybrown royalblue saddlebrown salmon sandybrown seagreen seashell sienna silver ' +
	'skyblue slateblue slategray slategrey snow springgreen steelblue tan teal thistle ' +
	'tomato turquoise violet wheat white whitesmoke yellow yellowgreen transparent'
).split(' ');

/** A stand-in for the engine's `CSS.supports('color', word)` in Node, which has no CSS. */
export function namedColorEngine(): Pick<typeof CSS, 'supports'> {
	const names = new Set(CSS_NAMED_COLORS);
	const supports = (property: string, value?: string) =>
		property === 'color' && value !== undefined && names.has(value.toLowerCase());
	return { supports: supports as typeof CSS.supports };
}
