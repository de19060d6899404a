import './lib/zod-jitless.ts';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './app/styles.scss';
import { App } from './app/app.tsx';
import { afterFirstPaint } from './lib/first-paint.ts';

// What the server drew (the navbar, the page's heading, the landing page) is painted before React takes the
// page over: on a fast connection the scripts can arrive before the browser's first frame, and the screen
// would otherwise stay blank until the app had rendered.
void afterFirstPaint().then(() =>
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
