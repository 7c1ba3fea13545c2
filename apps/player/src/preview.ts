import './preview.css';
import { pickLanguage } from '@vitrine/contract';
import { BROWSER_TIME_ZONE } from './effects';
import { isProgramMessage, type PreviewMessage } from './preview-messages';
import { ProgramHost } from './render/host';

// The console's preview (/player/preview.html in a frame): the program its parent posts, rendered
// exactly as a screen renders it. Only messages from this origin count.

const root = document.getElementById('preview')!;
const host = new ProgramHost(root, {
  now: () => Date.now(),
  timeZone: () => BROWSER_TIME_ZONE,
  language: pickLanguage(new URLSearchParams(location.search).get('lang') || navigator.language),
  onContentError: (report) => console.warn('content error', report),
});

addEventListener('message', (event: MessageEvent) => {
  if (event.origin !== location.origin || !isProgramMessage(event.data)) return;
  host.show(event.data.program);
});

const ready: PreviewMessage = { type: 'vitrine:ready' };
if (window.parent !== window) window.parent.postMessage(ready, location.origin);
