/** The dashboard in Chromium 127 (OBS 31 and later custom docks). */
import { dashboardSuite } from './dashboard';

dashboardSuite('127');
