import 'antd/dist/reset.css';
import './styles.css';
import { TASK_EVERY_LONG_TICKS } from '@vitrine/contract';
import { createRoot } from 'react-dom/client';
import { AppProviders } from './app/providers';
import { AppRouter } from './app/router';
import { initI18n } from './lib/i18n';
import { startRootFontSizing } from './lib/layout-mode';
import { taskQueue } from './lib/task-queue';
import { createVersionCheck } from './lib/version-check';

async function start() {
  startRootFontSizing();
  await initI18n();

  // A new deployment reloads the page (spec 000 §4): the stamp read now is the loaded one.
  const checkVersion = createVersionCheck();
  void checkVersion();
  taskQueue.every(TASK_EVERY_LONG_TICKS, checkVersion);
  taskQueue.start();

  createRoot(document.getElementById('root')!).render(
    <AppProviders>
      <AppRouter />
    </AppProviders>,
  );
}

void start();
