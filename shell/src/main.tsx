import '@labeldesk/ui/styles.css';
import { configureApiBase } from '@labeldesk/api-client';
import { BrowserRouter } from '@labeldesk/router';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { installRemoteResolver, loadAppConfig } from './config';
import { AppRoutes, prefetchSignedInApp } from './routes';

const root = createRoot(document.getElementById('root') as HTMLElement);

async function boot() {
  try {
    const config = await loadAppConfig();
    configureApiBase(config.apiBase);
    installRemoteResolver(config);
  } catch (error) {
    console.error('Could not load /app-config.json', error);
    root.render(
      <p style={{ fontFamily: 'system-ui', padding: 24 }}>
        LabelDesk could not load its configuration. Please reload the page; if this keeps happening, contact support.
      </p>,
    );
    return;
  }
  root.render(
    <StrictMode>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>,
  );
  // Warm the signed-in chunk as soon as the person starts using the auth form; showing that form does not need it.
  for (const type of ['focusin', 'pointerdown'] as const) {
    window.addEventListener(type, prefetchSignedInApp, { once: true, passive: true });
  }
}

void boot();
