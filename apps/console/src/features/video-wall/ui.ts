// The video-wall pages the device area's menu shows (features/device/routes.tsx loads them lazily).
export { VideoWallEditorPage } from './pages/VideoWallEditorPage';
export { VideoWallListPage } from './pages/VideoWallListPage';
