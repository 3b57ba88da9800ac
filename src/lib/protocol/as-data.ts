/**
 * What a rule or an error says as data (`says`, `said`), for the dashboard to say it in its language.
 * The widget page says English sentences only (`rule`, `message`), so its build
 * (build-tools/widget-page.config.ts) defines `__WIDGET_PAGE__` true and leaves that data out; the
 * app's build (vite.config.ts) defines it false. Either way `...(AS_DATA && { said: data })` is a
 * constant the minifier folds: widget.html does not even carry the key. Where no build defines it
 * (the companion's server, run by tsx) the data stays.
 */
declare const __WIDGET_PAGE__: boolean | undefined;

export const AS_DATA = typeof __WIDGET_PAGE__ === 'undefined' || !__WIDGET_PAGE__;
