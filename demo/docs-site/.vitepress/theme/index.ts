// The default theme plus kg-workbench. The import runs in Node too, when VitePress renders each page ahead of time:
// the package's Node entry touches no DOM and defines nothing there; the browser entry defines <kg-workbench> and
// its parts in the reader's page.
import DefaultTheme from 'vitepress/theme';
import 'kg-workbench';
import './style.css';

export default DefaultTheme;
