/** Widgets in Chromium 127 (OBS 31 and later browser sources). */
import { widgetSuite } from './widgets';

widgetSuite('127');
