/** widget.html's script: the widget page, mounted into the body. */
import { mount } from 'svelte';
import WidgetPage from './WidgetPage.svelte';

mount(WidgetPage, { target: document.body });
