// The entry index.html loads. The app's code (Preact, the router, the API contract) takes hundreds of milliseconds to
// evaluate on a slow phone, in one task: it starts once the browser has painted index.html's placeholder, so the player
// sees the page at once instead of a blank screen. The app's chunk downloads meanwhile (index.html preloads it).
// the styles stay here, in index.html's render-blocking style sheet: the placeholder and the first screen need them
import 'antd-mobile/es/global/global.css';
import './app/styles.css';

let started = false;
const start = () => {
  if (started) return;
  started = true;
  void import('./app/start');
};
// after the next frame is painted; a page opened in the background gets no frames, so a timer starts it there
requestAnimationFrame(() => setTimeout(start, 0));
setTimeout(start, 250);
