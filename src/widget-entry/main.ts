/** widget.html's script: the widget page, mounted into the body. */
import { mount } from 'svelte';
import WidgetPage from './WidgetPage.svelte';

// User Timing marks, so a trace or the bench (bench/paint-split.ts) can split the first paint into
// parse and run, mount, socket and first reply.
performance.mark('widget:script');
mount(WidgetPage, { target: document.body });
performance.mark('widget:mounted');
