/**
 * What a rule or an error says as data (`says`, `said`), for the dashboard to say it in its language.
 * The widget page says English sentences only (`rule`, `message`), so its build
 * (build-tools/widget-page.config.ts) defines `__WIDGET_PAGE__` and leaves that data out.
 */
declare const __WIDGET_PAGE__: boolean | undefined;

/**
 * False in widget.html alone; a constant in the app's build too (vite.config.ts defines the name as
 * false), so `...(AS_DATA && { said: data })` costs neither page a byte (a spread, not `said: undefined`,
 * so widget.html does not even carry the key).
 */
// Undefined where no build defines it (the companion's server, run by tsx): the data stays.
export const AS_DATA = typeof __WIDGET_PAGE__ === 'undefined' || !__WIDGET_PAGE__;
