/** Widgets in Chromium 103 (OBS 28–30 browser sources). */
import { widgetSuite } from './widgets';

widgetSuite('103');
