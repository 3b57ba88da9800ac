/** Side effect: demo mode available in this page (the app's pages carry the simulator; widget.html loads it on demand). */
import { provideDemo } from '$lib/client/demo';
import { startDemoTransport } from './start';

provideDemo(startDemoTransport);
