import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { accountModule } from './modules/account';
import { compositionModule } from './modules/composition';
import { contentModule } from './modules/content';
import { dashboardModule } from './modules/dashboard';
import { deviceModule } from './modules/device';
import { fontModule } from './modules/font';
import { mediaModule } from './modules/media';
import { noticeModule } from './modules/notice';
import { playerModule } from './modules/player';
import { playlistModule } from './modules/playlist';
import { programModule } from './modules/program';
import { scheduleModule } from './modules/schedule';
import { settingModule } from './modules/setting';
import { statisticsModule } from './modules/statistics';
import { stickerModule } from './modules/sticker';
import { teamModule } from './modules/team';
import { templateModule } from './modules/template';
import { textModule } from './modules/text';
import { uploadModule } from './modules/upload';

// Each module names what it stands on (the platform, or the modules it imports), so a module
// registered before them stops the boot instead of failing on its first call.
const modules = {
  setting: settingModule,
  account: accountModule,
  team: teamModule,
  media: mediaModule,
  content: contentModule,
  upload: uploadModule,
  font: fontModule,
  text: textModule,
  sticker: stickerModule,
  template: templateModule,
  playlist: playlistModule,
  composition: compositionModule,
  device: deviceModule,
  schedule: scheduleModule,
  program: programModule,
  statistics: statisticsModule,
  notice: noticeModule,
  player: playerModule,
  dashboard: dashboardModule,
};

describe('module entry plugins', () => {
  it.each(Object.entries(modules))('%s refuses to boot without what it depends on', async (name, module) => {
    const app = Fastify();
    await expect(app.register(module)).rejects.toMatchObject({
      code: 'FST_ERR_PLUGIN_DEPENDENCY_NOT_REGISTERED',
      message: expect.stringContaining(`of plugin '${name}'`),
    });
    await app.close();
  });
});
