/** The dashboard in Chromium 103 (OBS 28–30 custom docks). */
import { dashboardSuite } from './dashboard';

dashboardSuite('103');
